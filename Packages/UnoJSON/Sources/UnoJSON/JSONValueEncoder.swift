import Foundation

/// Encodes an `Encodable` value straight into a ``JSONValue``, for the kinds of values view states
/// are made of; the twin of ``JSONValueDecoder``. Plugins write every view state this way: going
/// through `JSONEncoder` cost more than handling the action.
///
/// Its text (``JSONValue/text``) is what `JSONEncoder` with sorted keys and unescaped slashes
/// writes. Where the two could differ (`Data`, `URL`, `Decimal`, `Float`, integers beyond `Int`,
/// non-finite numbers), it throws ``Unsupported`` and the caller uses `JSONEncoder` instead, so
/// the output never depends on which one ran.
///
/// ```swift
/// let value = try JSONValueEncoder().encode(viewState)  // .object(["count": .integer(1), ...])
/// ```
public struct JSONValueEncoder: Sendable {
  /// The value holds something this encoder leaves to `JSONEncoder`.
  public struct Unsupported: Error {}

  /// An encoder.
  public init() {}

  /// `value` as a ``JSONValue``.
  ///
  /// - Throws: ``Unsupported`` for a value this encoder leaves to `JSONEncoder`.
  public func encode(_ value: some Encodable) throws -> JSONValue {
    try node(value).value
  }

