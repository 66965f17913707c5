import Foundation
@_spi(Internals) import UnoCore

/// What an action type is made of: its cases, and what each carries, read from the type's
/// `Decodable` conformance (``ActionSchemaReader``), so that every case has a name whether or
/// not a feature gives an example of it.
///
/// A case carries one of four things:
/// - nothing (`case increment`);
/// - a child's action: one value whose type is itself an enum of actions (`case detail(DetailAction)`,
///   `case editor(action: EditorAction)`), possibly optional (an alert's button, `A?`);
/// - an action for one of several children: an `id` and an `action` (`IdentifiedAction`'s and
///   `StackAction`'s `element(id:action:)`);
/// - values (`case queryChanged(query: String)`, `case filterPicked(Filter)`).
///
/// An enum is a child's action unless it is `CaseIterable` (a set of values to choose from, such
/// as a filter) or encodes as one value (a raw-value enum); a type whose cases cannot be read
/// (custom coding) is a value. A value whose possible values can be listed (a `CaseIterable` or
/// raw-value enum) has them in its ``Field/values``.
struct ActionSchema: Sendable, Equatable {
  /// The cases, in declaration order.
  let cases: [Case]

  /// One case of an action enum.
  struct Case: Sendable, Equatable {
    /// Its name, as its coding writes it (the case's name for synthesized coding).
    let name: String
    /// What it carries.
    let payload: Payload
  }

  /// What a case carries.
  ///
  /// A struct, not an enum with payloads: a child's schema held in a multi-payload enum case has
  /// the case's tag in its pointer's spare bits, where LeakSanitizer (`Tools/leak-check.sh`) does
  /// not see it as a pointer and reports the schema leaked.
  struct Payload: Sendable, Equatable {
    /// Which of the four it is.
    enum Kind: Sendable, Equatable {
      /// Nothing.
      case none
      /// A child's action under ``label`` (`_0` for an unlabeled one); ``optional`` when it may
      /// be absent (`case alert(AlertAction?)`).
      case child
      /// An action for the child with an id: ``label`` holds the id, ``actionLabel`` the action.
      case element
      /// ``fields``, in order.
      case values
    }

    let kind: Kind
    /// `child`: the label of the child's action; `element`: the label of the id.
    let label: String
    /// `element`: the label of the child's action.
    let actionLabel: String
    /// `child` and `element`: the child's action.
    let child: ActionSchema?
    /// `child`: whether it may be absent.
    let optional: Bool
    /// `values`: the values; `element`: the id alone (what ids are, for examples).
    let fields: [Field]

    static let none = Payload(
      kind: .none, label: "", actionLabel: "", child: nil, optional: false, fields: [])

    static func child(label: String, _ child: ActionSchema, optional: Bool) -> Payload {
      Payload(kind: .child, label: label, actionLabel: "", child: child, optional: optional, fields: [])
    }

    static func element(idLabel: String, actionLabel: String, _ child: ActionSchema, id: Field) -> Payload {
      Payload(
        kind: .element, label: idLabel, actionLabel: actionLabel, child: child, optional: false, fields: [id])
    }

    static func values(_ fields: [Field]) -> Payload {
      Payload(kind: .values, label: "", actionLabel: "", child: nil, optional: false, fields: fields)
    }
  }

  /// A value a case carries.
  struct Field: Sendable, Equatable {
    /// Its label, or `_0`, `_1`… for an unlabeled one.
    let label: String
    /// Its Swift type, as `String(describing:)` writes it.
    let typeName: String
    /// Whether it may be left out.
    let optional: Bool
    /// A value of its type as JSON, made as the reader made one (empty text, zero, the first
    /// case), for an example of an action that its feature gives none of; `nil` when none could
    /// be made (a type with fields of its own).
    let example: JSONValue?
    /// Every value it can take, as JSON, when they can be listed: the cases of a `CaseIterable`
    /// or raw-value enum (`["all","active","completed"]`); empty otherwise.
    let values: [JSONValue]
  }
}

