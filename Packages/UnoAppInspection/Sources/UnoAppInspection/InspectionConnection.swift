import Foundation
@_spi(Inspection) @_spi(Internals) import UnoCore
import UnoJSON
@_spi(Inspection) import UnoPlugin

/// The app's connection to an inspector: the hub every runtime of the app opens its session in
/// (``_InspectionHub``), and the two threads that talk to the inspector.
///
/// - The **writer** connects (again and again while there is no inspector, waiting up to two
///   seconds between tries), says hello, and writes the sessions' events as the runtimes hand
///   them over, encoding them here, off the main actor.
/// - The **reader** reads the inspector's requests (send an action, rewind) and runs them on the
///   main actor; it notices when the inspector goes.
///
/// Nothing here waits on the main actor, and the main actor never waits on it: what the
/// runtimes hand over waits in ``outbound``, at most ``limit`` events, the oldest batches dropped
/// and counted beyond that (a stalled inspector), so that the app's memory stays bounded.
final class InspectionConnection: _InspectionHub, Sendable {
  let host: String
  let port: Int
  let token: String
  let app: String
  /// This process, as the inspector tells a restarted app from a reconnected one.
  let instance = UUID().uuidString
  /// The most events that wait to be written, across sessions.
  static let limit = 4096
  /// How long the writer lets batches gather after writing, in seconds. A batch handed over
  /// while it waits for one wakes it (a system call on the main actor, which cost a third of a
  /// connected send when each batch did); while it writes or pauses, a batch costs the main
  /// actor a lock. Longer, the states would wait longer in memory (a send that copies a large
  /// state cost more at 1 ms than at 0.2).
  static let pause = 0.000_2
  /// The longest line the inspector may send (a request with its action or state).
  static let longestLine = 8 << 20

  /// The runtimes' sessions, by id, held weakly: a session's runtime owns it.
  private let sessions = Locked<[UInt64: WeakSession]>([:])
  /// What the inspector names each session's actions with (`_ActionNames`), as a line's JSON,
  /// by session; `nil` for an action type whose cases cannot be read.
  private let actionNames = Locked<[UInt64: String?]>([:])
  /// The same, by action type: read once for each type, on the main actor (where a `Decodable`
  /// conformance isolated to it can be used).
  private let actionNamesByType = Locked<[ObjectIdentifier: String?]>([:])
  let outbound = AsyncCondition(Outbound())

  struct WeakSession: Sendable {
    weak var session: _InspectedSession?
  }

  /// What waits to be written, and whether a connection is up.
  struct Outbound: Sendable {
    var batches: [_InspectionBatch] = []
    var events = 0
    /// Events dropped here, by session, not told to the inspector yet.
    var dropped: [UInt64: Int] = [:]
    /// The generation of the connection that is up (``_Inspection/beginGeneration()``), if any.
    var generation: Int?
  }

  init(host: String, port: Int, token: String, app: String) {
    (self.host, self.port, self.token, self.app) = (host, port, token, app)
  }

  // MARK: The hub

  @MainActor
  func opened(_ session: _InspectedSession) {
    sessions.withLock { $0[session.id] = WeakSession(session: session) }
    if let generation = outbound.reading(\.generation) {
      describeActions(of: session)
      session.announce(generation: generation)
    }
  }

  /// Reads what names `session`'s actions, once for its action type, unless it was read.
  @MainActor
  private func describeActions(of session: _InspectedSession) {
    guard actionNames.withLock({ $0[session.id] == nil }) else { return }
    let type = ObjectIdentifier(session.actionType)
    let described =
      actionNamesByType.withLock { $0[type] }
      ?? (session.actionType as? any Decodable.Type).flatMap { _ActionNames.schema(of: $0)?.text }
    actionNamesByType.withLock { $0[type] = .some(described) }
    actionNames.withLock { $0[session.id] = .some(described) }
  }

  func deliver(_ batch: _InspectionBatch) {
    outbound.withState { outbound in
      guard outbound.generation != nil else { return }
      guard outbound.events + batch.count <= Self.limit else {
        outbound.dropped[batch.session, default: 0] += batch.count + batch.dropped
        return
      }
      outbound.events += batch.count
      outbound.batches.append(batch)
    }
  }

  func closed(_ session: UInt64, shown: Bool) {
    sessions.withLock { $0[session] = nil }
    actionNames.withLock { $0[session] = nil }
    guard shown else { return }
    let line = #"{"type":"closed","session":\#(session)}"#
    deliver(_InspectionBatch(session: session, dropped: 0, count: 0) { [line] })
  }

  /// Queues a line that is not a session's event (an answer to the inspector).
  func enqueue(_ line: String) {
    outbound.withState { outbound in
      guard outbound.generation != nil else { return }
      outbound.batches.append(_InspectionBatch(session: 0, dropped: 0, count: 0) { [line] })
    }
  }

  @MainActor
  func issue(_ message: String) {
    let live = sessions.withLock { $0.values.compactMap(\.session) }
    if !live.contains(where: { $0.issue(message) }) { issueOutsideSessions(message) }
  }

  /// An issue no session's step reported (outside any step, or off the main actor): the page
  /// shows it as the app's.
  func issueOutsideSessions(_ message: String) {
    enqueue(
      JSONValue.object(["type": .string("issue"), "session": .integer(0), "message": .string(message)]).text)
  }

  @MainActor
  private func announceAll(generation: Int) {
    let live = sessions.withLock { table in
      table = table.filter { $0.value.session != nil }
      return table.values.compactMap(\.session).sorted { $0.id < $1.id }
    }
    for session in live {
      describeActions(of: session)
      session.announce(generation: generation)
    }
  }

  // MARK: The writer

