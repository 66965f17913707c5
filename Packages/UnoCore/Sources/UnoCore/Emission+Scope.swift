import ConcurrencyExtras
import IssueReporting

extension Emission {
  /// Turns an emission over a child state into one over a parent state.
  ///
  /// This is the tool for writing scoping operators (such as `When`): each effect of this
  /// emission receives a child ``DynamicState`` and ``Send`` derived by `transform` from the
  /// parent's. Effect identities are kept, qualified by `namespace` when one is given, so that
  /// the same child used in two scopes does not cancel the other scope's effects.
  ///
  /// ```swift
  /// let parentEmission = childEmission.scope(
  ///   namespace: "detail",
  ///   withState: { parent, step in step(&parent.detail).scope(...) }
  /// ) { parentState, parentSend in
  ///   (
  ///     DynamicState { await parentState.current.detail },
  ///     Send { reduce in parentSend.reduce { parent in reduce(&parent.detail).scope(...) } }
  ///   )
  /// }
  /// ```
  ///
  /// `withState` runs a child step (the body of a ``withOperatorState(id:_:)``) against the child
  /// part of the parent's state and returns the resulting parent emission. It is needed only when
  /// the emission uses operator state; without it such a step is reported and dropped.
  ///
  /// `childState` reads the child part of a parent state, `nil` when the child does not exist
  /// there (an enum in another case, a `nil` optional, a removed element). It is needed only when
  /// the emission is tied to a lifetime (``tied(to:while:)``): the scoped lifetime is alive while
  /// the child exists *and* its own predicate holds. Without it, such a lifetime is reported and
  /// dropped: the effects still run, but no longer die with their child.
  ///
  /// `around`, when given, runs each of the child's effects: it receives the parent's ``Send``
  /// and the effect, and must run the effect once. It is for context that a child's effects need
  /// and that only the scope knows, such as the presentation that `dismiss` closes; the innermost
  /// scope's context is the one an effect sees, since its `around` runs inside the outer ones.
  public func scope<Parent: Sendable>(
    namespace: (any Hashable & Sendable)? = nil,
    childState: (@MainActor @Sendable (Parent) -> State?)? = nil,
    withState: (
      @MainActor @Sendable (inout Parent, @MainActor (inout State) -> Emission<State>) -> Emission<Parent>
    )? = nil,
    around: (@Sendable (Send<Parent>, () async throws -> Void) async throws -> Void)? = nil,
    _ transform:
      @escaping @Sendable (DynamicState<Parent>, Send<Parent>) -> (DynamicState<State>, Send<State>)
  ) -> Emission<Parent> {
    let namespace = namespace.map { AnyHashableSendable($0) }
    return scope(
      namespace: namespace, childState: childState, withState: withState, around: around, transform)
  }

  private func scope<Parent: Sendable>(
    namespace: AnyHashableSendable?,
    childState: (@MainActor @Sendable (Parent) -> State?)?,
    withState: (
      @MainActor @Sendable (inout Parent, @MainActor (inout State) -> Emission<State>) -> Emission<Parent>
    )?,
    around: (@Sendable (Send<Parent>, () async throws -> Void) async throws -> Void)?,
    _ transform:
      @escaping @Sendable (DynamicState<Parent>, Send<Parent>) -> (DynamicState<State>, Send<State>)
  ) -> Emission<Parent> {
    func qualified(_ id: AnyHashableSendable) -> AnyHashableSendable {
      guard let namespace else { return id }
      return AnyHashableSendable(NamespacedEffectID(namespace: namespace, id: id))
    }
    switch storage {
    case .none:
      return .state
    case .run(let operation):
      let work = operation.work
      return Emission<Parent>(
        storage: .run(
          .init(kind: .init(operation.kind), priority: operation.priority, callSite: operation.callSite) {
            state, send in
            let (childState, childSend) = transform(state, send)
            guard let around else { return try await work(childState, childSend) }
            try await around(send) { try await work(childState, childSend) }
          }
        )
      )
    case .merge(let children):
      return Emission<Parent>(
        storage: .merge(
          children.map {
            $0.scope(
              namespace: namespace, childState: childState, withState: withState, around: around, transform)
          })
      )
    case .cancellable(let id, let cancelInFlight, let child):
      return Emission<Parent>(
        storage: .cancellable(
          id: qualified(id), cancelInFlight: cancelInFlight,
          child.scope(
            namespace: namespace, childState: childState, withState: withState, around: around, transform)
        )
      )
    case .cancel(let id):
      return Emission<Parent>(storage: .cancel(id: qualified(id)))
    case .lifetime(let id, let isAlive, let group, let child):
      let scopedChild = child.scope(
        namespace: namespace, childState: childState, withState: withState, around: around, transform)
      guard let childState else {
        reportLibraryIssue(
          """
          An emission tied to a lifetime (id \(id)) was scoped without 'childState', so whether \
          its child is alive cannot be read from the parent's state; its effects are no longer \
          tied to it. Scoping operators must pass 'childState' to 'Emission.scope'.
          """
        )
        return scopedChild
      }
      let parentIsAlive: @MainActor @Sendable (Parent) -> Bool = { parent in
        childState(parent).map(isAlive) ?? false
      }
      var parentGroup: LifetimeGroup<Parent>?
      if let group {
        let version = group.version
        parentGroup = LifetimeGroup<Parent>(
          id: qualified(group.id),
          version: { parent -> LifetimeVersion? in childState(parent).flatMap(version) })
      }
      return Emission<Parent>(
        storage: .lifetime(id: qualified(id), isAlive: parentIsAlive, group: parentGroup, scopedChild)
      )
    case .adopt(let id, let then):
      return Emission<Parent>(
        storage: .adopt(id: qualified(id)) { adopted in
          then(adopted).scope(
            namespace: namespace, childState: childState, withState: withState, around: around, transform)
        }
      )
    case .concatenate(let parts, let callSite):
      return Emission<Parent>(
        storage: .concatenate(
          parts.map {
            $0.scope(
              namespace: namespace, childState: childState, withState: withState, around: around, transform)
          },
          callSite: callSite
        )
      )
    case .operatorState(let id, let body):
      guard let withState else {
        reportLibraryIssue(
          """
          An emission with operator state (id \(id)) was scoped without 'withState', so it cannot \
          reach the child state and was dropped. Scoping operators must pass 'withState' to \
          'Emission.scope'.
          """
        )
        return .state
      }
      return Emission<Parent>(
        storage: .operatorState(id: qualified(id)) { parentState, slot in
          withState(&parentState) { childState in body(&childState, &slot) }
        }
      )
    }
  }
}

extension Emission.Operation.Kind {
  init<Other>(_ other: Emission<Other>.Operation.Kind) {
    switch other {
    case .perform: self = .perform
    case .observe: self = .observe
    }
  }
}

/// An effect id qualified by the scope it was declared in.
struct NamespacedEffectID: Hashable, Sendable {
  let namespace: AnyHashableSendable
  let id: AnyHashableSendable
}
