// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import UnoHostCore
  import UnoPlugin

  /// Checks each line a client sends before the MCP SDK sees it, and answers what is not a
  /// JSON-RPC message itself, the way JSON-RPC 2.0 says: `-32700` for text that is not JSON,
  /// `-32600` for JSON that is not a message, `-32602` for our methods' malformed parameters, with
  /// the request's `id` when it could be read and `null` otherwise.
  ///
  /// The SDK answers such lines too, but with a random `id` and a message that does not say what
  /// was wrong; and it has no limit on a line's length or nesting. The screen uses the host's own
  /// JSON parser, which has both (``Limits``).
  public enum MessageScreen {
    /// What to do with one line.
    public enum Outcome: Equatable, Sendable {
      /// Pass the message to the SDK.
      case message(Passed)
      /// Write this error response (one line, without newline) and drop the message.
      case reject(String)
    }

    /// A line to pass on, and what it asks of the server.
    public struct Passed: Equatable, Sendable {
      /// The line, as it came.
      public let data: Data
      /// The ids of the requests in it: each expects one response.
      public let requests: [JSONValue]
      /// The ids of the requests it cancels (`notifications/cancelled`): those get no response.
      public let cancelled: [JSONValue]
    }

    /// JSON-RPC's error codes.
    public enum Code: Int, Sendable {
      case parseError = -32700
      case invalidRequest = -32600
      case invalidParams = -32602
    }

    /// Screens one event of a ``LineSplitter``.
    public static func screen(_ event: LineSplitter.Event) -> Outcome {
      switch event {
      case .tooLong(let length):
        return .reject(
          errorResponse(
            id: .null, .invalidRequest,
            "the message is \(length) bytes long; the limit is \(Limits.maximumLineLength)"))
      case .line(let bytes):
        if bytes.isEmpty {
          return .reject(
            errorResponse(id: .null, .invalidRequest, "an empty line: send one JSON-RPC message per line"))
        }
        let value: JSONValue
        do {
          value = try parseJSON(bytes)
        } catch {
          return .reject(errorResponse(id: .null, .parseError, "the message is not valid JSON: \(error)"))
        }
        if case .array(let items) = value {
          guard !items.isEmpty else {
            return .reject(
              errorResponse(id: .null, .invalidRequest, "an empty batch: send at least one message"))
          }
          for item in items {
            if let problem = check(item) { return .reject(problem) }
          }
          return .message(passed(bytes, items))
        }
        if let problem = check(value) { return .reject(problem) }
        return .message(passed(bytes, [value]))
      }
    }

    private static func passed(_ bytes: [UInt8], _ messages: [JSONValue]) -> Passed {
      var requests: [JSONValue] = []
      var cancelled: [JSONValue] = []
      for message in messages {
        guard let method = message["method"] else { continue }
        if let id = message["id"] {
          requests.append(id)
        } else if method == .string("notifications/cancelled"), let id = message["params"]?["requestId"] {
          cancelled.append(id)
        }
      }
      return Passed(data: Data(bytes), requests: requests, cancelled: cancelled)
    }

    /// The id a response answers, if `data` is a response (what the SDK sends back).
    public static func answeredRequest(_ data: Data) -> JSONValue? {
      guard let value = try? parseJSON(Array(data), maximumDepth: 512), value["method"] == nil,
        value["result"] != nil || value["error"] != nil
      else { return nil }
      return value["id"]
    }

    /// The error response to `message`, if it is not a JSON-RPC message the SDK can take.
    static func check(_ message: JSONValue) -> String? {
      guard case .object(let object) = message else {
        return errorResponse(
          id: .null, .invalidRequest, "a JSON-RPC message is a JSON object; this is \(message.kind)")
      }
      let id = object["id"]
      let replyID: JSONValue =
        switch id {
        case .string, .integer: id!
        default: .null
        }
      func invalid(_ text: String) -> String { errorResponse(id: replyID, .invalidRequest, text) }
      func invalidParams(_ text: String) -> String { errorResponse(id: replyID, .invalidParams, text) }
      guard object["jsonrpc"] == .string("2.0") else {
        return invalid(#"'jsonrpc' must be "2.0""#)
      }
      if let id {
        switch id {
        case .string, .integer: break
        default: return invalid("'id' must be a string or an integer; it is \(id.kind)")
        }
      }
      guard let method = object["method"] else {
        if id != nil, object["result"] != nil || object["error"] != nil { return nil }  // a response
        return invalid(
          "a request needs a 'method' (a string); a response needs an 'id' and a 'result' or an 'error'")
      }
      guard case .string(let name) = method else {
        return invalid("'method' must be a string; it is \(method.kind)")
      }
      let params = object["params"]
      if let params {
        guard case .object = params else {
          return invalidParams("'params' of '\(name)' must be an object; it is \(params.kind)")
        }
      }
      // The SDK reports malformed parameters of these methods as an internal error without saying
      // what is wrong: say it here.
      switch name {
      case "tools/call":
        guard case .string = params?["name"] else {
          return invalidParams("'tools/call' needs 'name', the tool's name (a string)")
        }
        if let arguments = params?["arguments"], arguments != .null {
          guard case .object = arguments else {
            return invalidParams("'arguments' of 'tools/call' must be an object; it is \(arguments.kind)")
          }
        }
      case "resources/read", "resources/subscribe", "resources/unsubscribe":
        guard case .string = params?["uri"] else {
          return invalidParams("'\(name)' needs 'uri', the resource's URI (a string)")
        }
      default:
        break
      }
      return nil
    }

    /// A JSON-RPC error response, as one line of JSON text.
    public static func errorResponse(id: JSONValue, _ code: Code, _ message: String) -> String {
      JSONValue.object([
        "jsonrpc": .string("2.0"), "id": id,
        "error": .object(["code": .integer(code.rawValue), "message": .string(message)]),
      ]).text
    }
  }
#endif