  /// Connects, writes, and connects again when the inspector goes: forever, on its own thread.
  func run() {
    var delay = 0.1
    var toldNoInspector = false
    while true {
      let socket: InspectorSocket
      do {
        socket = try InspectorSocket.connect(host: host, port: port)
      } catch {
        if !toldNoInspector {
          log("no inspector at \(host):\(port) yet (\(error)); trying again in the background")
          toldNoInspector = true
        }
        Thread.sleep(forTimeInterval: delay)
        delay = min(delay * 2, 2)
        continue
      }
      delay = 0.1
      toldNoInspector = false
      serve(socket)
      Thread.sleep(forTimeInterval: delay)
    }
  }

  /// One connection: hello, then the events, until the inspector goes or refuses the app.
  private func serve(_ socket: InspectorSocket) {
    let generation = _Inspection.beginGeneration()
    outbound.withState { $0 = Outbound(generation: generation) }
    let readerDone = DispatchSemaphore(value: 0)
    let reader = Thread { [self] in
      read(socket, generation: generation)
      readerDone.signal()
    }
    reader.name = "UnoInspection reader"
    reader.start()
    do {
      try socket.write(Array((hello + "\n").utf8))
      Task { @MainActor in self.announceAll(generation: generation) }
      while true {
        _ = outbound.blockingWait(
          until: { !$0.batches.isEmpty || $0.generation != generation }, timeout: .seconds(5))
        let (batches, dropped, live) = outbound.withState { outbound in
          defer { (outbound.batches, outbound.events, outbound.dropped) = ([], 0, [:]) }
          return (outbound.batches, outbound.dropped, outbound.generation == generation)
        }
        guard live else { break }
        var text = ""
        for (session, count) in dropped.sorted(by: { $0.key < $1.key }) {
          text += Self.droppedLine(session: session, count: count)
        }
        for batch in batches {
          if batch.dropped > 0 { text += Self.droppedLine(session: batch.session, count: batch.dropped) }
          for line in batch.encode() {
            text += line + "\n"
            // Right after a session's `opened`, what names its actions, for the lines after it.
            if line.hasPrefix(#"{"session":\#(batch.session),"type":"opened","#),
              let names = actionNames.withLock({ $0[batch.session] }) ?? nil
            {
              text += #"{"type":"actions","session":\#(batch.session),"schema":\#(names)}"# + "\n"
            }
          }
        }
        if !text.isEmpty { try socket.write(Array(text.utf8)) }
        // What the runtimes hand over meanwhile waits for the next round, rather than waking
        // this thread batch by batch: waking it cost the main actor a system call per batch.
        Thread.sleep(forTimeInterval: Self.pause)
      }
    } catch {
      log("the inspector's connection ended (\(error)); reconnecting in the background")
    }
    _Inspection.endGeneration()
    outbound.withState { $0 = Outbound() }
    socket.shutdownBoth()
    readerDone.wait()
    socket.close()
  }

  private var hello: String {
    JSONValue.object([
      "format": .string("uno-inspection"), "version": .integer(1), "token": .string(token),
      "app": .string(app),
      "instance": .string(instance), "pid": .integer(Int(ProcessInfo.processInfo.processIdentifier)),
    ]).text
  }

  private static func droppedLine(session: UInt64, count: Int) -> String {
    #"{"type":"dropped","session":\#(session),"count":\#(count)}"# + "\n"
  }

  // MARK: The reader

  /// Reads the inspector's lines until it goes; then ends the connection's generation, which
  /// wakes the writer.
  private func read(_ socket: InspectorSocket, generation: Int) {
    var splitter = LineSplitter(maximumLength: Self.longestLine)
    while let bytes = try? socket.read(), !bytes.isEmpty {
      for event in splitter.append(bytes) {
        switch event {
        case .line(let line): handle(line)
        case .tooLong(let length):
          log("the inspector sent a line of \(length) bytes, longer than \(Self.longestLine); it was ignored")
        }
      }
    }
    outbound.withState { outbound in
      if outbound.generation == generation { outbound.generation = nil }
    }
  }

  /// One line from the inspector: its answer to the hello, or a request for a session.
  private func handle(_ line: [UInt8]) {
    guard let object = try? parseJSON(line), case .string(let type)? = object["type"] else {
      log("the inspector sent a line that is not a JSON object with a type; it was ignored")
      return
    }
    switch type {
    case "welcome":
      log("connected to the inspector at \(host):\(port)")
    case "refused":
      log("the inspector refused this app: \(object["message"]?.stringValue ?? "no reason given")")
    case "send", "rewind":
      let request = object["request"] ?? .null
      guard case .integer(let number)? = object["session"], number >= 0,
        let payload = object[type == "send" ? "action" : "state"]
      else {
        let needed = type == "send" ? "action" : "state"
        enqueue(Self.reply(request, error: "a \(type) needs its session and its \(needed)"))
        return
      }
      let session = UInt64(number)
      let bytes = Array(payload.text.utf8)
      Task { @MainActor in
        let target = self.sessions.withLock { $0[session]?.session }
        let error: String?
        if let target {
          error = type == "send" ? target.send(actionJSON: bytes) : target.rewind(stateJSON: bytes)
        } else {
          error = "no session \(session) in this app (its runtime was released)"
        }
        self.enqueue(Self.reply(request, error: error))
      }
    default:
      enqueue(Self.reply(.null, error: "unknown request type"))
    }
  }

  private static func reply(_ request: JSONValue, error: String?) -> String {
    JSONValue.object([
      "type": .string("reply"), "request": request, "error": error.map(JSONValue.string) ?? .null,
    ])
    .text
  }
}

/// Tells the developer what the connection does, on standard error, once per event.
func log(_ message: String) {
  FileHandle.standardError.write(Data("UnoInspection: \(message)\n".utf8))
}