/// Reads an ``ActionSchema`` through a type's `Decodable` conformance: it decodes the type from a
/// decoder that answers with each of the type's coding keys in turn and records what each case
/// then asks for.
///
/// The keys of an enum with synthesized coding are themselves an enum without payloads, which
/// Swift lays out as its case's index in declaration order, in one byte (none for a single case);
/// `Optional`'s `nil` takes the first value after the last case. So the keys are listed by
/// index, and their count read from `nil` (``PayloadlessEnumCases``). A type whose keys are laid out
/// otherwise (a custom `CodingKey` struct) is read as a value.
enum ActionSchemaReader {
  /// The schema of `type`, or `nil` when it is not an enum whose cases can be read.
  static func schema(of type: any Decodable.Type) -> ActionSchema? {
    Session().schema(of: type)
  }

  /// One reading: the types being read, to stop at a type that contains itself.
  private final class Session {
    var reading: [ObjectIdentifier] = []

    func schema(of type: any Decodable.Type) -> ActionSchema? {
      let id = ObjectIdentifier(type)
      // A type inside itself (an indirect action) is read as a value below its first level.
      guard !reading.contains(id), reading.count < 32, !(type is any CaseIterable.Type) else { return nil }
      guard let names = keyNames(of: type) else { return nil }
      reading.append(id)
      var cases: [ActionSchema.Case] = []
      for index in names.indices {
        cases.append(ActionSchema.Case(name: names[index], payload: payload(of: type, case: index)))
      }
      reading.removeLast()
      return ActionSchema(cases: cases)
    }

    /// The names of `type`'s cases, when it decodes as an enum with enumerable keys: it asked
    /// for a keyed container's keys (`allKeys`), as an enum's `init(from:)` does, and a struct's
    /// does not.
    private func keyNames(of type: any Decodable.Type) -> [String]? {
      let probe = Probe(mode: .discover)
      _ = try? type.init(from: probe)
      return probe.discovered
    }

    /// What the case at `index` carries: `type` decoded with that case's key, its values recorded.
    private func payload(of type: any Decodable.Type, case index: Int) -> ActionSchema.Payload {
      let probe = Probe(mode: .case(index))
      _ = try? type.init(from: probe)
      let fields = probe.fields
      if fields.isEmpty { return .none }
      if fields.count == 1 {
        let child = schema(of: fields[0].type)
        if let child { return .child(label: fields[0].label, child, optional: fields[0].optional) }
      }
      let labels = fields.map(\.label)
      if labels.count == 2, let idIndex = labels.firstIndex(of: "id"),
        let actionIndex = labels.firstIndex(of: "action"), !fields[actionIndex].optional
      {
        let child = schema(of: fields[actionIndex].type)
        if let child {
          return .element(idLabel: "id", actionLabel: "action", child, id: field(fields[idIndex]))
        }
      }
      return .values(fields.map(field))
    }

    private func field(_ read: Probe.ReadField) -> ActionSchema.Field {
      ActionSchema.Field(
        label: read.label, typeName: String(describing: read.type), optional: read.optional,
        example: read.example, values: PossibleValues.of(read.type))
    }
  }
}

/// The values a type can take, when they can be listed.
enum PossibleValues {
  /// Every value of `type` as JSON: the cases of a `CaseIterable` type, or of an enum that
  /// encodes as its raw value; empty for any other type.
  static func of(_ type: any Decodable.Type) -> [JSONValue] {
    if let iterable = type as? any (CaseIterable & Encodable).Type { return allCases(of: iterable) }
    if let raw = type as? any (RawRepresentable & Encodable).Type { return rawValueCases(of: raw) ?? [] }
    return []
  }

  private static func allCases<T: CaseIterable & Encodable>(of _: T.Type) -> [JSONValue] {
    T.allCases.map { JSONCoding.value(of: $0) }
  }

