/// Decodes a `Decodable` value straight from a parsed ``JSONValue``, as `JSONDecoder` would from
/// its text (same rules, same `DecodingError`s and coding paths), without writing the value back
/// to text and parsing it again. uno-host decodes every action this way.
///
/// Differences, all deliberate:
/// - A number that does not fit its type (`300` for a `UInt8`) is reported with the path of the
///   field; JSONDecoder reports it with an empty path, which made uno-host's message name no field.
/// - Actions read the way people write them, at any depth, beside Swift's synthesized forms:
///   - the one unlabeled value of an enum case is written as itself:
///     `{"detail":{"load":{}}}` and `{"renamed":"x"}` read as `{"detail":{"_0":{"load":{}}}}`
///     and `{"renamed":{"_0":"x"}}`;
///   - a case without values is written as its bare name: `"toggled"` reads as `{"toggled":{}}`.
///   ``JSONValueEncoder`` writes the first form, so what the host writes it reads back.
///
/// ```swift
/// let action = try JSONValueDecoder().decode(CounterAction.self, from: .object(["increment": .object([:])]))
/// ```
public struct JSONValueDecoder: Sendable {
  /// A decoder.
  public init() {}

  /// A `T` read from `value`.
  ///
  /// - Throws: A `DecodingError` naming the path that does not fit.
  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try ValueDecoder(value: value, codingPath: []).unbox(type)
  }
}

