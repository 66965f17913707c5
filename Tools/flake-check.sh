#!/usr/bin/env bash
# Runs the test suite (or a subset) again and again and stops at the first failure or stall, with
# the failing tests, or with what every thread and every suspended Uno waiter was doing. Not part
# of the test command: it is the tool that finds a flaky test or a lost wake-up, and the evidence
# that there is none left.
#
#   bash Tools/flake-check.sh [-n runs] [-s sanitizer] [-q quiet-seconds] [-o dir] [-b] [-r] [-- swift test arguments...]
#   bash Tools/flake-check.sh --clocks
#
#   -n   how many runs (default 50)
#   -b   keeps every core busy (one spinning process per core) while the runs go on, as a CI
#        machine running builds beside the tests is
#   -r   the runs in one process, one after another (swift-testing's --repetitions): seconds
#        instead of a process start per run; Linux only (the test bundle is run directly)
#   --clocks  the clock tests (TestClockTests, HarnessClockTests), 50 times in one process with
#        every core busy: what CI runs, the evidence that time in tests is deterministic under load
#   -s   thread or address: every run under that sanitizer, as Tools/sanitize.sh runs the suite
#        (Tools/lib/sanitized-suite.sh)
#   -q   a run none of whose processes uses CPU for this long has stalled (default 60)
#   -o   where the logs go (default .build/flake-check)
#
# It builds the tests first; each run is `swift test --skip-build` with the given arguments,
# watched by Tools/lib/watched-run.sh. Each run's output is in run-N.log; on a stall,
# run-N.log.threads and run-N.log.waiters hold the dumps. summary.txt gets a line per run.
# Exits 0 if every run passed, 1 at the first that did not.
set -uo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/host.sh
runs=50
quiet=60
busy=0
repeat_in_process=0
if [ "${1:-}" = "--clocks" ]; then
  shift
  set -- -n 50 -b -r -- --filter "TestClockTests|HarnessClockTests" "$@"
fi
sanitizer=""
out=.build/flake-check
while getopts "n:s:q:o:br" option; do
  case $option in
    b) busy=1 ;;
    r) repeat_in_process=1 ;;
    n) runs=$OPTARG ;;
    s) sanitizer=$OPTARG ;;
    q) quiet=$OPTARG ;;
    o) out=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
mkdir -p "$out"
out=$(realpath "$out")
command -v gdb >/dev/null || echo "flake-check: gdb is not installed; a stall is reported without thread dumps" >&2
source Tools/lib/watched-run.sh
source Tools/lib/sanitized-suite.sh
sanitizer_build=("${host_flags[@]}")
sanitizer_test=()
[ -n "$sanitizer" ] && use_sanitizer "$sanitizer"
swift build --build-tests "${sanitizer_build[@]}" || exit 1

if [ "$busy" -eq 1 ]; then
  spinners=()
  for ((core = 0; core < $(nproc 2>/dev/null || sysctl -n hw.ncpu); core++)); do
    (while :; do :; done) &
    spinners+=($!)
  done
  trap 'kill "${spinners[@]}" 2>/dev/null' EXIT
  echo "flake-check: ${#spinners[@]} core(s) kept busy"
fi

if [ "$repeat_in_process" -eq 1 ]; then
  bundle="$(swift build --show-bin-path "${sanitizer_build[@]}")/UnoArchitecturePackageTests.xctest"
  [ -x "$bundle" ] || { echo "flake-check: -r runs the test bundle directly (Linux); $bundle is not there" >&2; exit 2; }
  log="$out/repeated.log"
  start=$(date +%s)
  WATCH_QUIET=1 WATCH_STALL_SECONDS=$quiet run_watched "$log" "$bundle" --testing-library swift-testing --repetitions "$runs" "$@"
  if sanitizer_reported "$log"; then rc=1; fi
  iterations=$(grep -Ec 'Iteration [0-9]+ ended' "$log" || true)
  failures=$(grep -Ec '^✘ Test [^ ]+ failed' "$log" || true)
  summary=$(grep -Eo 'Test run with [0-9]+ tests? in [0-9]+ suites? (passed|failed) after [0-9.]+ seconds' "$log" | tail -1)
  echo "$(date -u +%FT%TZ) $iterations of $runs runs in one process: exit $rc, $failures failed test(s), in $(($(date +%s) - start)) s; ${summary:-no summary}" | tee -a "$out/summary.txt"
  if [ "$rc" -ne 0 ] || [ "$iterations" -lt "$runs" ]; then
    grep -E '✘' "$log" | head -20
    exit 1
  fi
  echo "flake-check: $runs runs, none failed or stalled"
  exit 0
fi

for ((run = 1; run <= runs; run++)); do
  log="$out/run-$run.log"
  start=$(date +%s)
  WATCH_QUIET=1 WATCH_STALL_SECONDS=$quiet run_watched "$log" swift test --skip-build "${sanitizer_build[@]}" "${sanitizer_test[@]}" "$@"
  if sanitizer_reported "$log"; then rc=1; fi
  summary=$(grep -Eo 'Test run with [0-9]+ tests? in [0-9]+ suites? (passed|failed) after [0-9.]+ seconds' "$log" | tail -1)
  [ "$rc" -eq 125 ] && summary="STALLED; see $log.threads and $log.waiters"
  [ "$rc" -eq 124 ] && summary="OVERRAN; see $log.threads and $log.waiters"
  echo "$(date -u +%FT%TZ) run $run: exit $rc in $(($(date +%s) - start)) s; ${summary:-no summary}" | tee -a "$out/summary.txt"
  if [ "$rc" -ne 0 ]; then
    grep -E '✘' "$log" | head -20
    exit 1
  fi
done
echo "flake-check: $runs runs, none failed or stalled"
