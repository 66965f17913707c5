#!/usr/bin/env bash
# Runs the macros' expansion tests (UnoCompositionMacrosTests, UnoPresentationMacrosTests) in a
# package of their own, against one swift-syntax release.
#
# Why not in the root's `swift test`: a test target that depends on a macro implementation makes
# SwiftPM build the package's whole test product for the host, so with them every test target and
# every module the tests reach (the host's packages included) was compiled twice, once for the
# host and once for the destination: the root's test build took 297 s after uno-host's, and 87 s
# without them (2-core machine, 2026-12-06), and the ThreadSanitizer build of the suite about as
# much more. Tools/root-manifest.py leaves them out of the root; their packages' own manifests
# keep them (`swift test --package-path Packages/UnoComposition` runs them too).
#
# The package lives in a temporary folder: its targets are the macro targets' and their tests'
# own folders (linked, not copied), and its manifest pins the release exactly, so only
# swift-syntax, swift-macro-testing and the macros are built. The macros are regular targets
# there, without their `Plugin.swift` (the `@main` entry point a compiler plugin needs, which lists
# the macros): the tests call the macros' types, and as macro targets they made SwiftPM compile
# swift-syntax twice, for the host (the macros) and for the destination (the tests), a minute more.
#
# Its build folder is kept. Against the release the root resolves, it is the one the packages
# outside the root share (Tools/lib/outside-build.sh), where the testing packages the tests use
# (custom-dump, xctest-dynamic-overlay) are compiled already; against another release,
# `.build-macros-VERSION`, as another swift-syntax in the shared folder would make the others
# compile theirs again.
#
# Usage: bash Tools/macro-tests.sh [VERSION]
#   VERSION: the swift-syntax release (default: the one the root package resolves, the newest the
#   manifests accept; Tools/syntax-check.sh runs the oldest).
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
case "${1:-}" in -h|--help) sed -n '2,28p' "$0"; exit 0 ;; esac
[ -f Package.resolved ] || swift package resolve >/dev/null
resolved=$(python3 -c '
import json
pins = json.load(open("Package.resolved"))["pins"]
print(next(p["state"]["version"] for p in pins if p["identity"] == "swift-syntax"))')
version=${1:-$resolved}
source Tools/lib/outside-build.sh
flags=("${outside_flags[@]}")
[ "$version" = "$resolved" ] || flags=(--scratch-path "$repository/.build-macros-$version")
echo "==> the macros' expansion tests against swift-syntax $version"
package=$(mktemp -d)
trap 'rm -rf "$package"' EXIT
mkdir -p "$package/Sources" "$package/Tests"
ln -s "$repository/Packages/UnoMacroSupport/Sources/UnoMacroSupport" "$package/Sources/UnoMacroSupport"
ln -s "$repository/Packages/UnoComposition/Sources/UnoCompositionMacros" "$package/Sources/UnoCompositionMacros"
ln -s "$repository/Packages/UnoPresentation/Sources/UnoPresentationMacros" "$package/Sources/UnoPresentationMacros"
ln -s "$repository/Packages/UnoComposition/Tests/UnoCompositionMacrosTests" "$package/Tests/UnoCompositionMacrosTests"
ln -s "$repository/Packages/UnoPresentation/Tests/UnoPresentationMacrosTests" "$package/Tests/UnoPresentationMacrosTests"
cat > "$package/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let syntax: [Target.Dependency] = [
  .product(name: "SwiftSyntax", package: "swift-syntax"),
  .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
  .product(name: "SwiftDiagnostics", package: "swift-syntax"),
]
let tests: [Target.Dependency] = [
  .product(name: "MacroTesting", package: "swift-macro-testing"),
  .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
  .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
]

let package = Package(
  name: "MacroTests",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", exact: "$version"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
  ],
  targets: [
    .target(
      name: "UnoMacroSupport",
      dependencies: syntax + [.product(name: "SwiftSyntaxBuilder", package: "swift-syntax")]),
    .target(name: "UnoCompositionMacros", dependencies: syntax + ["UnoMacroSupport"], exclude: ["Plugin.swift"]),
    .target(name: "UnoPresentationMacros", dependencies: syntax + ["UnoMacroSupport"], exclude: ["Plugin.swift"]),
    .testTarget(name: "UnoCompositionMacrosTests", dependencies: ["UnoCompositionMacros"] + tests),
    .testTarget(name: "UnoPresentationMacrosTests", dependencies: ["UnoPresentationMacros"] + tests),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST
swift test --package-path "$package" "${flags[@]}"
