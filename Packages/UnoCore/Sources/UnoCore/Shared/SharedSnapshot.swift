import CustomDump
import Synchronization

/// Something that holds a shared value's storage: ``Shared``. The scan that finds what a state
/// holds looks for it.
protocol _SharedHolding {
  var _storage: any AnySharedStorage { get }
}

/// The values of the shared storages a state holds, at one moment.
///
/// A state that holds a ``Shared`` holds a reference: a copy of the state kept for later (the
/// test harness's history, the change printer's previous state) would read the value as it is
/// *now*. A snapshot keeps the values as they were, so that the copy can be read, compared and
/// diffed as it was (``SharedFrame``).
@_spi(Internals) public struct SharedSnapshot: Sendable {
  /// Storage → its value at the moment of the snapshot.
  var values: [ObjectIdentifier: any Sendable] = [:]
  /// The storages themselves, kept alive so that their identifiers stay theirs.
  var storages: [any AnySharedStorage] = []

  /// No shared values.
  public static let empty = SharedSnapshot()

  /// Whether the state held no shared value.
  public var isEmpty: Bool { values.isEmpty }

  /// The values of the shared storages `state` holds now (``empty`` at once when no storage is
  /// alive in the process).
  public static func capture(_ state: Any) -> SharedSnapshot {
    guard SharedStorageCount.live.load(ordering: .relaxed) > 0 else { return .empty }
    var snapshot = SharedSnapshot()
    for storage in SharedScan.storages(in: state) {
      snapshot.values[ObjectIdentifier(storage)] = storage.currentValue
      snapshot.storages.append(storage)
    }
    return snapshot
  }
}

/// How shared values read while a test tool works on kept states: from snapshots, not live.
///
/// Internal machinery of the tools that keep states (the test harness, the change printer); a
/// feature never sees it.
@usableFromInline
enum SharedContext {
  /// How many frames are bound anywhere: while none is, reading a shared value skips the
  /// task-local lookup.
  @usableFromInline static let activeCount = Atomic<Int>(0)
  @inlinable static var isActive: Bool { activeCount.load(ordering: .relaxed) > 0 }
  @TaskLocal static var frame: SharedFrame?

  static func with<R>(_ frame: SharedFrame, _ body: () throws -> R) rethrows -> R {
    activeCount.add(1, ordering: .relaxed)
    defer { activeCount.subtract(1, ordering: .relaxed) }
    return try $frame.withValue(frame, operation: body)
  }
}

/// A frame of snapshots that shared reads (and, when editing, writes) go to.
final class SharedFrame: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: a frame is created, bound and read by one task, on one
  // thread at a time (the tools use it synchronously on the main actor); the task-local that
  // carries it is not visible to any other task.
  enum Side { case left, right }
  var left: SharedSnapshot
  var right: SharedSnapshot?
  /// Whether writes (``Shared/withLock(_:isolation:fileID:filePath:line:column:)``) change `left`.
  let isEditing: Bool

  init(left: SharedSnapshot, right: SharedSnapshot? = nil, isEditing: Bool = false) {
    self.left = left
    self.right = right
    self.isEditing = isEditing
  }

  /// `nil` when the snapshot of `side` has no value for the reference's storage; otherwise the
  /// value the reference reads from it (itself `nil` when the path leads nowhere).
  func lookup<Value>(_ reference: SharedReference<Value>, side: Side) -> Value?? {
    let snapshot = side == .right ? (right ?? left) : left
    guard let root = snapshot.values[ObjectIdentifier(reference.storage)] else { return nil }
    return .some(reference.load(fromRoot: root))
  }

  /// Writes into `left`, taking the storage's live value first if the snapshot lacks it. `nil`
  /// when the path leads nowhere.
  func modify<Value, R, E: Error>(
    _ reference: SharedReference<Value>, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R? {
    let id = ObjectIdentifier(reference.storage)
    var root = left.values[id] ?? reference.storage.currentValue
    if left.values[id] == nil { left.storages.append(reference.storage) }
    let result = try reference.modify(root: &root, body)
    left.values[id] = root
    return result
  }
}

// MARK: Working with kept states

extension SharedSnapshot {
  /// Runs `body` with shared values read from `snapshot` (reads only).
  public static func reading<R>(_ snapshot: SharedSnapshot, _ body: () throws -> R) rethrows -> R {
    guard !snapshot.isEmpty else { return try body() }
    return try SharedContext.with(SharedFrame(left: snapshot), body)
  }

  /// Changes `value` with `body`, with shared reads and writes going to `snapshot` rather than
  /// to the live values: how a test's expected state is made from the previous one.
  public static func editing<Value>(
    _ value: inout Value, in snapshot: inout SharedSnapshot, _ body: (inout Value) -> Void
  ) {
    guard SharedStorageCount.live.load(ordering: .relaxed) > 0 else { return body(&value) }
    let frame = SharedFrame(left: snapshot, isEditing: true)
    SharedContext.with(frame) { body(&value) }
    snapshot = frame.left
  }

