#!/usr/bin/env bash
# Checks the README's installation: a package that adds this repository by URL (at the commit
# checked out here, so uncommitted changes are not seen) builds against `UnoArchitecture`, runs,
# and tests with `UnoArchitectureTesting`; and it resolves only the library's packages, at most
# 14 and none of the host's (the host is behind the `Host` trait, off by default), whether it adds
# the repository by URL or, as a team trying a clone does, by path. SwiftPM refuses a package
# added by URL that depends on local packages by path, which is why the root manifest lists the
# packages' targets (docs/architecture.md, "One target graph").
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD
revision=$(git rev-parse HEAD)
consumer=$(mktemp -d)
by_path=$(mktemp -d)
trap 'rm -rf "$consumer" "$by_path"' EXIT

# write_consumer DIR PACKAGES: an app package in DIR, with PACKAGES (Swift) as its dependencies,
# whose app uses `UnoArchitecture` and whose tests use `UnoArchitectureTesting`.
write_consumer() {
  mkdir -p "$1/Sources/App" "$1/Tests/AppTests"
  cat > "$1/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [$2],
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
}

write_consumer "$consumer" ".package(url: \"file://$repository\", revision: \"$revision\")"
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
# The packages a library user resolves: at most 14, none of the host's. `$1`: a Package.resolved.
host_packages='swift-nio|hummingbird|swift-sdk|swift-crypto|swift-certificates|async-http-client|swift-argument-parser|swift-service-lifecycle|swift-log|eventsource|swift-asn1|swift-http-types'
check_pins() {
  local pins
  pins=$(grep -o '"identity" : "[^"]*"' "$1" | cut -d'"' -f4)
  echo "resolved $(echo "$pins" | wc -l) packages: $(echo $pins)"
  if echo "$pins" | grep -Eq "^($host_packages)"; then
    echo "error: a library user resolves the host's packages: $(echo "$pins" | grep -E "^($host_packages)" | tr '\n' ' ')"
    exit 1
  fi
  if [ "$(echo "$pins" | wc -l)" -gt 14 ]; then
    echo "error: a library user resolves more than 14 packages"
    exit 1
  fi
}

echo "==> a package that adds $repository by path resolves only the library's packages"
# Beside another macro package of the app's that pins an older swift-syntax: the library takes it.
write_consumer "$by_path" ".package(path: \"$repository\"),
    .package(url: \"https://github.com/swiftlang/swift-syntax\", exact: \"600.0.1\")"
swift package --package-path "$by_path" resolve
check_pins "$by_path/Package.resolved"
grep -A7 '"identity" : "swift-syntax"' "$by_path/Package.resolved" | grep -q '"version" : "600.0.1"' ||
  { echo "error: the library did not resolve with swift-syntax 600.0.1 pinned beside it"; exit 1; }

echo "==> a package that adds $repository by URL at $revision"
output=$(swift run --package-path "$consumer" App)
echo "$output"
[ "$(echo "$output" | tail -1)" = "count: 2" ] || { echo "error: the installed library did not run"; exit 1; }
swift test --package-path "$consumer"
check_pins "$consumer/Package.resolved"
