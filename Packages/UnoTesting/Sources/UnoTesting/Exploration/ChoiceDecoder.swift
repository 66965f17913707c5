import Foundation
import Synchronization
@_spi(Internals) import UnoCore

/// Makes a value of any `Decodable` type from ``Choices``, through the type's own `init(from:)`:
/// an action enum's synthesized coding asks for its keys, and is given one of its cases; each
/// value it then decodes is made from the next choices.
///
/// An `id` (a value decoded under the key `id`, as `IdentifiedAction`'s and `StackAction`'s
/// `element(id:action:)` carry) is taken from the ids of its type that the current state holds,
/// now and then one that it does not hold, so that runs reach rows and screens that exist.
final class ChoiceDecoder: Decoder {
  var choices: Choices
  /// Values of the state, by type, to take ids from: found when an id is first asked for.
  private let ids: IDPool
  /// The team's generators, by the type they make.
  private let generators: [ObjectIdentifier: Generator]
  let codingPath: [any CodingKey] = []
  let userInfo: [CodingUserInfoKey: Any] = [:]
  /// How many values deep the value being made is: past ``maximumDepth``, every choice is `0`, so
  /// that a type that contains itself ends.
  fileprivate var depth = 0
  static let maximumDepth = 8
  /// Each choice asked for, with the bound it was asked below, in order: what ``ActionMemo``
  /// keeps of a decoding.
  private(set) var asked: [(bound: UInt64, value: UInt64)] = []
  /// Whether the value made depends on the state: an id was asked for.
  private(set) var readState = false

  init(choices: Choices, ids: IDPool, generators: [ObjectIdentifier: Generator] = [:]) {
    self.choices = choices
    self.ids = ids
    self.generators = generators
  }

  /// The next choice below `bound`; `0` past the maximum depth.
  fileprivate func next(below bound: Int) -> Int {
    guard depth < Self.maximumDepth else { return 0 }
    let bound = UInt64(max(bound, 1))
    let value = choices.next(below: bound)
    asked.append((bound, value))
    return Int(value)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(ChoiceKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    ChoiceUnkeyedContainer(decoder: self, count: next(below: 4))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ChoiceSingleValue(decoder: self)
  }

  /// A value of `type`: one of the state's ids when `isID`, the team's generator's value, a case
  /// of a type whose cases can be listed, a value of a few types made here (identifiers, dates,
  /// URLs), or the type decoded from choices.
  func make<T: Decodable>(_ type: T.Type, isID: Bool = false) throws -> T {
    if isID { readState = true }
    if isID, let found = ids.values(of: type), !found.isEmpty {
      // Mostly an id the state holds; one time in eight, a new one (a row that is not there).
      let pick = next(below: found.count + max(1, found.count / 7))
      if pick < found.count { return found[pick] }
    }
    if let generator = generators[ObjectIdentifier(type)] {
      return generator.make { self.next(below: $0) } as! T
    }
    if let listed = Self.listedCases(of: type) {
      return listed[next(below: listed.count)]
    }
    switch type {
    case is UUID.Type:
      // Few distinct values, so that two steps can name the same one.
      let n = UInt8(next(below: 8))
      return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, n)) as! T
    case is Date.Type:
      return Date(timeIntervalSince1970: Double(next(below: 4) * 86_400)) as! T
    case is URL.Type:
      return URL(string: ["about:blank", "https://example.com/a", "file:///tmp/b"][next(below: 3)])! as! T
    case is Data.Type:
      return Data(repeating: 0xAB, count: next(below: 4)) as! T
    default:
      depth += 1
      defer { depth -= 1 }
      return try T(from: self)
    }
  }

  /// Every case of a `CaseIterable` type, or of a raw-value enum laid out as one; `nil` for any
  /// other type.
  private static func listedCases<T>(of type: T.Type) -> [T]? {
    if let iterable = type as? any CaseIterable.Type {
      return (allCases(of: iterable) as? [T]).flatMap { $0.isEmpty ? nil : $0 }
    }
    if type is any RawRepresentable.Type, !(type is any Numeric.Type), !(type is String.Type),
      let cases = PayloadlessEnumCases.all(type), !cases.isEmpty
    {
      return cases
    }
    return nil
  }

  private static func allCases<C: CaseIterable>(of _: C.Type) -> [Any] { Array(C.allCases) }

  /// Text: mostly short and plain, sometimes empty, blank, long or not ASCII.
  static let texts = ["", "a", "milk", "Buy bread", " ", "Ünïcødé ✓", String(repeating: "x", count: 64)]
}

