// Compiled with the `Host` trait only (Package.swift).
#if Host
  import BundledFeatures
  import Testing
  import UnoHostCore
  import UnoPlugin

  @testable import UnoHostInspector

  /// The inspector's model over a host's sessions: what a page is sent as sessions open, change
  /// and close, and what it can read and do.
  @MainActor
  @Suite(.timeLimit(.minutes(1))) struct InspectorTests {
    let sessions: HostSessions
    let inspector: Inspector

    init() throws {
      sessions = HostSessions(
        registry: try FeatureRegistry(makeRegistry().plugins + [turnstilePlugin]), recordLimit: 100
      ) { _ in }
      inspector = Inspector(sessions: sessions, via: "stdin")
    }

    /// A connected page: the messages it has been sent, decoded, read as a test asks for them.
    @MainActor final class Page {
      private(set) var messages: [JSONValue] = []
      private var iterator: AsyncStream<String>.Iterator

      init(_ inspector: Inspector) {
        iterator = inspector.connect().messages.makeAsyncIterator()
      }

      /// Reads until the page has been sent `count` messages (or its stream ended); returns them.
      func waitFor(_ count: Int) async -> [JSONValue] {
        var iterator = self.iterator
        defer { self.iterator = iterator }
        while messages.count < count, let text = await iterator.next(isolation: MainActor.shared) {
          messages.append((try? parseJSON(Array(text.utf8))) ?? .null)
        }
        return messages
      }
    }

    @Test func aPageIsToldOfSessionsAndOfEachEntryWithTheRequestThatMadeIt() async throws {
      let page = Page(inspector)
      let (session, _) = try sessions.open("counter")
      try sessions.send(.string("increment"), to: session, request: .string("first"))
      try sessions.send(.string("increment"), to: session, request: .string("second"))
      let messages = await page.waitFor(1 + 1 + 2 * 2)

      #expect(messages[0] == .object(["type": .string("sessions"), "sessions": .array([])]))
      #expect(field(messages[1], "type") == .string("opened"))
      let entries = messages.filter { field($0, "type") == .string("entries") }
      #expect(entries.count == 2)
      let first = entries.first.flatMap { field($0, "entries") }
      guard case .array(let list)? = first, case .object(let entry)? = list.first else {
        Issue.record("no entry: \(messages)")
        return
      }
      #expect(entry["index"] == .integer(0))
      #expect(entry["request"] == .string("first"))
      #expect(entry["via"] == .string("stdin"))
      #expect(entry["kind"] == .string("action"))
      #expect(entry["state"].flatMap { field($0, "count") } == .integer(1))
    }

    @Test func theTimelineHoldsEveryEntryAndTheStateBeforeThem() throws {
      let (session, _) = try sessions.open("counter")
      for request in ["a", "b", "c"] {
        try sessions.send(.string("increment"), to: session, request: .string(request))
      }
      let timeline = try inspector.timeline(of: session)
      #expect(field(timeline, "initialState").flatMap { field($0, "count") } == .integer(0))
      guard case .array(let entries)? = field(timeline, "entries") else {
        Issue.record("no entries: \(timeline)")
        return
      }
      #expect(entries.map { field($0, "index") } == [.integer(0), .integer(1), .integer(2)])
      #expect(entries.map { field($0, "request") } == [.string("a"), .string("b"), .string("c")])
    }

    @Test func rewindingSetsTheLiveSessionBackAndIsAnEntryOfItsOwn() async throws {
      let page = Page(inspector)
      let (session, _) = try sessions.open("counter")
      for _ in 0..<3 { try sessions.send(.string("increment"), to: session) }
      let answer = try inspector.rewind(session, toEntry: 0)
      #expect(answer.flatMap { field($0, "state") }.flatMap { field($0, "count") } == .integer(1))
      #expect(try sessions.stateValue(of: session).flatMap { field($0, "count") } == .integer(1))
      // Back to the state before the first entry, then forward again: nothing was lost.
      _ = try inspector.rewind(session, toEntry: -1)
      #expect(try sessions.stateValue(of: session).flatMap { field($0, "count") } == .integer(0))
      _ = try inspector.rewind(session, toEntry: 2)
      #expect(try sessions.stateValue(of: session).flatMap { field($0, "count") } == .integer(3))

      let timeline = try inspector.timeline(of: session)
      guard case .array(let entries)? = field(timeline, "entries") else { return }
      #expect(entries.map { field($0, "kind") }.suffix(3) == Array(repeating: .string("rewind"), count: 3))
      let messages = await page.waitFor(2 + 3 * 2 + 3 * 2)
      #expect(messages.contains { field($0, "type") == .string("entries") && "\($0)".contains("rewind") })
    }

    @Test func anActionSentFromThePageIsRecordedAsTheInspectorsAndNamed() throws {
      let (session, _) = try sessions.open("counter")
      try sessions.send(.string("increment"), to: session, request: .string("from-stdin"))
      let answer = try inspector.send(.object(["increment": .emptyObject]), to: session)
      #expect(answer.flatMap { field($0, "request") } == .string("inspector-1"))
      #expect(answer.flatMap { field($0, "state") }.flatMap { field($0, "count") } == .integer(2))
      let timeline = try inspector.timeline(of: session)
      guard case .array(let entries)? = field(timeline, "entries"),
        case .array(let actions)? = field(timeline, "actions")
      else {
        Issue.record("no entries or actions: \(timeline)")
        return
      }
      #expect(entries.map { field($0, "via") } == [.string("stdin"), .string("inspector")])
      #expect(entries.map { field($0, "request") } == [.string("from-stdin"), .string("inspector-1")])
      #expect(entries.map { $0["named"]?["name"] } == [.string("increment"), .string("increment")])
      // What the page offers: every action the feature lists, with its example.
      #expect(actions.compactMap { $0["path"]?.stringValue }.first == "increment")
      #expect(actions.first?["example"] == .object(["increment": .emptyObject]))
    }

    @Test func anActionFromThePageThatCannotBeAppliedIsRefusedWithTheHostsReason() throws {
      let (session, _) = try sessions.open("counter")
      for (action, code) in [
        (JSONValue.string("fly"), "unknown_action"), (.integer(3), "malformed_action"),
        (.object(["a": .emptyObject, "b": .emptyObject]), "malformed_action"),
      ] {
        #expect {
          try inspector.send(action, to: session)
        } throws: { ($0 as? HostSessions.Failure)?.code == code }
      }
      #expect(try sessions.stateValue(of: session).flatMap { field($0, "count") } == .integer(0))
      try sessions.close(session)
      #expect {
        try inspector.send(.string("increment"), to: session)
      } throws: { ($0 as? HostSessions.Failure)?.code == "unknown_session" }
    }

    @Test func rewindingToAnEntryTheRecordingDoesNotHoldIsRefused() throws {
      let (session, _) = try sessions.open("counter")
      try sessions.send(.string("increment"), to: session)
      for index in [5, -2] {
        #expect(throws: HostSessions.Failure.self) { try inspector.rewind(session, toEntry: index) }
      }
      do {
        _ = try inspector.rewind(session, toEntry: 5)
      } catch {
        #expect(error.code == "unknown_entry")
      }
      #expect(throws: HostSessions.Failure("unknown_session", "no open session 9")) {
        try inspector.rewind(9, toEntry: 0)
      }
    }

    @Test func aSessionThatCannotBeRecordedShowsItsLiveViewState() throws {
      let (session, _) = try sessions.open("turnstile")
      let timeline = try inspector.timeline(of: session)
      #expect(field(timeline, "recording") == .bool(false))
      #expect(field(timeline, "viewState") != nil)
      #expect(
        inspector.sessionList
          == .array([
            .object([
              "session": .integer(session), "feature": .string("turnstile"), "recordable": .bool(false),
              "recording": .bool(false),
            ])
          ]))
      do {
        _ = try inspector.rewind(session, toEntry: 0)
        Issue.record("a session that does not record was rewound")
      } catch {
        #expect(error.code == "not_recording")
      }
    }

    @Test func aClosedSessionIsAnnounced() async throws {
      let page = Page(inspector)
      let (session, _) = try sessions.open("counter")
      try sessions.close(session)
      let messages = await page.waitFor(3)
      #expect(messages.last == .object(["type": .string("closed"), "session": .integer(session)]))
    }

    @Test func aPageThatFallsTooFarBehindIsDisconnectedAndTheHostGoesOn() async throws {
      let inspector = Inspector(sessions: sessions, via: "stdin", clientBacklog: 5)
      let (_, stream) = inspector.connect()  // never read while the session runs
      let (session, _) = try sessions.open("counter")
      for _ in 0..<20 { try sessions.send(.string("increment"), to: session) }
      #expect(inspector.connectedClients == 0)
      var received = 0
      for await _ in stream { received += 1 }  // ends: the page was let go
      #expect(received == 5)
      #expect(try sessions.stateValue(of: session).flatMap { field($0, "count") } == .integer(20))
    }

    @Test func anImportedRecordingIsReadForViewing() throws {
      let (session, _) = try sessions.open("counter")
      try sessions.send(.string("increment"), to: session)
      let text = try inspector.recording(of: session).text
      let imported = try inspector.importRecording(text)
      #expect(field(imported, "feature") == .string("counter"))
      #expect(field(imported, "imported") == .bool(true))
      guard case .array(let entries)? = field(imported, "entries") else {
        Issue.record("no entries: \(imported)")
        return
      }
      #expect(entries.count == 1)
    }

    @Test(arguments: [
      ("", "empty"),
      ("{\"x\":1}\n", "line 1: this is not an Uno recording"),
      (
        "{\"format\":\"uno-recording\",\"version\":2,\"droppedEntries\":0,\"initialState\":{}}\n", "version 2"
      ),
      (
        "{\"format\":\"uno-recording\",\"version\":1,\"droppedEntries\":0,\"initialState\":{}}\nnot json\n",
        "line 2: not JSON"
      ),
      (
        "{\"format\":\"uno-recording\",\"version\":1,\"droppedEntries\":0,\"initialState\":{}}\n{\"kind\":\"teleport\",\"state\":{}}\n",
        "line 2: not an entry"
      ),
    ])
    func aFileThatIsNotARecordingIsRefusedSayingWhere(text: String, message: String) {
      do {
        _ = try inspector.importRecording(text)
        Issue.record("imported: \(text)")
      } catch {
        #expect(error.code == "bad_recording")
        #expect(error.message.contains(message), "\(error.message)")
      }
    }
  }

  /// The field `name` of an object.
  func field(_ value: JSONValue, _ name: String) -> JSONValue? {
    guard case .object(let object) = value else { return nil }
    return object[name]
  }

  extension JSONValue {
    func flatMap(_ transform: (JSONValue) -> JSONValue?) -> JSONValue? { transform(self) }
  }
#endif
