// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// The host kit, used as docs/plugins.md says: a package outside this repository, depending on it
  /// by path, defines a feature, builds its own host in one line, and drives it over stdin and
  /// stdout.
  ///
  /// The outside package lives in `.build-outside-package/` at the repository's root (ignored by
  /// git), rewritten only where its files changed. It is built in the root's build folder, the one
  /// this test runs from: it adds the repository by path with the `Host` trait, so the
  /// repository's modules and the host's packages are compiled there already, with the command
  /// lines its build uses (the same package name, the same trait), and only its own two targets are
  /// compiled (about 15 s instead of two minutes in a folder of its own). `Tools/sanitize.sh`
  /// skips it (set `UNO_SKIP_OUTSIDE_PACKAGE=1`), since the plain run has covered it.
  @Suite(.enabled(if: ProcessInfo.processInfo.environment["UNO_SKIP_OUTSIDE_PACKAGE"] == nil))
  struct HostKitTests {
    static let repository: URL = {
      var url = URL(fileURLWithPath: #filePath)
      for _ in 0..<3 { url.deleteLastPathComponent() }
      return url
    }()

    /// The files of the outside package, as docs/plugins.md shows them.
    static func files(repository: URL) -> [String: String] {
      // A path dependency's identity is its directory's name.
      let identity = repository.lastPathComponent
      return [
        "Package.swift": """
        // swift-tools-version: 6.1
        import PackageDescription

        let package = Package(
          name: "GreeterHost",
          platforms: [.macOS(.v15)],
          dependencies: [.package(path: "\(repository.path)", traits: ["Host"])],
          targets: [
            .target(
              name: "GreeterFeature",
              dependencies: [.product(name: "UnoArchitecture", package: "\(identity)")]
            ),
            .executableTarget(
              name: "greeter-host",
              dependencies: ["GreeterFeature", .product(name: "UnoHostKit", package: "\(identity)")]
            ),
          ],
          swiftLanguageModes: [.v6]
        )
        """,
        "Sources/GreeterFeature/Greeter.swift": """
        import UnoArchitecture

        public struct GreeterState: Sendable, Equatable, Codable {
          public var greeting = ""
          public init() {}
        }

        public enum Tone: Sendable, Equatable, Codable, CaseIterable { case warm, formal }

        // Cases without payloads, neither CaseIterable nor raw-valued: every case is an action.
        public enum Mood: Sendable, Equatable, Codable { case calm, cheerful, grumpy }

        public enum GuestAction: Sendable, Equatable, Codable {
          case wave
          case bow(Tone)
        }

        public enum GreeterAction: Sendable, Equatable, Codable {
          case greet(name: String)
          case toneChosen(Tone)
          case guest(IdentifiedAction<Int, GuestAction>)
          case moodPicked(Mood)
        }

        @Interactor<GreeterState, GreeterAction>
        public struct GreeterInteractor: Sendable {
          public init() {}
          public var body: some InteractorOf<Self> {
            Interact(initialValue: GreeterState()) { state, action in
              switch action {
              case .greet(let name): state.greeting = "Hello, \\(name)!"
              case .toneChosen(let tone): state.greeting = "(\\(tone))"
              case .guest(.element(let id, .wave)): state.greeting = "Guest \\(id) waves."
              case .guest(.element(let id, .bow(let tone))): state.greeting = "Guest \\(id) bows (\\(tone))."
              case .moodPicked(let mood): state.greeting = "Mood: \\(mood)"
              }
              return .state
            }
          }
        }
        """,
        "Sources/greeter-host/Tally.swift": """
        import UnoArchitecture
        import UnoHostKit

        // A count kept in the host's data directory (`--data-dir`), shared by every session and
        // by every run of the host.
        public struct TallyState: Sendable, Equatable, Codable {
          @Shared public var count: Int
          public init() {
            @Dependency(\\.hostDataDirectory) var directory
            _count = Shared(wrappedValue: 0, .fileStorage(directory.appendingPathComponent("tally.json")))
          }
        }

        public enum TallyAction: Sendable, Equatable, Codable {
          case add
        }

        @Interactor<TallyState, TallyAction>
        public struct TallyInteractor: Sendable {
          public init() {}
          public var body: some InteractorOf<Self> {
            Interact(initialValue: TallyState()) { state, action in
              switch action {
              case .add: state.$count.withLock { $0 += 1 }
              }
              return .state
            }
          }
        }

        let tallyPlugin = FeaturePlugin(
          name: "tally",
          summary: "Counts, and remembers the count.",
          actions: [.init(TallyAction.add, summary: "Adds one.")],
          makeViewModel: {
            DirectViewModel(TallyState(), TallyInteractor().eraseToAnyInteractor(), reportsReinitialization: false)
          }
        )
        """,
        "Sources/greeter-host/main.swift": """
        import GreeterFeature
        import UnoArchitecture
        import UnoHostKit

        let greeterPlugin = FeaturePlugin(
          name: "greeter",
          summary: "Greets whoever you name.",
          actions: [
            .init(GreeterAction.greet(name: "Ada"), summary: "Says hello."),
            .init(.toneChosen(.formal), summary: "Chooses a tone."),
            .init(.guest(.element(id: 1, action: .wave)), summary: "A guest waves."),
            .init(.guest(.element(id: 1, action: .bow(.warm))), summary: "A guest bows."),
            .init(.moodPicked(.grumpy), summary: "Picks a mood."),
          ],
          makeViewModel: {
            DirectViewModel(GreeterState(), GreeterInteractor().eraseToAnyInteractor(), reportsReinitialization: false)
          }
        )

        await UnoHost.main(features: [greeterPlugin, tallyPlugin])
        """,
      ]
    }

    @Test func anOutsidePackageBuildsAndRunsItsOwnHost() async throws {
      let directory = Self.repository.appendingPathComponent(".build-outside-package/GreeterHost")
      // The root's build folder: uno-host's folder (<scratch>/<triple>/debug) two levels up.
      let scratch = HostProcess.binary.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
      for (path, text) in Self.files(repository: Self.repository) {
        let url = directory.appendingPathComponent(path)
        // An unchanged file keeps its date, so that the build has nothing to redo for it.
        guard (try? String(contentsOf: url, encoding: .utf8)) != text else { continue }
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
      }
      // The root's pins, so that the build resolves the versions the root's build compiled (the
      // outside package's packages are among the root's).
      let pins = Self.repository.appendingPathComponent("Package.resolved")
      if let resolved = try? Data(contentsOf: pins) {
        try resolved.write(to: directory.appendingPathComponent("Package.resolved"), options: .atomic)
      }
      // `swift test` holds the folder's lock while the tests run, and only runs them: the build
      // goes in past it (SwiftPM's `--ignore-lock`), and changes nothing the running tests use.
      let (output, _, buildStatus) = try await ChildProcess.run(
        "/usr/bin/env",
        [
          "swift", "build", "--package-path", directory.path, "--scratch-path", scratch.path,
          "--ignore-lock",
        ],
        standardError: .standardOutput)
      try #require(
        buildStatus == 0,
        "the outside package did not build:\n\(String(decoding: output, as: UTF8.self).suffix(3000))")
      let binary = scratch.appendingPathComponent("debug/greeter-host")

      let (lines, status) = try await HostProcess.run(
        input: """
          {"op":"features","id":"f"}
          {"op":"open","feature":"greeter"}
          {"op":"send","session":1,"action":{"greet":{"name":"Ada"}},"id":"g"}
          {"op":"open","feature":"counter","id":"nope"}
          {"op":"send","session":1,"action":{"moodPicked":{"_0":{"calm":{}}}},"id":"m"}

          """,
        binary: binary)
      #expect(status == 0)
      #expect(lines.first?.contains(#""name":"greeter""#) == true)
      #expect(
        Array(lines.dropFirst()) == [
          #"{"type":"opened","id":null,"session":1,"feature":"greeter","state":{"greeting":""}}"#,
          #"{"type":"state","session":1,"request":"g","state":{"greeting":"Hello, Ada!"}}"#,
          #"{"type":"finished","session":1,"request":"g","cancelled":false}"#,
          #"{"type":"error","id":"nope","code":"unknown_feature","message":"unknown feature 'counter'; features are: greeter, tally"}"#,
          // A value no example shows is an action all the same.
          #"{"type":"state","session":1,"request":"m","state":{"greeting":"Mood: calm"}}"#,
          #"{"type":"finished","session":1,"request":"m","cancelled":false}"#,
        ])
      let (listed, _) = try await HostProcess.run(["features"], input: "", binary: binary)
      #expect(listed.first == "greeter: Greets whoever you name.")
      // An outside team's action types are named as the bundled features' are: a value never in a
      // name, a row's action by its own name with the row's id.
      let usages = listed.compactMap {
        $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: "  ")[0] : nil
      }
      // Every action of the type is listed, the examples' first; a value's possible values are
      // listed where its type can list them (a CaseIterable enum), and each case of an enum
      // without payloads that cannot is an action of its own.
      #expect(
        Array(usages.prefix(7)) == [
          "greet <name>", "toneChosen <warm|formal>", "guest.wave <guest id>",
          "guest.bow <guest id> <warm|formal>", "moodPicked.grumpy", "moodPicked.calm", "moodPicked.cheerful",
        ])
      let (typed, typedStatus) = try await HostProcess.run(
        ["run", "greeter", "--format", "json"],
        input: "guest.bow 3 formal\ntoneChosen.formal\nmoodPicked.cheerful\n", binary: binary
      )
      #expect(typedStatus == 0)
      #expect(typed.contains { $0.contains(#""greeting":"Guest 3 bows (formal).""#) })
      #expect(typed.contains { $0.contains(#""greeting":"Mood: cheerful""#) })
      #expect(typed.contains { $0.contains(#""code":"unknown_action""#) && $0.contains("toneChosen.formal") })
      // A value kept with `@Shared(.fileStorage(...))` in the data directory: each run of the host
      // reads what the run before saved (the host writes pending saves before it exits).
      let data = FileManager.default.temporaryDirectory.appendingPathComponent(
        "uno-tally-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: data) }
      for run in 1...2 {
        let (tally, tallyStatus) = try await HostProcess.run(
          ["serve", "--data-dir", data.path],
          input: """
            {"op":"open","feature":"tally"}
            {"op":"send","session":1,"action":"add","id":"a"}

            """,
          binary: binary)
        #expect(tallyStatus == 0)
        #expect(
          tally == [
            #"{"type":"opened","id":null,"session":1,"feature":"tally","state":{"count":\#(run - 1)}}"#,
            #"{"type":"state","session":1,"request":"a","state":{"count":\#(run)}}"#,
            #"{"type":"finished","session":1,"request":"a","cancelled":false}"#,
          ])
        let saved = try String(contentsOf: data.appendingPathComponent("tally.json"), encoding: .utf8)
        #expect(saved == "\(run)")
      }
      // The terminal mode comes with the kit too.
      let (shown, shownStatus) = try await HostProcess.run(
        ["run", "greeter", "--format", "pretty"], input: "greet Ada\n", binary: binary)
      #expect(shownStatus == 0)
      #expect(
        shown.joined(separator: "\n").contains(
          "after greet Ada:\n- GreeterState(greeting: \"\")\n+ GreeterState(greeting: \"Hello, Ada!\")"))
      // And the MCP server, over the outside package's own feature.
      let (answers, mcpStatus) = try await HostProcess.run(
        ["mcp"],
        input: """
          {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
          {"jsonrpc":"2.0","method":"notifications/initialized"}
          {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"open_session","arguments":{"feature":"greeter"}}}

          """,
        binary: binary)
      #expect(mcpStatus == 0)
      // Requests are answered concurrently (docs/mcp.md): look for each answer, not at an order.
      #expect(answers.contains { $0.contains(#""serverInfo":{"name":"greeter-host""#) })
      #expect(
        answers.contains {
          $0.contains(#""structuredContent":{"feature":"greeter","session":1,"state":{"greeting":""}}"#)
        })
    }
  }
#endif
