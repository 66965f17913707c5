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
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
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
