#!/usr/bin/env bash
# Builds the bundled features (Packages/Counter, Search, Standups, Todos: their sources, the code a
# team writes) in a new app project's settings (docs/new-projects.md), as a team's own code is compiled
# there: UNO_TEAM_SETTINGS (Package.swift) gives their targets default actor isolation `MainActor`,
# in Swift 5 mode (main-actor-5) and in Swift 6 mode with Approachable Concurrency's two upcoming
# features (main-actor-6). Prints, for each setting and feature, the errors the compiler reports,
# and fails if there are any. CI runs it last (docs/new-projects.md says what a team writes there).
#
# Usage: bash Tools/isolation-check.sh [main-actor-5|main-actor-6 ...]
#   The root package's build folder is shared: the features, and what depends on them, are
#   compiled again with the settings, and again without them by the next ordinary build.
set -uo pipefail
cd "$(dirname "$0")/.."
settings=("$@")
[ ${#settings[@]} -eq 0 ] && settings=(main-actor-5 main-actor-6)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for setting in "${settings[@]}"; do
  for feature in CounterFeature SearchFeature TodosFeature StandupsFeature; do
    UNO_TEAM_SETTINGS=$setting swift build --target "$feature" >"$log" 2>&1
    errors=$(grep -E '^/.*: error: ' "$log" | sort -u)
    count=$(printf '%s' "$errors" | grep -c . || true)
    echo "==> $setting $feature: $count error(s)"
    if [ "$count" -gt 0 ]; then
      status=1
      printf '%s\n' "$errors" | sed "s|^$PWD/||" | head -40
    fi
  done
done
exit $status
