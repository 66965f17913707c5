#!/usr/bin/env bash
# Runs the whole test suite N times in a row (default 50) and stops at the first failure or hang.
# Builds once, then runs with --skip-build. Each run has a time limit (default 600 s), so a hang is
# reported as a failure with the tests that started and never finished.
# Usage: bash Tools/flake-check.sh [N] [seconds per run]
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
limit=${2:-600}
swift build --build-tests || exit 1
for i in $(seq 1 "$runs"); do
  log="/tmp/uno-flake-$i.log"
  # Line-buffered, so that a hung run's log shows every test that started.
  timeout --signal=KILL "$limit" stdbuf -oL -eL swift test --skip-build >"$log" 2>&1
  rc=$?
  if [ $rc -eq 137 ]; then
    # SwiftPM starts the test binary in a process group of its own, which the kill above does not
    # reach; without this, a hung run leaves it running (and holding the CPU) after the script ends.
    pkill -KILL -f "$PWD/.build/" || true
  fi
  if [ $rc -ne 0 ]; then
    echo "run $i of $runs FAILED (exit $rc; 137 means it hung past ${limit}s); log: $log"
    grep -E '✘' "$log" | head -20
    started=$(grep -oE 'Test [a-zA-Z]+\([^)]*\) started' "$log" | sed 's/ started//' | sort -u)
    finished=$(grep -oE 'Test [a-zA-Z]+\([^)]*\)( with [0-9]+ test cases?)? (passed|failed)' "$log" | sed -E 's/( with [0-9]+ test cases?)? (passed|failed)//' | sort -u)
    echo "started and never finished:"
    comm -23 <(echo "$started") <(echo "$finished")
    echo "0 passed, 1 failed"
    exit 1
  fi
  echo "run $i of $runs passed: $(grep -Eo 'Test run with [0-9]+ tests' "$log" | tail -1)"
  rm -f "$log"
done
echo "$runs passed, 0 failed"
