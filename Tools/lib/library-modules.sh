# The library's public modules as the compiler built them, for the tools that read their API
# (Tools/api-check.sh, Tools/doc-coverage.sh). A script sources it, then calls
# `build_library_modules ROOT LOG` and passes "${module_flags[@]}" (set by it) to swift-api-digester
# or swift-symbolgraph-extract, with `-module(-name) M -target "$triple"`.
source Tools/lib/host.sh

# The modules the products are made of: `UnoArchitecture` re-exports UnoCore, UnoComposition,
# UnoPresentation and UnoAppInspection; `UnoArchitectureTesting`, UnoTesting; `UnoHostKit`,
# UnoPlugin and UnoJSON.
library_modules=(UnoCore UnoComposition UnoPresentation UnoAppInspection UnoTesting UnoPlugin UnoJSON UnoHostKit)
toolchain_bin=$(dirname "$(readlink -f "$(command -v swift)")")
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

# Builds the products' modules in the package at $1 with the `Host` trait (in CI, after the test
# command, nothing is compiled again), its output in $2, shown only when the build fails; then sets
# `module_flags`: where the modules are, and the C modules they import (this repository's shim,
# the dependencies' system shims), as SwiftPM gives them to the compiler.
build_library_modules() {
  local root=$1 log=$2 target map
  for target in UnoHostKit UnoArchitectureTesting; do
    (cd "$root" && swift build "${host_flags[@]}" --target "$target" >"$log" 2>&1) ||
      { cat "$log"; echo "error: $root does not build" >&2; return 1; }
  done
  module_flags=(-I "$root/.build/debug/Modules")
  for map in "$root"/.build/debug/*.build/module.modulemap "$root"/.build/checkouts/*/Sources/*/include/module.modulemap; do
    case $map in *-tool.build/*) continue ;; esac # the macros' copies, for the build machine
    [ -f "$map" ] && module_flags+=(-Xcc "-fmodule-map-file=$(readlink -f "$map")")
  done
}
