// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// `uno-host explore` as a person runs it: progress, the verdict, the exit status, and the
  /// recording a failure leaves, which `uno-host replay` runs.
  @Suite struct ExploreCommandLineTests {
    @Test func aFeatureThatHoldsSaysSoAndExitsZero() async throws {
      let (output, errors, status) = try await ChildProcess.run(
        HostProcess.binary.path, ["explore", "counter", "--runs", "20", "--steps", "10", "--seed", "4"])
      #expect(status == 0)
      #expect(
        String(decoding: output, as: UTF8.self)
          == "explored 20 run(s) of 10 step(s) of counter (seed 4): every check held\n")
      // Progress every tenth of the runs, on standard error.
      let progress = String(decoding: errors, as: UTF8.self).split(separator: "\n")
      #expect(progress.first == "uno-host explore: run 1 of 20")
      #expect(progress.count == 10)
    }

    @Test func aFailureIsShrunkPrintedAndWrittenAsARecordingThatReplays() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "explore-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appendingPathComponent("run.jsonl")
      // With --strict, an action the feature refuses (a move of rows that are not there), which
      // it reports to its sender, fails the run.
      let arguments = ["explore", "todos", "--runs", "100", "--steps", "30", "--seed", "1", "--strict"]
      let (output, _, status) = try await ChildProcess.run(
        HostProcess.binary.path, arguments + ["--output", file.path])
      let text = String(decoding: output, as: UTF8.self)
      #expect(status == 1)
      #expect(text.hasPrefix("Exploration broke 'no issue reported by the library ('move' from"))
      #expect(text.contains("(seed 1); shortest run, 1 step(s), from "))
      #expect(text.contains("\n  1. move {\"from\":[],\"to\":0}\n"))
      #expect(
        text.contains(
          "'uno-host replay --ids incrementing \(file.path)' replays it (add --check-invariants to check the feature's invariants"
        ))
      let (replayed, _, replayStatus) = try await ChildProcess.run(
        HostProcess.binary.path, ["replay", "--ids", "incrementing", file.path])
      #expect(replayStatus == 0)
      #expect(
        String(decoding: replayed, as: UTF8.self)
          == "replayed 1 entries of todos: every state matches the recording\n")
      // Without a file named, the recording goes beside the others, never over one.
      let inDirectory =
        "cd '\(directory.path)' && exec '\(HostProcess.binary.path)' \(arguments.joined(separator: " "))"
      for _ in 0..<2 { _ = try await ChildProcess.run("/bin/sh", ["-c", inDirectory]) }
      let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      #expect(written == ["run.jsonl", "todos-seed1-2.jsonl", "todos-seed1.jsonl"])
      // Refused input allowed, as by default, every run holds; leaving Standups' pushed screens
      // out (the app pushes them itself), so does every run of Standups.
      let (allowed, _, allowedStatus) = try await ChildProcess.run(
        HostProcess.binary.path, Array(arguments.dropLast()))
      #expect(allowedStatus == 0)
      #expect(String(decoding: allowed, as: UTF8.self).hasSuffix("every check held\n"))
      let (excluded, _, excludedStatus) = try await ChildProcess.run(
        HostProcess.binary.path,
        ["explore", "standups", "--runs", "50", "--steps", "20", "--seed", "7", "--exclude", "path.push"])
      #expect(excludedStatus == 0)
      #expect(String(decoding: excluded, as: UTF8.self).hasSuffix("every check held\n"))
    }

    @Test func badArgumentsAreReportedAndExploreNothing() async throws {
      let (_, unknown, unknownStatus) = try await ChildProcess.run(
        HostProcess.binary.path, ["explore", "nosuch"])
      #expect(unknownStatus == 1)
      #expect(String(decoding: unknown, as: UTF8.self).contains("no feature 'nosuch'; features are: counter"))
      for arguments in [["--time", "1,-2"], ["--time", "soon"], ["--runs", "-1"]] {
        let (_, errors, status) = try await ChildProcess.run(
          HostProcess.binary.path, ["explore", "counter"] + arguments)
        #expect(status == 64, "\(arguments)")
        #expect(String(decoding: errors, as: UTF8.self).contains("Error:"), "\(arguments)")
      }
    }
  }
#endif