  /// The cases of a raw-value enum that is not `CaseIterable`, read from its layout as a coding
  /// key enum's are (``PayloadlessEnumCases``). A type laid out otherwise gives `nil`, and so does
  /// one whose values do not come back from their raw values, each its own.
  private static func rawValueCases<T: RawRepresentable & Encodable>(of _: T.Type) -> [JSONValue]? {
    guard let cases = PayloadlessEnumCases.all(T.self) else { return nil }
    var raws: [JSONValue] = []
    for value in cases {
      guard let back = T(rawValue: value.rawValue) else { return nil }
      let json = JSONCoding.value(of: back)
      guard json == JSONCoding.value(of: value), !raws.contains(json) else { return nil }
      raws.append(json)
    }
    return raws
  }
}

/// A value decoded by ``ActionSchemaReader`` ends here: what it needed is recorded.
private struct ProbeEnded: Error {}

/// The decoder ``ActionSchemaReader`` reads a type with.
///
/// - `discover`: answers the first keyed container's `allKeys` with the first key, records every
///   key's name, and ends.
/// - `case(i)`: answers with key `i`, records the values its case decodes, and gives each a
///   value made by `defaults`.
/// - `defaults`: makes a value of a type that decodes from one value or a list: empty text, zero,
///   no elements, the first case of a `CaseIterable` type; not of a type with fields.
private final class Probe: Decoder {
  enum Mode { case discover, `case`(Int), defaults }

  let mode: Mode
  let codingPath: [any CodingKey] = []
  let userInfo: [CodingUserInfoKey: Any] = [:]
  /// `discover`: the key names, once `allKeys` was asked for with enumerable keys.
  var discovered: [String]?
  /// A value a case decoded: its label, type, whether it may be left out, and the value made
  /// for it, as JSON (``defaultValue(_:depth:)``; `nil` when none could be made).
  struct ReadField {
    let label: String
    let type: any Decodable.Type
    let optional: Bool
    var example: JSONValue?
  }

  /// `case`: the values the case decoded, in order.
  var fields: [ReadField] = []
  /// `case`: the key last asked whether it is `nil`.
  var mayBeAbsent: String?

  /// How many values this one is inside, while making defaults: a type that contains itself
  /// (an indirect case first) ends at ``maximumDepth``.
  let depth: Int
  static let maximumDepth = 16

  /// Keeps `value`, made for the field read last, as that field's example, when it encodes.
  func recordExample(_ value: Any) {
    guard let encodable = value as? any Encodable else { return }
    fields[fields.count - 1].example = JSONCoding.value(of: encodable)
  }

  init(mode: Mode, depth: Int = 0) {
    self.mode = mode
    self.depth = depth
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    // No default is made of a value with fields: its `init(from:)` may do anything (a `Shared`
    // value's makes a storage). The case's values after it are then not known.
    if case .defaults = mode { throw ProbeEnded() }
    return KeyedDecodingContainer(KeyedProbe<Key>(probe: self, level: .top))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .defaults = mode else { throw ProbeEnded() }
    return EmptyUnkeyed()
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    guard case .defaults = mode else { throw ProbeEnded() }
    return DefaultValue(depth: depth)
  }

  /// A value of `type` that decodes from nothing: empty text, zero, no elements, the first case.
  static func defaultValue<T: Decodable>(_ type: T.Type, depth: Int) throws -> T {
    guard depth < maximumDepth else { throw ProbeEnded() }
    switch type {
    case is UUID.Type: return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as! T
    case is Date.Type: return Date(timeIntervalSince1970: 0) as! T
    case is URL.Type: return URL(string: "about:blank")! as! T
    case is Data.Type: return Data() as! T
    case is Decimal.Type: return Decimal() as! T
    default: break
    }
    if let iterable = type as? any CaseIterable.Type, let first = firstCase(of: iterable) as? T {
      return first
    }
    return try T(from: Probe(mode: .defaults, depth: depth + 1))
  }

