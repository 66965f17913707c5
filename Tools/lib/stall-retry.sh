# Sourced by Tools/test.sh and Tools/sanitize.sh: the one way a test process is run with a bound.
#
#   run_with_stall_retry <limit> <log> <command...>
#
# Runs the command with its output shown and kept in <log>, killed after <limit> (a `timeout`
# duration such as 15m). A test process that stalls, with every task suspended and no thread left
# running, was seen twice in about twenty local runs of one subset of the suite
# (docs/reliability.md): it is killed and the run repeated once. A failing run (any other exit
# status) is never repeated. Sets `rc` to the command's exit status (124 or 137: it stalled twice).
run_with_stall_retry() {
  local limit=$1 log=$2 attempt
  shift 2
  for attempt in 1 2; do
    timeout --kill-after=30s "$limit" "$@" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    if [ "$rc" -ne 124 ] && [ "$rc" -ne 137 ]; then return; fi
    echo "==> attempt $attempt: the test process stalled for $limit and was killed"
  done
}
