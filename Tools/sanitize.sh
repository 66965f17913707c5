#!/usr/bin/env bash
# Runs the whole root test suite under ThreadSanitizer and/or AddressSanitizer, each in a build
# folder of its own so that the normal build stays as it is.
# Usage: bash Tools/sanitize.sh [thread|address|all]   (default: all)
set -uo pipefail
cd "$(dirname "$0")/.."
which=${1:-all}
status=0
source Tools/lib/watched-run.sh
source Tools/lib/sanitized-suite.sh
run() {
  echo "==> swift test --sanitize=$1"
  use_sanitizer "$1"
  swift build --build-tests "${sanitizer_build[@]}" || { status=1; return; }
  local rc log="/tmp/uno-$1.log" skip=()
  # Under ThreadSanitizer, not the suites with nothing concurrent in the test's process: the
  # host driven as a child process (docs/reliability.md, "What CI runs under ThreadSanitizer").
  # The macros' expansion tests are not in the root's suite (Tools/macro-tests.sh).
  # The explorations run on their own, after the rest, as Tools/test.sh runs them.
  local explorations="ExplorationTests|ExploreCommandTests"
  skip=(--skip "$explorations")
  [ "$1" = thread ] && skip=(--skip "HostEndToEndTests|$explorations")
  run_watched "$log" swift test --skip-build "${sanitizer_build[@]}" "${sanitizer_test[@]}" "${skip[@]}"
  if sanitizer_reported "$log"; then rc=1; fi
  [ "$rc" -eq 0 ] || status=1
  run_watched "$log" swift test --skip-build "${sanitizer_build[@]}" "${sanitizer_test[@]}" --filter "$explorations"
  if sanitizer_reported "$log"; then rc=1; fi
  [ "$rc" -eq 0 ] || status=1
}
case "$which" in
  thread) run thread ;;
  address) run address ;;
  all) run thread; run address ;;
  *) echo "usage: $0 [thread|address|all]"; exit 2 ;;
esac
exit $status
