// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "UnoPresentation",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "UnoPresentation", targets: ["UnoPresentation"])
  ],
  dependencies: [
    // Only for `swift package generate-documentation` (Tools/docs.sh); nothing links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(path: "../UnoCore"),
    // Child view models address rows and screens with its `IdentifiedAction` and `StackAction`.
    .package(path: "../UnoComposition"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
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
      name: "UnoPresentation",
      dependencies: [
        "UnoPresentationMacros",
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .macro(
      name: "UnoPresentationMacros",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "UnoMacroSupport", package: "UnoMacroSupport"),
      ]
    ),
    .testTarget(
      name: "UnoPresentationTests",
      dependencies: [
        "UnoPresentation",
        .product(name: "UnoComposition", package: "UnoComposition"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "UnoPresentationMacrosTests",
      dependencies: [
        "UnoPresentationMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
