// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// `explore` over a feature that crashes its process: the runs are made in a child process, so
  /// the crash is reported with the run that caused it, shrunk in further children, and its steps
  /// written to a file that `--given` runs again. The host is `explore-crash-host`
  /// (Apps/uno-host/Tests/ExploreCrashHost): `trap` stops at a precondition after `arm`, `load`,
  /// `fire`; `safe-trap` is the same feature with that case handled.
  @Suite struct ExploreCrashTests {
    static let binary = HostProcess.binary.deletingLastPathComponent().appendingPathComponent(
      "explore-crash-host")

    @Test func aCrashIsShrunkInChildProcessesAndItsStepsRunAgain() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "explore-crash-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appendingPathComponent("crash.json")
      let (output, errors, status) = try await ChildProcess.run(
        Self.binary.path,
        ["explore", "trap", "--runs", "100", "--steps", "20", "--seed", "1", "--output", file.path])
      let text = String(decoding: output, as: UTF8.self)
      #expect(status == 1)
      #expect(text.hasPrefix("Exploration crashed the feature (SIG"), "\(text)")
      #expect(text.contains("(seed 1); shortest run, 3 step(s), from "))
      #expect(text.contains("\n  1. arm\n  2. load\n  3. fire\n"))
      #expect(text.contains("the trap fired while armed and loaded"))
      #expect(text.contains("'explore-crash-host explore trap --given \(file.path)' runs them again"))
      #expect(
        String(decoding: errors, as: UTF8.self).contains(
          "explore-crash-host explore: the feature crashed its process ("))
      // The file holds the three steps; given again, they crash again, with the same report.
      let steps = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [Any]
      #expect(steps?.count == 3)
      let again = directory.appendingPathComponent("again.json")
      let (repeated, _, repeatedStatus) = try await ChildProcess.run(
        Self.binary.path, ["explore", "trap", "--given", file.path, "--output", again.path])
      let repeatedText = String(decoding: repeated, as: UTF8.self)
      #expect(repeatedStatus == 1)
      #expect(repeatedText.hasPrefix("Exploration crashed the feature (SIG"))
      #expect(repeatedText.contains("; shortest run, 3 step(s), from 3:\n  1. arm\n  2. load\n  3. fire\n"))
      // The same steps over the fixed feature hold.
      let (fixed, _, fixedStatus) = try await ChildProcess.run(
        Self.binary.path, ["explore", "safe-trap", "--given", file.path])
      #expect(fixedStatus == 0)
      #expect(
        String(decoding: fixed, as: UTF8.self) == "ran the 3 given step(s) of safe-trap: every check held\n")
    }

    @Test func aCrashsRunIsARecordingThatReplayCrashesOnUntilItIsFixed() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "explore-crash-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appendingPathComponent("crash.json")
      let (output, _, status) = try await ChildProcess.run(
        Self.binary.path,
        ["explore", "trap", "--runs", "100", "--steps", "20", "--seed", "1", "--output", file.path])
      #expect(status == 1)
      let recordingFile = directory.appendingPathComponent("crash.jsonl")
      #expect(
        String(decoding: output, as: UTF8.self).contains(
          "The run is in \(recordingFile.path), as a recording whose last action is the one that crashed: 'explore-crash-host replay --ids incrementing \(recordingFile.path)' crashes until the crash is fixed."
        ))
      // A header, then the three actions, the last one the one that crashed (with the state
      // before it: the step left none).
      let text = try String(contentsOf: recordingFile, encoding: .utf8)
      let lines = try text.split(separator: "\n").map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      #expect(lines.count == 4)
      #expect(lines.first?["feature"] as? String == "trap")
      #expect(
        lines.dropFirst().map { ($0["action"] as? [String: Any])?.keys.first } == ["arm", "load", "fire"])
      #expect((lines.last?["state"] as? [String: Any])?["loaded"] as? Bool == true)
      // Replayed, it crashes the process at its last action, with the precondition's message.
      let (_, errors, replayStatus) = try await ChildProcess.run(
        Self.binary.path, ["replay", "--ids", "incrementing", recordingFile.path])
      #expect(replayStatus > 128, "the replay ended with \(replayStatus), not by a signal")
      #expect(String(decoding: errors, as: UTF8.self).contains("the trap fired while armed and loaded"))
      // Over the fixed feature it runs to the end: only the last state differs from the one
      // recorded, which was the crash's.
      let fixedFile = directory.appendingPathComponent("fixed.jsonl")
      try Data(text.replacingOccurrences(of: #""feature":"trap""#, with: #""feature":"safe-trap""#).utf8)
        .write(to: fixedFile)
      let (fixed, _, fixedStatus) = try await ChildProcess.run(
        Self.binary.path, ["replay", "--ids", "incrementing", fixedFile.path])
      #expect(fixedStatus == 1)
      #expect(
        String(decoding: fixed, as: UTF8.self).contains(
          "Entry 2 (the action TrapAction.fire): the state differs"),
        "\(String(decoding: fixed, as: UTF8.self))")
    }

    @Test func aFeatureThatDoesNotCrashIsExploredInTheChildAsInTheProcess() async throws {
      for extra in [[], ["--in-process"]] {
        let (output, _, status) = try await ChildProcess.run(
          Self.binary.path, ["explore", "safe-trap", "--runs", "50", "--steps", "20", "--seed", "1"] + extra)
        #expect(status == 0, "\(extra)")
        #expect(
          String(decoding: output, as: UTF8.self)
            == "explored 50 run(s) of 20 step(s) of safe-trap (seed 1): every check held\n", "\(extra)")
      }
    }

    @Test func aGivenFileThatIsNotARunsStepsIsAnErrorThatSaysSo() async throws {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "explore-given-\(UUID().uuidString).json")
      try Data("{\"not\":\"steps\"}".utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      for given in [file.path, "/nonexistent/steps.json"] {
        let (output, errors, status) = try await ChildProcess.run(
          Self.binary.path, ["explore", "trap", "--given", given])
        #expect(status == 64, "\(given)")
        #expect(output.isEmpty)
        #expect(String(decoding: errors, as: UTF8.self).contains("--given '\(given)' is not a run's steps"))
      }
    }
  }
#endif
