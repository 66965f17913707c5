// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Search",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "SearchFeature", targets: ["SearchFeature"]),
    .library(name: "SearchClientLive", targets: ["SearchClientLive"]),
    .library(name: "SearchPlugin", targets: ["SearchPlugin"]),
  ],
  dependencies: [
    .package(path: "../UnoCore"),
    .package(path: "../UnoComposition"),
    .package(path: "../UnoPresentation"),
    .package(path: "../UnoPlugin"),
    .package(path: "../UnoTesting"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    // Without its CombineSchedulers trait, which would build OpenCombine into every package on Linux.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    // The feature: depends on the library and on the SearchClient interface it declares.
    .target(
      name: "SearchFeature",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The live SearchClient: an index over the Unicode character names the standard library carries.
    .target(
      name: "SearchClientLive",
      dependencies: [
        "SearchFeature",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "UnoCore", package: "UnoCore"),
      ]
    ),
    // What a host loads: the feature wired to the live client.
    .target(
      name: "SearchPlugin",
      dependencies: [
        "SearchFeature", "SearchClientLive",
        .product(name: "UnoPlugin", package: "UnoPlugin"),
      ]
    ),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        "SearchFeature", "SearchPlugin",
        .product(name: "UnoTesting", package: "UnoTesting"),
      ]
    ),
    .testTarget(name: "SearchClientLiveTests", dependencies: ["SearchClientLive"]),
  ],
  swiftLanguageModes: [.v6]
)
