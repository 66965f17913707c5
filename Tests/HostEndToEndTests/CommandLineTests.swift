// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// The command line as people type it: options before or after the subcommand, help that lists
  /// them, and a misspelt subcommand named as such.
  @Suite struct CommandLineTests {
    @Test func optionsMayComeBeforeTheSubcommand() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cli-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      for arguments in [
        ["--data-dir", directory.path, "--ids", "incrementing", "serve"],
        ["--trace", "--data-dir=\(directory.path)", "serve", "--ids", "incrementing"],
        ["serve", "--data-dir", directory.path, "--ids", "incrementing"],
      ] {
        let (lines, status) = try await HostProcess.run(
          arguments,
          input: #"{"op":"open","feature":"todos"}"# + "\n"
            + #"{"op":"send","session":1,"action":{"add":{"title":"A"}}}"# + "\n")
        #expect(status == 0, "\(arguments)")
        // Incrementing ids, whichever side of the subcommand the option was on.
        #expect(lines.contains { $0.contains("00000000-0000-0000-0000-00000000000") }, "\(arguments)")
      }
      #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("todos.json").path))
    }

    @Test func aMisspeltSubcommandIsNamedWithTheRealOnes() async throws {
      let (_, errors, status) = try await ChildProcess.run(HostProcess.binary.path, ["serf"])
      #expect(status == 64)
      #expect(
        String(decoding: errors, as: UTF8.self).contains(
          "'serf' is not a subcommand; the subcommands are: serve, features, run, mcp, replay, explore, inspect, help"
        )
      )
    }

    @Test func versionNamesTheChangelogsNewestVersionAndTheCommitItWasBuiltFrom() async throws {
      let (output, _, status) = try await ChildProcess.run(HostProcess.binary.path, ["--version"])
      #expect(status == 0)
      var root = URL(fileURLWithPath: #filePath)
      for _ in 0..<3 { root.deleteLastPathComponent() }  // .../Tests/HostEndToEndTests/CommandLineTests.swift
      // The newest version the changelog names, from its first "## 0.1.0 — date" heading.
      let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
      let heading = try #require(
        changelog.split(separator: "\n").first {
          $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true
        })
      let version = try #require(heading.dropFirst(3).split(separator: " ").first)
      // The commit of the clone the host was built from (tests build it first), or "unknown" out
      // of a clone.
      let (head, _, gitStatus) = try await ChildProcess.run(
        "/usr/bin/env", ["git", "-C", root.path, "rev-parse", "HEAD"], standardError: .discard)
      let commit =
        gitStatus == 0
        ? String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "unknown"
      #expect(String(decoding: output, as: UTF8.self) == "\(version) (commit \(commit))\n")
    }

    @Test func helpListsTheSharedOptions() async throws {
      let (output, _, status) = try await ChildProcess.run(HostProcess.binary.path, ["--help"])
      #expect(status == 0)
      let text = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        .split(separator: " ").joined(separator: " ")
      for option in ["--data-dir", "--ids", "--trace", "--record", "--record-limit", "--drain-timeout"] {
        #expect(text.contains(option), "\(option) is not in --help")
      }
    }
  }
#endif
