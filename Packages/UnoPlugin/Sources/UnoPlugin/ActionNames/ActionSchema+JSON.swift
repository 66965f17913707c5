@_spi(Internals) import UnoCore
import UnoJSON

// An action type's schema as JSON: what an app connected to an inspector sends for each of its
// sessions (docs/inspector.md, "Your own app"), so that the inspector, which does not have the
// app's types, names the app's actions as hosts name their features' (`todo.toggle <id>`).

/// Action names for a process that has the action type (an app) and one that has only its JSON
/// (an inspector): ``schema(of:)`` on one side, ``namer(for:)`` on the other.
@_spi(Inspection) public enum _ActionNames {
  /// `type`'s cases and what each carries, as JSON; `nil` when `type` is not an enum whose cases
  /// can be read from its `Decodable` conformance (custom coding, a struct).
  ///
  /// Reads the type by decoding it, so call it where its conformance can be used: on the main
  /// actor for a type whose `Decodable` is main-actor isolated.
  public static func schema(of type: any Decodable.Type) -> JSONValue? {
    ActionSchemaReader.schema(of: type)?.json
  }

  /// What names an action, as its JSON (`Codable`'s), with the schema ``schema(of:)`` gave;
  /// `nil` when `schema` is not one.
  public static func namer(for schema: JSONValue) -> (@Sendable (JSONValue) -> NamedAction?)? {
    guard let read = ActionSchema(json: schema) else { return nil }
    let naming = ActionNaming(read)
    return { action in
      guard case .success(let found) = naming.find(action) else { return nil }
      return NamedAction(
        name: found.entry.name, ids: found.ids, payload: found.payload, fields: found.entry.fields)
    }
  }
}

extension ActionSchema {
  /// `{"cases":[{"name":…,"payload":{…}}]}`.
  var json: JSONValue {
    .object(["cases": .array(cases.map { .object(["name": .string($0.name), "payload": $0.payload.json]) })])
  }

  /// The schema `json` (``json``) is; `nil` when it is not one.
  init?(json: JSONValue, depth: Int = 0) {
    guard depth < 64, case .array(let items)? = json["cases"] else { return nil }
    var cases: [Case] = []
    for item in items {
      guard case .string(let name)? = item["name"],
        let payload = item["payload"].flatMap({ Payload(json: $0, depth: depth) })
      else { return nil }
      cases.append(Case(name: name, payload: payload))
    }
    self.init(cases: cases)
  }
}

extension ActionSchema.Payload {
  var json: JSONValue {
    let kind: String
    switch self.kind {
    case .none: kind = "none"
    case .child: kind = "child"
    case .element: kind = "element"
    case .values: kind = "values"
    }
    return .object([
      "kind": .string(kind), "label": .string(label), "actionLabel": .string(actionLabel),
      "child": child?.json ?? .null, "optional": .bool(optional), "fields": .array(fields.map(\.json)),
    ])
  }

  init?(json: JSONValue, depth: Int) {
    guard case .string(let kind)? = json["kind"], case .string(let label)? = json["label"],
      case .string(let actionLabel)? = json["actionLabel"], case .bool(let optional)? = json["optional"],
      case .array(let fieldItems)? = json["fields"]
    else { return nil }
    let fields = fieldItems.compactMap(ActionSchema.Field.init(json:))
    guard fields.count == fieldItems.count else { return nil }
    var child: ActionSchema?
    if let childJSON = json["child"], childJSON != .null {
      guard let read = ActionSchema(json: childJSON, depth: depth + 1) else { return nil }
      child = read
    }
    switch kind {
    case "none": self = .none
    case "child":
      guard let child else { return nil }
      self = .child(label: label, child, optional: optional)
    case "element":
      guard let child, fields.count == 1 else { return nil }
      self = .element(idLabel: label, actionLabel: actionLabel, child, id: fields[0])
    case "values": self = .values(fields)
    default: return nil
    }
  }
}

extension ActionSchema.Field {
  var json: JSONValue {
    .object([
      "label": .string(label), "typeName": .string(typeName), "optional": .bool(optional),
      "example": example ?? .null, "values": .array(values),
    ])
  }

  init?(json: JSONValue) {
    guard case .string(let label)? = json["label"], case .string(let typeName)? = json["typeName"],
      case .bool(let optional)? = json["optional"], case .array(let values)? = json["values"]
    else { return nil }
    let example = json["example"].flatMap { $0 == .null ? nil : $0 }
    self.init(label: label, typeName: typeName, optional: optional, example: example, values: values)
  }
}
