#!/usr/bin/env bash
# Runs the macros' expansion tests against each swift-syntax release given (default: 600.0.1, the
# oldest the manifests accept; the test command runs them against the release the root resolves,
# 603.0.1 on 2026-11-29), so that both ends of the range the manifests accept, 600.0.0..<605.0.0,
# and both sides of the macros' `#if canImport(SwiftSyntax601)`, are proven: a team whose other
# macro packages pin an older swift-syntax can add the library.
# `bash Tools/syntax-check.sh 602.0.0` checks a release between them. Each release is built in a
# package and a build folder of its own (Tools/macro-tests.sh).
# Usage: bash Tools/syntax-check.sh [version...]
set -uo pipefail
cd "$(dirname "$0")/.."
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(600.0.1)
status=0
for version in "${versions[@]}"; do
  if ! bash Tools/macro-tests.sh "$version"; then
    echo "FAIL: the macros do not pass their tests against swift-syntax $version"
    status=1
  fi
done
exit $status
