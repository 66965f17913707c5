#!/usr/bin/env bash
# Builds the macros and runs their expansion tests against each swift-syntax release given
# (default: 600.0.1, the oldest the manifests accept; the test command runs them against the
# release it resolves, 603.0.1 on 2026-11-29), so that both ends of the range the manifests
# accept, 600.0.0..<605.0.0, and both sides of the macros' `#if canImport(SwiftSyntax601)`, are
# proven: a team whose other macro packages pin an older swift-syntax can add the library.
# `bash Tools/syntax-check.sh 602.0.0` checks a release between them.
#
# Each release gets a scratch package of its own, outside the repository, whose targets are the
# macro targets' and their tests' own folders (linked, not copied) and whose manifest pins that
# release exactly: only swift-syntax, swift-macro-testing and the macros are built.
# Usage: bash Tools/syntax-check.sh [version...]
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(600.0.1)
status=0
for version in "${versions[@]}"; do
  echo "==> the macros' expansion tests against swift-syntax $version"
  scratch=$(mktemp -d)
  mkdir -p "$scratch/Sources" "$scratch/Tests"
  ln -s "$repository/Packages/UnoMacroSupport/Sources/UnoMacroSupport" "$scratch/Sources/UnoMacroSupport"
  ln -s "$repository/Packages/UnoComposition/Sources/UnoCompositionMacros" "$scratch/Sources/UnoCompositionMacros"
  ln -s "$repository/Packages/UnoPresentation/Sources/UnoPresentationMacros" "$scratch/Sources/UnoPresentationMacros"
  ln -s "$repository/Packages/UnoComposition/Tests/UnoCompositionMacrosTests" "$scratch/Tests/UnoCompositionMacrosTests"
  ln -s "$repository/Packages/UnoPresentation/Tests/UnoPresentationMacrosTests" "$scratch/Tests/UnoPresentationMacrosTests"
  cat > "$scratch/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let syntax: [Target.Dependency] = [
  .product(name: "SwiftSyntax", package: "swift-syntax"),
  .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
  .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
  .product(name: "SwiftDiagnostics", package: "swift-syntax"),
]
let tests: [Target.Dependency] = [
  .product(name: "MacroTesting", package: "swift-macro-testing"),
  .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
  .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
]

let package = Package(
  name: "SyntaxCheck",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", exact: "$version"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
  ],
  targets: [
    .target(
      name: "UnoMacroSupport",
      dependencies: syntax + [.product(name: "SwiftSyntaxBuilder", package: "swift-syntax")]),
    .macro(name: "UnoCompositionMacros", dependencies: syntax + ["UnoMacroSupport"]),
    .macro(name: "UnoPresentationMacros", dependencies: syntax + ["UnoMacroSupport"]),
    .testTarget(name: "UnoCompositionMacrosTests", dependencies: ["UnoCompositionMacros"] + tests),
    .testTarget(name: "UnoPresentationMacrosTests", dependencies: ["UnoPresentationMacros"] + tests),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST
  if ! swift test --package-path "$scratch" --scratch-path "$repository/.build-syntax-$version"; then
    echo "FAIL: the macros do not pass their tests against swift-syntax $version"
    status=1
  fi
  rm -rf "$scratch"
done
exit $status
