// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "UnoComposition",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "UnoComposition", targets: ["UnoComposition"])
  ],
  dependencies: [
    // Only for `swift package generate-documentation` (Tools/docs.sh); nothing links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(path: "../UnoCore"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // Without its CombineSchedulers trait, which would build OpenCombine into every package on Linux.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    // Every release the macros build and pass their tests with (Tools/syntax-check.sh, in CI), so
    // that an app whose other macro packages pin an older one can add the library.
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
    .package(path: "../UnoMacroSupport"),
  ],
  targets: [
    .target(
      name: "UnoComposition",
      dependencies: [
        "UnoCompositionMacros",
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .macro(
      name: "UnoCompositionMacros",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "UnoMacroSupport", package: "UnoMacroSupport"),
      ]
    ),
    .testTarget(
      name: "UnoCompositionTests",
      dependencies: [
        "UnoComposition",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "UnoCompositionMacrosTests",
      dependencies: [
        "UnoCompositionMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
