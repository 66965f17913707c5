@_spi(Internals) import UnoJSON
import UnoPlugin

/// One line uno-host writes: every answer, event and error of the protocol
/// (docs/host-protocol.md), written by one writer, ``line``.
///
/// Fields come in the protocol's order, `type` first, so that a reader can dispatch on the first
/// field; values are written by ``JSONValue``'s writer. A view state is carried as the JSON text
/// its session already encoded, and written as it is.
///
/// ```swift
/// HostResponse.closed(id: .string("c1"), session: 2).line
/// // {"type":"closed","id":"c1","session":2}
/// ```
public enum HostResponse: Equatable, Sendable {
  /// The answer to `version`.
  case version(id: JSONValue?)
  /// The answer to `features`: `features` is the listing's JSON text.
  case features(id: JSONValue?, features: String)
  /// The answer to `sessions`.
  case sessions(id: JSONValue?, [HostSessions.Summary])
  /// The answer to `open`: the new session and its first view state (JSON text).
  case opened(id: JSONValue?, session: Int, feature: String, state: String)
  /// A view-state change of `session` (JSON text), caused by `request` (`nil`: by none).
  case state(session: Int, request: JSONValue?, state: String)
  /// The effects of `request` have all finished (or were cancelled).
  case finished(session: Int, request: JSONValue?, cancelled: Bool)
  /// The answer to `cancel`.
  case cancelled(id: JSONValue?, session: Int, request: String)
  /// The answer to `close`.
  case closed(id: JSONValue?, session: Int)
  /// Something the sender of `request` should know that is not an answer: an effect of its
  /// action failed.
  case warning(session: Int, request: JSONValue?, code: String, message: String)
  /// A session's recording: `lines` are the recording's JSON lines, one JSON value each.
  case recording(id: JSONValue?, session: Int, feature: String, lines: [String])
  /// A request that could not be carried out, and why.
  case error(id: JSONValue?, code: String, message: String)
  /// The answer to `help` typed in `run --format json`: the feature's entry of the features
  /// listing (JSON text), its short commands, and the grammar of a typed line.
  case help(feature: String, entry: String)

  /// The line, without its newline.
  public var line: String {
    var object = ObjectWriter(capacity: 64 + carriedText.utf8.count)
    switch self {
    case .version(let id):
      object.field("type", quoted: "version")
      object.field("id", id)
      object.field("protocol", hostProtocolVersion)
      object.field("host", quoted: "uno-host")
    case .features(let id, let features):
      object.field("type", quoted: "features")
      object.field("id", id)
      object.field("features", text: features)
    case .sessions(let id, let sessions):
      object.field("type", quoted: "sessions")
      object.field("id", id)
      var list = "["
      for (index, summary) in sessions.enumerated() {
        var entry = ObjectWriter()
        entry.field("session", summary.session)
        entry.field("feature", quoted: summary.feature)
        list += (index == 0 ? "" : ",") + entry.finish()
      }
      object.field("sessions", text: list + "]")
    case .opened(let id, let session, let feature, let state):
      object.field("type", quoted: "opened")
      object.field("id", id)
      object.field("session", session)
      object.field("feature", quoted: feature)
      object.field("state", text: state)
    case .state(let session, let request, let state):
      object.field("type", quoted: "state")
      object.field("session", session)
      object.field("request", request)
      object.field("state", text: state)
    case .finished(let session, let request, let cancelled):
      object.field("type", quoted: "finished")
      object.field("session", session)
      object.field("request", request)
      object.field("cancelled", cancelled)
    case .cancelled(let id, let session, let request):
      object.field("type", quoted: "cancelled")
      object.field("id", id)
      object.field("session", session)
      object.field("request", quoted: request)
    case .closed(let id, let session):
      object.field("type", quoted: "closed")
      object.field("id", id)
      object.field("session", session)
    case .warning(let session, let request, let code, let message):
      object.field("type", quoted: "warning")
      object.field("session", session)
      object.field("request", request)
      object.field("code", quoted: code)
      object.field("message", quoted: message)
    case .recording(let id, let session, let feature, let lines):
      object.field("type", quoted: "recording")
      object.field("id", id)
      object.field("session", session)
      object.field("feature", quoted: feature)
      object.field("recording", text: "[" + lines.joined(separator: ",") + "]")
    case .error(let id, let code, let message):
      object.field("type", quoted: "error")
      object.field("id", id)
      object.field("code", quoted: code)
      object.field("message", quoted: message)
    case .help(let feature, let entry):
      object.field("type", quoted: "help")
      object.field("feature", quoted: feature)
      object.field("help", text: entry)
    }
    return object.finish()
  }

  /// The JSON text the line carries as it is (a view state, the features listing), to size the
  /// line's buffer once.
  private var carriedText: String {
    switch self {
    case .opened(_, _, _, let text), .state(_, _, let text), .features(_, let text), .help(_, let text): text
    default: ""
    }
  }
}

/// Writes one JSON object, field by field, in the order given, through ``JSONValue``'s writer
/// (`writeKey(_:first:to:)`, `write(to:)`): written for uno-host's hottest path (a `state` line
/// per change), into one buffer sized once.
private struct ObjectWriter {
  private var bytes: [UInt8] = [UInt8(ascii: "{")]

  init(capacity: Int = 64) {
    bytes.reserveCapacity(capacity)
  }

  /// The object's text; the writer is done.
  mutating func finish() -> String {
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func key(_ key: String) {
    JSONValue.writeKey(key, first: bytes.count == 1, to: &bytes)
  }

  /// A field whose value is JSON text already.
  mutating func field(_ key: String, text: String) {
    self.key(key)
    bytes.append(contentsOf: text.utf8)
  }

  /// A string field.
  mutating func field(_ key: String, quoted string: String) {
    field(key, .string(string))
  }

  /// An integer field.
  mutating func field(_ key: String, _ number: Int) {
    field(key, .integer(number))
  }

  /// A Boolean field.
  mutating func field(_ key: String, _ flag: Bool) {
    field(key, .bool(flag))
  }

  /// A field holding a value, or `null` when there is none (a request without an id).
  mutating func field(_ key: String, _ value: JSONValue?) {
    self.key(key)
    (value ?? .null).write(to: &bytes)
  }
}
