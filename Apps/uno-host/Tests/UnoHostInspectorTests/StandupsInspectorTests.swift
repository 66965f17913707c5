// Compiled with the `Host` trait only (Package.swift).
#if Host
  import BundledFeatures
  import Foundation
  import Testing
  import UnoCore
  import UnoHostCore
  import UnoPlugin

  @testable import UnoHostInspector

  /// Standups in the inspector: its list is a shared value kept in a file, and a recording keeps
  /// the list as each entry had it; rewinding sets it back, for every session that shows it.
  @MainActor
  @Suite(.timeLimit(.minutes(1))) struct StandupsInspectorTests {
    @Test func eachEntryKeepsTheListAsItWasAndARewindSetsItBackForEverySession() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "standups-inspector-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      let sessions = HostSessions(
        registry: try makeRegistry(), sessionDependencies: { $0.hostDataDirectory = directory },
        recordLimit: 100)
      let inspector = Inspector(sessions: sessions, via: "stdin")
      let (session, _) = try sessions.open("standups")
      let (other, _) = try sessions.open("standups")
      func send(_ action: JSONValue, _ request: String) throws {
        try sessions.send(.object(["list": action]), to: session, request: .string(request))
      }
      try send(.object(["addTapped": .emptyObject]), "open-form")
      try send(
        .object(["addForm": .object(["binding": .object(["title": .string("Morning sync")])])]), "type")
      try send(.object(["saveAddTapped": .emptyObject]), "save")

      // The timeline: the list as it was after each entry, not as it is now.
      let timeline = try inspector.timeline(of: session)
      guard case .array(let entries)? = field(timeline, "entries") else {
        Issue.record("no entries: \(timeline)")
        return
      }
      let titles = entries.map { entry -> [String] in
        guard case .array(let standups)? = entry["state"]?["list"]?["standups"] else { return ["?"] }
        return standups.compactMap { $0["title"]?.stringValue }
      }
      #expect(titles == [[], [], ["Morning sync"]])
      // Each entry's action by its name and its value, not in Swift's coding.
      #expect(
        entries.map { $0["named"]?["typed"]?.stringValue } == [
          "list.addTapped", #"list.addForm.binding {"title":"Morning sync"}"#, "list.saveAddTapped",
        ])
      #expect(try listed(in: other, of: sessions) == ["Morning sync: 1 attendee, 5 min"])

      // Back to the form still open, before the save: the list is empty again, in both sessions.
      _ = try inspector.rewind(session, toEntry: 1)
      #expect(try listed(in: session, of: sessions) == [])
      #expect(try listed(in: other, of: sessions) == [])
      // Nothing is lost: forward to the save.
      _ = try inspector.rewind(session, toEntry: 2)
      #expect(try listed(in: session, of: sessions) == ["Morning sync: 1 attendee, 5 min"])
      #expect(try listed(in: other, of: sessions) == ["Morning sync: 1 attendee, 5 min"])

      sessions.closeAll()
      // The list's file is saved in the background: written before its folder goes.
      await SharedStore.liveValue.flush()
    }

    /// The summaries of the standups session `number` lists.
    private func listed(in number: Int, of sessions: HostSessions) throws -> [String] {
      guard case .array(let rows)? = try sessions.stateValue(of: number)["list"] else { return ["?"] }
      return rows.compactMap { $0["summary"]?.stringValue }
    }
  }
#endif
