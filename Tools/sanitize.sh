#!/usr/bin/env bash
# Runs the whole root test suite under ThreadSanitizer and/or AddressSanitizer, each in a build
# folder of its own so that the normal build stays as it is.
# Usage: bash Tools/sanitize.sh [thread|address|all]   (default: all)
set -uo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
status=0
source Tools/lib/watched-run.sh
run() {
  local sanitizer=$1
  echo "==> swift test --sanitize=$sanitizer"
  # halt_on_error: the first report fails the run, so a report cannot scroll by unnoticed.
  # --no-parallel: under ThreadSanitizer main-actor work runs about ten times slower, and with every
  # suite started at once the main actor's queue grew past the harness's 30 s wait for an effect's
  # write (two step-assertion tests timed out in CI). Each test still runs its own concurrency;
  # what is given up is only concurrency between unrelated tests. It costs about a minute.
  swift build --build-tests --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" || { status=1; return; }
  local rc
  TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1" ASAN_OPTIONS="detect_leaks=0:halt_on_error=1" \
    UNO_SKIP_OUTSIDE_PACKAGE=1 run_watched "/tmp/uno-$sanitizer.log" \
    swift test --skip-build --no-parallel --sanitize="$sanitizer" --scratch-path ".build-$sanitizer"
  if grep -qE "WARNING: ThreadSanitizer|ERROR: AddressSanitizer" "/tmp/uno-$sanitizer.log"; then rc=1; fi
  [ "$rc" -eq 0 ] || status=1
}
case "$which" in
  thread) run thread ;;
  address) run address ;;
  all) run thread; run address ;;
  *) echo "usage: $0 [thread|address|all]"; exit 2 ;;
esac
exit $status
