import CustomDump
import Observation

/// A reference to a shared value that reads it and is told of its changes, but cannot write it.
///
/// ```swift
/// struct SummaryState: Equatable {
///   @SharedReader(.standups) var standups: IdentifiedArrayOf<Standup> = []
/// }
/// ```
///
/// Made from a key, like ``Shared`` (any ``SharedReaderKey``, including one that cannot save),
/// or from a ``Shared`` (`SharedReader(state.$standups)`), to hand a child a value it must not
/// change. A runtime whose state holds a reader publishes the value's changes like a
/// ``Shared``'s; members are readers too (`$standup.title`).
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  /// The reference it reads through; never written through.
  let base: Shared<Value>

  /// The value that `key` names, created from `wrappedValue` if nothing holds it yet.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    base = Shared(reference: key.resolve(default: wrappedValue))
  }

  /// A reader of the value `shared` refers to.
  public init(_ shared: Shared<Value>) {
    base = shared
  }

  /// Lets a state declare `@SharedReader var standup: Standup` and set it from its initializer.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The value now.
  public var wrappedValue: Value { base.wrappedValue }

  /// The reader itself: `state.$standups.values`, `state.$standup.title`.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// A reader of a member of the value: `$standup.title`.
  public subscript<Member: Sendable>(dynamicMember keyPath: KeyPath<Value, Member> & Sendable)
    -> SharedReader<Member>
  {
    SharedReader<Member>(
      base.reading { $0[keyPath: keyPath] })
  }

  /// The error of the key's load, while there is one; see ``Shared/loadError``.
  public var loadError: (any Error)? { base.loadError }

  /// The value now and after each change: see ``SharedValues``.
  public var values: SharedValues<Value> { base.values }
}

extension Shared {
  /// A reference to a part of the value that can only be read.
  func reading<Member: Sendable>(_ get: @escaping @Sendable (Value) -> Member) -> Shared<Member> {
    Shared<Member>(
      reference: reference.appending(SharedStep(get: get, modify: { _, _ in false })),
      lastKnown: lastKnown.map(get))
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Compares the values, not the references.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }
}

extension SharedReader: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }
}

extension SharedReader: Encodable where Value: Encodable {
  /// Encodes the value, as if the property were not shared.
  public func encode(to encoder: any Encoder) throws { try base.encode(to: encoder) }
}

extension SharedReader: CustomDumpRepresentable {
  /// Dumps and diffs show the value, as if the property were not shared.
  public var customDumpValue: Any { wrappedValue }
}

extension SharedReader: CustomReflectable {
  /// `dump` and mirrors show the value, as if the property were not shared.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

/// Tracked by the Observation framework like ``Shared``.
extension SharedReader: Observable {}

extension SharedReader: _SharedHolding {
  var _storage: any AnySharedStorage { base._storage }
}

extension SharedReader: CustomStringConvertible {
  public var description: String { "\(wrappedValue)" }
}
