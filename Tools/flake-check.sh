#!/usr/bin/env bash
# Runs the whole test suite N times in a row (default 50) and stops at the first failure.
# Builds once, then runs with --skip-build. Usage: bash Tools/flake-check.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
swift build --build-tests
for i in $(seq 1 "$runs"); do
  if ! swift test --skip-build >"/tmp/uno-flake-$i.log" 2>&1; then
    echo "run $i of $runs FAILED; log: /tmp/uno-flake-$i.log"
    grep -E '✘|error' "/tmp/uno-flake-$i.log" | head -20
    exit 1
  fi
  echo "run $i of $runs passed: $(grep -Eo 'Test run with [0-9]+ tests' "/tmp/uno-flake-$i.log" | tail -1)"
  rm -f "/tmp/uno-flake-$i.log"
done
echo "$runs passed, 0 failed"
