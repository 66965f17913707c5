# Sourced by Tools/test.sh, Tools/sanitize.sh and Tools/flake-check.sh: the one way a test process
# is run with a watchdog.
#
#   run_watched <log> <command...>
#
# Runs the command in a session of its own, its output kept in <log> (and shown, unless
# WATCH_QUIET=1). SwiftPM starts the test process, and Foundation every child process, in a
# process group of its own, so the session is what holds all of them.
#
# A run that makes no progress (no process of the session uses any CPU) for WATCH_STALL_SECONDS
# (default 120) has stalled: the watchdog writes, beside <log>,
#   <log>.threads  every thread of the test process, from gdb
#   <log>.waiters  every suspended Uno waiter, as the test process last listed them
#                  (UNO_WAITER_DUMP; see SuspendedWaiters in UnoCore)
# prints both and the tests that started and never finished, ends every process of the session,
# and sets `rc` to 125. A run still going after WATCH_LIMIT_SECONDS (default 1200) is reported the
# same way and ends with `rc` 124: a test that spins (uses CPU without progress) is not a stall,
# and without a limit it would hold CI until CI's own limit, with nothing said of which test it
# was. Otherwise `rc` is the command's exit status. A stalled run is never repeated: a stall is a
# bug to find.
run_watched() {
  local log=$1
  shift
  local quiet_limit=${WATCH_STALL_SECONDS:-120} run_limit=${WATCH_LIMIT_SECONDS:-1200}
  local waiters="$log.waiters-live"
  rm -f "$waiters" "$log.threads" "$log.waiters"
  # The output goes to the log, which is complete once the command has exited; a `tail` that ends
  # with the command shows it as it comes.
  UNO_WAITER_DUMP="$waiters" setsid stdbuf -oL -eL "$@" >"$log" 2>&1 &
  local leader=$! shower="" last_cpu=-1 last_change now cpu
  if [ "${WATCH_QUIET:-0}" != 1 ]; then
    tail -n +1 -f --pid="$leader" "$log" &
    shower=$!
  fi
  last_change=$(date +%s)
  local started=$last_change
  while kill -0 "$leader" 2>/dev/null; do
    sleep 5
    cpu=$(_session_cpu "$leader")
    now=$(date +%s)
    local ended=""
    if ((now - started >= run_limit)); then
      _report_stall "$leader" "$log" "$waiters" "OVERRAN: the run was still going after $run_limit s"
      ended=124
    elif [ "$cpu" != "$last_cpu" ]; then
      last_cpu=$cpu
      last_change=$now
    elif ((now - last_change >= quiet_limit)); then
      _report_stall "$leader" "$log" "$waiters" "STALLED: no process of the run used any CPU for $quiet_limit s"
      ended=125
    fi
    if [ -n "$ended" ]; then
      kill -KILL $(_session_pids "$leader") 2>/dev/null
      wait "$leader" 2>/dev/null
      [ -n "$shower" ] && wait "$shower"
      rm -f "$waiters"
      rc=$ended
      return
    fi
  done
  wait "$leader"
  rc=$?
  [ -n "$shower" ] && wait "$shower"
  rm -f "$waiters"
}

# The pids of every process in session <sid>.
_session_pids() {
  local stat fields rest
  for stat in /proc/[0-9]*/stat; do
    { read -r rest <"$stat"; } 2>/dev/null || continue
    # The command name (field 2) may hold spaces: split what follows its closing parenthesis,
    # where fields[0] is field 3 (the state), so field k is fields[k-3].
    read -r -a fields <<<"${rest##*) }"
    [ "${fields[3]}" = "$1" ] && echo "${rest%% *}"
  done
}

# CPU time (clock ticks) used so far by every process of session <sid>, and by the children they
# have reaped.
_session_cpu() {
  local stat fields rest total=0
  for stat in /proc/[0-9]*/stat; do
    { read -r rest <"$stat"; } 2>/dev/null || continue
    read -r -a fields <<<"${rest##*) }"
    [ "${fields[3]}" = "$1" ] || continue
    total=$((total + fields[11] + fields[12] + fields[13] + fields[14]))
  done
  echo "$total"
}

_report_stall() {
  local leader=$1 log=$2 waiters=$3 what=$4 pid tests=""
  for pid in $(_session_pids "$leader"); do
    case "$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" in
      *PackageTests.xctest*) tests=$pid ;;
    esac
  done
  echo "==> $what (test process: ${tests:-none})"
  local started finished
  started=$(grep -oE 'Test [a-zA-Z0-9_]+\([^)]*\) started' "$log" | sed 's/ started//' | sort -u)
  finished=$(grep -oE 'Test [a-zA-Z0-9_]+\([^)]*\)( with [0-9]+ test cases?)? (passed|failed)' "$log" |
    sed -E 's/( with [0-9]+ test cases?)? (passed|failed)//' | sort -u)
  echo "==> started and never finished:"
  comm -23 <(echo "$started") <(echo "$finished")
  cp "$waiters" "$log.waiters" 2>/dev/null && {
    echo "==> Uno's suspended waiters ($log.waiters):"
    cat "$log.waiters"
  }
  if [ -n "$tests" ] && command -v gdb >/dev/null; then
    gdb -p "$tests" -batch -ex 'info threads' -ex 'thread apply all bt' >"$log.threads" 2>&1
    echo "==> every thread of the test process ($log.threads):"
    grep -E '^(\*| ) *[0-9]+ +Thread|^Thread|^#[0-9]+ ' "$log.threads" | head -200
  fi
}
