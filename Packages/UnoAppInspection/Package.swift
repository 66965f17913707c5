// swift-tools-version: 6.1
import PackageDescription

// An app's connection to an inspector (docs/inspector.md, "Your own app"): Foundation, the
// platform's sockets, and the library's own modules (UnoPlugin names the app's actions as the
// host names its features'), no other package.
let package = Package(
  name: "UnoAppInspection",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "UnoAppInspection", targets: ["UnoAppInspection"])
  ],
  dependencies: [
    // Only for `swift package generate-documentation` (Tools/docs.sh); nothing links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(path: "../UnoCore"),
    .package(path: "../UnoJSON"),
    .package(path: "../UnoPlugin"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
  ],
  targets: [
    .target(
      name: "UnoAppInspection",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoJSON", package: "UnoJSON"),
        .product(name: "UnoPlugin", package: "UnoPlugin"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
