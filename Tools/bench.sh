#!/usr/bin/env bash
# Runs the benchmarks in release mode. Quick mode (the default, under a minute once built) prints
# the key figures as plain lines, each workload measured against its baselines in the same run.
# Usage: bash Tools/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --package-path Benchmarks --product UnoQuickBench
"$(swift build -c release --package-path Benchmarks --show-bin-path)/UnoQuickBench"