/// The ids a state holds, by type, found once per step by walking the state's `Mirror`: the ids of
/// its `Identifiable` values (rows, screens, a presented child) or, when none has an id of the
/// type asked for, every value of that type it holds.
final class IDPool {
  private let state: Any
  private var found: [ObjectIdentifier: [Any]] = [:]

  init(state: Any) { self.state = state }

  /// The ids of type `T` in the state, each once, in the order met; `nil` when `T` is not
  /// `Hashable` (its values cannot be told apart).
  func values<T>(of type: T.Type) -> [T]? {
    guard type is any Hashable.Type else { return nil }
    let key = ObjectIdentifier(type)
    if let cached = found[key] { return cached as? [T] }
    var seen = Set<AnyHashable>()
    var identified: [T] = []
    var loose: [T] = []
    var budget = 100_000
    func keep(_ value: T, in list: inout [T]) {
      if let hashable = value as? AnyHashable, seen.insert(hashable).inserted { list.append(value) }
    }
    func walk(_ value: Any, depth: Int) {
      guard budget > 0, depth < 24 else { return }
      budget -= 1
      let facts = TypeFacts.of(Swift.type(of: value))
      if facts.identifiable, let identifiable = value as? any Identifiable,
        let id = Self.id(of: identifiable) as? T
      {
        keep(id, in: &identified)
      }
      if let match = value as? T {
        keep(match, in: &loose)
        return
      }
      guard !facts.leaf else { return }
      let mirror = Mirror(reflecting: value)
      if mirror.children.isEmpty { TypeFacts.noteEmpty(Swift.type(of: value), mirror) }
      for child in mirror.children { walk(child.value, depth: depth + 1) }
    }
    walk(state, depth: 0)
    let result = identified.isEmpty ? loose : identified
    found[key] = result
    return result
  }

  private static func id<Value: Identifiable>(of value: Value) -> Any { value.id }
}

/// What the walk for ids knows of a type, worked out once per type: reflecting on a value and
/// asking whether it is `Identifiable` were most of an exploration's time (perf, 2026-12-04).
private struct TypeFacts {
  /// Whether the type is `Identifiable`.
  var identifiable: Bool
  /// Whether a value of the type has nothing inside to walk: text, a number, an identifier, a
  /// date; or a struct or a class that reflects as itself (not `CustomReflectable`), whose
  /// children are its stored properties, the same for every value, and whose `Mirror` had none.
  /// (An enum, an optional, a collection, a tuple or a custom mirror may hold something in another
  /// value; they are always walked.)
  var leaf = false
  /// Whether the type reflects through a mirror of its own (`CustomReflectable`).
  var customMirror = false

  private static let known = Mutex<[ObjectIdentifier: TypeFacts]>([:])

  /// Types whose values never hold anything to walk, though some reflect through mirrors of
  /// their own.
  private static let leaves: [Any.Type] = [
    String.self, Substring.self, Character.self, Bool.self, Int.self, Int8.self, Int16.self,
    Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
    Double.self, Float.self, UUID.self, Date.self, URL.self, Data.self, Decimal.self,
  ]

  static func of(_ type: Any.Type) -> TypeFacts {
    known.withLock { known in
      if let facts = known[ObjectIdentifier(type)] { return facts }
      var facts = TypeFacts(identifiable: type is any Identifiable.Type)
      facts.customMirror = type is any CustomReflectable.Type
      facts.leaf = leaves.contains { $0 == type }
      known[ObjectIdentifier(type)] = facts
      return facts
    }
  }

  /// Notes that a value of `type` had no children (`mirror`'s), so that its type is a leaf when
  /// every value of it has the same children.
  static func noteEmpty(_ type: Any.Type, _ mirror: Mirror) {
    switch mirror.displayStyle {
    case nil, .struct?, .class?:
      known.withLock { known in
        guard let facts = known[ObjectIdentifier(type)], !facts.customMirror else { return }
        known[ObjectIdentifier(type)]?.leaf = true
      }
    default:
      return
    }
  }
}

