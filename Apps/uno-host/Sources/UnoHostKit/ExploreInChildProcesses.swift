// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  @_spi(Internals) import UnoTesting

  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif

  /// How `explore` keeps a crash from taking the exploration down with it: the runs are made in a
  /// child process (this executable again, `explore … --in-process`), which announces each run and
  /// each step to a file before it sends the step's action. If the child is killed by a signal (a
  /// precondition, a `fatalError`, an index out of range), the file holds the run that crashed it,
  /// up to the step that did; that run is shrunk in further children, each running the candidate
  /// steps (`--given`) and crashing or not, and the shortest run that still crashes is run once
  /// more for its typed lines and the message the process printed as it died.
  ///
  /// A crash is a failure of its own kind: it is shrunk to the shortest run that crashes, whatever
  /// the message (two preconditions of one feature are one failure to fix, then the next).
  struct ChildExploration {
    /// This executable.
    let executable: URL
    /// The arguments of every child but those `runChild` adds: the subcommand, the feature and
    /// the options the user gave.
    let arguments: [String]
    /// What the user's `--time` gives: the clock's moves a step's `advance` picks from.
    let advances: [Duration]
    /// The most candidate runs tried while shrinking a crash. A child takes tens of milliseconds
    /// to start, so a crash is shrunk in seconds to a minute, not the in-process explorer's 2,000.
    var shrinkBudget = 400

    /// How a child ended, and what it announced.
    struct Ended {
      /// The signal that killed it, if one did.
      var signal: Int32?
      var exitStatus: Int32
      /// The last run it announced, step by step.
      var steps: [ExplorationStep]
      /// The typed line of each announced step (with `--typed-announcements`).
      var typed: [String]
    }

    /// Runs a child with `extra` arguments; its standard output and error go where `output` and
    /// `errors` say (inherited when `nil`).
    func runChild(_ extra: [String], output: FileHandle?, errors: FileHandle?) async throws -> Ended {
      let announcements = FileManager.default.temporaryDirectory.appendingPathComponent(
        "uno-explore-steps-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: announcements) }
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments + ["--in-process", "--announce-to", announcements.path] + extra
      if let output { process.standardOutput = output }
      if let errors { process.standardError = errors }
      // A crashing child reports in one line instead of symbolicating a backtrace (seconds each).
      var environment = ProcessInfo.processInfo.environment
      environment["SWIFT_BACKTRACE"] = "enable=no"
      process.environment = environment
      let (status, reason) = try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<(Int32, Process.TerminationReason), any Error>) in
        process.terminationHandler = {
          continuation.resume(returning: ($0.terminationStatus, $0.terminationReason))
        }
        do { try process.run() } catch {
          process.terminationHandler = nil
          continuation.resume(throwing: error)
        }
      }
      let (steps, typed) = Self.readAnnouncements(at: announcements)
      return Ended(
        signal: reason == .uncaughtSignal ? status : nil, exitStatus: status, steps: steps, typed: typed)
    }

    /// The last run announced in the file at `url` (``StepAnnouncer`` writes it): its steps and,
    /// where announced, their typed lines. A line cut short by the crash is left out.
    static func readAnnouncements(at url: URL) -> ([ExplorationStep], [String]) {
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { return ([], []) }
      var steps: [ExplorationStep] = []
      var typed: [String] = []
      for line in text.split(separator: "\n") {
        guard let announced = try? JSONDecoder().decode(Announced.self, from: Data(line.utf8)) else {
          continue
        }
        if announced.run != nil {
          steps = []
          typed = []
        } else if let choices = announced.choices, let advance = announced.advance {
          steps.append(ExplorationStep(choices: choices, advance: advance))
          typed.append(announced.typed ?? "")
        }
      }
      return (steps, typed)
    }

    /// One announced line.
    struct Announced: Decodable {
      var run: Bool?
      var choices: [UInt64]?
      var advance: Int?
      var typed: String?
    }

    /// What exploring in children found: nothing (`nil`, the child's own output said all), or a
    /// crash, shrunk.
    struct Crash {
      var signal: Int32
      /// The shortest run that crashed, and how long the one first found was.
      var steps: [ExplorationStep]
      var originalLength: Int
      var typed: [String]
      /// What the child printed as it died (the precondition's message), or `nil` if nothing.
      var message: String?
      /// Whether the shortest run crashed again when it was run for the report.
      var reproduced: Bool
      /// The shortest run as a recording (JSON lines), its last action the one that crashed;
      /// `nil` when it did not crash again or the state is not `Codable`.
      var recording: String?
    }

    /// Runs `first` (the exploration, or given steps) in a child with its output shown; if it is
    /// killed by a signal, shrinks the run it announced last.
    func explore(first: [String]) async throws -> (exitStatus: Int32, crash: Crash?) {
      let ended = try await runChild(first, output: nil, errors: nil)
      guard let signal = ended.signal else { return (ended.exitStatus, nil) }
      let count = ended.steps.count
      FileHandle.standardError.write(
        Data(
          "\(hostName) explore: the feature crashed its process (\(Self.name(of: signal))) at step \(count) of a run; shrinking the run in child processes\n"
            .utf8))
      let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "uno-explore-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: scratch) }
      let given = scratch.appendingPathComponent("given.json")
      let silent = FileHandle.nullDevice
      let shortest = await shrinkRun(
        ended.steps, failingAt: count == 0 ? nil : count - 1, budget: shrinkBudget
      ) {
        candidate in
        guard (try? Self.write(candidate, to: given)) != nil,
          let tried = try? await runChild(["--given", given.path], output: silent, errors: silent),
          tried.signal != nil
        else { return nil }
        return (tried.steps, tried.steps.isEmpty ? nil : tried.steps.count - 1)
      }
      // Once more, for the typed lines, the recording and what the process said as it died.
      try Self.write(shortest, to: given)
      let recorded = scratch.appendingPathComponent("crash.jsonl")
      let said = scratch.appendingPathComponent("stderr")
      guard FileManager.default.createFile(atPath: said.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: said.path])
      }
      let errors = try FileHandle(forWritingTo: said)
      let last = try await runChild(
        ["--given", given.path, "--typed-announcements", "--crash-recording-to", recorded.path],
        output: silent, errors: errors)
      try? errors.close()
      let message = Self.crashMessage(try? String(contentsOf: said, encoding: .utf8))
      return (
        1,
        Crash(
          signal: last.signal ?? signal, steps: last.signal != nil ? last.steps : shortest,
          originalLength: count, typed: last.typed, message: message, reproduced: last.signal != nil,
          recording: last.signal != nil ? try? String(contentsOf: recorded, encoding: .utf8) : nil)
      )
    }

    /// The report of `crash`: the steps as typed lines, the signal, the process's last words.
    func report(_ crash: Crash, seed: UInt64?) -> String {
      let from = seed.map { " (seed \($0))" } ?? ""
      var lines = [
        "Exploration crashed the feature (\(Self.name(of: crash.signal)))\(from); shortest run, \(crash.steps.count) step(s), from \(crash.originalLength):"
      ]
      for (index, step) in crash.steps.enumerated() {
        let advance = advances[min(step.advance, advances.count - 1)]
        let then = advance == .zero ? "" : "   then \(advance)"
        let typed = index < crash.typed.count ? crash.typed[index] : "(a step the report's run did not reach)"
        lines.append("  \(index + 1). \(typed)\(then)")
      }
      if let message = crash.message {
        lines.append("The process said as it crashed:")
        lines.append(contentsOf: message.split(separator: "\n").map { "  \($0)" })
      }
      if !crash.reproduced {
        lines.append(
          "Run once more for this report, the shortest run did not crash: the crash depends on more than the steps (a thread, the time, the file system)."
        )
      }
      return lines.joined(separator: "\n")
    }

    /// The lines of a dying process's standard error that say why: the Swift runtime's "Fatal
    /// error" line and what follows it, up to its stack trace, or else its last lines.
    static func crashMessage(_ text: String?) -> String? {
      guard let text else { return nil }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
      guard !lines.isEmpty else { return nil }
      guard
        let start = lines.firstIndex(where: {
          $0.contains("Fatal error") || $0.contains("Precondition failed")
        })
      else { return lines.suffix(5).joined(separator: "\n") }
      let message = lines[start...].prefix { !$0.hasPrefix("Current stack trace") }.prefix(5)
      return message.joined(separator: "\n")
    }

    /// `steps` as the JSON `--given` reads, written atomically.
    static func write(_ steps: [ExplorationStep], to url: URL) throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(steps).write(to: url, options: .atomic)
    }

    /// `signal` as its name and number (`SIGILL, signal 4`).
    static func name(of signal: Int32) -> String {
      let names: [Int32: String] = [
        SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS",
        SIGFPE: "SIGFPE", SIGKILL: "SIGKILL",
      ]
      return "\(names[signal] ?? "signal") \(signal)"
    }
  }

  /// Writes what a child exploration announces to the file the parent gave (`--announce-to`):
  /// a line when a run begins, which empties the file first, so that it holds the current run
  /// only, and a line per step, before the step's action is sent. Each line is one `write(2)`,
  /// unbuffered: a crash loses nothing written before it.
  final class StepAnnouncer {
    private let descriptor: Int32
    /// Whether each step's line carries its typed line (the report's run only: it costs an
    /// encoding per step).
    private let typed: ((any Encodable) -> String)?

    init(path: String, typed: ((any Encodable) -> String)?) throws {
      descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      guard descriptor >= 0 else {
        throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
      }
      self.typed = typed
    }

    deinit { close(descriptor) }

    func announce<Action: Encodable>(_ event: ExplorationEvent<Action>) {
      switch event {
      case .runStarted:
        _ = ftruncate(descriptor, 0)
        _ = lseek(descriptor, 0, SEEK_SET)
        append(#"{"run":true}"# + "\n")
      case .stepping(let step, let action):
        var line =
          #"{"advance":\#(step.advance),"choices":[\#(step.choices.map(String.init).joined(separator: ","))]"#
        if let typed, let text = try? JSONEncoder().encode(typed(action)) {
          line += #","typed":"# + String(decoding: text, as: UTF8.self)
        }
        append(line + "}\n")
      }
    }

    private func append(_ line: String) {
      let bytes = Array(line.utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes { buffer in
          write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
#endif
