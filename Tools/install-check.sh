#!/usr/bin/env bash
# Checks the README's installation: a package that adds this repository by URL (at the commit
# checked out here, so uncommitted changes are not seen) builds against `UnoArchitecture`, runs,
# and tests with `UnoArchitectureTesting`. SwiftPM refuses a package added by URL that depends on
# local packages by path, which is why the root manifest lists the packages' targets
# (docs/architecture.md, "One target graph").
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
revision=$(git rev-parse HEAD)
consumer=$(mktemp -d)
trap 'rm -rf "$consumer"' EXIT
mkdir -p "$consumer/Sources/App" "$consumer/Tests/AppTests"
cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(url: "file://$repository", revision: "$revision")],
  targets: [
    .executableTarget(name: "App", dependencies: [.product(name: "UnoArchitecture", package: "$(basename "$repository")")]),
    .testTarget(
      name: "AppTests",
      dependencies: ["App", .product(name: "UnoArchitectureTesting", package: "$(basename "$repository")")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST
cat > "$consumer/Sources/App/main.swift" <<'SOURCE'
import UnoArchitecture

struct Counter: Interactor {
  var body: some Interactor<Int, Int> {
    Interact(initialValue: 0) { state, action in
      state += action
      return .state
    }
  }
}

MainActor.assumeIsolated {
  let runtime = InteractorRuntime(Counter())
  runtime.send(2)
  print("count: \(runtime.state)")
}
SOURCE
cat > "$consumer/Tests/AppTests/AppTests.swift" <<'SOURCE'
import Testing
import UnoArchitectureTesting

@testable import App

@MainActor @Test func addsWhatItIsSent() async {
  let harness = await InteractorTestHarness(Counter())
  harness.send(3) { $0 = 3 }
}
SOURCE
echo "==> a package that adds $repository by URL at $revision"
output=$(swift run --package-path "$consumer" App)
echo "$output"
[ "$(echo "$output" | tail -1)" = "count: 2" ] || { echo "error: the installed library did not run"; exit 1; }
swift test --package-path "$consumer"
