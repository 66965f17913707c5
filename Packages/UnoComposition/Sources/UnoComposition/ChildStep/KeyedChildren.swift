import IdentifiedCollections
import UnoCore

/// Children a parent reaches by a key, in the parent's state: the rows of a `forEach` (an
/// `IdentifiedArray`) and the screens of a navigation stack (``StackState``). What
/// ``KeyedChild`` needs of them, and how its messages name them.
@usableFromInline
protocol KeyedChildren: SendableMetatype {
  associatedtype Key: Hashable
  associatedtype Child

  /// Runs `body` on the child `key`, in place; `nil` if there is none.
  mutating func modifyChild<Result>(_ key: Key, _ body: (inout Child) -> Result) -> Result?
  /// The child `key`, if it is there.
  func child(_ key: Key) -> Child?
  /// The keys, in order, in an array that stays the same storage while they do not change: the
  /// children live and die with it, so that the runtime checks their lifetimes only when it
  /// changed (`LifetimeVersion`).
  var keys: [Key] { get }
  /// Removes the child `key` (for a presented one, with whatever was presented over it); `false`
  /// if there is none.
  mutating func removeChild(_ key: Key) -> Bool

  /// Whether a child is presented (a screen): `isPresented` holds while it runs, and its effects
  /// can `dismiss` it.
  static var childrenArePresented: Bool { get }
  /// A child, as messages name it: "the element with id '3'", "the screen #2".
  static func describe(_ key: Key) -> String
  /// One child, as messages call it: "element", "screen".
  static var childNoun: String { get }
  /// What happens to a child that goes: "removed", "popped".
  static var removal: String { get }
}

extension IdentifiedArray: KeyedChildren {
  @usableFromInline typealias Key = ID
  @usableFromInline typealias Child = Element

  @inlinable @inline(__always)
  mutating func modifyChild<Result>(_ key: ID, _ body: (inout Element) -> Result) -> Result? {
    guard let index = index(id: key) else { return nil }
    return body(&self[index])
  }

  @inlinable
  func child(_ key: ID) -> Element? { self[id: key] }

  @usableFromInline
  var keys: [ID] { ids.elements }

  @usableFromInline
  mutating func removeChild(_ key: ID) -> Bool { remove(id: key) != nil }

  @inlinable
  static var childrenArePresented: Bool { false }
  @usableFromInline
  static func describe(_ key: ID) -> String { "the element with id '\(key)'" }
  @usableFromInline
  static var childNoun: String { "element" }
  @usableFromInline
  static var removal: String { "removed" }
}

extension StackState: KeyedChildren {
  @usableFromInline typealias Key = StackElementID
  @usableFromInline typealias Child = Element

  @inlinable @inline(__always)
  mutating func modifyChild<Result>(_ key: StackElementID, _ body: (inout Element) -> Result) -> Result? {
    modify(id: key, body)
  }

  @inlinable
  func child(_ key: StackElementID) -> Element? { self[id: key] }

  @usableFromInline
  var keys: [StackElementID] { ids }

  @usableFromInline
  mutating func removeChild(_ key: StackElementID) -> Bool { pop(from: key) }

  @inlinable
  static var childrenArePresented: Bool { true }
  @usableFromInline
  static func describe(_ key: StackElementID) -> String { "the screen \(key)" }
  @usableFromInline
  static var childNoun: String { "screen" }
  @usableFromInline
  static var removal: String { "popped" }
}
