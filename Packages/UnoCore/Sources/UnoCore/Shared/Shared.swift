import CustomDump
import IssueReporting
import Observation
import Synchronization

/// A value that any number of states hold at once: a change through one holder is a change of
/// every state that holds it.
///
/// A list screen and a detail screen pushed over it show the same item. With `Shared`, both hold
/// it, and neither copies the other's changes:
///
/// ```swift
/// struct ListState: Equatable {
///   @Shared(.fileStorage(.standups)) var standups: IdentifiedArrayOf<Standup> = []
/// }
/// struct DetailState: Equatable {
///   @Shared var standup: Standup
/// }
///
/// // The list pushes the detail with a reference into its own value:
/// guard let standup = Shared(state.$standups[id: id]) else { return .state }
/// state.path.append(.detail(DetailState(standup: standup)))
///
/// // The detail changes it; the list, and every runtime that holds it, sees the change:
/// state.$standup.withLock { $0.title = "Morning sync" }
/// ```
///
/// - **Reading** is reading the property: `state.standup`. In an effect, `await state.standup`
///   reads the latest value.
/// - **Writing** is ``withLock(_:isolation:fileID:filePath:line:column:)``, atomic: two features or two effects that change
///   the value at once lose no update. There is no setter, because `state.standup.title = "x"`
///   would read, change and write back in three steps that another writer could come between.
/// - **Derived references** reach into the value: `$standup.meetings` (a member, by dynamic member
///   lookup) and `$standups[id:]` (an element of an identified array, `nil` when it is gone).
///   A change through a derived reference is a change of the value it comes from.
/// - **Keys** say where the value lives: ``SharedReaderKey/inMemory(_:)`` (one value per name for the
///   life of the process) and ``SharedReaderKey/fileStorage(_:)`` (loaded from a file once, saved after
///   changes). Without a key, `Shared(value:)` is a value that only the holders of that reference
///   share.
/// - **In the runtime**: a change is published, to the observers of every runtime whose state holds
///   the value, in the step that made it for the runtime that made it and as a change from
///   outside (``StateChangeSource/sharedValue``) for the others. A runtime whose state does not
///   hold the value is not told.
/// - **Equality** compares the values, so `Equatable` states, step assertions and diffs work as
///   for any other field; the test harness checks shared changes like any other change.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  @usableFromInline let reference: SharedReference<Value>
  /// The value read last, for a reference unwrapped from an optional (`Shared(_:)`) whose value
  /// went away: reading it then returns this rather than crashing.
  let lastKnown: Value?

  init(reference: SharedReference<Value>, lastKnown: Value? = nil) {
    self.reference = reference
    self.lastKnown = lastKnown
  }

  /// A new shared value that no key names: the holders of this reference (and of its copies and
  /// derived references) share it, and nobody else.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// let parent = ParentState(count: count)
  /// let child = ChildState(count: count)   // the same value
  /// ```
  public init(value: Value) {
    let storage = SharedStorage(value, name: "Shared(value:)")
    self.init(reference: SharedPath.whole(storage))
  }

  /// The value that `key` names, created from `wrappedValue` if nothing holds it yet.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// @Shared(.fileStorage(.standups)) var standups: IdentifiedArrayOf<Standup> = []
  /// ```
  ///
  /// `wrappedValue` is used only by the first holder in the process (with a file, only when the
  /// file holds nothing yet); every later holder of the same key gets the value as it is.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(reference: key.resolve(default: wrappedValue))
  }

  /// A reference to the value `base` refers to, or `nil` if `base` refers to nothing now (an
  /// element that is not in its collection).
  ///
  /// ```swift
  /// guard let standup = Shared(state.$standups[id: id]) else { return .state }
  /// ```
  ///
  /// If the value goes away later (the element is removed), reading the reference returns the
  /// value it had when last read, and ``withLock(_:isolation:fileID:filePath:line:column:)`` changes nothing and reports it.
  public init?(_ base: Shared<Value?>) {
    guard case .some(.some(let value)) = base.reference.load() else { return nil }
    let unwrapped = base.reference.appending(
      SharedStep<Value?, Value>(
        get: { $0 },
        modify: { optional, body in
          guard optional != nil else { return false }
          body(&optional!)
          return true
        }
      ))
    self.init(reference: unwrapped, lastKnown: value)
  }

  /// Lets a state declare `@Shared var standup: Standup` and set it from its initializer.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value now. In an effect, read it through the state (`await state.standup`) to get the
  /// latest one.
  @inlinable
  public var wrappedValue: Value {
    if let root = reference.wholeStorage, !SharedContext.isActive {
      return root._withUnsafeGuaranteedRef {
        $0.observationAccess()
        return $0.value
      }
    }
    return _value
  }

  /// The value through the reference's path, or from the snapshot a test tool reads from.
  @usableFromInline
  var _value: Value {
    reference.storage.observationAccess()
    if SharedContext.isActive, let frame = SharedContext.frame,
      let found = frame.lookup(reference, side: .left)
    {
      return resolved(found)
    }
    return resolved(reference.load())
  }

  /// The reference itself: `state.$standup.withLock { … }`, `state.$standup.meetings`.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// The error of the key's load, while there is one: the storage could not be read when the
  /// first reference was made, or a change the key told of could not be read. The value works in
  /// memory meanwhile, and is not saved over the storage. `nil` for a value without a key.
  ///
  /// ```swift
  /// if let error = state.$standups.loadError { state.banner = "Could not load: \(error)" }
  /// ```
  public var loadError: (any Error)? { reference.storage.loadError }

  /// The error of the key's last save, until a save succeeds. The value in memory is unchanged;
  /// the next change tries again. `nil` for a value without a key.
  public var saveError: (any Error)? { reference.storage.saveError }

  /// Changes the value, atomically: no other write to it (from any holder, any thread) comes
  /// between the read and the write, so no update is lost.
  ///
  /// ```swift
  /// state.$standup.withLock { $0.title = "Morning sync" }
  /// let count = state.$count.withLock { count in count += 1; return count }
  /// ```
  ///
  /// Every runtime whose state holds the value publishes the change: the one whose step called
  /// this (an interactor, or an effect's `send { }`) in that step, the others right after it (or,
  /// when called off the main actor, as soon as the main actor runs).
  ///
  /// If the reference was unwrapped from an element that has since been removed from its
  /// collection, nothing is changed, the issue is reported, and `body` runs on a copy of the last
  /// value read, whose changes are dropped.
  @discardableResult
  public func withLock<R, E: Error>(
    _ body: (inout Value) throws(E) -> R,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) throws(E) -> R {
    if SharedContext.isActive, let frame = SharedContext.frame, frame.isEditing {
      // A test's expected state: the write changes the harness's snapshot, never the live value.
      if let result = try frame.modify(reference, body) { return result }
      var copy = resolved(nil)
      return try body(&copy)
    }
    if let result = try reference.modify(isolation: isolation, body) { return result }
    reportLibraryIssue(
      """
      A write through '\(reference.storage.name)' was not applied: the element \
      it refers to is no longer in its collection.

      A reference made with 'Shared(_:)' from an element ('$items[id: id]') outlives the element. \
      Check that the element is still there before writing (read the optional reference \
      '$items[id: id]'), or stop holding the reference when the element is removed.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    var copy = resolved(nil)
    return try body(&copy)
  }

  /// A reference to a member of the value: `$standup.meetings`.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member> & Sendable
  ) -> Shared<Member> {
    Shared<Member>(reference: reference.appending(.keyPath(keyPath)), lastKnown: lastKnown?[keyPath: keyPath])
  }

  /// A reference one step into the value, for operators that reach into collections
  /// (`$standups[id:]` in UnoComposition).
  ///
  /// - Parameters:
  ///   - get: The child of a value, or `nil` when there is none.
  ///   - modify: Runs its closure on the child in place; returns `false` (closure not run) when
  ///     there is none.
  @_spi(Internals)
  public func _appending<Child: Sendable>(
    get: @escaping @Sendable (Value) -> Child?,
    modify: @escaping @Sendable (inout Value, (inout Child) -> Void) -> Bool
  ) -> Shared<Child> {
    Shared<Child>(reference: reference.appending(SharedStep(get: get, modify: modify)))
  }

  /// The value as `frame` has it on `side` (a snapshot), or the live value if it has none.
  func value(in frame: SharedFrame, side: SharedFrame.Side) -> Value {
    guard let found = frame.lookup(reference, side: side) else { return resolved(reference.load()) }
    return resolved(found)
  }

  /// `value`, or, when the path led nowhere, the last value known.
  private func resolved(_ value: Value?) -> Value {
    if let value { return value }
    if let lastKnown { return lastKnown }
    Self.gone(reference)
  }

  /// A reference made from an optional's value read `nil` before any value was known: cannot
  /// happen through the public API (``init(_:)`` checks), so a bug.
  private static func gone(_ reference: SharedReference<Value>) -> Never {
    fatalError(
      "A shared reference into '\(reference.storage.name)' leads to no value and has none to fall back on.")
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Compares the values, not the references: two states that hold equal values are equal.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    if SharedContext.isActive, let frame = SharedContext.frame {
      return lhs.value(in: frame, side: .left) == rhs.value(in: frame, side: .right)
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: Encodable where Value: Encodable {
  /// Encodes the value, as if the property were not shared.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// Decodes a value into a new shared value of its own (`Shared(value:)`): a decoded state
  /// shares it with nothing until you give it a reference.
  public init(from decoder: any Decoder) throws {
    self.init(value: try Value(from: decoder))
  }
}

extension Shared: CustomDumpRepresentable {
  /// Dumps and diffs show the value, as if the property were not shared.
  public var customDumpValue: Any { wrappedValue }
}

extension Shared: CustomReflectable {
  /// `dump` and mirrors show the value, as if the property were not shared.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

/// A read of the value is tracked by the Observation framework (a SwiftUI view's `body`,
/// `withObservationTracking`), and a change through any reference to the same value, in this
/// process or loaded by its key, tells whoever tracked it.
extension Shared: Observable {}

extension Shared: _SharedHolding {
  var _storage: any AnySharedStorage { reference.storage }
}

extension Shared: CustomStringConvertible {
  public var description: String { "\(wrappedValue)" }
}
