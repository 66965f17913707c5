// swift-tools-version: 6.1
import PackageDescription

// The shared implementation of UnoArchitecture's conformance macros (@Interactor,
// @ViewStateReducer). Each macro target is a thin spec over it.
let package = Package(
  name: "UnoMacroSupport",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "UnoMacroSupport", targets: ["UnoMacroSupport"])
  ],
  dependencies: [
    // Every release the macros build and pass their tests with (Tools/syntax-check.sh, in CI), so
    // that an app whose other macro packages pin an older one can add the library.
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0")
  ],
  targets: [
    .target(
      name: "UnoMacroSupport",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
