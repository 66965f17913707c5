#!/usr/bin/env bash
# Checks the README's installation: a package that adds this repository by URL (at the commit
# checked out here, so uncommitted changes are not seen) builds against `UnoArchitecture`, runs,
# and tests with `UnoArchitectureTesting`, beside swift-dependencies' default traits and the other
# packages of the field (Tools/install-check/FieldApp); and, on its own, it resolves only the
# library's packages, at most 14 and none of the host's (the host is behind the `Host` trait, off
# by default), whether it adds the repository by URL or, as a team trying a clone does, by path. SwiftPM refuses a package
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

echo "==> a package that adds $repository by URL at $revision resolves only the library's packages"
swift package --package-path "$consumer" resolve
check_pins "$consumer/Package.resolved"

# The same package, now an app of the field: beside swift-dependencies with its default traits
# (they bring combine-schedulers, and CoreFoundation with it), the other pointfreeco packages an
# app of this kind lists, and a module that declares the reference library's names
# (Tools/install-check/FieldApp). It builds, runs and tests with `UnoArchitectureTesting`.
# swift-navigation does not resolve on the machines CI runs on (it is not among their packages);
# the names it shares with this library (`AlertState`, `ButtonState`, `ConfirmationDialogState`)
# are among those ReferenceNames declares.
echo "==> the same package beside swift-dependencies' default traits and the field's packages"
# Each package of the field: its repository, the version the machines list, and the product the
# app imports. The manifest's dependencies and the app's products are both made from this table.
field_packages='swift-dependencies 1.17.1 Dependencies
combine-schedulers 1.2.2 CombineSchedulers
swift-case-paths 1.10.0 CasePaths
swift-identified-collections 1.1.1 IdentifiedCollections
swift-custom-dump 1.7.3 CustomDump
swift-clocks 1.1.1 Clocks
swift-concurrency-extras 1.4.3 ConcurrencyExtras'
field='' products=''
while read -r name version product; do
  field+="
    .package(url: \"https://github.com/pointfreeco/$name\", from: \"$version\"),"
  products+="
        .product(name: \"$product\", package: \"$name\"),"
done <<<"$field_packages"
rm -rf "$consumer/Sources" "$consumer/Tests"
cp -R Tools/install-check/FieldApp/Sources Tools/install-check/FieldApp/Tests "$consumer/"
cat > "$consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(url: "file://$repository", revision: "$revision"),$field
  ],
  targets: [
    .target(name: "ReferenceNames", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
    .executableTarget(
      name: "App",
      dependencies: [
        .product(name: "UnoArchitecture", package: "$(basename "$repository")"),$products
        "ReferenceNames",
      ]
    ),
    .testTarget(
      name: "AppTests",
      dependencies: ["App", .product(name: "UnoArchitectureTesting", package: "$(basename "$repository")")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST
# Built in the folder the packages outside the root share (Tools/lib/outside-build.sh).
source Tools/lib/outside-build.sh
output=$(swift run --package-path "$consumer" "${outside_flags[@]}" App)
echo "$output"
expected='rows: [
  [0]: 0,
  [1]: 1
]
screen: renamed
detail closed: true
view total: 1'
[ "$output" = "$expected" ] || { echo "error: the app beside the field's packages did not run as expected"; exit 1; }
swift test --package-path "$consumer" "${outside_flags[@]}"

# A test process whose target does not link `UnoArchitectureTesting` cannot record the library's
# issues: the library says so, naming the product. The app's executable links the library alone;
# XCTestSessionIdentifier makes it a test process to IssueReporting (Xcode's runner sets it), and
# it runs from a folder of its own, since the build folder holds IssueReportingTestSupport's
# library (built for the tests), which the executable would find beside it.
echo "==> an issue in a test process that does not link UnoArchitectureTesting names that product"
alone=$(mktemp -d)
cp "$(swift build --package-path "$consumer" "${outside_flags[@]}" --show-bin-path)/App" "$alone/"
report=$(XCTestSessionIdentifier=install-check "$alone/App" issue 2>&1)
rm -rf "$alone"
echo "$report"
echo "$report" | grep -q "It cannot fail the test: this test target does not link 'UnoArchitectureTesting'" &&
  echo "$report" | grep -q 'product(name: "UnoArchitectureTesting"' ||
  { echo "error: the issue did not name UnoArchitectureTesting"; exit 1; }
