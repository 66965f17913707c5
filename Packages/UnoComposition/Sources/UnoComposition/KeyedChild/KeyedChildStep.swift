import ConcurrencyExtras
import UnoCore

/// The step of a child reached by a key, the one both `forEach`s take: over a collection
/// (`_ForEach`) and over a navigation stack (`_StackForEach`).
///
/// It reaches the child in place, runs it, and scopes what it emitted: its effects read and write
/// that child, die with it (checked only when the keys changed), and, for a presented child, can
/// `dismiss` it. A write into a child that is gone is dropped and reported where the `forEach` is
/// written. What each `forEach` does with its actions (an action for a key that is gone, a push, a
/// pop) stays with it.
@usableFromInline
struct KeyedChildStep<ParentState: Sendable, Children: KeyedChildren, Child: Interactor>: Sendable
where Children.Key: Sendable, Children.Child == Child.DomainState {
  /// Where the children are in the parent's state.
  @usableFromInline let children: WritableKeyPath<ParentState, Children> & Sendable
  /// The children's byte offset in the parent's state when they are a stored property, so that
  /// they are reached without the key path runtime (see `When`).
  @usableFromInline let offset: Int?
  /// The key path to the children: with a child's key, it qualifies the child's effects.
  @usableFromInline let scope: AnyHashableSendable
  /// Where the `forEach` is written: its messages name it and are reported there.
  @usableFromInline let callSite: CallSite

  @inlinable
  init(children: WritableKeyPath<ParentState, Children> & Sendable, callSite: CallSite) {
    self.children = children
    self.offset = MemoryLayout<ParentState>.offset(of: children)
    self.scope = AnyHashableSendable(children)
    self.callSite = callSite
  }

  /// Runs `body` on the child `key`, in place, and returns its emission scoped to the child;
  /// `nil` if there is no such child.
  @inlinable @inline(__always)
  func step(
    _ parentState: inout ParentState, key: Children.Key,
    _ body: (inout Child.DomainState) -> Emission<Child.DomainState>
  ) -> Emission<ParentState>? {
    var emission = Emission<Child.DomainState>.state
    var snapshot: Child.DomainState?
    let found = withChildren(&parentState) { children -> Bool in
      children.modifyChild(key) { (child: inout Child.DomainState) -> Void in
        // A presented child: `isPresented` holds while it runs (see `PresentedStep`).
        emission = Children.childrenArePresented ? PresentedStep.run { body(&child) } : body(&child)
        if !emission.isEmpty { snapshot = child }
      } != nil
    }
    guard found else { return nil }
    guard let snapshot else { return .state }
    return scoped(emission, key: key, from: snapshot)
  }

  /// Calls `body` with the children, in place.
  @inlinable @inline(__always)
  func withChildren<Result>(_ parentState: inout ParentState, _ body: (inout Children) -> Result) -> Result {
    guard let offset else { return body(&parentState[keyPath: children]) }
    return withStoredProperty(of: &parentState, at: offset, as: Children.self, body)
  }

  /// The child's emission, with effects that read and write the child, die with it, and, for a
  /// presented child, can dismiss it.
  @usableFromInline
  func scoped(
    _ emission: Emission<Child.DomainState>, key: Children.Key, from snapshot: Child.DomainState
  ) -> Emission<ParentState> {
    let childScope = ChildScope(scope: scope, element: AnyHashableSendable(key))
    let (children, callSite) = (self.children, self.callSite)
    // The children live and die with the keys: checked only when those changed.
    let group = LifetimeGroup<ParentState>(id: scope) { parentState in
      LifetimeVersion(identityOf: parentState[keyPath: children].keys)
    }
    var around: (@Sendable (Send<ParentState>, () async throws -> Void) async throws -> Void)?
    if Children.childrenArePresented {
      around = Presentation.around(
        name: {
          "\(Children.describe(key)) of '.forEach(stateIs: \(String(reflecting: children)))' written at \(callSite)"
        },
        remove: { parentState in parentState[keyPath: children].removeChild(key) }
      )
    }
    return emission.scopedToChild(
      namespace: childScope, lifetime: childScope, group: group, snapshot: snapshot,
      read: { parentState in parentState[keyPath: children].child(key) },
      step: { parentState, body, what in
        self.step(&parentState, key: key, body) ?? self.reportGone(key: key, what: what)
      },
      around: around
    )
  }

  /// Reports a write into a child that is gone. Its effects are cancelled in the step that
  /// removes it, so this happens only to work that escaped them.
  private func reportGone(key: Children.Key, what: String) -> Emission<ParentState> {
    let (noun, removal) = (Children.childNoun, Children.removal)
    callSite.reportIssue(
      """
      \(what) '\(Child.self)' wrote \(Children.describe(key)) of '\(String(reflecting: children))' \
      (the 'forEach' written at \(callSite)) after the \(noun) was \(removal). The write was \
      dropped.

      The \(noun)'s effects are cancelled when it is \(removal); this write came from work that \
      outlived its effect. Keep the writes inside the effect that was given the 'Send'.
      """
    )
    return .state
  }
}
