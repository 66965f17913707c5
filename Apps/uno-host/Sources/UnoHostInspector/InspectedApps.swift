// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import UnoHostCore
  @_spi(Inspection) import UnoPlugin

  /// The sessions of the apps connected to the inspector (`UnoInspection.connect`, the
  /// UnoAppInspection module): what each app said, line by line (docs/inspector.md, "What an app
  /// says"), kept as the page shows host sessions, and the requests the page makes of them.
  ///
  /// Every line an app sends is checked: one that is not JSON, not of the protocol, or for a
  /// session the app never opened is refused and reported to the page (a `warning`), and the
  /// app's other lines, and every other session, are untouched.
  @MainActor
  public final class InspectedApps {
    /// The most entries kept per session (older ones are dropped and counted).
    public let entryLimit: Int
    /// How long a request to an app (send, rewind) waits for its answer.
    public var replyTimeout: Duration = .seconds(5)
    /// Numbers for new sessions, shared with the host's (``HostSessions/reserveSessionNumber()``).
    private let number: () -> Int
    /// Messages for every connected page.
    var broadcast: ([String: JSONValue]) -> Void = { _ in }

    /// A connected app, by connection.
    struct Connection {
      let write: @Sendable (String) -> Void
      let close: @Sendable () -> Void
      var hello: [String: JSONValue]?
    }

    /// A session of an app, by page number.
    struct Session {
      let number: Int
      /// The connection its app speaks on now (another one once the app reconnects).
      var connection: Int
      let app: String
      let instance: String
      let appSession: Int
      let feature: String
      let startedAt: Date
      var codable: Bool
      var why: String?
      var actionCodable: Bool
      var initialState: JSONValue
      var entries: [JSONValue] = []
      /// Entries dropped from the front of ``entries`` (the ring is full).
      var dropped = 0
      /// Events the app dropped because the inspector did not take them in time.
      var appDropped = 0
      var state: JSONValue
      var running: [Int: JSONValue] = [:]
      var lastAction: JSONValue?
      var closed = false
      /// Names the session's actions as hosts name theirs, from what the app said of its action
      /// type (an `actions` line); `nil` until then, or when the type could not be described.
      var namer: (@Sendable (JSONValue) -> NamedAction?)?
      /// The child view models of the session's view model alive now (`child` lines), in the
      /// order they were made: their ids in the app and where each is.
      var children: [Int: String] = [:]

      var nextIndex: Int { dropped + entries.count }
    }

    private var connections: [Int: Connection] = [:]
    private var nextConnection = 1
    private(set) var sessions: [Int: Session] = [:]
    /// Page numbers by (connection's instance, the app's session id).
    private var numbers: [String: Int] = [:]
    private var pending: [String: CheckedContinuation<String?, Never>] = [:]
    private var nextRequest = 1

    init(entryLimit: Int = 10_000, number: @escaping () -> Int) {
      self.entryLimit = entryLimit
      self.number = number
    }

    func has(_ session: Int) -> Bool { sessions[session] != nil }

    // MARK: Connections

    /// A connection was accepted: `write` sends it a line, `close` ends it.
    public func connected(
      write: @escaping @Sendable (String) -> Void, close: @escaping @Sendable () -> Void
    ) -> Int {
      let id = nextConnection
      nextConnection += 1
      connections[id] = Connection(write: write, close: close)
      return id
    }

    /// The connection ended: its sessions are closed, and stay readable.
    public func disconnected(_ connection: Int) {
      connections[connection] = nil
      for (number, session) in sessions where session.connection == connection && !session.closed {
        close(number)
      }
    }

    /// One line from an app, or why it could not be read (too long, not UTF-8).
    public func receive(_ line: [UInt8], from connection: Int) {
      guard var link = connections[connection] else { return }
      let value: JSONValue
      do {
        value = try parseJSON(line)
      } catch {
        return refuse(connection, "a line that is not JSON (\(error.message))")
      }
      guard case .object(let fields) = value else {
        return refuse(connection, "a line that is not a JSON object")
      }
      guard let hello = link.hello else {
        // The first line: the hello, with the token.
        guard fields["format"] == .string("uno-inspection") else {
          return turnAway(
            connection, "not_uno_inspection",
            "the first line must be the hello of the uno-inspection protocol")
        }
        guard fields["version"] == .integer(1) else {
          return turnAway(
            connection, "version",
            "this inspector speaks version 1 of the uno-inspection protocol; the app speaks \(fields["version"]?.text ?? "none"): update the older of the two"
          )
        }
        guard case .string(let token)? = fields["token"], token == self.token else {
          return turnAway(
            connection, "bad_token",
            "the token is not this inspector's: use the token 'uno-host inspect' printed")
        }
        link.hello = fields
        connections[connection] = link
        link.write(#"{"type":"welcome","version":1}"#)
        return
      }
      handle(fields, hello: hello, connection: connection)
    }

    /// The token an app's hello must carry (the page's).
    var token = ""

    /// A line of the app's that is refused: the page is told, the connection goes on.
    func refuse(_ connection: Int, _ what: String) {
      let app = connections[connection]?.hello?["app"]?.text ?? "an app"
      broadcast([
        "type": .string("warning"), "session": .null, "code": .string("bad_app_line"),
        "message": .string("\(app) (connection \(connection)) sent \(what); it was ignored"),
      ])
    }

    private func turnAway(_ connection: Int, _ code: String, _ message: String) {
      guard let link = connections[connection] else { return }
      link.write(
        JSONValue.object(["type": .string("refused"), "code": .string(code), "message": .string(message)])
          .text)
      link.close()
      connections[connection] = nil
      broadcast([
        "type": .string("warning"), "session": .null, "code": .string(code),
        "message": .string("an app was refused: \(message)"),
      ])
    }

    // MARK: Lines

    private func handle(_ fields: [String: JSONValue], hello: [String: JSONValue], connection: Int) {
      guard case .string(let type)? = fields["type"] else {
        return refuse(connection, "a line without its type")
      }
      if type == "reply" {
        guard case .string(let request)? = fields["request"],
          let waiter = pending.removeValue(forKey: request)
        else { return refuse(connection, "a reply to no request of this inspector") }
        if case .string(let error)? = fields["error"] {
          waiter.resume(returning: error)
        } else {
          waiter.resume(returning: nil)
        }
        return
      }
      guard case .integer(let appSession)? = fields["session"] else {
        return refuse(connection, "a \(type) line without its session")
      }
      if type == "issue", appSession == 0, case .string(let message)? = fields["message"] {
        // An issue the app reported outside any session's step.
        return broadcast([
          "type": .string("warning"), "session": .null, "code": .string("app_issue"),
          "message": .string("\(hello["app"]?.stringValue ?? "the app") reported: \(message)"),
        ])
      }
      let instance = hello["instance"]?.text ?? "?"
      let key = "\(instance)/\(appSession)"
      if type == "opened" {
        return open(fields, key: key, appSession: appSession, hello: hello, connection: connection)
      }
      guard let number = numbers[key], var session = sessions[number] else {
        return refuse(connection, "a \(type) line for session \(appSession), which it never opened")
      }
      let elapsed = fields["elapsed"] ?? .double(0)
      switch type {
      case "entry":
        guard case .string(let kind)? = fields["kind"], let state = fields["state"] else {
          return refuse(connection, "an entry without its kind or state")
        }
        session.state = state
        if let action = fields["action"], action != .null { session.lastAction = action }
        sessions[number] = session
        append(
          [
            "kind": .string(kind), "action": fields["action"] ?? .null, "elapsed": elapsed, "state": state,
            "named": named(fields["action"], in: session) ?? named(fields["described"]),
          ], to: number)
      case "child":
        guard case .string(let event)? = fields["event"], case .integer(let child)? = fields["child"] else {
          return refuse(connection, "a child line without its event or child")
        }
        var name: JSONValue = .null
        if event == "opened" {
          guard case .string(let text)? = fields["name"] else {
            return refuse(connection, "a child line without the name of the child")
          }
          name = .string(text)
        }
        session.children[child] = name.stringValue
        sessions[number] = session
        // The one child that came or went, not the whole list: a list of 1,000 rows tells 1,000.
        broadcast([
          "type": .string("child"), "session": .integer(number), "child": .integer(child), "name": name,
        ])
      case "actions":
        guard let schema = fields["schema"], let namer = _ActionNames.namer(for: schema) else {
          return refuse(connection, "an actions line whose schema is not one")
        }
        session.namer = namer
        sessions[number] = session
      case "effect":
        guard case .string(let event)? = fields["event"], case .integer(let effect)? = fields["effect"] else {
          return refuse(connection, "an effect line without its event or effect")
        }
        var described =
          named(fields["action"], in: session)?.string(at: "typed") ?? fields["described"]?.stringValue
          ?? session.running[effect]?.string(at: "described") ?? "an effect"
        if event == "started" {
          session.running[effect] = .object([
            "effect": .integer(effect), "described": .string(described),
            "callSite": fields["callSite"] ?? .null, "elapsed": elapsed,
          ])
          described += " · started at \(fields["callSite"]?.stringValue ?? "?")"
        } else {
          let started = session.running.removeValue(forKey: effect)
          if let began = started?.number(at: "elapsed"), let now = elapsed.numberValue {
            described += String(format: " · after %.3f s", now - began)
          }
          if let reason = fields["reason"]?.stringValue { described += " · \(reason)" }
        }
        sessions[number] = session
        append(
          [
            "kind": .string("effect \(event)"), "action": fields["action"] ?? .null, "elapsed": elapsed,
            "state": session.state, "named": named(.string(described)), "effect": .integer(effect),
          ], to: number)
      case "issue":
        append(
          [
            "kind": .string("issue"), "action": .null, "elapsed": elapsed, "state": session.state,
            "named": named(fields["message"]),
          ], to: number)
      case "dropped":
        guard case .integer(let count)? = fields["count"] else {
          return refuse(connection, "a dropped line without its count")
        }
        session.appDropped += count
        sessions[number] = session
        broadcast([
          "type": .string("warning"), "session": .integer(number), "code": .string("app_dropped"),
          "message": .string(
            "the app dropped \(count) events the inspector did not take in time (\(session.appDropped) in all)"
          ),
        ])
      case "closed":
        close(number)
      default:
        refuse(connection, "a line of unknown type '\(type)'")
      }
    }

    private func open(
      _ fields: [String: JSONValue], key: String, appSession: Int, hello: [String: JSONValue], connection: Int
    ) {
      guard case .string(let feature)? = fields["feature"], let state = fields["state"] else {
        return refuse(connection, "an opened line without its feature or state")
      }
      if let number = numbers[key], var session = sessions[number] {
        // The same app, reconnected: its session goes on, from the state it has now.
        let wasClosed = session.closed
        session.connection = connection
        session.closed = false
        session.running = [:]
        session.children = [:]  // the app tells them again after its `opened`
        session.state = state
        sessions[number] = session
        if wasClosed { broadcast(["type": .string("opened"), "session": summary(of: number)]) }
        append(
          [
            "kind": .string("reconnected"), "action": .null, "elapsed": fields["elapsed"] ?? .double(0),
            "state": state, "named": named(.string("the app reconnected; its state now")),
          ], to: number)
        return
      }
      let number = number()
      numbers[key] = number
      sessions[number] = Session(
        number: number, connection: connection, app: hello["app"]?.stringValue ?? "app",
        instance: hello["instance"]?.stringValue ?? "?", appSession: appSession, feature: feature,
        startedAt: Date(),
        codable: fields["codable"] == .bool(true), why: fields["why"]?.stringValue,
        actionCodable: fields["actionCodable"] == .bool(true), initialState: state, state: state)
      broadcast(["type": .string("opened"), "session": summary(of: number)])
    }

    private func close(_ number: Int) {
      guard sessions[number]?.closed == false else { return }
      sessions[number]!.closed = true
      broadcast(["type": .string("closed"), "session": .integer(number)])
    }

    /// `action` (the app's JSON of it) named as hosts name their actions, if the app described its
    /// action type (an `actions` line) and the action is one of it.
    private func named(_ action: JSONValue?, in session: Session) -> JSONValue? {
      guard let action, action != .null, let named = session.namer?(action) else { return nil }
      return .object([
        "name": .string(named.name), "ids": .array(named.ids), "payload": named.payload ?? .null,
        "typed": .string(named.typed),
      ])
    }

    private func named(_ text: JSONValue?) -> JSONValue {
      guard case .string(let text)? = text else { return .null }
      return .object(["name": .string(text), "ids": .array([]), "payload": .null, "typed": .string(text)])
    }

    /// Keeps an entry and sends it to the pages.
    private func append(_ fields: [String: JSONValue], to number: Int) {
      guard var session = sessions[number] else { return }
      var entry = fields
      entry["index"] = .integer(session.nextIndex)
      entry["request"] = .null
      entry["via"] = .string("app")
      session.entries.append(.object(entry))
      if session.entries.count > entryLimit {
        // The ring is full: the state before the oldest kept is the one dropped last.
        let first = session.entries.removeFirst()
        session.initialState = first["state"] ?? session.initialState
        session.dropped += 1
      }
      sessions[number] = session
      broadcast([
        "type": .string("entries"), "session": .integer(number), "dropped": .integer(session.dropped),
        "entries": .array([.object(entry)]), "running": running(of: session),
      ])
    }

    private func running(of session: Session) -> JSONValue {
      .array(session.running.sorted { $0.key < $1.key }.map(\.value))
    }

    // MARK: What the page reads

    func summary(of number: Int) -> JSONValue {
      guard let session = sessions[number] else { return .null }
      return .object([
        "session": .integer(number), "feature": .string(session.feature), "app": .string(session.app),
        "instance": .string(session.instance), "recordable": .bool(session.codable),
        "recording": .bool(session.codable), "closed": .bool(session.closed),
        "children": children(of: session),
      ])
    }

    /// The child view models of `session`'s view model, as the page lists them: in the order they
    /// were made, which their ids in the app follow.
    private func children(of session: Session) -> JSONValue {
      .array(
        session.children.sorted { $0.key < $1.key }.map {
          .object(["child": .integer($0.key), "name": .string($0.value)])
        })
    }

    /// Every app session, closed ones included (`"closed": true`): an app's sessions stay readable
    /// after it quits or restarts.
    var list: [JSONValue] {
      sessions.keys.sorted().map(summary(of:))
    }

    func timeline(of number: Int) throws(HostSessions.Failure) -> JSONValue {
      guard let session = sessions[number] else {
        throw HostSessions.Failure("unknown_session", "no session \(number)")
      }
      let actions: JSONValue =
        session.actionCodable && !session.closed
        ? .array([
          .object([
            "path": .string("json"), "usage": .string("JSON"),
            "summary": .string("an action of \(session.feature), as the app's Codable writes it"),
            "example": session.lastAction ?? .object([:]),
          ])
        ]) : .array([])
      var note: String?
      if !session.codable {
        note =
          "This session's state is shown as text: \(session.why ?? "it is not Codable"). Its timeline is below."
      }
      return .object([
        "session": .integer(number), "feature": .string(session.feature), "app": .string(session.app),
        "recording": .bool(true), "initialState": session.initialState, "dropped": .integer(session.dropped),
        "entries": .array(session.entries), "viewState": session.state, "actions": actions,
        "running": running(of: session), "appDropped": .integer(session.appDropped),
        "rewindable": .bool(session.codable), "note": note.map(JSONValue.string) ?? .null,
      ])
    }

    /// The session's changes as a recording file (`harness.replay` reads it): the action, effect,
    /// shared-value and rewind entries (an app's reconnection is a rewind: its state came from
    /// outside the steps); effect starts and ends and issues are the page's, not the recording's.
    func recording(of number: Int) throws(HostSessions.Failure) -> (feature: String, text: String) {
      guard let session = sessions[number] else {
        throw HostSessions.Failure("unknown_session", "no session \(number)")
      }
      guard session.codable else {
        throw HostSessions.Failure(
          "not_recordable",
          "session \(number)'s state is not Codable where the app encodes it: \(session.why ?? "")")
      }
      let formatter = ISO8601DateFormatter()
      var text =
        JSONValue.object([
          "format": .string("uno-recording"), "version": .integer(1), "feature": .string(session.feature),
          "startedAt": .string(formatter.string(from: session.startedAt)),
          "droppedEntries": .integer(session.dropped),
          "initialState": session.initialState,
        ]).text + "\n"
      for case .object(let entry) in session.entries {
        guard case .string(var kind)? = entry["kind"] else { continue }
        if kind == "reconnected" { kind = "rewind" }
        guard ["action", "effect", "sharedValue", "rewind"].contains(kind) else { continue }
        var line: [String: JSONValue] = [
          "kind": .string(kind), "elapsed": entry["elapsed"] ?? .double(0), "state": entry["state"] ?? .null,
        ]
        if let action = entry["action"], action != .null { line["action"] = action }
        text += JSONValue.object(line).text + "\n"
      }
      return (session.feature, text)
    }

    // MARK: What the page asks of an app

    /// Rewinds the app's runtime to the state after entry `index`.
    func rewind(_ number: Int, toEntry index: Int) async throws(HostSessions.Failure) -> JSONValue {
      guard let session = sessions[number] else {
        throw HostSessions.Failure("unknown_session", "no session \(number)")
      }
      guard session.codable else {
        throw HostSessions.Failure(
          "not_rewindable",
          "session \(number)'s state cannot be rewound to: \(session.why ?? "it is not Codable")")
      }
      let state: JSONValue
      if index == session.dropped - 1 {
        state = session.initialState
      } else if index >= session.dropped, index < session.nextIndex,
        let kept = session.entries[index - session.dropped]["state"]
      {
        state = kept
      } else {
        throw HostSessions.Failure("unknown_entry", "session \(number) keeps no entry \(index)")
      }
      try await request(["type": .string("rewind"), "state": state], to: session)
      return .object(["session": .integer(number)])
    }

    /// Sends `action` (the app's `Codable` form) to the app's runtime.
    func send(_ action: JSONValue, to number: Int) async throws(HostSessions.Failure) -> JSONValue {
      guard let session = sessions[number] else {
        throw HostSessions.Failure("unknown_session", "no session \(number)")
      }
      let request = try await request(["type": .string("send"), "action": action], to: session)
      return .object(["session": .integer(number), "request": .string(request)])
    }

    /// Sends a request to the app that has `session`, and waits for its answer.
    @discardableResult
    private func request(
      _ fields: [String: JSONValue], to session: Session
    ) async throws(HostSessions.Failure) -> String {
      guard !session.closed, let link = connections[session.connection] else {
        throw HostSessions.Failure("unknown_session", "session \(session.number) is closed: its app is gone")
      }
      let id = "inspector-\(nextRequest)"
      nextRequest += 1
      var line = fields
      line["request"] = .string(id)
      line["session"] = .integer(session.appSession)
      let timeout = replyTimeout
      let error: String? = await withCheckedContinuation { continuation in
        pending[id] = continuation
        link.write(JSONValue.object(line).text)
        Task { @MainActor [weak self] in
          try? await Task.sleep(for: timeout)
          self?.pending.removeValue(forKey: id)?.resume(
            returning: "the app did not answer within \(timeout): it may be stopped in a debugger")
        }
      }
      if let error { throw HostSessions.Failure("not_applied", error) }
      return id
    }
  }

  extension JSONValue {
    /// The number when this is one.
    var numberValue: Double? {
      switch self {
      case .double(let value): value
      case .integer(let value): Double(value)
      default: nil
      }
    }
    /// The string at `key` when this is an object that has one.
    func string(at key: String) -> String? { self[key]?.stringValue }
    /// The number at `key` when this is an object that has one.
    func number(at key: String) -> Double? { self[key]?.numberValue }
  }
#endif
