#!/usr/bin/env bash
# Checks that each local package builds on its own, as a user depending on just that package
# would build it.
set -euo pipefail
cd "$(dirname "$0")/.."
for dir in Packages/*/ Apps/*/; do
  [ -f "$dir/Package.swift" ] || continue
  echo "==> swift build --package-path ${dir%/}"
  swift build --package-path "${dir%/}"
done
