// swift-tools-version: 6.1
import PackageDescription

// An app built on the library as a team builds one (no `Host` trait, no uno-host), connected to
// an inspector: the end-to-end tests of "Your own app" (docs/inspector.md,
// Tests/inspector/test_app_inspector.py) start it beside `uno-host inspect` and drive it through
// its standard input.
let package = Package(
  name: "inspected-app",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: "../../Packages/UnoCore"),
    .package(path: "../../Packages/UnoAppInspection"),
    .package(path: "../../Packages/UnoPresentation"),
    .package(path: "../../Packages/Todos"),
    // Without its CombineSchedulers trait, which would build OpenCombine into every package on Linux.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]
    ),
  ],
  targets: [
    .executableTarget(
      name: "inspected-app",
      dependencies: [
        .product(name: "UnoCore", package: "UnoCore"),
        .product(name: "UnoAppInspection", package: "UnoAppInspection"),
        .product(name: "UnoPresentation", package: "UnoPresentation"),
        .product(name: "TodosFeature", package: "Todos"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
