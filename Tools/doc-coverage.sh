#!/usr/bin/env bash
# Checks that every public symbol of the library's products has a summary (a doc comment), from the
# modules' symbol graphs (swift-symbolgraph-extract, as DocC reads them), and prints the figure:
# "documentation: N of N public symbols have a summary". CI runs it after the test command, whose
# build it reads (Tools/lib/library-modules.sh); Tools/lib/doc_coverage.py says what is counted.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/library-modules.sh
graphs=$(mktemp -d /tmp/uno-symbols.XXXXXX)
trap 'rm -rf "$graphs"' EXIT
build_library_modules "$PWD" "$graphs/build.log"
folders=()
for module in "${library_modules[@]}"; do
  mkdir -p "$graphs/$module"
  "$toolchain_bin/swift-symbolgraph-extract" -module-name "$module" "${module_flags[@]}" -target "$triple" \
    -minimum-access-level public -output-dir "$graphs/$module"
  folders+=("$graphs/$module")
done
python3 Tools/lib/doc_coverage.py "${folders[@]}"
