// swift-tools-version: 6.1
import PackageDescription

// The umbrella package: the `UnoArchitecture` library that re-exports every public module, and one
// `swift test` that runs the tests of every local package (their test targets are declared here
// with paths into `Packages/*/Tests`).
let package = Package(
  name: "UnoArchitecture",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "UnoArchitecture", targets: ["UnoArchitecture"]),
    // Add to test targets: the test harness, the stream recorder and the test clocks.
    .library(name: "UnoArchitectureTesting", targets: ["UnoArchitectureTesting"]),
    .executable(name: "uno-host", targets: ["uno-host"]),
    // Build a host over your own features: `await UnoHost.main(features: [myPlugin])`.
    .library(name: "UnoHostKit", targets: ["UnoHostKit"]),
  ],
  dependencies: [
    .package(path: "Packages/UnoCore"),
    .package(path: "Packages/UnoPlugin"),
    .package(path: "Packages/UnoJSON"),
    .package(path: "Packages/Counter"),
    .package(path: "Packages/Search"),
    .package(path: "Packages/Todos"),
    .package(path: "Packages/Standups"),
    .package(path: "Packages/UnoComposition"),
    .package(path: "Packages/UnoPresentation"),
    .package(path: "Packages/UnoTesting"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // The inspector's web server (docs/inspector.md says why these, and what they cost a build).
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // Without its CombineSchedulers trait, which would build OpenCombine into every package on Linux.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
  ],
  targets: [
    .target(
      name: "UnoArchitecture",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
      ]
    ),
    .target(
      name: "UnoArchitectureTesting",
      dependencies: [
        "UnoArchitecture",
        .product(name: "UnoTesting", package: "UnoTesting"),
      ]
    ),
    // uno-host: the same sources as Apps/uno-host (which also builds on its own), built here so
    // that `swift build` at the root produces the binary and the end-to-end tests can run it.
    .target(
      name: "UnoHostCore",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoJSON", package: "UnoJSON"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Apps/uno-host/Sources/UnoHostCore"
    ),
    // The Model Context Protocol server: the MCP SDK's server over the host's sessions.
    .target(
      name: "UnoHostMCP",
      dependencies: [
        "UnoHostCore",
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "MCP", package: "swift-sdk"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Apps/uno-host/Sources/UnoHostMCP"
    ),
    // The inspector: a local web page that shows every session, its timeline and its states.
    .target(
      name: "UnoHostInspector",
      dependencies: [
        "UnoHostCore",
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        // The answer to a refused WebSocket upgrade is written at the HTTP/1 level.
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      path: "Apps/uno-host/Sources/UnoHostInspector",
      resources: [.copy("Page")]
    ),
    // The host kit: uno-host's command line over any features.
    .target(
      name: "UnoHostKit",
      dependencies: [
        "UnoHostCore",
        "UnoHostMCP",
        "UnoHostInspector",
        .product(name: "MCP", package: "swift-sdk"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Apps/uno-host/Sources/UnoHostKit"
    ),
    // The features the bundled uno-host runs.
    .target(
      name: "BundledFeatures",
      dependencies: [
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "CounterPlugin", package: "Counter"),
        .product(name: "SearchPlugin", package: "Search"),
        .product(name: "TodosPlugin", package: "Todos"),
        .product(name: "StandupsPlugin", package: "Standups"),
      ],
      path: "Apps/uno-host/Sources/BundledFeatures"
    ),

    .executableTarget(
      name: "uno-host",
      dependencies: ["UnoHostKit", "BundledFeatures"],
      path: "Apps/uno-host/Sources/uno-host"
    ),
    // uno-host's fuzz target; `bash Tools/fuzz.sh` builds it for libFuzzer.
    .executableTarget(
      name: "UnoHostFuzz",
      dependencies: ["UnoHostCore", "BundledFeatures", .product(name: "UnoPlugin", package: "UnoPlugin")],
      path: "Apps/uno-host/Sources/UnoHostFuzz",
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .testTarget(
      name: "UnoHostKitTests",
      dependencies: [
        "UnoHostKit", "UnoHostCore", "BundledFeatures",
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Apps/uno-host/Tests/UnoHostKitTests"
    ),
    .testTarget(
      name: "UnoHostInspectorTests",
      dependencies: [
        "UnoHostInspector", "UnoHostCore", "BundledFeatures",
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        // A feature of the tests' own, whose effect writes a field no view shows.
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
      ],
      path: "Apps/uno-host/Tests/UnoHostInspectorTests"
    ),
    .testTarget(
      name: "UnoHostCoreTests",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        "UnoHostCore", "UnoHostMCP", "BundledFeatures", .product(name: "MCP", package: "swift-sdk"),
        // A stacked feature of the tests' own (StackHostTests).
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
      ],
      path: "Apps/uno-host/Tests/UnoHostCoreTests",
      exclude: ["FuzzRegressions"]
    ),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: ["UnoArchitecture"]
    ),
    .testTarget(
      name: "HostEndToEndTests",
      dependencies: ["uno-host", .product(name: "UnoCore", package: "UnoCore")]
    ),
    .testTarget(
      name: "UnoCoreTests",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      path: "Packages/UnoCore/Tests/UnoCoreTests"
    ),
    .testTarget(
      name: "UnoCompositionTests",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      path: "Packages/UnoComposition/Tests/UnoCompositionTests"
    ),
    .testTarget(
      name: "UnoPresentationTests",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      path: "Packages/UnoPresentation/Tests/UnoPresentationTests"
    ),
    .testTarget(
      name: "UnoPluginTests",
      dependencies: [.product(name: "UnoPlugin", package: "UnoPlugin")],
      path: "Packages/UnoPlugin/Tests/UnoPluginTests"
    ),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        .product(name: "CounterFeature", package: "Counter"),
        .product(name: "CounterPlugin", package: "Counter"),
        .product(name: "UnoTesting", package: "UnoTesting"),
      ],
      path: "Packages/Counter/Tests/CounterFeatureTests"
    ),
    .testTarget(
      name: "SearchFeatureTests",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "SearchFeature", package: "Search"),
        .product(name: "SearchPlugin", package: "Search"),
        .product(name: "UnoTesting", package: "UnoTesting"),
      ],
      path: "Packages/Search/Tests/SearchFeatureTests"
    ),
    .testTarget(
      name: "SearchClientLiveTests",
      dependencies: [
        .product(name: "SearchClientLive", package: "Search"),
        .product(name: "SearchFeature", package: "Search"),
      ],
      path: "Packages/Search/Tests/SearchClientLiveTests"
    ),
    .testTarget(
      name: "TodosFeatureTests",
      dependencies: [
        .product(name: "TodosFeature", package: "Todos"),
        .product(name: "TodosPlugin", package: "Todos"),
        .product(name: "UnoTesting", package: "UnoTesting"),
      ],
      path: "Packages/Todos/Tests/TodosFeatureTests"
    ),
    .testTarget(
      name: "StandupsFeatureTests",
      dependencies: [
        .product(name: "StandupsFeature", package: "Standups"),
        .product(name: "StandupsPlugin", package: "Standups"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoTesting", package: "UnoTesting"),
      ],
      path: "Packages/Standups/Tests/StandupsFeatureTests"
    ),
    .testTarget(
      name: "TodosStoreLiveTests",
      dependencies: [.product(name: "TodosStoreLive", package: "Todos")],
      path: "Packages/Todos/Tests/TodosStoreLiveTests"
    ),
    .testTarget(
      name: "ReadmeNoteTests",
      dependencies: ["UnoArchitecture", "UnoArchitectureTesting"]
    ),
    .testTarget(
      name: "UnoTestingTests",
      dependencies: [
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "UnoTesting", package: "UnoTesting"),
      ],
      path: "Packages/UnoTesting/Tests/UnoTestingTests"
    ),
    .testTarget(
      name: "UnoArchitectureTests",
      dependencies: [
        "UnoArchitecture",
        "UnoArchitectureTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      swiftSettings: [
        // The composition compile-time tests: a body that type-checks slowly is an error here, not
        // just a slow build (TCA issues #2724 and #1353 are the failures to avoid).
        .unsafeFlags([
          "-Xfrontend", "-warn-long-expression-type-checking=3000",
          "-Xfrontend", "-warn-long-function-bodies=3000",
          "-warnings-as-errors",
        ])
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
