// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Standups",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "StandupsFeature", targets: ["StandupsFeature"]),
    .library(name: "SpeechClientLive", targets: ["SpeechClientLive"]),
    .library(name: "StandupsPlugin", targets: ["StandupsPlugin"]),
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
    // The feature: the list, the form, the detail, recording a meeting, a past meeting, the
    // app that stacks them, and the interface of the speech client.
    .target(
      name: "StandupsFeature",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // The live speech client: on this platform, none (it says so, and the meeting is recorded
    // without a transcript).
    .target(
      name: "SpeechClientLive",
      dependencies: [
        "StandupsFeature",
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // What a host loads: the app kept in `standups.json` in the host's data directory, with short
    // commands for a person at a terminal.
    .target(
      name: "StandupsPlugin",
      dependencies: [
        "StandupsFeature", "SpeechClientLive",
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "StandupsFeatureTests",
      dependencies: [
        "StandupsFeature", "StandupsPlugin",
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoTesting", package: "UnoTesting"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