  /// `value`'s JSON text (``JSONValue/text``), written from the encoded tree directly.
  ///
  /// - Throws: ``Unsupported`` for a value this encoder leaves to `JSONEncoder`.
  public func text(_ value: some Encodable) throws -> String {
    var output: [UInt8] = []
    output.reserveCapacity(128)
    try node(value).write(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private func node(_ value: some Encodable) throws -> Node {
    let node = Node()
    try ValueEncoder(node: node, codingPath: []).box(value)
    return node
  }
}

/// A value under construction: containers hand out references to their children, which the
/// children's encoders fill in later. Primitives go into their container's slot directly, with no
/// node of their own: most of a view state is primitives.
private final class Node {
  enum Content {
    case empty
    case value(JSONValue)
    /// Kept sorted by key as fields are written, since they are written out sorted (view states
    /// usually declare their properties in order, so a field is most often appended); a key
    /// written again replaces its value. A list, not a dictionary: objects are small, and hashing
    /// every key cost more than looking.
    case object([(key: String, slot: Slot)])
    case array([Slot])
  }

  /// A field or an element: a primitive, or a node its own encoder fills in.
  enum Slot {
    case value(JSONValue)
    case node(Node)

    var value: JSONValue {
      switch self {
      case .value(let value): value
      case .node(let node): node.value
      }
    }

    func write(to output: inout [UInt8]) {
      switch self {
      case .value(let value): value.write(to: &output)
      case .node(let node): node.write(to: &output)
      }
    }
  }

  var content = Content.empty

  /// The slot of a case's one unlabeled value (`{"_0": v}`), which is written as `v` itself (see
  /// ``JSONValueDecoder``), unless `v` is an empty object, which would read as a case without it.
  private var unlabeledValue: Slot? {
    guard case .object(let object) = content, object.count == 1, object[0].key == UnlabeledValue.key
    else { return nil }
    if case .node(let node) = object[0].slot {
      switch node.content {
      case .empty: return nil
      case .object(let fields) where fields.isEmpty: return nil
      default: break
      }
    }
    return object[0].slot
  }

  var value: JSONValue {
    if let unlabeledValue { return unlabeledValue.value }
    return switch content {
    case .empty: .object([:])  // an Encodable that encoded nothing: JSONEncoder writes {}
    case .value(let value): value
    case .object(let object):
      .object(Dictionary(uniqueKeysWithValues: object.map { ($0.key, $0.slot.value) }))
    case .array(let array): .array(array.map(\.value))
    }
  }

  /// Writes the text ``value`` would have, keys sorted, without building it.
  func write(to output: inout [UInt8]) {
    if let unlabeledValue { return unlabeledValue.write(to: &output) }
    switch content {
    case .empty: output.append(contentsOf: "{}".utf8)
    case .value(let value): value.write(to: &output)
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      for index in object.indices {
        JSONValue.writeKey(object[index].key, first: index == 0, to: &output)
        object[index].slot.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    case .array(let array):
      output.append(UInt8(ascii: "["))
      for index in array.indices {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        array[index].write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    }
  }

  func object() -> Node {
    if case .object = content { return self }
    content = .object([])
    return self
  }

  func array() -> Node {
    if case .array = content { return self }
    content = .array([])
    return self
  }

  /// Sets the field `key` of this object to `slot`.
  func set(_ key: String, _ slot: Slot) {
    guard case .object(var object) = content else { return }
    content = .empty  // keep the list uniquely referenced while it changes
    if let last = object.last?.key, last < key {
      object.append((key, slot))
    } else if let index = object.firstIndex(where: { $0.key >= key }) {
      if object[index].key == key {
        object[index].slot = slot
      } else {
        object.insert((key, slot), at: index)
      }
    } else {
      object.append((key, slot))
    }
    content = .object(object)
  }

  /// A new node, the field `key` of this object.
  func child(forKey key: String) -> Node {
    let child = Node()
    set(key, .node(child))
    return child
  }

  /// Appends `slot` to this array.
  func append(_ slot: Slot) {
    guard case .array(var array) = content else { return }
    content = .empty
    array.append(slot)
    content = .array(array)
  }

  /// A new node, appended to this array.
  func appendChild() -> Node {
    let child = Node()
    append(.node(child))
    return child
  }
}

/// `value` as a JSON value if it is a primitive; `nil` if it encodes itself.
private func primitive<T: Encodable>(_ value: T) throws -> JSONValue? {
  // Metatype comparisons, not `is` casts: this runs for every value of every view state.
  let type = T.self as Any.Type
  if type == String.self { return .string(value as! String) }
  if type == Bool.self { return .bool(value as! Bool) }
  if type == Int.self { return .integer(value as! Int) }
  if type == Double.self {
    let double = value as! Double
    // JSONEncoder writes -0.0 as "-0"; JSONValue's text would write "0".
    guard double.isFinite, !(double == 0 && double.sign == .minus) else {
      throw JSONValueEncoder.Unsupported()
    }
    return .double(double)
  }
  if type == Int8.self { return .integer(Int(value as! Int8)) }
  if type == Int16.self { return .integer(Int(value as! Int16)) }
  if type == Int32.self { return .integer(Int(value as! Int32)) }
  if type == Int64.self { return .integer(Int(value as! Int64)) }
  if type == UInt8.self { return .integer(Int(value as! UInt8)) }
  if type == UInt16.self { return .integer(Int(value as! UInt16)) }
  if type == UInt32.self { return .integer(Int(value as! UInt32)) }
  if type == UInt.self || type == UInt64.self || type == Float.self || type == Data.self || type == URL.self
    || type == Decimal.self
  {
    throw JSONValueEncoder.Unsupported()
  }
  return nil
}

/// `value` in a slot: a primitive as it is, anything else in a node its `encode(to:)` fills in.
private func slot<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Node.Slot {
  if let primitive = try primitive(value) { return .value(primitive) }
  let node = Node()
  try value.encode(to: ValueEncoder(node: node, codingPath: codingPath))
  return .node(node)
}

/// Coding paths are not tracked (they are always empty): nothing this encoder writes depends on
/// them, and building one per key cost as much as the rest of the encoding.
private struct ValueEncoder: Encoder, SingleValueEncodingContainer {
  let node: Node
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(KeyedContainer<Key>(node: node.object(), codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedContainer(node: node.array(), codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }

  /// Writes `value`: primitives directly, anything else through its `encode(to:)`.
  func box<T: Encodable>(_ value: T) throws {
    if let primitive = try primitive(value) {
      node.content = .value(primitive)
    } else {
      try value.encode(to: self)
    }
  }

  // MARK: SingleValueEncodingContainer

  func encodeNil() { node.content = .value(.null) }
  func encode(_ value: Bool) { node.content = .value(.bool(value)) }
  func encode(_ value: String) { node.content = .value(.string(value)) }
  func encode(_ value: Double) throws { try box(value) }
  func encode(_ value: Float) throws { try box(value) }
  func encode(_ value: Int) { node.content = .value(.integer(value)) }
  func encode(_ value: Int8) throws { try box(value) }
  func encode(_ value: Int16) throws { try box(value) }
  func encode(_ value: Int32) throws { try box(value) }
  func encode(_ value: Int64) throws { try box(value) }
  func encode(_ value: UInt) throws { try box(value) }
  func encode(_ value: UInt8) throws { try box(value) }
  func encode(_ value: UInt16) throws { try box(value) }
  func encode(_ value: UInt32) throws { try box(value) }
  func encode(_ value: UInt64) throws { try box(value) }
  func encode<T: Encodable>(_ value: T) throws { try box(value) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  let codingPath: [any CodingKey]

  func encodeNil(forKey key: Key) { node.set(key.stringValue, .value(.null)) }

  func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    node.set(key.stringValue, try slot(value, codingPath: codingPath))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(
      KeyedContainer<NestedKey>(node: node.child(forKey: key.stringValue).object(), codingPath: codingPath))
  }

  func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    UnkeyedContainer(node: node.child(forKey: key.stringValue).array(), codingPath: codingPath)
  }

  func superEncoder() -> any Encoder {
    ValueEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
  }

  func superEncoder(forKey key: Key) -> any Encoder {
    ValueEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath)
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: Node
  let codingPath: [any CodingKey]

  var count: Int {
    if case .array(let array) = node.content { return array.count }
    return 0
  }

  func encodeNil() { node.append(.value(.null)) }

  func encode<T: Encodable>(_ value: T) throws {
    node.append(try slot(value, codingPath: codingPath))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(
      KeyedContainer<NestedKey>(node: node.appendChild().object(), codingPath: codingPath))
  }

  func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedContainer(node: node.appendChild().array(), codingPath: codingPath)
  }

  func superEncoder() -> any Encoder {
    ValueEncoder(node: node.appendChild(), codingPath: codingPath)
  }
}
