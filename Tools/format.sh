#!/usr/bin/env bash
# Formats every Swift file of the project in place with the toolchain's `swift format` and the
# checked-in .swift-format configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z --cached --others --exclude-standard -- '*.swift' \
  | xargs -0 swift format format --in-place --configuration .swift-format
