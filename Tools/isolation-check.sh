#!/usr/bin/env bash
# Builds the bundled features (Packages/Counter, Search, Standups, Todos: their sources, their
# plugins, live clients and tests, the code a team writes) in a new app project's settings
# (docs/new-projects.md), as a team's own code is compiled there, and runs their tests:
# UNO_TEAM_SETTINGS (Package.swift) gives their targets default actor isolation `MainActor`, in
# Swift 5 mode (main-actor-5) and in Swift 6 mode with Approachable Concurrency's two upcoming
# features (main-actor-6). Prints, for each setting, the errors and the warnings the compiler
# reports in those packages (our code: none allowed) and the tests' result, and fails on any. CI
# runs it last (docs/new-projects.md says what a team writes there).
#
# Usage: bash Tools/isolation-check.sh [main-actor-5|main-actor-6 ...]
#   The root package's build folder is shared, with the test command's flags (the `Host` trait):
#   the features, and what depends on them, are compiled again with the settings, and again
#   without them by the next ordinary build.
set -uo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/host.sh
settings=("$@")
[ ${#settings[@]} -eq 0 ] && settings=(main-actor-5 main-actor-6)
tests="CounterFeatureTests|SearchFeatureTests|SearchClientLiveTests|TodosFeatureTests|TodosStoreLiveTests|StandupsFeatureTests"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for setting in "${settings[@]}"; do
  UNO_TEAM_SETTINGS=$setting swift build --build-tests "${host_flags[@]}" >"$log" 2>&1
  built=$?
  # Errors anywhere (the build stops at them); warnings in the features' packages.
  problems=$(
    grep -E '^(/.*: error: |macro expansion .*: error: )|^/.*/Packages/(Counter|Search|Standups|Todos)/.*: warning: ' "$log" \
      | sort -u
  )
  count=$(printf '%s' "$problems" | grep -c . || true)
  echo "==> $setting: built with $count error(s) and warning(s) in the features"
  if [ "$built" -ne 0 ] || [ "$count" -gt 0 ]; then
    status=1
    printf '%s\n' "$problems" | sed "s|^$PWD/||" | head -40
    [ "$built" -ne 0 ] && [ "$count" -eq 0 ] && tail -20 "$log"
    continue
  fi
  UNO_TEAM_SETTINGS=$setting swift test --skip-build "${host_flags[@]}" --filter "$tests" >"$log" 2>&1
  ran=$?
  echo "==> $setting: $(grep -E '^. Test run with' "$log" | tail -1 | sed 's/^. //')"
  if [ "$ran" -ne 0 ]; then
    status=1
    grep -E '✘' "$log" | head -40
  fi
done
exit $status
