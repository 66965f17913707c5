import ConcurrencyExtras
import UnoCore

/// The identity of one child's life: a `when` scope, or a `forEach` scope and the element's id.
struct ChildScope: Hashable, Sendable {
  let scope: AnyHashableSendable
  let element: AnyHashableSendable?
}

extension Emission {
  /// A child's emission as its parent's: the one way `When`, `forEach` over a collection and
  /// `forEach` over a stack scope what their child emitted.
  ///
  /// - Effects read the child with `read` (the `snapshot` once it is gone) and write it with
  ///   `step`, which runs a child step in the parent's state and reports, with `what` (an effect's
  ///   write, an operator's step), a child that is gone.
  /// - Effect ids are qualified by `namespace`, so the same child in two scopes keeps its effects
  ///   apart.
  /// - With `lifetime`, every effect dies in the step that removes the child (`read` finds
  ///   nothing). With `group` too, the runtime checks it only when the group's version changed
  ///   (the rows of a list: see `Emission.tied(to:group:while:)`).
  /// - With `around`, each effect runs inside it (a presentation's `dismiss`).
  func scopedToChild<Parent: Sendable>(
    namespace: some Hashable & Sendable,
    lifetime: ChildScope?,
    group: LifetimeGroup<Parent>? = nil,
    snapshot: State,
    read: @escaping @MainActor @Sendable (Parent) -> State?,
    step:
      @escaping @MainActor @Sendable (
        inout Parent, @MainActor (inout State) -> Emission<State>, _ what: String
      ) -> Emission<
        Parent
      >,
    around: (@Sendable (Send<Parent>, () async throws -> Void) async throws -> Void)? = nil
  ) -> Emission<Parent> {
    let scoped = scope(
      namespace: namespace,
      childState: read,
      withState: { parentState, body in step(&parentState, body, "An operator of") },
      around: around
    ) { parentState, parentSend in
      // The child is read from the parent on the main actor, where every key path and case path
      // a team gave an operator is applied (`_MainActorKeyPath`): the parent's read hops there
      // already, so this costs no hop of its own.
      let childState = DynamicState<State> { @MainActor in read(await parentState.current) ?? snapshot }
      let childSend = Send<State> { reduce in
        parentSend.reduce { parentState in step(&parentState, reduce, "An effect of") }
      }
      return (childState, childSend)
    }
    guard let lifetime else { return scoped }
    guard let group else { return scoped.tied(to: lifetime) { parentState in read(parentState) != nil } }
    return scoped.tied(to: lifetime, group: group) { parentState in read(parentState) != nil }
  }
}
