// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "uno-host",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "uno-host", targets: ["uno-host"]),
    .library(name: "UnoHostCore", targets: ["UnoHostCore"]),
  ],
  dependencies: [
    .package(path: "../../Packages/UnoCore"),
    .package(path: "../../Packages/UnoPlugin"),
    .package(path: "../../Packages/Counter"),
    .package(path: "../../Packages/Search"),
    .package(path: "../../Packages/Todos"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // Without its CombineSchedulers trait, which would build OpenCombine into every package on Linux.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
  ],
  targets: [
    // The protocol engine: lines in, lines out. No I/O, so tests and fuzzers drive it directly.
    .target(
      name: "UnoHostCore",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "CounterPlugin", package: "Counter"),
        .product(name: "SearchPlugin", package: "Search"),
        .product(name: "TodosPlugin", package: "Todos"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // The executable: arguments, stdin, stdout, signals.
    .executableTarget(
      name: "uno-host",
      dependencies: [
        "UnoHostCore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
      ]
    ),
    .testTarget(name: "UnoHostCoreTests", dependencies: ["UnoHostCore"], exclude: ["FuzzRegressions"]),
  ],
  swiftLanguageModes: [.v6]
)
