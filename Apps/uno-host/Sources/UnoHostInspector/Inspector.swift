// Compiled with the `Host` trait only (Package.swift).
#if Host
  import UnoHostCore
  import UnoPlugin

  /// What the inspector knows of a host's sessions, and what it can do to them: the model behind
  /// its web page (``InspectorServer`` serves it).
  ///
  /// It follows every session of a ``HostSessions`` (``HostSessions/observe(_:)``): as sessions
  /// open and close, and after every change, it reads the entries each session's recording gained
  /// (`FeatureSession.recordedEntries(from:)`: what is new, not the whole ring) and hands them,
  /// with the request that made them, to every connected page. A session records when its feature
  /// is recordable and the host records (uno-host turns recording on with `--inspector`).
  ///
  /// ```swift
  /// let inspector = Inspector(sessions: sessions, via: "stdin")
  /// let (client, messages) = inspector.connect()   // a page: {"type":"sessions",...} first
  /// ```
  @MainActor
  public final class Inspector {
    /// Where the host's requests come from, shown beside each entry's request: `stdin`, `mcp`
    /// or `terminal`.
    public let via: String
    private let sessions: HostSessions
    private var timelines: [Int: Timeline] = [:]
    private var clients: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextClient = 1
    /// The sessions of the apps connected to this inspector (`UnoInspection.connect`).
    public let apps: InspectedApps
    /// The requests the page sent (``send(_:to:)``), shown as the inspector's, not the host's
    /// front end's: one per action a person sent from the page.
    private var pageRequests: Set<JSONValue> = []
    /// How many messages a page may fall behind by before it is disconnected (it reconnects and
    /// reads the timeline afresh): a page that stops reading cannot make the host hold more.
    public let clientBacklog: Int

    /// What the inspector keeps of a session beside its recording.
    struct Timeline {
      /// The next entry to read from the session's recording.
      var seen = 0
      /// The request that made each entry still in the ring, by entry index.
      var requests: [Int: JSONValue] = [:]
    }

    /// Follows `sessions`, those open now and those opened later.
    ///
    /// - Parameters:
    ///   - via: Where the host's requests come from (``via``).
    ///   - clientBacklog: How many messages a page may fall behind by before it is disconnected.
    public init(sessions: HostSessions, via: String, clientBacklog: Int = 10_000) {
      self.sessions = sessions
      self.via = via
      self.clientBacklog = clientBacklog
      self.apps = InspectedApps(number: { [sessions] in sessions.reserveSessionNumber() })
      apps.broadcast = { [weak self] message in self?.broadcast(message) }
      for summary in sessions.list {
        timelines[summary.session] = Timeline()
      }
      sessions.observe { [weak self] activity in self?.handle(activity) }
    }

    /// Connected pages.
    public var connectedClients: Int { clients.count }

    // MARK: Reading

    /// The open sessions: `[{"session","feature","recordable","recording"}]`.
    public var sessionList: JSONValue {
      .array(sessions.list.map { summary(of: $0.session, feature: $0.feature) } + apps.list)
    }

    /// A session's timeline as the page shows it: its feature, the actions it takes (each
    /// `path`, `usage`, `summary` and `example`: what the page offers to send), the state before
    /// the first entry kept (`initialState`), how many entries were dropped, each entry kept (its
    /// recording line, with `index`, `request`, `via` and `named`), and the current view state.
    public func timeline(of session: Int) throws(HostSessions.Failure) -> JSONValue {
      if apps.has(session) { return try apps.timeline(of: session) }
      let feature = try sessions.feature(of: session)
      let viewState = try sessions.stateValue(of: session)
      let actions: JSONValue = sessions.registry[feature]?.listing["actions"] ?? .array([])
      guard try sessions.recordingStatus(of: session).recording else {
        return .object([
          "session": .integer(session), "feature": .string(feature), "recording": .bool(false),
          "viewState": viewState, "actions": actions,
        ])
      }
      let (_, lines) = try sessions.recording(of: session)
      guard let header = lines.first.flatMap({ try? parseJSON(Array($0.utf8)) }),
        case .object(let fields) = header, case .integer(let dropped)? = fields["droppedEntries"]
      else {
        throw HostSessions.Failure("recording_failed", "session \(session)'s recording has no header")
      }
      let entries = lines.dropFirst().enumerated().map { offset, line in
        entry(line, index: dropped + offset, session: session)
      }
      return .object([
        "session": .integer(session), "feature": .string(feature), "recording": .bool(true),
        "initialState": fields["initialState"] ?? .null, "dropped": .integer(dropped),
        "entries": .array(entries), "viewState": viewState, "actions": actions,
      ])
    }

    /// A session's recording as JSON lines, as `uno-host replay` reads it.
    public func recording(of session: Int) throws(HostSessions.Failure) -> (feature: String, text: String) {
      if apps.has(session) { return try apps.recording(of: session) }
      let (feature, lines) = try sessions.recording(of: session)
      return (feature, lines.map { $0 + "\n" }.joined())
    }

    // MARK: Changing

    /// Sets `session` back to the state after its recorded entry `index` (see
    /// ``HostSessions/rewind(_:toRecordedEntry:)``); the rewind is an entry of its own.
    public func rewind(_ session: Int, toEntry index: Int) throws(HostSessions.Failure) -> JSONValue {
      try sessions.rewind(session, toRecordedEntry: index)
      return .object(["session": .integer(session), "state": try sessions.stateValue(of: session)])
    }

    /// Sends `action` (JSON, as a host reads it) to `session` from the page, as the request
    /// `inspector-<n>`: handled, reported and recorded like any front end's, shown as sent by
    /// `inspector`. Answers the request and the view state after it.
    ///
    /// - Throws: Why it was not sent or not applied, as the host tells any sender:
    ///   `unknown_session`, `malformed_action`, `unknown_action`, `invalid_payload`, `not_applied`.
    public func send(_ action: JSONValue, to session: Int) throws(HostSessions.Failure) -> JSONValue {
      let request = JSONValue.string("inspector-\(nextPageRequest + 1)")
      // Known before the send: its entries are made, and sent to the pages, while it runs.
      pageRequests.insert(request)
      do {
        try sessions.send(action, to: session, request: request)
      } catch {
        pageRequests.remove(request)
        throw error
      }
      nextPageRequest += 1
      return .object([
        "session": .integer(session), "request": request, "state": try sessions.stateValue(of: session),
      ])
    }

    private var nextPageRequest = 0

    // MARK: Pages

    /// Connects a page: the messages it is sent, as JSON texts, starting with the open sessions.
    /// Call ``disconnect(_:)`` when it goes.
    public func connect() -> (client: Int, messages: AsyncStream<String>) {
      let (stream, continuation) = AsyncStream<String>.makeStream(
        bufferingPolicy: .bufferingOldest(clientBacklog))
      let client = nextClient
      nextClient += 1
      clients[client] = continuation
      continuation.yield(JSONValue.object(["type": .string("sessions"), "sessions": sessionList]).text)
      return (client, stream)
    }

    /// Forgets a page.
    public func disconnect(_ client: Int) {
      clients.removeValue(forKey: client)?.finish()
    }

    // MARK: Following the sessions

    private func handle(_ activity: HostSessions.Activity) {
      switch activity {
      case .opened(let session, let feature):
        timelines[session] = Timeline()
        broadcast(["type": .string("opened"), "session": summary(of: session, feature: feature)])
        readNewEntries(of: session, madeBy: nil)
      case .closed(let session):
        timelines[session] = nil
        broadcast(["type": .string("closed"), "session": .integer(session)])
      case .recorded(let session, let request):
        readNewEntries(of: session, madeBy: request)
      case .event(.changed(let session, _, _)):
        if !clients.isEmpty, let state = try? sessions.stateValue(of: session) {
          broadcast(["type": .string("state"), "session": .integer(session), "state": state])
        }
      case .event(.finished):
        break
      case .event(.warning(let session, let request, let code, let message)):
        broadcast([
          "type": .string("warning"), "session": .integer(session), "request": request ?? .null,
          "code": .string(code), "message": .string(message),
        ])
      }
    }

    /// Reads the entries `session` recorded since last time (the one entry of the change just
    /// made), tags them with `request` (the request that made the change) and sends them to every
    /// page.
    ///
    /// With no page connected, only the requests are noted: the entries are read (and encoded)
    /// when a page asks for the timeline, so that a host nobody is inspecting pays one count per
    /// change.
    private func readNewEntries(of session: Int, madeBy request: JSONValue?) {
      guard let first = timelines[session]?.seen, let count = try? sessions.recordedCount(of: session),
        count > first
      else { return }
      // Changed in place: a copy of the timeline taken out of the table and put back copied its
      // table of requests on every change (a host with --inspector ran 30 times slower).
      timelines[session]!.seen = count
      for index in first..<count { timelines[session]!.requests[index] = request }
      // Only the requests of entries the ring still holds (at most twice as many are kept).
      if let limit = sessions.recordLimit, timelines[session]!.requests.count > 2 * limit {
        timelines[session]!.requests = timelines[session]!.requests.filter { $0.key >= count - limit }
      }
      guard !clients.isEmpty, let new = try? sessions.recordedEntries(of: session, from: first) else {
        return
      }
      let entries = new.lines.enumerated().map { offset, line in
        entry(line, index: new.first + offset, session: session)
      }
      broadcast([
        "type": .string("entries"), "session": .integer(session), "dropped": .integer(new.dropped),
        "entries": .array(entries),
      ])
    }

    /// A recording line as the page shows it: the entry, with its index, request and front end,
    /// and its action's name (``named(_:feature:)``).
    private func entry(_ line: String, index: Int, session: Int) -> JSONValue {
      guard case .object(var fields)? = try? parseJSON(Array(line.utf8)) else { return .null }
      fields["index"] = .integer(index)
      let request = timelines[session]?.requests[index] ?? .null
      fields["request"] = request
      fields["via"] = .string(pageRequests.contains(request) ? "inspector" : via)
      if let action = fields["action"], let feature = try? sessions.feature(of: session) {
        fields["named"] = Self.named(action, feature: sessions.registry[feature])
      }
      return .object(fields)
    }

    /// An entry's action as hosts name it: its name, the ids of the children it is for, and what
    /// it carries (`{"name":"todo.rename","ids":["3F2…"],"payload":{"title":"Milk"},"typed":…}`),
    /// so that the page shows names, not Swift's coding of the action; `null` when the feature is
    /// not known here or does not name it.
    static func named(_ action: JSONValue, feature plugin: FeaturePlugin?) -> JSONValue {
      guard let named = plugin?.namedAction(action) else { return .null }
      return .object([
        "name": .string(named.name), "ids": .array(named.ids), "payload": named.payload ?? .null,
        "typed": .string(named.typed),
      ])
    }

    private func summary(of session: Int, feature: String) -> JSONValue {
      let status = (try? sessions.recordingStatus(of: session)) ?? (recordable: false, recording: false)
      return .object([
        "session": .integer(session), "feature": .string(feature), "recordable": .bool(status.recordable),
        "recording": .bool(status.recording),
      ])
    }

    func broadcast(_ message: [String: JSONValue]) {
      guard !clients.isEmpty else { return }
      let text = JSONValue.object(message).text
      for (client, continuation) in clients {
        if case .dropped = continuation.yield(text) {
          // The page fell too far behind: it is disconnected, and reads the timeline afresh when
          // it reconnects, so it misses nothing.
          disconnect(client)
        }
      }
    }
  }

  extension Inspector {
    /// A recording file read for viewing without a session (the page's import): its header's
    /// feature, dropped count and initial state, and its entries as ``timeline(of:)`` gives them.
    ///
    /// - Throws: ``HostSessions/Failure`` `bad_recording`, naming the line that is wrong and why.
    public func importRecording(_ text: String) throws(HostSessions.Failure) -> JSONValue {
      func failure(_ line: Int?, _ message: String) -> HostSessions.Failure {
        HostSessions.Failure("bad_recording", line.map { "line \($0): \(message)" } ?? message)
      }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { !$0.element.allSatisfy(\.isWhitespace) }
      guard let (headerOffset, headerText) = lines.first else {
        throw failure(nil, "the file is empty; a recording starts with its header line")
      }
      guard case .object(let header)? = try? parseJSON(Array(headerText.utf8)),
        header["format"] == .string("uno-recording")
      else {
        throw failure(
          headerOffset + 1, "this is not an Uno recording: its first line has no \"format\":\"uno-recording\""
        )
      }
      guard header["version"] == .integer(1) else {
        throw failure(
          headerOffset + 1,
          "the recording is in version \(header["version"]?.text ?? "?") of the format; this inspector reads version 1"
        )
      }
      guard case .integer(let dropped)? = header["droppedEntries"], let initialState = header["initialState"]
      else {
        throw failure(headerOffset + 1, "the header needs its droppedEntries and initialState")
      }
      var entries: [JSONValue] = []
      for (offset, line) in lines.dropFirst() {
        let value: JSONValue
        do {
          value = try parseJSON(Array(line.utf8))
        } catch {
          throw failure(offset + 1, "not JSON: \(error.message)")
        }
        guard case .object(var fields) = value, case .string(let kind)? = fields["kind"],
          ["action", "effect", "sharedValue", "rewind"].contains(kind), fields["state"] != nil
        else {
          throw failure(offset + 1, "not an entry: an entry is an object with its kind and state")
        }
        fields["index"] = .integer(dropped + entries.count)
        if let action = fields["action"], case .string(let feature)? = header["feature"] {
          fields["named"] = Self.named(action, feature: sessions.registry[feature])
        }
        entries.append(.object(fields))
      }
      return .object([
        "feature": header["feature"] ?? .null, "recording": .bool(true), "imported": .bool(true),
        "initialState": initialState, "dropped": .integer(dropped), "entries": .array(entries),
      ])
    }
  }
#endif
