// swift-tools-version: 6.1
import PackageDescription

// Benchmarks: not part of the test command. `bash Tools/bench.sh` runs them.
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../Packages/UnoCore"),
    .package(path: "../Packages/UnoComposition"),
    .package(path: "../Packages/UnoPresentation"),
    .package(path: "../Packages/UnoPlugin"),
    .package(path: "../Packages/Search"),
    .package(path: "../Apps/uno-host"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
  ],
  targets: [
    // Quick mode: every workload against its baselines in one process, printed as ratios.
    .executableTarget(
      name: "UnoQuickBench",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "UnoHostCore", package: "uno-host"),
        .product(name: "SearchClientLive", package: "Search"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
