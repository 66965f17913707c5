#!/usr/bin/env bash
# Builds the DocC catalog of each library package with swift-docc-plugin, warnings as errors, so
# that a broken symbol link or an undocumented topic reference fails. Run by .ci/run, after
# Tools/build-packages.sh, whose build folder (the root's, .build) it shares: the packages are built
# there already (on a fresh clone, 27 s instead of 242 s with a folder per package).
#   bash Tools/docs.sh              every library package
#   bash Tools/docs.sh UnoCore      one (a package's module of its own name; Package/Module for another)
set -euo pipefail
cd "$(dirname "$0")/.."
packages=("$@")
[ ${#packages[@]} -gt 0 ] ||
  packages=(UnoCore UnoAppInspection UnoComposition UnoPresentation UnoTesting UnoJSON UnoPlugin)
for entry in "${packages[@]}"; do
  package=${entry%%/*}
  target=${entry#*/}
  echo "==> documentation of $target"
  out="$(mktemp -d /tmp/uno-docs.XXXXXX)"
  swift package --package-path "Packages/$package" --scratch-path "$PWD/.build" \
    --allow-writing-to-directory "$out" \
    generate-documentation --target "$target" --warnings-as-errors --output-path "$out/$target.doccarchive"
  rm -rf "$out"
done
