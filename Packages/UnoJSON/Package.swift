// swift-tools-version: 6.1
import PackageDescription

// JSON as Uno's plugins and hosts speak it: `JSONValue`, a strict parser for untrusted lines, and
// an encoder and decoder between `Codable` values and `JSONValue`. One module, used by the plugin
// layer (UnoPlugin, which re-exports it) and by the hosts.
let package = Package(
  name: "UnoJSON",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "UnoJSON", targets: ["UnoJSON"])
  ],
  dependencies: [
    // Only for `swift package generate-documentation` (Tools/docs.sh); nothing links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
  ],
  targets: [
    .target(name: "UnoJSON")
  ],
  swiftLanguageModes: [.v6]
)
