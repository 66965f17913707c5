/// An action of a feature as hosts show it: its name (``FeaturePlugin/ActionInfo/path``), the ids
/// of the children it is for, and what it carries.
public struct NamedAction: Sendable, Equatable {
  /// Its name: `todo.rename`.
  public let name: String
  /// The ids of the children it is for, outermost first (``FeaturePlugin/ActionInfo/ids``).
  public let ids: [JSONValue]
  /// What its case carries: the one value (`"Buy oat milk"`) or an object of its values;
  /// `nil` when it carries nothing.
  public let payload: JSONValue?

  /// The line a person types for it at a terminal: `todo.rename 0000…0001 Buy oat milk`,
  /// `detail.load`, `move {"from":[2],"to":0}`.
  public let typed: String

  init(name: String, ids: [JSONValue], payload: JSONValue?, fields: [ActionSchema.Field]) {
    self.name = name
    self.ids = ids
    self.payload = payload
    var words = [name] + ids.map(Self.word)
    if let payload, !payload.isEmptyObject {
      // One value is typed as itself, whether it has a label or not.
      if fields.count == 1, case .object(let object) = payload, object.count == 1,
        let value = object[fields[0].label]
      {
        words.append(Self.word(value))
      } else {
        words.append(Self.word(payload))
      }
    }
    typed = words.joined(separator: " ")
  }

  /// A value as a person types it: text and numbers bare, anything else as JSON.
  private static func word(_ value: JSONValue) -> String {
    switch value {
    case .string(let text) where !text.isEmpty && text.first != "{" && text.first != "\"": text
    default: value.text
    }
  }
}

/// Why typed words are not an action of a feature.
public struct ActionTypingError: Error, Equatable, Sendable {
  /// `unknown_action` (no action has that name) or `invalid_payload` (its ids or value do not
  /// fit), as ``FeatureError/code`` names them.
  public let code: String
  /// A sentence for the person who typed it, with an example.
  public let message: String
}

extension FeaturePlugin {
  /// `action` (JSON as hosts read it, or as Swift's `Codable` writes it, `_0` and all) by its
  /// name, ids and values; `nil` when it is none of the feature's actions.
  public func namedAction(_ action: JSONValue) -> NamedAction? {
    guard let naming, case .success(let found) = naming.find(action) else { return nil }
    return NamedAction(
      name: found.entry.name, ids: found.ids, payload: found.payload, fields: found.entry.fields)
  }

  /// The action named `name` (``ActionInfo/path``) with `arguments` as a person types them after
  /// the name: one word per id the action takes (``ActionInfo/ids``), then its value: nothing,
  /// its one value as text (`Buy oat milk`, `3`, `true`) or JSON, or its values as a JSON object.
  ///
  /// ```swift
  /// todosPlugin.action(named: "todo.rename", arguments: "0000…0001 Buy oat milk")
  /// // {"todo":{"row":{"element":{"id":"0000…0001","action":{"rename":{"title":"Buy oat milk"}}}}}}
  /// ```
  public func action(named name: String, arguments: String) -> Result<JSONValue, ActionTypingError> {
    guard let info = actions.first(where: { $0.path == name }) else {
      return .failure(ActionTypingError(code: "unknown_action", message: unknownNameMessage(name)))
    }
    var rest = Substring(arguments.trimmingCharacters(in: .whitespaces))
    var ids: [JSONValue] = []
    // Each id is typed like the example's id at its place.
    let exampleIDs = info.ids.isEmpty ? [] : namedAction(info.example)?.ids ?? []
    for owner in info.ids {
      guard let word = rest.split(separator: " ", maxSplits: 1).first else {
        return .failure(
          ActionTypingError(
            code: "invalid_payload",
            message: "'\(name)' takes the id of a \(owner) first. For example: \(typedExample(info))."))
      }
      ids.append(
        Self.typedValue(String(word), like: ids.count < exampleIDs.count ? exampleIDs[ids.count] : nil))
      rest = rest.dropFirst(word.count).drop { $0 == " " }
    }
    let text = String(rest)
    let payload: JSONValue?
    let fields = info.payload
    if text.isEmpty {
      guard fields.isEmpty || info.fields.allSatisfy({ $0.hasSuffix("?") }) else {
        return .failure(
          ActionTypingError(
            code: "invalid_payload", message: "'\(name)' needs a value. For example: \(typedExample(info))."))
      }
      payload = nil
    } else if info.fields.isEmpty && info.bindableFields.isEmpty {
      return .failure(
        ActionTypingError(
          code: "invalid_payload",
          message: "'\(name)' takes no value: type it alone\(info.ids.isEmpty ? "" : ", after its ids")."))
    } else if info.fields.count == 1, info.bindableFields.isEmpty, let (label, example) = fields.first {
      // One of the values the usage lists, by its name; else a value like the example's.
      let listed = info.fieldValues[0].first { ActionInfo.valueWord($0) == text }
      let value = listed ?? Self.typedValue(text, like: example)
      if JSONCoding.isPosition(label) {
        payload = value
      } else if case .object(let object) = value, object.keys.contains(label) {
        payload = value  // the values as an object, as for several
      } else {
        payload = .object([label: value])
      }
    } else {
      guard let object = try? parseJSON(Array(text.utf8)), case .object = object else {
        return .failure(
          ActionTypingError(
            code: "invalid_payload",
            message:
              "'\(name)' takes several values: type them as a JSON object after its name. For example: \(typedExample(info))."
          ))
      }
      payload = object
    }
    guard let naming, let entry = naming.entry(named: name) else {
      // Named from the examples: the path's names around the payload.
      return .success(
        info.pathComponents.reversed().reduce(payload ?? .object([:])) { inner, name in .object([name: inner])
        })
    }
    return .success(naming.json(for: entry, ids: ids, payload: payload))
  }

  /// How a person types the example of `info`: `todo.rename 0000…0001 Buy oat milk`.
  public func typedExample(_ info: ActionInfo) -> String {
    namedAction(info.example)?.typed ?? info.example.text
  }

  /// What to say when no action is named `name`.
  private func unknownNameMessage(_ name: String) -> String {
    "There is no action '\(name)' in \(self.name). Its actions are: \(actionPaths.joined(separator: ", "))."
  }

  /// `text` as the kind of value `example` is: text stays text, numbers and booleans are read as
  /// such when they can be, and anything else is read as JSON, or kept as text.
  static func typedValue(_ text: String, like example: JSONValue?) -> JSONValue {
    switch example {
    case .string?: return .string(text)
    case .integer?: if let integer = Int(text) { return .integer(integer) }
    case .double?: if let double = Double(text) { return .double(double) }
    case .bool?: if text == "true" || text == "false" { return .bool(text == "true") }
    default: break
    }
    if let value = try? parseJSON(Array(text.utf8)) { return value }
    return .string(text)
  }
}
