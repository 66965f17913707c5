#!/usr/bin/env bash
# Fails if any Swift file is not formatted as Tools/format.sh would format it.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z --cached --others --exclude-standard -- '*.swift' \
  | xargs -0 swift format lint --strict --configuration .swift-format