/// One value being decoded, and where it is.
private struct ValueDecoder: Decoder, SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  // MARK: Decoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let object: [String: JSONValue]
    switch value {
    case .object(let fields):
      object = fields
    case .string(let name) where Key(stringValue: name) != nil:
      // A case without values, written as its bare name.
      object = [name: .object([:])]
    case .null:
      throw mismatch([String: Any].self)
    default:
      // The one unlabeled value of an enum case, written as itself.
      guard UnlabeledValue.isOnlyKey(of: Key.self) else { throw mismatch([String: Any].self) }
      object = [UnlabeledValue.key: value]
    }
    return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let array) = value else { throw mismatch([Any].self) }
    return UnkeyedContainer(array: array, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  // MARK: Unboxing

  /// The value as a `T`: primitives directly, anything else through its `init(from:)`.
  func unbox<T: Decodable>(_ type: T.Type) throws -> T {
    // Metatype comparisons, not `is` casts: this runs for every value of every action.
    let t = type as Any.Type
    if t == Bool.self {
      guard case .bool(let bool) = value else { throw mismatch(type) }
      return bool as! T
    }
    if t == String.self {
      guard case .string(let string) = value else { throw mismatch(type) }
      return string as! T
    }
    if t == Int.self { return try integer(Int.self) as! T }
    if t == Double.self { return try floatingPoint(Double.self) as! T }
    if t == JSONValue.self { return value as! T }
    if t == Float.self { return try floatingPoint(Float.self) as! T }
    if t == Int8.self { return try integer(Int8.self) as! T }
    if t == Int16.self { return try integer(Int16.self) as! T }
    if t == Int32.self { return try integer(Int32.self) as! T }
    if t == Int64.self { return try integer(Int64.self) as! T }
    if t == UInt.self { return try integer(UInt.self) as! T }
    if t == UInt8.self { return try integer(UInt8.self) as! T }
    if t == UInt16.self { return try integer(UInt16.self) as! T }
    if t == UInt32.self { return try integer(UInt32.self) as! T }
    if t == UInt64.self { return try integer(UInt64.self) as! T }
    return try T(from: self)
  }

  private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
    switch value {
    case .integer(let int):
      guard let exact = I(exactly: int) else { throw doesNotFit(int, type) }
      return exact
    case .double(let double):
      guard let exact = I(exactly: double) else { throw doesNotFit(double, type) }
      return exact
    default:
      throw mismatch(type)
    }
  }

  private func floatingPoint<F: BinaryFloatingPoint>(_ type: F.Type) throws -> F {
    switch value {
    case .integer(let int): return F(int)
    case .double(let double):
      let converted = F(double)
      guard converted.isFinite else { throw doesNotFit(double, type) }
      return converted
    default: throw mismatch(type)
    }
  }

  private func context(_ description: String) -> DecodingError.Context {
    DecodingError.Context(codingPath: codingPath, debugDescription: description)
  }

  private func mismatch(_ type: Any.Type) -> DecodingError {
    if case .null = value {
      return .valueNotFound(type, context("Expected \(type) value but found null instead."))
    }
    return .typeMismatch(type, context("Expected to decode \(type) but found \(value.kind) instead."))
  }

  private func doesNotFit(_ number: some CustomStringConvertible, _ type: Any.Type) -> DecodingError {
    .dataCorrupted(context("Parsed JSON number <\(number)> does not fit in \(type)."))
  }

  // MARK: SingleValueDecodingContainer

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try unbox(type) }
  func decode(_ type: String.Type) throws -> String { try unbox(type) }
  func decode(_ type: Double.Type) throws -> Double { try unbox(type) }
  func decode(_ type: Float.Type) throws -> Float { try unbox(type) }
  func decode(_ type: Int.Type) throws -> Int { try unbox(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try unbox(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try unbox(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try unbox(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try unbox(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try unbox(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try unbox(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try unbox(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try unbox(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try unbox(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }
}

/// Swift's synthesized coding names the one unlabeled value of an enum case `_0`.
enum UnlabeledValue {
  static let key = "_0"

  /// Whether `_0` is a key of `Key` and `_1` is not: the keys of a case with one unlabeled value.
  static func isOnlyKey<Key: CodingKey>(of _: Key.Type) -> Bool {
    Key(stringValue: key) != nil && Key(stringValue: "_1") == nil
  }
}

/// The coding key of an array element.
private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: [String: JSONValue]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { object[key.stringValue] != nil || isUnlabeledValueWrittenAsItself(key) }

  /// Whether `key` is a case's one unlabeled value (`_0`) and the object is that value, written
  /// as itself: `{"load":{}}` for `{"_0":{"load":{}}}`. An empty object is not: `{}` is a case
  /// whose optional value is absent.
  private func isUnlabeledValueWrittenAsItself(_ key: Key) -> Bool {
    key.stringValue == UnlabeledValue.key && !object.isEmpty && object[UnlabeledValue.key] == nil
      && UnlabeledValue.isOnlyKey(of: Key.self)
  }

  private func decoder(for key: Key) throws -> ValueDecoder {
    if isUnlabeledValueWrittenAsItself(key) {
      return ValueDecoder(value: .object(object), codingPath: codingPath + [key])
    }
    guard let value = object[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return ValueDecoder(value: value, codingPath: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).unbox(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).unbox(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).unbox(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).unbox(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).unbox(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).unbox(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).unbox(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).unbox(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).unbox(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).unbox(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).unbox(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).unbox(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).unbox(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).unbox(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).unbox(type) }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    ValueDecoder(value: object["super"] ?? .null, codingPath: codingPath)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    ValueDecoder(value: object[key.stringValue] ?? .null, codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let array: [JSONValue]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(array: [JSONValue], codingPath: [any CodingKey]) {
    self.array = array
    self.codingPath = codingPath
  }

  var count: Int? { array.count }
  var isAtEnd: Bool { currentIndex >= array.count }

  /// The decoder of the next element; moves past it.
  private mutating func next<T>(_ type: T.Type) throws -> ValueDecoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end.")
      )
    }
    defer { currentIndex += 1 }
    return ValueDecoder(value: array[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, array[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }
  mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).unbox(type) }
  mutating func decode(_ type: String.Type) throws -> String { try next(type).unbox(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try next(type).unbox(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try next(type).unbox(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try next(type).unbox(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).unbox(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).unbox(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).unbox(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).unbox(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).unbox(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).unbox(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).unbox(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).unbox(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).unbox(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).unbox(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next([String: Any].self).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next([Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    try next(JSONValue.self)
  }
}
