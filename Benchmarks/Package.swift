// swift-tools-version: 6.1
import PackageDescription

// Benchmarks: not part of the test command. `bash Tools/bench.sh` runs the quick mode;
// `bash Tools/bench.sh full` runs the ordo-one/benchmark suite (`swift package benchmark`).
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../Packages/UnoCore"),
    .package(path: "../Packages/UnoComposition"),
    .package(path: "../Packages/UnoPresentation"),
    .package(path: "../Packages/UnoTesting"),
    .package(path: "../Packages/Search"),
    .package(path: "../Packages/Todos"),
    .package(path: "../Apps/uno-host"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // The workloads and the three baselines, shared by both runners.
    .target(
      name: "BenchmarkWorkloads",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    // Quick mode: every workload against its baselines in one process, printed as ratios.
    .executableTarget(
      name: "UnoQuickBench",
      dependencies: [
        "BenchmarkWorkloads",
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        // ObservationCounter: a view's redraws, counted.
        .product(name: "UnoTesting", package: "UnoTesting"),
        .product(name: "UnoHostCore", package: "uno-host"),
        .product(name: "BundledFeatures", package: "uno-host"),
        .product(name: "SearchClientLive", package: "Search"),
        // Exploration's steps a second, on Todos.
        .product(name: "TodosFeature", package: "Todos"),
      ]
    ),
    // The full suite, with ordo-one/benchmark's statistics, malloc counts and baselines.
    .executableTarget(
      name: "UnoBenchmarks",
      dependencies: [
        "BenchmarkWorkloads",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "UnoHostCore", package: "uno-host"),
        .product(name: "BundledFeatures", package: "uno-host"),
        .product(name: "SearchClientLive", package: "Search"),
      ],
      path: "Benchmarks/UnoBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