  /// Whether `lhs` (with its snapshot) equals `rhs` (with its own): by `==` when the type is
  /// `Equatable`, each side reading its own snapshot, and by their dumps as well when either
  /// holds shared values (`==` on arrays may skip elements that share storage).
  public static func isEqual<Value>(
    _ lhs: Value, _ lhsSnapshot: SharedSnapshot, _ rhs: Value, _ rhsSnapshot: SharedSnapshot
  ) -> Bool {
    guard let equatable = lhs as? any Equatable else { return false }
    if lhsSnapshot.isEmpty && rhsSnapshot.isEmpty { return equatable.isEqual(to: rhs) }
    let equal = SharedContext.with(SharedFrame(left: lhsSnapshot, right: rhsSnapshot)) {
      equatable.isEqual(to: rhs)
    }
    return equal && dump(lhs, lhsSnapshot) == dump(rhs, rhsSnapshot)
  }

  /// The custom dump of `value`, its shared values read from `snapshot`.
  public static func dump(_ value: Any, _ snapshot: SharedSnapshot) -> String {
    reading(snapshot) { String(customDumping: value) }
  }

  /// The difference from `old` to `new` (− old, + new), each read with its own snapshot; `nil`
  /// when there is none. Without shared values, swift-custom-dump's structural diff; with them,
  /// a diff of the two dumps line by line.
  public static func difference<Value>(
    _ old: Value, _ oldSnapshot: SharedSnapshot, _ new: Value, _ newSnapshot: SharedSnapshot,
    format: DiffFormat = .default
  ) -> String? {
    if oldSnapshot.isEmpty && newSnapshot.isEmpty { return diff(old, new, format: format) }
    let before = dump(old, oldSnapshot)
    let after = dump(new, newSnapshot)
    guard before != after else { return nil }
    return LineDifference(before, after, format: format).text
  }
}

extension SharedSnapshot {
  /// Sets every shared value of the snapshot back to the value it kept, except those equal to it
  /// now (a value that is not `Equatable` is always set): each a change told to its holders and,
  /// for a persisted one, saved. A rewind to a recorded state does this
  /// (``InteractorRuntime/rewind(toRecordedEntry:)``).
  @MainActor func restore() {
    for storage in storages {
      guard let kept = values[ObjectIdentifier(storage)] else { continue }
      if let equatable = kept as? any Equatable, equatable.isEqual(to: storage.currentValue) { continue }
      storage.restore(kept)
    }
  }
}

extension SharedSnapshot {
  /// The line-by-line difference of two texts (− first, + second), long unchanged runs folded;
  /// `nil` when they are equal.
  public static func lineDifference(
    _ first: String, _ second: String, format: DiffFormat = .default
  ) -> String? {
    first == second ? nil : LineDifference(first, second, format: format).text
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    (other as? Self) == self
  }
}

// MARK: Finding what a state holds

/// Finds the shared storages a value holds, by reflection (`Mirror`).
///
/// It does not look inside class instances (a state that keeps a ``Shared`` inside an object is
/// not seen) nor inside the shared values themselves. A struct or tuple type found to hold nothing
/// shared in any of its fields (the same fields every time, unless a field is an existential) is
/// remembered, so that a list of 1,000 plain rows (a `UUID` is a struct of a 16-tuple) costs 1,000
/// lookups, not 1,000 walks.
enum SharedScan {
  /// Types known to hold no shared value: leaves (no children) and structs of such.
  private static let plainTypes = Locked<Set<ObjectIdentifier>>([])

  static func storages(in value: Any) -> [any AnySharedStorage] {
    var found: [ObjectIdentifier: any AnySharedStorage] = [:]
    var plain = plainTypes.withLock { $0 }
    let before = plain.count
    visit(value, &found, &plain)
    if plain.count > before { plainTypes.withLock { $0.formUnion(plain) } }
    return Array(found.values)
  }

  /// The identities of the storages `value` holds, sorted, each once.
  static func storageIDs(in value: Any) -> [ObjectIdentifier] {
    storages(in: value).map(ObjectIdentifier.init).sorted()
  }

  /// Whether `value` held nothing shared (and was of a fixed shape, so that its type can be
  /// remembered).
  @discardableResult
  private static func visit(
    _ value: Any, _ found: inout [ObjectIdentifier: any AnySharedStorage],
    _ plain: inout Set<ObjectIdentifier>
  ) -> Bool {
    if let holding = value as? any _SharedHolding {
      let storage = holding._storage
      found[ObjectIdentifier(storage)] = storage
      return false
    }
    let type = ObjectIdentifier(Swift.type(of: value))
    if plain.contains(type) { return true }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .class?:
      return false  // not looked into; not remembered either
    case .struct?, .tuple?, nil:
      var holdsNothing = true
      for child in mirror.children where !visit(child.value, &found, &plain) { holdsNothing = false }
      if holdsNothing && mirror.superclassMirror == nil { plain.insert(type) }
      return holdsNothing
    default:
      // Enums, optionals, collections: what they hold depends on the value.
      for child in mirror.children { visit(child.value, &found, &plain) }
      return false
    }
  }
}
