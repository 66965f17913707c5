// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Counter",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "CounterFeature", targets: ["CounterFeature"]),
    .library(name: "CounterPlugin", targets: ["CounterPlugin"]),
  ],
  dependencies: [
    .package(path: "../UnoCore"),
    .package(path: "../UnoComposition"),
    .package(path: "../UnoPresentation"),
    .package(path: "../UnoPlugin"),
    .package(path: "../UnoTesting"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
  ],
  targets: [
    // The feature: depends on the library and on its dependencies' interfaces only.
    .target(
      name: "CounterFeature",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // What a host loads: the feature wired to live dependencies.
    .target(
      name: "CounterPlugin",
      dependencies: [
        "CounterFeature",
        .product(name: "UnoPlugin", package: "UnoPlugin"),
      ]
    ),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        "CounterFeature",
        "CounterPlugin",
        .product(name: "UnoTesting", package: "UnoTesting"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
