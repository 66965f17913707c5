import Foundation
import UnoPlugin

/// Turns a line typed in `uno-host run <feature>` into a request for the default session.
///
/// - A bare word is an action without payload: `increment`; a dotted path names one nested in
///   another: `detail.load` is `{"detail":{"load":{}}}`.
/// - A JSON object with an `op` is a protocol request, as in `serve` mode.
/// - Any other JSON value is an action: `{"queryChanged":{"query":"cat"}}`.
/// - A blank line is ignored (`nil`).
public func runModeRequest(_ line: [UInt8], session: Int) -> Result<Request, RequestError>? {
  guard let text = String(validating: line, as: UTF8.self) else {
    return .failure(RequestError("invalid_utf8", "the line is not valid UTF-8"))
  }
  let trimmed = text.trimmingCharacters(in: .whitespaces)
  guard !trimmed.isEmpty else { return nil }
  guard trimmed.first == "{" || trimmed.first == "\"" || trimmed.first == "[" else {
    let names = trimmed.split(separator: ".", omittingEmptySubsequences: false)
    guard names.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
    else {
      return .failure(
        RequestError(
          "malformed_action",
          "type an action name (increment), a nested action's path (detail.load) or a JSON action "
            + "({\"queryChanged\":{\"query\":\"cat\"}})"
        )
      )
    }
    guard names.count > 1 else { return .success(.send(id: nil, session: session, action: .string(trimmed))) }
    let action = names.reversed().reduce(JSONValue.object([:])) { inner, name in
      .object([String(name): inner])
    }
    return .success(.send(id: nil, session: session, action: action))
  }
  return parseLineJSON(line).flatMap { value in
    value["op"] != nil ? request(from: value) : .success(.send(id: nil, session: session, action: value))
  }
}

/// The features of `registry` as text for a person.
public func describeFeatures(_ registry: FeatureRegistry) -> String {
  var text = ""
  for plugin in registry.plugins {
    text += "\(plugin.name): \(plugin.summary)\n"
    let width = plugin.actions.map(\.path.count).max() ?? 0
    for action in plugin.actions {
      let padding = String(repeating: " ", count: width - action.path.count)
      text += "  \(action.path)\(padding)  \(action.summary)\n"
      text += "  \(String(repeating: " ", count: width))  e.g. \(action.example.text)\n"
      if !action.bindableFields.isEmpty {
        text +=
          "  \(String(repeating: " ", count: width))  bindable: \(action.bindableFields.joined(separator: ", "))\n"
      }
    }
    text += "\n"
  }
  return text
}
