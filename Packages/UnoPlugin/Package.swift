// swift-tools-version: 6.1
import PackageDescription

// The contract between feature plugins and the hosts that run them (uno-host): a feature's name,
// summary, actions with examples, and a factory for live sessions that speak JSON.
let package = Package(
  name: "UnoPlugin",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "UnoPlugin", targets: ["UnoPlugin"])
  ],
  dependencies: [
    // Only for `swift package generate-documentation` (Tools/docs.sh); nothing links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(path: "../UnoCore"),
    .package(path: "../UnoJSON"),
    .package(path: "../UnoPresentation"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    // Without its CombineSchedulers trait, which would build OpenCombine into every package on Linux.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
  ],
  targets: [
    .target(
      name: "UnoPlugin",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoJSON", package: "UnoJSON"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .testTarget(name: "UnoPluginTests", dependencies: ["UnoPlugin"]),
  ],
  swiftLanguageModes: [.v6]
)
