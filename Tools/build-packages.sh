#!/usr/bin/env bash
# Checks that each local package builds on its own, as a user depending on just that package
# would build it: its manifest resolves and its own target graph builds.
#
# The packages share one build folder, the root package's (.build), so that the external packages
# they have in common are checked out and compiled once, not once a package (about 12 minutes less
# on a fresh clone of the 2-core CI machine), and once more for the root: the root's build, which
# CI makes next (Tools/test.sh), finds them compiled with the same command lines and does not
# compile them again (swift-syntax, swift-nio, Hummingbird, the MCP SDK: a few minutes). This
# repository's own modules are compiled again by the root's build, under the root's package name.
# What a shared folder cannot check: a module built for an
# earlier package is visible to a later one, so a package that imports a module it does not
# declare could still build here. For the targets of this repository, the root build checks that
# (`--explicit-target-dependency-import-check error` in Tools/test.sh, over the root manifest,
# which lists every package's targets as their own manifests declare them).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="$PWD/.build"
for dir in Packages/*/ Apps/*/; do
  [ -f "$dir/Package.swift" ] || continue
  # UnoMacroSupport is code the macros share, not a product anyone adds: UnoComposition's build
  # resolves and builds its package, for the host, as the macros use it. On its own it would be
  # built for the destination, with a second copy of swift-syntax (a minute in CI).
  [ "$dir" = Packages/UnoMacroSupport/ ] && continue
  echo "==> swift build --package-path ${dir%/}"
  swift build --package-path "${dir%/}" --scratch-path "$scratch"
done
