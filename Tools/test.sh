#!/usr/bin/env bash
# Runs every test of every package: the umbrella package's `swift test`, whose manifest lists the
# targets of every local package (Tools/root-manifest.py), the macros' expansion tests, which run
# in a package of their own (Tools/macro-tests.sh), then the Python suites that drive the
# MCP server and the inspector from outside. Prints one closing line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/host.sh

passed=0
failed=0
status=0
log=$(mktemp)
trap 'rm -f "$log" "$log".*' EXIT

source Tools/lib/watched-run.sh

# run_counted COMMAND...: runs a test command under the watchdog (a run that stalls fails at once,
# with its dumps) and adds its tests to the totals.
run_counted() {
  echo "==> $*"
  local rc
  run_watched "$log" "$@"
  # Swift Testing's summary: "Test run with N tests in M suites passed|failed ... with K issues".
  local n x
  n=$(grep -Eo 'Test run with [0-9]+ tests?' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  # XCTest's summary: "Executed N tests, with M failures" (the last one is the total).
  x=$(grep -Eo 'Executed [0-9]+ tests?' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  n=$((n + x))
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + n))
  else
    local f
    f=$(grep -Ec '^✘ Test [^ ]+ failed' "$log" || true)
    [ "$f" -eq 0 ] && f=1
    failed=$((failed + f))
    passed=$((passed + n - f))
    status=1
  fi
}

# The root's tests, built already (see below).
run() { run_counted swift test --skip-build "${host_flags[@]}" "$@"; }

# Every target may import only the targets it declares (the packages' own manifests, listed in
# the root's): a shared build folder would otherwise let an undeclared import build. With the
# `Host` trait (Package.swift), as every build of the root here: the host and its tests too.
swift build --build-tests "${host_flags[@]}" --explicit-target-dependency-import-check error || exit 1
if [ $# -eq 0 ]; then
  # Two parts run on their own, after the rest. The outside package's build (HostKitTests) keeps
  # both cores busy (seconds now that it builds in this folder, minutes when it had a folder of its
  # own), and the tests beside it starved: an effect's write came after its 'receive' had waited
  # 30 s (ComingFromTCATests, in one full run in three, failing when that build ended). The
  # explorations keep the main actor busy (docs/testing-guide.md, "Exploring a feature").
  explorations="ExplorationTests|ExploreCommandTests|ExploreCommandLineTests"
  run --skip "$explorations|HostKitTests"
  run --filter "$explorations"
  run --filter "HostKitTests"
  # The macros' expansion tests, in a package of their own (Tools/macro-tests.sh says why), against
  # the swift-syntax the root resolves.
  run_counted bash Tools/macro-tests.sh
else
  run "$@"
fi

# Python test suites run from outside (unittest's summary: "Ran N tests" and, on failure,
# "FAILED (failures=F, errors=E)"): the MCP server driven by the official Python SDK, and the
# inspector driven in chromium by Playwright.
run_python() {
  echo "==> bash $1"
  bash "$1" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]} n f
  n=$(grep -Eo '^Ran [0-9]+ tests?' "$log" | grep -Eo '[0-9]+' || echo 0)
  if [ "$rc" -eq 0 ] && [ "$n" -gt 0 ]; then
    passed=$((passed + n))
  else
    f=$(grep -Eo '(failures|errors)=[0-9]+' "$log" | grep -Eo '[0-9]+' | awk '{ s += $1 } END { print s + 0 }')
    [ -z "$f" ] || [ "$f" -eq 0 ] && f=1
    failed=$((failed + f))
    passed=$((passed + n - f))
    status=1
  fi
}
run_python Tools/mcp-test.sh
run_python Tools/inspector-test.sh

echo "$passed passed, $failed failed"
exit $status
