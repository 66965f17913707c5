import ConcurrencyExtras
import UnoCore

/// Where a child lives in its parent's state: what ``ChildStep`` needs to reach it in place, to
/// read it for its effects, to tell when it is gone, and to remove it.
///
/// Three operators place a child, and each has its location:
/// - `when` (``WhenPath``): a stored property or any key path (the child is always there), an
///   enum case, or an optional (the child comes and goes);
/// - `forEach` over a collection and over a navigation stack (``KeyedChild``): one of many
///   children, reached by its key.
@usableFromInline
protocol ChildLocation: Sendable {
  associatedtype Parent: Sendable
  associatedtype Child: Sendable
  /// Which child: a row's id, a screen's id, or ``OnlyChild`` where there is one.
  associatedtype Key: Hashable & Sendable

  /// Runs `body` on the child `key`, in place, as the child's step: for a presented child, with
  /// `isPresented` holding while it runs (`PresentedStep`); `nil` if it is not there.
  ///
  /// Each location applies `isPresented` in its own branch, so that `ChildStep` passes `body` on
  /// as it is: a closure made there would capture its generic context, and a caller that is not
  /// specialised (a `when` in a generic feature) would look up the location's metadata and
  /// conformance at every level to make it (docs/performance.md, "One child step for three
  /// operators").
  func modify<Result>(_ parent: inout Parent, _ key: Key, _ body: (inout Child) -> Result) -> Result?
  /// The child `key`, if it is there.
  func child(of parent: Parent, _ key: Key) -> Child?
  /// Removes the child `key` (`dismiss`); `false` if it is not there.
  func remove(_ key: Key, from parent: inout Parent) -> Bool

  /// Whether the child is presented (an optional, a screen): `isPresented` holds while it runs,
  /// and its effects can `dismiss` it.
  var isPresented: Bool { get }
  /// Whether the child can go away, so that its effects must die with it.
  var canEnd: Bool { get }
  /// The child's part of its identity beside the operator's scope: its key, or `nil` where there
  /// is one child.
  func element(_ key: Key) -> AnyHashableSendable?
  /// The lifetimes the children share, checked only when its version changed (the rows of a
  /// list), or `nil` to check the child's own at every step.
  func lifetimeGroup(scope: AnyHashableSendable) -> LifetimeGroup<Parent>?
  /// The child, as a `dismiss` that comes too late names it: "'.when(stateIs: \Feature.editor)'",
  /// "the screen #2 of '.forEach(stateIs: \Root.path)'".
  func describe(_ key: Key) -> String
}

/// The key of a child that is alone in its place (a `when`'s).
@usableFromInline
struct OnlyChild: Hashable, Sendable {
  @inlinable init() {}
}
