import UnoPlugin

/// The protocol version this host speaks.
public let hostProtocolVersion = 1

/// A request line, validated.
public enum Request: Equatable, Sendable {
  case version(id: JSONValue?)
  case features(id: JSONValue?)
  case sessions(id: JSONValue?)
  case open(id: JSONValue?, feature: String)
  case send(id: JSONValue?, session: Int, action: JSONValue)
  case cancel(id: JSONValue?, session: Int, request: String)
  case close(id: JSONValue?, session: Int)
  /// The session's recording (uno-host `--record`), as the JSON lines of a recording file.
  case export(id: JSONValue?, session: Int)

  /// The request's `id`, which its answer (or error) repeats.
  public var id: JSONValue? {
    switch self {
    case .version(let id), .features(let id), .sessions(let id), .open(let id, _), .send(let id, _, _),
      .cancel(let id, _, _), .close(let id, _), .export(let id, _):
      id
    }
  }
}

/// Why a line was not a valid request. Every one becomes exactly one error line.
public struct RequestError: Error, Equatable, Sendable {
  /// A stable machine-readable code, e.g. `invalid_json`.
  public let code: String
  /// What is wrong, for a person.
  public let message: String
  /// The request's `id`, when it could be read.
  public let id: JSONValue?

  /// An error with its code, its message and, when known, the request's `id`.
  public init(_ code: String, _ message: String, id: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.id = id
  }
}

/// Limits that keep hostile input from costing more than it should.
public enum Limits {
  /// The longest line read; longer lines are dropped and answered with `line_too_long`.
  public static let maximumLineLength = 1 << 20
  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = defaultMaximumJSONDepth
}

/// Parses one line into a request.
public func parseRequest(_ line: [UInt8]) -> Result<Request, RequestError> {
  if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
    return .failure(RequestError("empty_line", "the line is empty; send one JSON object per line"))
  }
  return parseLineJSON(line).flatMap(request(from:))
}

/// Parses a line's JSON, turning a parse failure into the request error a client sees:
/// `invalid_utf8`, `too_deep` or `invalid_json`.
public func parseLineJSON(_ line: [UInt8]) -> Result<JSONValue, RequestError> {
  do {
    return .success(try parseJSON(line))
  } catch {
    let code =
      switch error.kind {
      case .invalidUTF8: "invalid_utf8"
      case .tooDeep: "too_deep"
      case .syntax: "invalid_json"
      }
    return .failure(RequestError(code, "the line is not valid JSON: \(error)"))
  }
}

func request(from value: JSONValue) -> Result<Request, RequestError> {
  guard case .object(let object) = value else {
    return .failure(
      RequestError(
        "not_an_object", "a request is a JSON object such as {\"op\":\"features\"}, not \(value.kind)"))
  }
  let id = object["id"]
  if let id {
    switch id {
    case .string, .integer: break
    default:
      return .failure(RequestError("wrong_type", "'id' must be a string or an integer, not \(id.kind)"))
    }
  }
  func fail(_ code: String, _ message: String) -> Result<Request, RequestError> {
    .failure(RequestError(code, message, id: id))
  }
  guard let opValue = object["op"] else {
    return fail("missing_field", "the request has no 'op'; ops are: \(ops.joined(separator: ", "))")
  }
  guard case .string(let op) = opValue else {
    return fail("wrong_type", "'op' must be a string, not \(opValue.kind)")
  }
  func int(_ key: String) -> Result<Int, RequestError> {
    guard let value = object[key] else {
      return .failure(RequestError("missing_field", "'\(op)' needs '\(key)'", id: id))
    }
    guard case .integer(let int) = value else {
      return .failure(RequestError("wrong_type", "'\(key)' must be an integer, not \(value.kind)", id: id))
    }
    return .success(int)
  }
  func string(_ key: String) -> Result<String, RequestError> {
    guard let value = object[key] else {
      return .failure(RequestError("missing_field", "'\(op)' needs '\(key)'", id: id))
    }
    guard case .string(let string) = value else {
      return .failure(RequestError("wrong_type", "'\(key)' must be a string, not \(value.kind)", id: id))
    }
    return .success(string)
  }
  switch op {
  case "version": return .success(.version(id: id))
  case "features": return .success(.features(id: id))
  case "sessions": return .success(.sessions(id: id))
  case "open":
    return string("feature").map { .open(id: id, feature: $0) }
  case "send":
    return int("session").flatMap { session in
      guard let action = object["action"] else { return fail("missing_field", "'send' needs 'action'") }
      return .success(.send(id: id, session: session, action: action))
    }
  case "cancel":
    return int("session").flatMap { session in
      // A request id is a string or an integer, as `send` takes it; `1` and `"1"` are one id.
      if case .integer(let number)? = object["request"] {
        return .success(.cancel(id: id, session: session, request: String(number)))
      }
      return string("request").map { .cancel(id: id, session: session, request: $0) }
    }
  case "close":
    return int("session").map { .close(id: id, session: $0) }
  case "export":
    return int("session").map { .export(id: id, session: $0) }
  default:
    return fail("unknown_op", "unknown op '\(op)'; ops are: \(ops.joined(separator: ", "))")
  }
}

let ops = ["version", "features", "sessions", "open", "send", "cancel", "close", "export"]
