import CasePaths
import ConcurrencyExtras
import UnoCore

/// Where a `when`'s child lives in its parent's state: the child alone in its place, so its key
/// is ``OnlyChild``.
@usableFromInline
// `@unchecked Sendable`: its key paths are applied only on the main actor (`_MainActorKeyPath`
// says why that makes holding them safe); its case path is `Sendable`.
enum WhenPath<Parent: Sendable, Child: Sendable>: ChildLocation, @unchecked Sendable {
  @usableFromInline typealias Key = OnlyChild

  /// A key path, with the child's byte offset in the parent's state when the key path is a stored
  /// property (`MemoryLayout.offset(of:)`), so that it can be reached without the key path
  /// runtime: the child is always there.
  case keyPath(WritableKeyPath<Parent, Child>, offset: Int?)
  /// An enum case: the child is there while the parent's state is in that case. Indirect, so
  /// that the path is at most four words: passed in registers, not copied to the stack at every
  /// level of nested `when`s (the case path alone is four words, two closures).
  indirect case casePath(AnyCasePath<Parent, Child>)
  /// An optional property: the child is there, presented, while it is not `nil`.
  case optional(WritableKeyPath<Parent, Child?>)

  /// The child is changed in place (one mutable access, not a read and a write), and through its
  /// offset when it is a stored property: the key path runtime's generic projection was most of
  /// the cost of a nesting level.
  @inlinable @inline(__always)
  func modify<Result>(_ parent: inout Parent, _ key: OnlyChild, _ body: (inout Child) -> Result) -> Result? {
    switch self {
    case .keyPath(_, let offset?):
      return withStoredProperty(of: &parent, at: offset, as: Child.self, body)
    case .keyPath(let keyPath, nil):
      return body(&parent[keyPath: keyPath])
    case .casePath(let casePath):
      guard var extracted = casePath.extract(from: parent) else { return nil }
      let result = body(&extracted)
      parent = casePath.embed(extracted)
      return result
    case .optional(let keyPath):
      guard parent[keyPath: keyPath] != nil else { return nil }
      return PresentedStep.run { body(&parent[keyPath: keyPath]!) }
    }
  }

  @usableFromInline
  func child(of parent: Parent, _ key: OnlyChild) -> Child? {
    switch self {
    case .keyPath(let keyPath, _): return parent[keyPath: keyPath]
    case .casePath(let casePath): return casePath.extract(from: parent)
    case .optional(let keyPath): return parent[keyPath: keyPath]
    }
  }

  /// Sets an optional child to `nil`. The other children are not presented, and cannot be
  /// removed: `false`.
  @usableFromInline
  func remove(_ key: OnlyChild, from parent: inout Parent) -> Bool {
    guard case .optional(let keyPath) = self, parent[keyPath: keyPath] != nil else { return false }
    parent[keyPath: keyPath] = nil
    return true
  }

  @inlinable
  var isPresented: Bool {
    if case .optional = self { return true }
    return false
  }

  @inlinable
  var canEnd: Bool {
    if case .keyPath = self { return false }
    return true
  }

  @usableFromInline
  func element(_ key: OnlyChild) -> AnyHashableSendable? { nil }

  @usableFromInline
  func lifetimeGroup(scope: AnyHashableSendable) -> LifetimeGroup<Parent>? { nil }

  @usableFromInline
  func describe(_ key: OnlyChild) -> String {
    switch self {
    case .keyPath(let keyPath, _): return "'.when(stateIs: \(String(reflecting: keyPath)))'"
    case .casePath: return "'.when(stateIs:)' over an enum case"
    case .optional(let keyPath): return "'.when(stateIs: \(String(reflecting: keyPath)))'"
    }
  }
}
