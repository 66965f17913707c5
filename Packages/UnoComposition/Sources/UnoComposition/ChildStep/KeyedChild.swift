import ConcurrencyExtras
import UnoCore

/// Where a child reached by a key lives: in the children (``KeyedChildren``) of a `forEach` over a
/// collection (`_ForEach`) or over a navigation stack (`_StackForEach`).
///
/// The children live and die with their keys: the runtime checks their effects' lifetimes only
/// when the keys changed.
@usableFromInline
// `@unchecked Sendable`: its key path is applied only on the main actor (`_MainActorKeyPath` says
// why that makes holding it safe).
struct KeyedChild<Parent: Sendable, Children: KeyedChildren>: ChildLocation, @unchecked Sendable
where Children.Key: Sendable {
  @usableFromInline typealias Child = Children.Child
  @usableFromInline typealias Key = Children.Key

  /// Where the children are in the parent's state.
  @usableFromInline let children: WritableKeyPath<Parent, Children>
  /// The children's byte offset in the parent's state when they are a stored property, so that
  /// they are reached without the key path runtime (see `When`).
  @usableFromInline let offset: Int?

  @inlinable
  init(children: WritableKeyPath<Parent, Children>) {
    self.children = children
    self.offset = MemoryLayout<Parent>.offset(of: children)
  }

  @inlinable @inline(__always)
  func modify<Result>(_ parent: inout Parent, _ key: Key, _ body: (inout Child) -> Result) -> Result? {
    guard isPresented else { return modifyInPlace(&parent, key, body) }
    return PresentedStep.run { modifyInPlace(&parent, key, body) }
  }

  /// The child `key`, changed in place, without `isPresented`.
  @inlinable @inline(__always)
  func modifyInPlace<Result>(_ parent: inout Parent, _ key: Key, _ body: (inout Child) -> Result) -> Result? {
    guard let offset else { return parent[keyPath: children].modifyChild(key, body) }
    return withStoredProperty(of: &parent, at: offset, as: Children.self) { $0.modifyChild(key, body) }
  }

  @usableFromInline
  func child(of parent: Parent, _ key: Key) -> Child? { parent[keyPath: children].child(key) }

  @usableFromInline
  func remove(_ key: Key, from parent: inout Parent) -> Bool { parent[keyPath: children].removeChild(key) }

  @inlinable
  var isPresented: Bool { Children.childrenArePresented }

  @usableFromInline
  var canEnd: Bool { true }

  @usableFromInline
  func element(_ key: Key) -> AnyHashableSendable? { AnyHashableSendable(key) }

  @usableFromInline
  func lifetimeGroup(scope: AnyHashableSendable) -> LifetimeGroup<Parent>? {
    let children = self.children
    return LifetimeGroup(id: scope) { parent in LifetimeVersion(identityOf: parent[keyPath: children].keys) }
  }

  @usableFromInline
  func describe(_ key: Key) -> String {
    "\(Children.describe(key)) of '.forEach(stateIs: \(String(reflecting: children)))'"
  }
}

extension ChildStep {
  /// The step of the children at `children`, each reached by its key; `interactor` is the
  /// children's interactor type, as messages name it.
  @inlinable
  init<ParentState, Children>(
    children: WritableKeyPath<ParentState, Children>, callSite: CallSite, interactor: any Any.Type
  ) where Location == KeyedChild<ParentState, Children> {
    self.init(
      location: KeyedChild(children: children), scope: AnyHashableSendable(_MainActorKeyPath(children)),
      callSite: callSite,
      interactor: interactor)
  }

  /// The step of a keyed child (a row, a screen): runs `body` on the child `key`, in place, and
  /// returns its emission scoped to it; `nil` if there is no such child. A later write into a
  /// child that is gone is dropped and reported where the `forEach` is written.
  @inlinable @inline(__always)
  func step<ParentState, Children>(
    _ parent: inout Parent, key: Key, _ body: (inout Child) -> Emission<Child>
  ) -> Emission<Parent>? where Location == KeyedChild<ParentState, Children> {
    var emission = Emission<Child>.state
    var snapshot: Child?
    let found =
      run(&parent, key) { child -> Void in
        emission = body(&child)
        if !emission.isEmpty { snapshot = child }
      } != nil
    guard found else { return nil }
    guard let snapshot else { return .state }
    return scoped(emission, key: key, from: snapshot) { parent, body, what in
      self.step(&parent, key: key, body) ?? self.reportGone(key: key, what: what)
    }
  }

  /// Reports a write into a keyed child that is gone. Its effects are cancelled in the step that
  /// removes it, so this happens only to work that escaped them.
  @usableFromInline
  func reportGone<ParentState, Children>(key: Key, what: String) -> Emission<Parent>
  where Location == KeyedChild<ParentState, Children> {
    let (noun, removal) = (Children.childNoun, Children.removal)
    callSite.reportIssue(
      """
      \(what) '\(interactor)' wrote \(Children.describe(key)) of \
      '\(String(reflecting: location.children))' (the 'forEach' written at \(callSite)) after the \
      \(noun) was \(removal). The write was dropped.

      The \(noun)'s effects are cancelled when it is \(removal); this write came from work that \
      outlived its effect. Keep the writes inside the effect that was given the 'Send'.
      """
    )
    return .state
  }
}
