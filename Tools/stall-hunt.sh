#!/usr/bin/env bash
# Runs the test suite (or a subset) again and again until it stalls, and when it does, records
# what every thread and every suspended waiter was doing before killing it. Not part of the test
# command: it is the tool that finds a lost wake-up.
#
#   bash Tools/stall-hunt.sh [-n runs] [-q quiet-seconds] [-o dir] [-- swift test arguments...]
#
#   -n   how many runs (default 30); it stops at the first stall
#   -q   a run that uses no CPU, in any of its processes, for this long has stalled (default 60)
#   -o   where the logs and dumps go (default .build/stall-hunt)
#
# The tests must be built already (`swift build --build-tests`); each run is
# `swift test --skip-build` with the given arguments, in a process group of its own so that a
# stalled run is ended whole (the test process, and any uno-host or swift build it started).
# On a stall it writes, in the output folder:
#   run-N.log      the run's output
#   threads-N.txt  `gdb`'s backtrace of every thread of the test process
#   waiters-N.txt  every suspended waiter of Uno's (what it waits for, since when), as the test
#                  process itself last wrote them (UNO_WAITER_DUMP names that file for each run)
# and a summary line per run in summary.txt. Exits 0 if no run stalled, 1 at the first stall.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=30
quiet=60
out=.build/stall-hunt
while getopts "n:q:o:" option; do
  case $option in
    n) runs=$OPTARG ;;
    q) quiet=$OPTARG ;;
    o) out=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
mkdir -p "$out"
command -v gdb >/dev/null || echo "stall-hunt: gdb is not installed; a stall will be reported without thread dumps" >&2

# CPU time (clock ticks) used so far by every process of a group, and by the children they reaped.
group_cpu() {
  local total=0 stat fields
  for stat in /proc/[0-9]*/stat; do
    read -r -a fields <"$stat" 2>/dev/null || continue
    # The command name (field 2) may hold spaces: count fields from the end of "(...)".
    local rest=${fields[*]}
    rest=${rest##*) }
    read -r -a fields <<<"$rest"
    # fields[0] is the state (field 3), so field k is fields[k-3].
    [ "${fields[2]}" = "$1" ] || continue
    total=$((total + fields[11] + fields[12] + fields[13] + fields[14]))
  done
  echo "$total"
}

stalled=0
for ((run = 1; run <= runs; run++)); do
  log="$out/run-$run.log"
  start=$(date +%s)
  waiters="$(realpath "$out")/waiters-$run.live"
  UNO_WAITER_DUMP="$waiters" setsid swift test --skip-build "$@" >"$log" 2>&1 &
  leader=$!
  last_cpu=-1
  last_change=$start
  while kill -0 "$leader" 2>/dev/null; do
    sleep 5
    cpu=$(group_cpu "$leader")
    now=$(date +%s)
    if [ "$cpu" != "$last_cpu" ]; then
      last_cpu=$cpu
      last_change=$now
    elif ((now - last_change >= quiet)); then
      stalled=1
      break
    fi
  done
  if [ "$stalled" -eq 1 ]; then
    tests=$(pgrep -g "$leader" -f 'PackageTests.xctest' | head -1)
    echo "run $run: STALLED after $((now - start)) s (no CPU used for $quiet s); test process ${tests:-not found}" |
      tee -a "$out/summary.txt"
    if [ -n "$tests" ]; then
      cp "$waiters" "$out/waiters-$run.txt" 2>/dev/null
      if command -v gdb >/dev/null; then
        gdb -p "$tests" -batch -ex 'info threads' -ex 'thread apply all bt' >"$out/threads-$run.txt" 2>&1
      fi
    fi
    kill -KILL -- "-$leader" 2>/dev/null
    wait "$leader" 2>/dev/null
    echo "stall-hunt: see $out/run-$run.log, $out/threads-$run.txt and $out/waiters-$run.txt" >&2
    exit 1
  fi
  wait "$leader"
  rc=$?
  rm -f "$waiters"
  summary=$(grep -Eo 'Test run with [0-9]+ tests? in [0-9]+ suites? (passed|failed) after [0-9.]+ seconds' "$log" | tail -1)
  echo "run $run: exit $rc in $(($(date +%s) - start)) s; ${summary:-no summary}" | tee -a "$out/summary.txt"
done
echo "stall-hunt: $runs runs, none stalled"
