// Compiled with the `Host` trait only (Package.swift).
#if Host
  import ArgumentParser
  import Dependencies
  import Foundation
  @_spi(Internals) import UnoCore
  import UnoJSON
  import UnoPlugin
  @_spi(Internals) import UnoPresentation
  @_spi(Internals) import UnoTesting

  struct Explore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Explores a feature: runs of its actions in any order, checked after every step.",
      discussion: """
        Each run starts a fresh session (an empty data directory, incrementing ids, a test clock) \
        and sends actions made from every case of the feature's action type, ids taken from the \
        state, moving the clock on between them. After every step: no issue reported by the \
        library, the view state is the one the state makes, and it encodes; at the end of a run, \
        once every timer has fired: no \
        effect left running, and a Codable state survives a round trip. A failure is shrunk to \
        the shortest run that still fails, printed as typed lines, and written as a recording \
        that 'replay' runs (with --check-invariants, checking the feature's invariants instead of \
        the recorded states, the bug's). The runs are made in a child process: a feature \
        that crashes it (a precondition) is reported with the run that crashed it, shrunk in \
        further children, its steps written to a file that --given runs again, and its run to a \
        recording beside it that 'replay' crashes on until it is fixed. Exits 0 when every run held, 1 with \
        a failure. The same seed makes the same runs. See docs/testing-guide.md, "Exploring a \
        feature".
        """
    )
    @Argument(help: "The feature to explore, e.g. todos.") var feature: String
    @Option(help: "How many runs to make.") var runs = 100
    @Option(help: "How many actions each run sends.") var steps = 30
    @Option(help: "The seed that makes the runs.") var seed: UInt64 = 0
    @Option(
      help: """
        How far the test clock may move on after an action, in seconds, comma-separated; one is \
        drawn per step, and shrinking goes to the first.
        """)
    var time = "0,0,0,0.1,1,10"
    @Option(
      help: """
        Where to write the shortest failing run's recording. Default: \
        <feature>-seed<seed>.jsonl in the current directory (a free name: an existing file is \
        never replaced).
        """)
    var output: String?
    @Option(
      name: .customLong("allow-issue"),
      help: """
        An issue the library may report without failing the run: one whose message contains this \
        text. Repeatable. Input the feature refused and reported to its sender (a message with \
        "was dropped") is allowed unless --strict.
        """)
    var allowedIssues: [String] = []
    @Option(
      name: .customLong("exclude"),
      help: """
        An action never to send, by its name as 'features' lists it (path.push), or every action \
        under a name (path). Repeatable.
        """)
    var excluded: [String] = []
    @Flag(help: "Fail on every issue the library reports, refused input included.")
    var strict = false
    @Option(
      help: """
        Run these steps once instead of generated runs: the file a crash's report names (JSON, \
        each step's choices and clock move). The runs' other options must be as they were.
        """)
    var given: String?
    @Flag(help: "Explore in this process, not in a child: a crash ends the exploration.")
    var inProcess = false
    @Option(help: .hidden) var announceTo: String?
    @Option(help: .hidden) var crashRecordingTo: String?
    @Flag(help: .hidden) var typedAnnouncements = false

    /// Whether an issue with `message` may be reported without failing the run.
    var allowsIssue: @Sendable (String) -> Bool {
      let allowed = (strict ? [] : ["was dropped"]) + allowedIssues
      return { message in allowed.contains { message.contains($0) } }
    }

    func validate() throws {
      guard runs >= 0, steps >= 0 else {
        throw ValidationError("--runs is \(runs) and --steps \(steps): both are counts, 0 or more.")
      }
      _ = try advances()
    }

    /// `--time` as durations.
    func advances() throws -> [Duration] {
      let words = time.split(separator: ",", omittingEmptySubsequences: false)
      let seconds = words.map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard !words.isEmpty, seconds.allSatisfy({ $0 != nil && $0! >= 0 && $0!.isFinite }) else {
        throw ValidationError(
          "--time is '\(time)': give seconds of 0 or more, comma-separated, such as 0,0,0.1,1,10.")
      }
      return seconds.map { .milliseconds(Int(($0! * 1000).rounded())) }
    }

    func run() async throws {
      let registry = loadRegistry()
      guard let plugin = registry[feature] else {
        FileHandle.standardError.write(
          Data(
            "\(hostName) explore: no feature '\(feature)'; features are: \(registry.plugins.map(\.name).joined(separator: ", "))\n"
              .utf8))
        throw ExitCode(1)
      }
      // Read here in the parent too, so that a bad file is a usage error before any child runs.
      let givenSteps = try readGiven()
      guard inProcess else { return try await exploreInChildren() }
      let typed: ((any Encodable) -> String)? =
        typedAnnouncements ? { (action: any Encodable) in typedLine(of: action, in: plugin) } : nil
      let announcer = try announceTo.map { try StepAnnouncer(path: $0, typed: typed) }
      let runs = runs
      let every = max(1, runs / 10)
      let outcome = await exploreFeature(
        plugin, runs: runs, steps: steps, seed: seed, advances: try advances(), excluding: excluded,
        allowingIssues: allowsIssue, given: givenSteps, announcer: announcer,
        crashRecording: crashRecordingTo.map { URL(fileURLWithPath: $0) }
      ) { run in
        guard run % every == 0 else { return }
        FileHandle.standardError.write(Data("\(hostName) explore: run \(run + 1) of \(runs)\n".utf8))
      }
      guard let failure = outcome else {
        if let givenSteps {
          print("ran the \(givenSteps.count) given step(s) of \(feature): every check held")
        } else {
          print("explored \(runs) run(s) of \(steps) step(s) of \(feature) (seed \(seed)): every check held")
        }
        return
      }
      print(failure.report)
      guard let recording = failure.recording else {
        print("(\(feature)'s state is not Codable: the run cannot be written as a recording)")
        throw ExitCode(1)
      }
      do {
        let file = try writeNew(
          recording, to: output.map { URL(fileURLWithPath: $0) },
          default: URL(fileURLWithPath: "\(feature)-seed\(seed).jsonl"))
        print(
          "The run is in \(file.path); '\(hostName) replay --ids incrementing \(file.path)' replays it (add --check-invariants to check the feature's invariants instead of the recorded states, which are the bug's)."
        )
      } catch {
        FileHandle.standardError.write(
          Data("\(hostName) explore: cannot write the recording: \(error.localizedDescription)\n".utf8))
      }
      throw ExitCode(1)
    }

    /// The steps of `--given`, if given. A file that cannot be read or is not steps is an error
    /// that says which and why.
    private func readGiven() throws -> [ExplorationStep]? {
      guard let given else { return nil }
      do {
        return try JSONDecoder().decode(
          [ExplorationStep].self, from: Data(contentsOf: URL(fileURLWithPath: given)))
      } catch {
        throw ValidationError(
          "--given '\(given)' is not a run's steps (\(error.localizedDescription)): give the file a crash's report names."
        )
      }
    }

    /// Explores in a child process (this executable, `--in-process`) and, if a run crashes it,
    /// shrinks that run in further children and reports it (``ChildExploration``).
    private func exploreInChildren() async throws {
      let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
      var arguments = ["explore", feature, "--runs", "\(runs)", "--steps", "\(steps)", "--seed", "\(seed)"]
      arguments += ["--time", time]
      arguments += allowedIssues.flatMap { ["--allow-issue", $0] } + excluded.flatMap { ["--exclude", $0] }
      if strict { arguments.append("--strict") }
      if let output { arguments += ["--output", output] }
      let children = ChildExploration(executable: executable, arguments: arguments, advances: try advances())
      let (status, found) = try await children.explore(first: given.map { ["--given", $0] } ?? [])
      guard let crash = found else {
        if status != 0 { throw ExitCode(status) }
        return
      }
      print(children.report(crash, seed: given == nil ? seed : nil))
      // The steps at --output (or a free name), the recording beside them, named as they are with
      // .jsonl for .json.
      let stepsFile = output.map { URL(fileURLWithPath: $0) }
      do {
        let file = try writeNew(
          to: stepsFile, default: URL(fileURLWithPath: "\(feature)-seed\(seed)-crash.json")
        ) { try ChildExploration.write(crash.steps, to: $0) }
        print(
          "The run's steps are in \(file.path); '\(hostName) explore \(feature) --given \(file.path)' runs them again (with the same --time)."
        )
      } catch {
        FileHandle.standardError.write(
          Data("\(hostName) explore: cannot write the run's steps: \(error.localizedDescription)\n".utf8))
      }
      guard let recording = crash.recording else {
        print(
          "(No recording of the run: \(crash.reproduced ? "\(feature)'s state is not Codable" : "the run did not crash again").)"
        )
        throw ExitCode(1)
      }
      do {
        let file = try writeNew(
          recording,
          to: stepsFile.map { $0.deletingPathExtension().appendingPathExtension("jsonl") },
          default: URL(fileURLWithPath: "\(feature)-seed\(seed)-crash.jsonl"))
        print(
          "The run is in \(file.path), as a recording whose last action is the one that crashed: '\(hostName) replay --ids incrementing \(file.path)' crashes until the crash is fixed."
        )
      } catch {
        FileHandle.standardError.write(
          Data("\(hostName) explore: cannot write the recording: \(error.localizedDescription)\n".utf8))
      }
      throw ExitCode(1)
    }

    /// Writes `text` atomically to `url`, or, without one, to `fallback` or the first free name
    /// beside it (`todos-seed0-2.jsonl`): an earlier exploration's file is kept.
    private func writeNew(_ text: String, to url: URL?, default fallback: URL) throws -> URL {
      try writeNew(to: url, default: fallback) { try Data(text.utf8).write(to: $0, options: .atomic) }
    }

    /// Writes with `write` (which writes atomically) to `url`, or, without one, to `fallback` or
    /// the first free name beside it: an earlier exploration's file is kept.
    private func writeNew(to url: URL?, default fallback: URL, _ write: (URL) throws -> Void) throws -> URL {
      var target = url ?? fallback
      if url == nil {
        var number = 2
        let stem = fallback.deletingPathExtension().lastPathComponent
        let suffix = fallback.pathExtension
        while FileManager.default.fileExists(atPath: target.path) {
          target = fallback.deletingLastPathComponent().appendingPathComponent("\(stem)-\(number).\(suffix)")
          number += 1
        }
      }
      try write(target)
      return target
    }
  }

  /// What exploring a feature from a host found: the report, with each step as the line a person
  /// types, and the shortest run as a recording (`nil` when the state is not `Codable`).
  struct HostExplorationFailure {
    var report: String
    var recording: String?
    /// The actions of the shortest run, as typed lines.
    var typedSteps: [String]
  }

  /// Explores `plugin` as `uno-host explore` does: each run a session of its own, made as the
  /// plugin makes one, in an empty data directory, with incrementing ids and the run's test clock.
  /// Beside the built-in checks and the plugin's invariants, the view state (reduced from every
  /// state the run reaches, as the session's view model reduces it) must encode.
  @MainActor
  func exploreFeature(
    _ plugin: FeaturePlugin, runs: Int, steps: Int, seed: UInt64, advances: [Duration],
    excluding excluded: [String] = [], allowingIssues: @escaping (String) -> Bool = { _ in false },
    given: [ExplorationStep]? = nil, announcer: StepAnnouncer? = nil, crashRecording: URL? = nil,
    onRun: (Int) -> Void = { _ in }
  ) async -> HostExplorationFailure? {
    await exploreFeature(
      plugin.explorable, plugin: plugin, runs: runs, steps: steps, seed: seed, advances: advances,
      excluding: excluded, allowingIssues: allowingIssues, given: given, announcer: announcer,
      crashRecording: crashRecording, onRun: onRun)
  }

  @MainActor
  private func exploreFeature<Feature: ExplorableFeature>(
    _ feature: Feature, plugin: FeaturePlugin, runs: Int, steps: Int, seed: UInt64, advances: [Duration],
    excluding excluded: [String], allowingIssues: @escaping (String) -> Bool,
    given: [ExplorationStep]?, announcer: StepAnnouncer?, crashRecording: URL?, onRun: (Int) -> Void
  ) async -> HostExplorationFailure? {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uno-explore-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var made = 0
    var current: ViewModel<Feature.Action, Feature.DomainState, Feature.ViewState>?
    // The run's clock, as the steps moved it (a crash's recording times its entries with it).
    var elapsed = Duration.zero
    let failure = await explore(
      making: {
        // Each run its own data directory: a run never sees what another one saved.
        made += 1
        let directory = scratch.appendingPathComponent("run-\(made)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let viewModel = withDependencies {
          $0.hostDataDirectory = directory
        } operation: {
          feature.makeViewModel()
        }
        current = viewModel
        // Owned by what checks its view state after every step.
        return (viewModel._runtime, explorationOwner(of: viewModel))
      },
      feature: plugin.name, runs: runs, steps: steps, seed: seed, advances: advances,
      excluding: { action in
        guard !excluded.isEmpty, let name = actionJSON(action).flatMap(plugin.namedAction)?.name else {
          return false
        }
        return excluded.contains { name == $0 || name.hasPrefix($0 + ".") }
      },
      allowingIssues: allowingIssues,
      withDependencies: { $0.uuid = .incrementing },
      invariants: feature.invariants.map { Invariant($0.name, $0.holds) } + [
        Invariant("the view state encodes as JSON") { _ in
          guard let current else { return true }
          return (try? JSONEncoder().encode(current.viewState)) != nil
        }
      ],
      given: given,
      onRun: onRun,
      onEvent: { event in
        announcer?.announce(event)
        guard let crashRecording else { return }
        // Before each step, the run so far as a recording, and the action about to be sent: if
        // it crashes the process, the file holds the run up to the action that crashed it. That
        // entry keeps the state before it, since the step leaves none.
        switch event {
        case .runStarted:
          elapsed = .zero
        case .stepping(let step, let action):
          if let runtime = current?._runtime, var recording = runtime.recording {
            recording.entries.append(
              .init(kind: .action, action: action, elapsed: elapsed, state: runtime.state))
            if let text = try? (recording as? any JSONLinesRecording)?.jsonLines() {
              try? Data(text.utf8).write(to: crashRecording, options: .atomic)
            }
          }
          elapsed += advances[min(step.advance, advances.count - 1)]
        }
      })
    guard let failure else { return nil }
    let typed = failure.actions.map { typedLine(of: $0, in: plugin) }
    var index = 0
    let report = failure.report { _ in
      defer { index += 1 }
      return typed[index]
    }
    return HostExplorationFailure(
      report: report, recording: try? (failure.recording as? any JSONLinesRecording)?.jsonLines(),
      typedSteps: typed)
  }

  /// The line a person types for `action` (`todo.rename 0000…0001 Buy oat milk`), or its JSON
  /// when the plugin cannot name it.
  func typedLine(of action: some Encodable, in plugin: FeaturePlugin) -> String {
    guard let json = actionJSON(action) else { return "\(action)" }
    return plugin.namedAction(json)?.typed ?? json.text
  }

  /// `action` as the JSON a session reads.
  private func actionJSON(_ action: some Encodable) -> JSONValue? {
    (try? JSONValueEncoder().encode(action))
      ?? (try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(action)))
  }

  /// A recording that can be written as JSON lines: one whose state and action are `Encodable`,
  /// which a generic host function cannot ask of its types.
  private protocol JSONLinesRecording {
    func jsonLines() throws -> String
  }

  extension Recording: JSONLinesRecording where State: Encodable, Action: Encodable {}
#endif