/// How many cases each coding-key type has (``PayloadlessEnumCases/count(_:)``), or 0 when it is
/// not laid out as an enum of cases without payloads; worked out once per type.
private enum KeyCounts {
  static let counts = Mutex<[ObjectIdentifier: Int]>([:])

  static func count<Key>(of type: Key.Type) -> Int {
    counts.withLock { counts in
      if let known = counts[ObjectIdentifier(type)] { return known }
      let count = PayloadlessEnumCases.count(type) ?? 0
      counts[ObjectIdentifier(type)] = count
      return count
    }
  }
}

private struct ChoiceKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ChoiceDecoder
  var codingPath: [any CodingKey] { [] }

  /// Asked by an enum's synthesized `init(from:)`: one of its cases. A struct never asks.
  ///
  /// The case is made from its index, without listing the others: this code runs unspecialized
  /// (through the standard library's container box), where making the list of every key looked up
  /// generic metadata for each, and was a third of an exploration's time (perf, 2026-12-04).
  var allKeys: [Key] {
    let count = KeyCounts.count(of: Key.self)
    guard count > 0 else { return [] }
    return [PayloadlessEnumCases.key(Key.self, at: decoder.next(below: count))]
  }

  func contains(_ key: Key) -> Bool { true }

  func decodeNil(forKey key: Key) throws -> Bool {
    // `nil` is the simplest: choice 0.
    decoder.next(below: 3) == 0
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.make(type, isID: key.stringValue == "id")
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try decodeNil(forKey: key) ? nil : decoder.make(type, isID: key.stringValue == "id")
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    KeyedDecodingContainer(ChoiceKeyedContainer<NestedKey>(decoder: decoder))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    ChoiceUnkeyedContainer(decoder: decoder, count: decoder.next(below: 4))
  }

  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

private struct ChoiceUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: ChoiceDecoder
  let count: Int?
  var currentIndex = 0
  var codingPath: [any CodingKey] { [] }
  var isAtEnd: Bool { currentIndex >= (count ?? 0) }

  init(decoder: ChoiceDecoder, count: Int) {
    self.decoder = decoder
    self.count = count
  }

  mutating func decodeNil() throws -> Bool { false }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    currentIndex += 1
    return try decoder.make(type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    currentIndex += 1
    return KeyedDecodingContainer(ChoiceKeyedContainer<NestedKey>(decoder: decoder))
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    currentIndex += 1
    return ChoiceUnkeyedContainer(decoder: decoder, count: decoder.next(below: 4))
  }

  mutating func superDecoder() throws -> any Decoder { decoder }
}

private struct ChoiceSingleValue: SingleValueDecodingContainer {
  let decoder: ChoiceDecoder
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { decoder.next(below: 3) == 0 }
  func decode(_ type: Bool.Type) throws -> Bool { decoder.next(below: 2) == 1 }
  func decode(_ type: String.Type) throws -> String {
    ChoiceDecoder.texts[decoder.next(below: ChoiceDecoder.texts.count)]
  }
  func decode(_ type: Double.Type) throws -> Double { Double(integer()) / 2 }
  func decode(_ type: Float.Type) throws -> Float { Float(integer()) / 2 }
  func decode(_ type: Int.Type) throws -> Int { integer() }
  func decode(_ type: Int8.Type) throws -> Int8 { Int8(integer()) }
  func decode(_ type: Int16.Type) throws -> Int16 { Int16(integer()) }
  func decode(_ type: Int32.Type) throws -> Int32 { Int32(integer()) }
  func decode(_ type: Int64.Type) throws -> Int64 { Int64(integer()) }
  func decode(_ type: UInt.Type) throws -> UInt { UInt(integer().magnitude) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { UInt8(integer().magnitude) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { UInt16(integer().magnitude) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { UInt32(integer().magnitude) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { UInt64(integer().magnitude) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.make(type) }

  /// A small number, zero first: 0, 1, -1, 2, -2, … 10, -10; now and then a large one.
  private func integer() -> Int {
    let choice = decoder.next(below: 24)
    switch choice {
    case 21: return 100
    case 22: return 1_000_000
    case 23: return -1_000_000
    default: return choice % 2 == 1 ? (choice + 1) / 2 : -(choice / 2)
    }
  }
}
