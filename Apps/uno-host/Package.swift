// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "uno-host",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "uno-host", targets: ["uno-host"]),
    .library(name: "UnoHostCore", targets: ["UnoHostCore"]),
    .library(name: "UnoHostKit", targets: ["UnoHostKit"]),
    .library(name: "BundledFeatures", targets: ["BundledFeatures"]),
  ],
  // The root package's `Host` trait, on by default here: the host's sources compile only with it
  // (`#if Host`), and this package is the host.
  traits: [.trait(name: "Host"), .default(enabledTraits: ["Host"])],
  dependencies: [
    .package(path: "../../Packages/UnoCore"),
    .package(path: "../../Packages/UnoPlugin"),
    .package(path: "../../Packages/UnoJSON"),
    .package(path: "../../Packages/Counter"),
    .package(path: "../../Packages/Search"),
    .package(path: "../../Packages/Todos"),
    .package(path: "../../Packages/Standups"),
    .package(path: "../../Packages/UnoComposition"),
    .package(path: "../../Packages/UnoPresentation"),
    .package(path: "../../Packages/UnoTesting"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    // The inspector's web server (docs/inspector.md says why these, and what they cost a build).
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
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
        .product(name: "UnoJSON", package: "UnoJSON"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
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
      ]
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
        // Where apps connect (`UnoInspection.connect`): a TCP port of JSON lines.
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      resources: [.copy("Page")]
    ),
    // The host kit: the command line (arguments, stdin, stdout, signals) over any features.
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
        .product(name: "UnoJSON", package: "UnoJSON"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        // For `explore`: the exploration engine of the tests' harness.
        .product(name: "UnoTesting", package: "UnoTesting"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ],
      plugins: ["HostBuildInfo"]
    ),
    // Writes the commit the host is built from into the kit, for `uno-host --version`.
    .plugin(name: "HostBuildInfo", capability: .buildTool()),
    // The features the bundled uno-host runs.
    .target(
      name: "BundledFeatures",
      dependencies: [
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "CounterPlugin", package: "Counter"),
        .product(name: "SearchPlugin", package: "Search"),
        .product(name: "TodosPlugin", package: "Todos"),
        .product(name: "StandupsPlugin", package: "Standups"),
      ]
    ),
    // The executable: the kit over the bundled features.
    .executableTarget(name: "uno-host", dependencies: ["UnoHostKit", "BundledFeatures"]),
    // uno-host's fuzz target; `bash Tools/fuzz.sh` builds it for libFuzzer.
    .executableTarget(
      name: "UnoHostFuzz",
      dependencies: ["UnoHostCore", "BundledFeatures", .product(name: "UnoPlugin", package: "UnoPlugin")]
    ),
    // A host kit over a feature that crashes after three steps in one order, which
    // HostEndToEndTests explores (ExploreCrashTests).
    .executableTarget(
      name: "explore-crash-host",
      dependencies: [
        "UnoHostKit",
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
      ],
      path: "Tests/ExploreCrashHost"
    ),
    .testTarget(
      name: "UnoHostKitTests",
      dependencies: [
        "UnoHostKit", "UnoHostCore", "BundledFeatures",
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    .testTarget(
      name: "UnoHostInspectorTests",
      dependencies: [
        "UnoHostInspector", "UnoHostCore", "BundledFeatures",
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        // A feature of the tests' own, whose effect writes a field no view shows.
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        // An app's session, from its runtime to the page, and its export replayed.
        .product(name: "TodosFeature", package: "Todos"),
        .product(name: "UnoTesting", package: "UnoTesting"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        // An app's connection without a socket: its lines past the backlog.
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "UnoHostCoreTests",
      dependencies: [
        "UnoHostCore", "UnoHostMCP", "BundledFeatures", .product(name: "MCP", package: "swift-sdk"),
        // A stacked feature of the tests' own (StackHostTests).
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
      ],
      exclude: ["FuzzRegressions"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