  private static func firstCase<C: CaseIterable>(of type: C.Type) -> Any? {
    type.allCases.first
  }
}

/// A keyed container of ``Probe``: at the top, the enum's keys; below, a case's values.
private struct KeyedProbe<Key: CodingKey>: KeyedDecodingContainerProtocol {
  enum Level { case top, values }
  let probe: Probe
  let level: Level
  var codingPath: [any CodingKey] { [] }

  var allKeys: [Key] {
    guard let keys = PayloadlessEnumCases.all(Key.self), !keys.isEmpty else { return [] }
    switch (probe.mode, level) {
    case (.discover, .top):
      probe.discovered = keys.map(\.stringValue)
      return [keys[0]]
    case (.case(let index), .top):
      return index < keys.count ? [keys[index]] : []
    default:
      return [keys[0]]
    }
  }

  func contains(_ key: Key) -> Bool { true }

  func decodeNil(forKey key: Key) throws -> Bool {
    if case .discover = probe.mode { throw ProbeEnded() }
    // `decodeIfPresent` of a standard type asks this, then decodes: the value may be left out.
    if case (.case, .values) = (probe.mode, level) { probe.mayBeAbsent = key.stringValue }
    return false
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    switch (probe.mode, level) {
    case (.discover, _):
      throw ProbeEnded()
    case (.case, .values):
      probe.fields.append(
        Probe.ReadField(label: key.stringValue, type: type, optional: probe.mayBeAbsent == key.stringValue))
      let value = try Probe.defaultValue(type, depth: probe.depth)
      probe.recordExample(value)
      return value
    default:
      return try Probe.defaultValue(type, depth: probe.depth)
    }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    switch (probe.mode, level) {
    case (.discover, _):
      throw ProbeEnded()
    case (.case, .values):
      probe.fields.append(Probe.ReadField(label: key.stringValue, type: type, optional: true))
      // Made only for the example (the case goes on without it).
      if let value = try? Probe.defaultValue(type, depth: probe.depth) { probe.recordExample(value) }
      return nil
    default:
      return nil
    }
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    switch (probe.mode, level) {
    case (.discover, _):
      throw ProbeEnded()
    case (.case, .top):
      return KeyedDecodingContainer(KeyedProbe<NestedKey>(probe: probe, level: .values))
    case (.case, .values):
      throw ProbeEnded()
    case (.defaults, _):
      return KeyedDecodingContainer(KeyedProbe<NestedKey>(probe: probe, level: .values))
    }
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    guard case .defaults = probe.mode else { throw ProbeEnded() }
    return EmptyUnkeyed()
  }

  func superDecoder() throws -> any Decoder { throw ProbeEnded() }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw ProbeEnded() }
}

/// An unkeyed container with no elements.
private struct EmptyUnkeyed: UnkeyedDecodingContainer {
  var codingPath: [any CodingKey] { [] }
  var count: Int? { 0 }
  var isAtEnd: Bool { true }
  var currentIndex: Int { 0 }
  mutating func decodeNil() throws -> Bool { throw ProbeEnded() }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { throw ProbeEnded() }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> { throw ProbeEnded() }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ProbeEnded() }
  mutating func superDecoder() throws -> any Decoder { throw ProbeEnded() }
}

/// A single value that is empty text, zero, false, or the default of its type.
private struct DefaultValue: SingleValueDecodingContainer {
  let depth: Int
  var codingPath: [any CodingKey] { [] }
  func decodeNil() -> Bool { false }
  func decode(_ type: Bool.Type) throws -> Bool { false }
  func decode(_ type: String.Type) throws -> String { "" }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if let numeric = type as? any Numeric.Type, let zero = Self.zero(numeric) as? T { return zero }
    return try Probe.defaultValue(type, depth: depth)
  }

  private static func zero<N: Numeric>(_ type: N.Type) -> Any { N.zero }
}
