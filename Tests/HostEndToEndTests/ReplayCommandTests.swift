// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// `uno-host serve --record`, `export`, then `uno-host replay`: a recorded session replayed by a
  /// fresh process on a test clock.
  @Suite struct ReplayCommandTests {
    /// Records a session of `feature` (`arguments` added to `serve --record`): sends `actions`,
    /// waits for the `finished` line of the request `lastRequest`, and writes the exported recording
    /// to a file, as a client would.
    private func recordSession(
      of feature: String, in directory: URL, arguments: [String] = [], actions: [String], lastRequest: String
    ) async throws -> URL {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let host = try HostProcess(["serve", "--record", "--data-dir", directory.path] + arguments)
      await host.write(
        ([#"{"op":"open","feature":"\#(feature)"}"#] + actions).joined(separator: "\n") + "\n")
      while let line = await host.readLine() {
        if line.contains(#""type":"finished""#) && line.contains(#""request":"\#(lastRequest)""#) { break }
      }
      await host.write(#"{"op":"export","session":1,"id":"e"}"# + "\n")
      let (lines, status) = await host.finish()
      #expect(status == 0)
      let answer = try #require(lines.first { $0.contains(#""type":"recording""#) })
      let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
      let recording = try #require(object["recording"] as? [Any])
      let text = try recording.map {
        String(
          decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
      }.joined(separator: "\n")
      let file = directory.appendingPathComponent("\(feature).jsonl")
      try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
      return file
    }

    /// A counter session with an effect: a 1 s delayed increment, on the live clock.
    private func recordCounterSession(in directory: URL) async throws -> URL {
      try await recordSession(
        of: "counter", in: directory,
        actions: [
          #"{"op":"send","session":1,"action":"increment"}"#,
          #"{"op":"send","session":1,"action":"incrementLater","id":"later"}"#,
        ],
        lastRequest: "later")
    }

    @Test func aRecordedSessionReplaysInAFreshProcess() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "replay-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = try await recordCounterSession(in: directory)

      let (output, _, status) = try await ChildProcess.run(HostProcess.binary.path, ["replay", file.path])
      #expect(status == 0)
      #expect(
        String(decoding: output, as: UTF8.self)
          == "replayed 3 entries of counter: every state matches the recording\n")
    }

    @Test func aRecordingThatNoLongerMatchesExitsOneWithTheDifference() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "replay-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = try await recordCounterSession(in: directory)
      // The delayed increment's write recorded as 3: the feature (today) writes 2.
      var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
      let last = try #require(lines.indices.last)
      #expect(lines[last].contains(#""count":2"#))
      lines[last] = lines[last].replacingOccurrences(of: #""count":2"#, with: #""count":3"#)
      try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

      let (output, _, status) = try await ChildProcess.run(HostProcess.binary.path, ["replay", file.path])
      let text = String(decoding: output, as: UTF8.self)
      #expect(status == 1)
      #expect(text.contains("Entry 2 (a write of an effect of CounterAction.incrementLater)"))
      #expect(text.contains("−   count: 3,"))
      #expect(text.contains("+   count: 2,"))
    }

    @Test func aTodosSessionReplaysWithItsIdsMadeTheSameWay() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "replay-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = try await recordSession(
        of: "todos", in: directory, arguments: ["--ids", "incrementing"],
        actions: [
          #"{"op":"send","session":1,"action":{"add":{"title":"Milk"}}}"#,
          #"{"op":"send","session":1,"action":{"add":{"title":"Eggs"}},"id":"eggs"}"#,
        ],
        lastRequest: "eggs")
      let saved = try Data(contentsOf: directory.appendingPathComponent("todos.json"))

      let (output, _, status) = try await ChildProcess.run(
        HostProcess.binary.path, ["replay", "--ids", "incrementing", file.path])
      #expect(status == 0)
      #expect(String(decoding: output, as: UTF8.self).hasPrefix("replayed 3 entries of todos"))
      // With random ids the first add already differs: the replay says so.
      let (random, _, randomStatus) = try await ChildProcess.run(
        HostProcess.binary.path, ["replay", file.path])
      #expect(randomStatus == 1)
      #expect(String(decoding: random, as: UTF8.self).hasPrefix("Entry 0 (the action TodosAction.add"))
      // The user's file was neither read nor written by either replay.
      #expect(try Data(contentsOf: directory.appendingPathComponent("todos.json")) == saved)
    }

    @Test func aStandupsSessionReplaysWithItsSharedListAndTheScreensOverIt() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "replay-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let id = "00000000-0000-0000-0000-000000000000"
      func detail(_ action: String, request: String? = nil) -> String {
        let tag = request.map { #","id":"\#($0)""# } ?? ""
        return
          #"{"op":"send","session":1,"action":{"path":{"element":{"id":0,"action":{"detail":\#(action)}}}}\#(tag)}"#
      }
      // A standup added to the list, then edited in its detail: through a reference into the list.
      let file = try await recordSession(
        of: "standups", in: directory, arguments: ["--ids", "incrementing"],
        actions: [
          #"{"op":"send","session":1,"action":{"list":{"addTapped":{}}}}"#,
          #"{"op":"send","session":1,"action":{"list":{"addForm":{"binding":{"title":"Sync"}}}}}"#,
          #"{"op":"send","session":1,"action":{"list":{"saveAddTapped":{}}}}"#,
          #"{"op":"send","session":1,"action":{"list":{"standupTapped":{"id":"\#(id)"}}}}"#,
          detail(#"{"editTapped":{}}"#),
          detail(#"{"destination":{"edit":{"binding":{"minutes":10}}}}"#),
          detail(#"{"saveEditTapped":{}}"#, request: "saved"),
        ],
        lastRequest: "saved")
      let saved = try Data(contentsOf: directory.appendingPathComponent("standups.json"))
      let standups = try #require(try JSONSerialization.jsonObject(with: saved) as? [[String: Any]])
      #expect(standups.map { $0["durationSeconds"] as? Int } == [600])

      let (output, _, status) = try await ChildProcess.run(
        HostProcess.binary.path, ["replay", "--ids", "incrementing", file.path])
      #expect(
        String(decoding: output, as: UTF8.self)
          == "replayed 7 entries of standups: every state matches the recording\n")
      #expect(status == 0)
      // The user's file was neither read nor written by the replay.
      #expect(try Data(contentsOf: directory.appendingPathComponent("standups.json")) == saved)
    }

    @Test func aFileThatIsNotARecordingOfThisHostExits65Or66() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "replay-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: directory) }
      let cases: [(String, String?, Int32, String)] = [
        ("missing.jsonl", nil, 66, "cannot read"),
        ("empty.jsonl", "", 65, "names no feature"),
        ("state.jsonl", #"{"count":1}"#, 65, "names no feature"),
        (
          "other.jsonl",
          #"{"droppedEntries":0,"feature":"chess","format":"uno-recording","initialState":{},"startedAt":"2026-11-25T00:00:00Z","version":1}"#,
          65, "a recording of 'chess', which this host does not have"
        ),
        (
          "version.jsonl",
          #"{"droppedEntries":0,"feature":"counter","format":"uno-recording","initialState":{"count":0,"pendingIncrements":0},"startedAt":"2026-11-25T00:00:00Z","version":9}"#,
          65, "version 9 of the format"
        ),
        (
          "entry.jsonl",
          #"{"droppedEntries":0,"feature":"counter","format":"uno-recording","initialState":{"count":0,"pendingIncrements":0},"startedAt":"2026-11-25T00:00:00Z","version":1}"#
            + "\n"
            + #"{"action":{"jump":{}},"elapsed":0,"kind":"action","state":{"count":1,"pendingIncrements":0}}"#,
          65, "line 2: not an entry of this feature"
        ),
        (
          "header.jsonl",
          #"{"droppedEntries":0,"feature":"standups","format":"uno-recording","initialState":{},"startedAt":"2026-11-25T00:00:00Z","version":1}"#,
          65, "line 1: the header does not hold this feature's state: initialState.list is missing"
        ),
      ]
      for (name, contents, expectedStatus, message) in cases {
        let file = directory.appendingPathComponent(name)
        if let contents { try contents.write(to: file, atomically: true, encoding: .utf8) }
        let (_, errors, status) = try await ChildProcess.run(HostProcess.binary.path, ["replay", file.path])
        #expect(status == expectedStatus, "\(name)")
        #expect(
          String(decoding: errors, as: UTF8.self).contains(message),
          "\(name): \(String(decoding: errors, as: UTF8.self))")
      }
    }
  }
#endif
