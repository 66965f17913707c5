/// A state that names the fields a ``BindingAction`` may set from JSON: what makes an action with
/// a `binding` case `Codable` for the host, the terminal, MCP and recordings.
///
/// The fields are declared once, beside the state:
///
/// ```swift
/// extension FormState: BindableState {
///   static let bindableFields: BindableFields<Self> = [
///     .field("title", \.title),
///     .field("minutes", \.minutes),
///     .field("theme", \.theme),
///   ]
/// }
/// ```
///
/// A binding is then coded as an object with one member, the field's name and its new value:
/// `.set(\.title, "Morning sync")` is `{"title":"Morning sync"}`, and the action
/// `.binding(.set(\.title, "Morning sync"))` is `{"binding":{"title":"Morning sync"}}`. Decoding a
/// field that is not listed, or a value of the wrong type, throws an error that names the field
/// and the bindable ones; nothing is set.
public protocol BindableState {
  /// The fields a binding may set from JSON, by name.
  static var bindableFields: BindableFields<Self> { get }
}

/// The fields of a ``BindableState`` that a binding may set, each with the name JSON gives it.
public struct BindableFields<Root>: Sendable, ExpressibleByArrayLiteral {
  /// One bindable field: its name, its key path and how to code its value.
  public struct Field: Sendable {
    /// The field's name in JSON.
    public let name: String
    /// The name of the field's type, for listings and error messages.
    public let typeName: String
    let keyPath: _MainActorKeyPath<PartialKeyPath<Root>>
    let decode: @Sendable (any Decoder) throws -> BindingAction<Root>
    let encode: @Sendable (any Sendable, any Encoder) throws -> Void

    /// The field at `keyPath`, named `name` in JSON. `typeName` names its type for people
    /// (listings, errors); by default the Swift type's name.
    public static func field<Value: Codable & Equatable & Sendable>(
      _ name: String, _ keyPath: WritableKeyPath<Root, Value>, typeName: String? = nil
    ) -> Self {
      let held = _MainActorKeyPath(keyPath)
      return Self(
        name: name, typeName: typeName ?? String(describing: Value.self), keyPath: _MainActorKeyPath(keyPath),
        decode: { decoder in .set(held.keyPath, try Value(from: decoder)) },
        encode: { value, encoder in try (value as! Value).encode(to: encoder) }
      )
    }
  }

  /// The fields, in the order declared.
  public let fields: [Field]

  /// The fields given, in order.
  public init(_ fields: [Field]) {
    self.fields = fields
  }

  public init(arrayLiteral fields: Field...) {
    self.init(fields)
  }

  /// The field named `name`.
  public func field(named name: String) -> Field? {
    fields.first { $0.name == name }
  }

  /// The field at `keyPath`.
  public func field(at keyPath: PartialKeyPath<Root>) -> Field? {
    fields.first { $0.keyPath.keyPath == keyPath }
  }

  /// The names, for messages: `title, minutes, theme`.
  var namesList: String { fields.map(\.name).joined(separator: ", ") }
}

extension BindingAction: Codable where Root: BindableState {
  private struct FieldKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    let fields = Root.bindableFields
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: """
            A binding sets one field, as {"field": value}; this one has \(container.allKeys.count) \
            members. Bindable fields of \(Root.self): \(fields.namesList).
            """
        ))
    }
    guard let field = fields.field(named: key.stringValue) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [key],
          debugDescription: """
            '\(key.stringValue)' is not a bindable field of \(Root.self). Bindable fields: \
            \(fields.namesList).
            """
        ))
    }
    do {
      self = try field.decode(try container.superDecoder(forKey: key))
    } catch let error as DecodingError {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [key],
          debugDescription:
            "The field '\(field.name)' of \(Root.self) expects \(field.typeName): \(error.summary)",
          underlyingError: error
        ))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    guard let field = Root.bindableFields.field(at: keyPath) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: """
            \(String(reflecting: keyPath)) is not a bindable field of \(Root.self): list it in its \
            'bindableFields' to code a binding of it.
            """
        ))
    }
    var container = encoder.container(keyedBy: FieldKey.self)
    try field.encode(value, container.superEncoder(forKey: FieldKey(stringValue: field.name)))
  }
}

extension DecodingError {
  /// What went wrong, in one line, without the coding path.
  fileprivate var summary: String {
    switch self {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
      .dataCorrupted(let context):
      return context.debugDescription
    @unknown default:
      return "\(self)"
    }
  }
}
