// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Todos",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "TodosFeature", targets: ["TodosFeature"]),
    .library(name: "TodosStoreLive", targets: ["TodosStoreLive"]),
    .library(name: "TodosPlugin", targets: ["TodosPlugin"]),
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
    // The feature: the list, its rows, the editor, and the interface of its store.
    .target(
      name: "TodosFeature",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The live store: a JSON file, written atomically, never overwritten when unreadable.
    .target(
      name: "TodosStoreLive",
      dependencies: [
        "TodosFeature",
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // What a host loads: the feature wired to the file store in the host's data directory.
    .target(
      name: "TodosPlugin",
      dependencies: [
        "TodosFeature", "TodosStoreLive",
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "TodosFeatureTests",
      dependencies: [
        "TodosFeature", "TodosPlugin",
        .product(name: "UnoTesting", package: "UnoTesting"),
      ]
    ),
    .testTarget(name: "TodosStoreLiveTests", dependencies: ["TodosStoreLive"]),
  ],
  swiftLanguageModes: [.v6]
)
