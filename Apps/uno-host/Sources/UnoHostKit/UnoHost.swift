// Compiled with the `Host` trait only (Package.swift).
#if Host
  import ArgumentParser
  import Dependencies
  import Foundation
  @_spi(Internals) import UnoCore
  import UnoHostCore
  import UnoHostInspector
  import UnoHostMCP
  import UnoPlugin

  /// A host for feature plugins: the command line of `uno-host` (the JSON-lines protocol, `run`,
  /// `features`, and their options) over the features you give it.
  ///
  /// A package that writes its own features builds its own host in a few lines:
  ///
  /// ```swift
  /// // Sources/my-host/main.swift
  /// import UnoHostKit
  /// import MyFeaturePlugin
  ///
  /// await UnoHost.main(features: [myFeaturePlugin])
  /// ```
  ///
  /// The bundled `uno-host` is exactly that over Counter, Search, Todos and Standups. See
  /// docs/plugins.md.
  public enum UnoHost {
    /// The version of UnoArchitecture the host is built from: the newest version CHANGELOG.md
    /// names (a build from a later commit also has what it lists under "Unreleased"; the commit
    /// says which).
    public static let version = "0.1.0"

    /// What `--version` prints: the version, and the commit the host was built from (or "commit
    /// unknown" where the sources were not a git clone), for example `0.1.0 (commit 1a2b3c…)`.
    public static var versionDescription: String {
      "\(version) (commit \(hostBuildCommit ?? "unknown"))"
    }

    /// Parses the command line and runs the host over `features`, then exits.
    ///
    /// - Parameters:
    ///   - features: The features the host can open, by their names.
    ///   - name: The command's name in help and messages (default: the executable's file name).
    public static func main(features: [FeaturePlugin], name: String? = nil) async -> Never {
      let commandName =
        name ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "uno-host").lastPathComponent
      let registry: FeatureRegistry
      do {
        registry = try FeatureRegistry(features)
      } catch {
        FileHandle.standardError.write(Data("\(commandName): cannot start: \(error)\n".utf8))
        exit(1)
      }
      HostConfiguration.current.withLock { $0 = HostConfiguration(registry: registry, name: commandName) }
      let subcommands = ["serve", "features", "run", "mcp", "replay", "explore", "inspect", "help"]
      switch subcommandFirst(
        Array(CommandLine.arguments.dropFirst()), subcommands: subcommands,
        optionsWithValues: [
          "--drain-timeout", "--data-dir", "--ids", "--format", "--record-limit", "--inspector-port",
          "--inspector-host", "--inspector-app-port", "--runs", "--steps", "--seed", "--time", "--output",
          "--allow-issue", "--exclude", "--given", "--announce-to", "--port", "--app-port", "--host",
          "--token",
        ])
      {
      case .success(let arguments):
        await HostCommand.main(arguments)
      case .failure(let error):
        FileHandle.standardError.write(Data("\(commandName): \(error). See '\(commandName) --help'.\n".utf8))
        exit(64)
      }
      exit(0)
    }
  }

  /// What ``UnoHost/main(features:name:)`` was given, for the commands that ArgumentParser creates.
  struct HostConfiguration: Sendable {
    var registry: FeatureRegistry?
    var name: String

    static let current = Locked(HostConfiguration(registry: nil, name: "uno-host"))
  }

  struct HostCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: HostConfiguration.current.withLock { $0.name },
        abstract: "Runs UnoArchitecture features headless, over JSON lines on stdin and stdout.",
        discussion: """
          The protocol is described in docs/host-protocol.md. Every subcommand but features and \
          explore takes \
          --data-dir <dir>, --ids <random|incrementing>, --trace, --record, --record-limit <n> and \
          --drain-timeout <seconds>, \
          before or after the subcommand's name; '\(HostConfiguration.current.withLock { $0.name }) \
          help serve' says what each does.
          """,
        version: UnoHost.versionDescription,
        subcommands: [
          Serve.self, Features.self, Run.self, MCPCommand.self, Replay.self, Explore.self, Inspect.self,
        ],
        defaultSubcommand: Serve.self
      )
    }
  }

  struct Options: ParsableArguments {
    @Option(help: "At end of input, how long to let running effects finish, in seconds.")
    var drainTimeout: Double = 10
    /// `drainTimeout` as a duration.
    var drain: Duration { .milliseconds(Int(drainTimeout * 1000)) }
    @Flag(
      help: """
        Print every change of every session to standard error: the action (or the effect and the \
        action that started it) and a diff of the domain state, each line tagged with the session.
        """)
    var trace = false
    @Option(
      help: """
        Where features keep their data (Todos' todos.json). Default: $XDG_DATA_HOME/uno-host, else \
        ~/.local/share/uno-host.
        """)
    var dataDir: String?
    @Option(
      help: """
        How new ids are made: random (the default), or incrementing, from \
        00000000-0000-0000-0000-000000000000 in every session, for reproducible scripts and \
        transcripts.
        """)
    var ids: IDs = .random

    enum IDs: String, ExpressibleByArgument { case random, incrementing }
    @Flag(
      help: """
        Record every session whose feature can be recorded (its state is Codable): the 'export' \
        request returns the recording, which 'replay' replays.
        """)
    var record = false
    @Option(help: "How many changes each recording keeps, the oldest dropped first (with --record).")
    var recordLimit = 10_000
    /// The recording limit when recording (`--record`, or `--inspector`, which shows recordings),
    /// `nil` otherwise.
    var recording: Int? { record || inspector ? recordLimit : nil }
    @Flag(
      help: """
        Also serve the inspector, a web page that shows every session live, its timeline and its \
        states, and rewinds it (docs/inspector.md). Its address, with its token, is printed to \
        standard error. Records every recordable session, as --record does.
        """)
    var inspector = false
    @Option(help: "The inspector's port (with --inspector). Default: a free one.")
    var inspectorPort = 0
    @Option(
      help: """
        The address the inspector listens on (with --inspector). Default: 127.0.0.1. Another \
        address lets other machines see and change your sessions: uno-host warns.
        """)
    var inspectorHost = "127.0.0.1"
    @Option(
      help: """
        Also let your own apps connect to the inspector on this port (with --inspector; 0: a free \
        one), as 'inspect' does: their sessions show in the same page as the host's. The line an \
        app calls, with the token, is printed to standard error.
        """)
    var inspectorAppPort: Int?

    func validate() throws {
      guard recordLimit >= 1 else {
        throw ValidationError("--record-limit is \(recordLimit); a recording keeps at least 1 change.")
      }
      guard (0...65535).contains(inspectorPort) else {
        throw ValidationError(
          "--inspector-port is \(inspectorPort); a port is from 0 (any free one) to 65535.")
      }
      if let inspectorAppPort {
        guard (0...65535).contains(inspectorAppPort) else {
          throw ValidationError(
            "--inspector-app-port is \(inspectorAppPort); a port is from 0 (any free one) to 65535.")
        }
        guard inspector else {
          throw ValidationError("--inspector-app-port needs --inspector: apps connect to the inspector.")
        }
      }
    }

    /// The dependency overrides of every session.
    var sessionDependencies: @Sendable (inout DependencyValues) -> Void {
      let (dataDir, ids) = (dataDir, ids)
      return { values in
        if let dataDir { values.hostDataDirectory = URL(fileURLWithPath: dataDir) }
        if ids == .incrementing { values.uuid = .incrementing }
      }
    }
  }

  /// The command's name, for messages.
  var hostName: String { HostConfiguration.current.withLock { $0.name } }

  /// The registry ``UnoHost/main(features:name:)`` made (it has checked it).
  func loadRegistry() -> FeatureRegistry {
    guard let registry = HostConfiguration.current.withLock({ $0.registry }) else {
      FileHandle.standardError.write(Data("\(hostName): no features were given to the host\n".utf8))
      exit(1)
    }
    return registry
  }

  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Speaks the JSON-lines protocol on stdin and stdout (the default)."
    )
    @OptionGroup var options: Options

    func run() async throws {
      let registry = loadRegistry()
      await serve(registry: registry, options: options, defaultFeature: nil)
    }
  }

  struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Opens a session of one feature; each line typed is an action for it.",
      discussion: """
        Type an action name (increment) or a JSON action ({"queryChanged":{"query":"cat"}}). \
        Protocol requests ({"op":...}) work too. Press Ctrl-D to end.
        """
    )
    @Argument(help: "The feature to run, e.g. counter.") var feature: String
    @Option(
      help: """
        pretty: the view state, then each change as a diff, for a person (the default when standard \
        output is a terminal); json: the protocol's JSON lines, for programs (the default otherwise).
        """)
    var format: Format?
    @OptionGroup var options: Options

    enum Format: String, ExpressibleByArgument { case pretty, json }

    func run() async throws {
      let registry = loadRegistry()
      guard registry[feature] != nil else {
        FileHandle.standardError.write(
          Data(
            "\(hostName): no feature '\(feature)'; features are: \(registry.plugins.map(\.name).joined(separator: ", "))\n"
              .utf8)
        )
        throw ExitCode(1)
      }
      switch format ?? (isatty(STDOUT_FILENO) == 1 ? .pretty : .json) {
      case .json:
        await serve(registry: registry, options: options, defaultFeature: feature)
      case .pretty:
        await runInTerminal(registry: registry, feature: feature, options: options)
      }
    }
  }

  struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mcp",
      abstract: "Serves the Model Context Protocol on stdin and stdout, for MCP clients.",
      discussion: """
        Tools: list_features, open_session, send_action, cancel_request, close_session, get_state, \
        export_recording. \
        Each open session's view state is the resource uno://sessions/<n>/state, which can be \
        subscribed to. See docs/mcp.md.
        """
    )
    @OptionGroup var options: Options

    func run() async throws {
      await serveMCP(registry: loadRegistry(), options: options)
    }
  }

  struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replays a recording against a fresh session of its feature, on a test clock.",
      discussion: """
        The recording is a file of JSON lines: the elements of an 'export' answer's "recording", \
        one per line. Exits 0 when every recorded state matches, 1 with the first difference, 65 \
        when the file is not a recording of a feature of this host, 66 when it cannot be read. \
        With --check-invariants, the feature's invariants are checked at every entry instead of \
        the recorded states: a recording of a bug, as 'explore' writes one, fails while the bug \
        is there and passes once it is fixed. See docs/host-protocol.md.
        """
    )
    @Argument(help: "The recording file.") var recording: String
    @Flag(
      help: """
        Check the feature's invariants at every entry instead of the recorded states (for a \
        recording of a bug, whose states are the bug's).
        """)
    var checkInvariants = false
    @OptionGroup var options: Options
    // (`--data-dir` is not used: a replay runs in an empty data directory of its own.)

    func run() async throws {
      let registry = loadRegistry()
      func fail(_ message: String, _ code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("\(hostName) replay: \(message)\n".utf8))
        return ExitCode(code)
      }
      let text: String
      do {
        text = try String(contentsOfFile: recording, encoding: .utf8)
      } catch {
        throw fail("cannot read \(recording): \(error.localizedDescription)", 66)
      }
      guard let feature = recordedFeature(text) else {
        throw fail(
          """
          \(recording) names no feature: its first line is not a recording header with a "feature" \
          (uno-host writes one in every recording it exports)
          """, 65)
      }
      guard let plugin = registry[feature] else {
        throw fail(
          """
          \(recording) is a recording of '\(feature)', which this host does not have; its features \
          are: \(registry.plugins.map(\.name).joined(separator: ", "))
          """, 65)
      }
      // The session starts at the recording's initial state, whatever its feature loads: it gets
      // an empty data directory of its own, so that a replay never reads or writes a user's data.
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "uno-replay-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: scratch) }
      let sessionDependencies = options.sessionDependencies
      do {
        let entries = try await plugin.replay(
          jsonLines: text,
          withDependencies: { values in
            sessionDependencies(&values)
            values.hostDataDirectory = scratch
          }, checkingInvariants: checkInvariants)
        print(
          checkInvariants
            ? "replayed \(entries) entries of \(feature): every invariant held at every entry"
            : "replayed \(entries) entries of \(feature): every state matches the recording")
      } catch let mismatch as ReplayMismatch {
        print(mismatch.message)
        throw ExitCode(1)
      } catch let error as RecordingError {
        throw fail("\(recording), \(error)", 65)
      } catch {
        throw fail("\(error)", 65)
      }
    }

    /// The `feature` of a recording's header line, if it has one.
    private func recordedFeature(_ text: String) -> String? {
      guard let first = text.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }),
        case .object(let header)? = try? JSONDecoder().decode(JSONValue.self, from: Data(first.utf8)),
        case .string(let feature)? = header["feature"]
      else { return nil }
      return feature
    }
  }

  struct Inspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serves the inspector for your own apps, and waits for them to connect.",
      discussion: """
        Prints the page's address, and the address and token an app connects with:         UnoInspection.connect(to: "127.0.0.1:7433", token: "<token>", app: "MyApp") in the app's         debug build (docs/inspector.md, "Your own app"). Runs until interrupted.
        """)
    @Option(help: "The page's port. Default: a free one.")
    var port = 0
    @Option(help: "The port apps connect to.")
    var appPort = 7433
    @Option(
      help: """
        The address to listen on. Default: 127.0.0.1. Another address (a device reaching this Mac)         lets whoever reaches it with the token see and change the apps' sessions.
        """)
    var host = "127.0.0.1"
    @Option(
      help: """
        The token pages and apps need (at least 16 characters). Default: a random one each start;         give one to keep an app's configuration across restarts of the inspector.
        """)
    var token: String?

    func validate() throws {
      guard (0...65535).contains(port), (0...65535).contains(appPort) else {
        throw ValidationError("--port and --app-port are from 0 (any free one) to 65535.")
      }
      if let token, token.count < 16 || !token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) {
        throw ValidationError("--token needs at least 16 letters, digits or dashes.")
      }
    }

    @MainActor
    func run() async throws {
      signal(SIGPIPE, SIG_IGN)
      if !["127.0.0.1", "localhost", "::1"].contains(host) {
        FileHandle.standardError.write(
          Data(
            """
            \(hostName): warning: the inspector listens on \(host), not only on this machine: whoever \
            reaches that address and has the token can see and change every app's sessions.

            """.utf8))
      }
      let sessions = HostSessions(registry: loadRegistry())
      let server: InspectorServer
      do {
        server = try await InspectorServer.start(
          inspector: Inspector(sessions: sessions, via: "app"), host: host, port: port,
          token: token ?? InspectorServer.randomToken(), appPort: appPort)
      } catch {
        FileHandle.standardError.write(Data("\(hostName): cannot start the inspector: \(error)\n".utf8))
        Foundation.exit(1)
      }
      FileHandle.standardError.write(Data("\(hostName): inspector at \(server.address)\n".utf8))
      announceAppPort(of: server, host: host)
      let signals = handleSignals { Foundation.exit(0) }
      while true { try? await Task.sleep(for: .seconds(3600)) }
      withExtendedLifetime(signals) {}
    }
  }

  struct Features: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lists the features and their actions.")

    func run() {
      print(describeFeatures(loadRegistry()), terminator: "")
    }
  }

  @MainActor
  func serve(registry: FeatureRegistry, options: Options, defaultFeature: String?) async {
    signal(SIGPIPE, SIG_IGN)
    let writer = StdoutWriter()
    let host = ProtocolHost(
      registry: registry, sessionDependencies: options.sessionDependencies,
      trace: options.trace ? ProtocolHost.traceToStandardError : nil, recordLimit: options.recording
    ) {
      writer.write($0)
    }
    let signals = handleSignals {
      writer.flush(); exit(0)
    }
    let inspector = await startInspector(host.hostSessions, via: "stdin", options: options)
    var defaultSession: Int? = nil
    if let defaultFeature {
      defaultSession = host.open(defaultFeature)
    }
    writer.flush()

    var splitter = LineSplitter(maximumLength: Limits.maximumLineLength)
    var quit = false
    func handle(_ events: [LineSplitter.Event]) {
      for event in events where !quit {
        if let session = defaultSession, case .line(let line) = event {
          // `run --format json`: a line is read as a person types it (TypedLine).
          quit = !host.handle(typed: line, session: session)
        } else {
          host.handle(event)
        }
      }
    }
    for await chunk in StdinReader.chunks() {
      writer.batch { handle(splitter.append(chunk.bytes)) }
      chunk.processed()
      if quit { break }
    }
    if !quit { writer.batch { handle(splitter.finish()) } }
    await host.endOfInput(drainTimeout: options.drain)
    await inspector?.stop()
    await saveSharedValues()
    writer.flush()
    withExtendedLifetime(signals) {}
  }

  /// Starts the inspector over `sessions` when `--inspector` was given, and prints its address.
  /// A host whose inspector cannot listen does not start: the user asked for it.
  @MainActor
  func startInspector(_ sessions: HostSessions, via: String, options: Options) async -> InspectorServer? {
    guard options.inspector else { return nil }
    let isLoopback = ["127.0.0.1", "localhost", "::1"].contains(options.inspectorHost)
    if !isLoopback {
      FileHandle.standardError.write(
        Data(
          """
          \(hostName): warning: the inspector listens on \(options.inspectorHost), not only on this \
          machine: whoever reaches that address and has the token can see and change every session.

          """.utf8))
    }
    do {
      let server = try await InspectorServer.start(
        inspector: Inspector(sessions: sessions, via: via), host: options.inspectorHost,
        port: options.inspectorPort, appPort: options.inspectorAppPort)
      FileHandle.standardError.write(Data("\(hostName): inspector at \(server.address)\n".utf8))
      announceAppPort(of: server, host: options.inspectorHost)
      return server
    } catch {
      FileHandle.standardError.write(
        Data(
          "\(hostName): cannot start the inspector on \(options.inspectorHost):\(options.inspectorPort): \(error)\n"
            .utf8))
      exit(1)
    }
  }

  /// Prints where apps connect to `server` and the line an app calls, if it takes apps.
  func announceAppPort(of server: InspectorServer, host: String) {
    guard let appPort = server.appPort else { return }
    let shownHost = host.contains(":") ? "[\(host)]" : host
    FileHandle.standardError.write(
      Data(
        """
        \(hostName): apps connect to \(shownHost):\(appPort) with the token \(server.token):
          UnoInspection.connect(to: "\(shownHost):\(appPort)", token: "\(server.token)", app: "MyApp")

        """.utf8))
  }

  /// Writes the shared values kept in files (`@Shared(.fileStorage(...))`) whose save is still
  /// waiting out its delay, and returns once they are on disk: what the host does before it exits,
  /// so that a change answered before the end of input is not lost.
  @MainActor
  func saveSharedValues() async {
    @Dependency(\.sharedStore) var sharedStore
    await sharedStore.flush()
  }

  /// `run <feature>` in the terminal mode (``TerminalSession``): lines typed in, changes out as diffs.
  @MainActor
  func runInTerminal(registry: FeatureRegistry, feature: String, options: Options) async {
    signal(SIGPIPE, SIG_IGN)
    let writer = StdoutWriter()
    // A person at a terminal types into a prompt with line editing and a history; otherwise
    // (input from a file or a pipe) lines are read as they come.
    let prompted =
      PromptedInput.isInteractive
      ? PromptedInput(writer: writer, maximumLength: Limits.maximumLineLength) : nil
    let signals = handleSignals {
      prompted?.hide()
      writer.flush()
      RawTerminal.restore()
      exit(0)
    }
    let terminal: TerminalSession
    do {
      terminal = try TerminalSession(
        plugin: registry[feature]!, registry: registry, sessionDependencies: options.sessionDependencies,
        recordLimit: options.recording,
        write: { text in
          if let prompted { prompted.print(text) } else { writer.write(text) }
        })
    } catch {
      FileHandle.standardError.write(Data("\(hostName): \(error.message)\n".utf8))
      exit(1)
    }
    let inspector = await startInspector(terminal.sessions, via: "terminal", options: options)
    if let prompted, RawTerminal.enter() {
      prompted.show()
      for await chunk in StdinReader.chunks() {
        var goesOn = true
        writer.batch {
          goesOn = prompted.read(chunk.bytes) { line in
            terminal.handle(line)
            return !terminal.hasQuit
          }
        }
        chunk.processed()
        if !goesOn { break }
      }
      prompted.finish()
      writer.flush()
      RawTerminal.restore()
    } else {
      await readLines(into: terminal, writer: writer)
    }
    // Let the effects of what was typed finish (a debounced search), so that their changes show.
    await terminal.drain(timeout: options.drain)
    await inspector?.stop()
    await saveSharedValues()
    writer.flush()
    withExtendedLifetime(signals) {}
  }

  /// Hands `terminal` each line of standard input as it comes, until the input ends or `quit`.
  @MainActor
  private func readLines(into terminal: TerminalSession, writer: StdoutWriter) async {
    var splitter = LineSplitter(maximumLength: Limits.maximumLineLength)
    reading: for await chunk in StdinReader.chunks() {
      var quit = false
      writer.batch {
        for event in splitter.append(chunk.bytes) where !quit {
          guard case .line(let bytes) = event else {
            writer.write("That line is too long; type a shorter action.")
            continue
          }
          terminal.handle(String(decoding: bytes, as: UTF8.self))
          quit = terminal.hasQuit
        }
      }
      chunk.processed()
      if quit { break reading }
    }
    guard !terminal.hasQuit else { return }
    writer.batch {
      for event in splitter.finish() {
        if case .line(let bytes) = event { terminal.handle(String(decoding: bytes, as: UTF8.self)) }
      }
    }
  }

  /// `mcp`: the MCP server (``MCPHost``) on stdin and stdout until the client leaves. The effects
  /// still running then get the drain timeout to finish (a save must not be cut short), then every
  /// session is closed.
  @MainActor
  func serveMCP(registry: FeatureRegistry, options: Options) async {
    signal(SIGPIPE, SIG_IGN)
    let host = MCPHost(
      registry: registry, sessionDependencies: options.sessionDependencies,
      trace: options.trace ? ProtocolHost.traceToStandardError : nil, recordLimit: options.recording,
      name: hostName)
    let signals = handleSignals { exit(0) }
    let transport = MCPStdioTransport()
    let timeout = options.drain
    do {
      try await host.start(transport: transport)
    } catch {
      FileHandle.standardError.write(Data("\(hostName): cannot serve MCP: \(error)\n".utf8))
      exit(1)
    }
    let inspector = await startInspector(host.hostSessions, via: "mcp", options: options)
    await host.waitUntilClientLeaves()
    await transport.waitUntilAnswered(timeout: timeout)
    await host.drain(timeout: timeout)
    await inspector?.stop()
    await host.stop()
    await saveSharedValues()
    withExtendedLifetime(signals) {}
  }
#endif
