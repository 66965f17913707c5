/// Writes state back from an effect. Calls hop to the main actor.
///
/// An effect receives a `Send` next to its ``DynamicState``. There are two ways to write:
///
/// - **Mutation (preferred).** The closure runs on the main actor against the state *as it is
///   now*, so changes that actions made while the effect was suspended are kept:
///
///   ```swift
///   await send { $0.results = results; $0.isLoading = false }
///   ```
///
/// - **Whole state.** Replaces the entire state. Only safe when the effect computed the value from
///   a state it read at the same moment; otherwise it silently undoes what actions did meanwhile:
///
///   ```swift
///   var newState = await state.current
///   newState.count += 1
///   await send(newState)
///   ```
///
/// Once the effect is cancelled (by its ``EventTask``, by ``Emission/cancel(id:)-(HashableSendable)``, by
/// `cancelInFlight`, or because its owner was released), every send is dropped. A send made after
/// the effect has finished (by work that escaped it) is dropped too.
public struct Send<State: Sendable>: Sendable {
  @usableFromInline
  let apply: @MainActor @Sendable (_ reduce: @MainActor (inout State) -> Emission<State>) -> Void

  /// Creates a `Send` from the primitive operation all of its forms are built on: apply `reduce`
  /// to the current state and run the emission it returns.
  ///
  /// You rarely need this outside of scoping operators and tests; ``InteractorRuntime`` makes the
  /// `Send` that effects receive.
  public init(
    _ apply: @escaping @MainActor @Sendable (_ reduce: @MainActor (inout State) -> Emission<State>) -> Void
  ) {
    self.apply = apply
  }

  /// Replaces the whole state with `state`.
  ///
  /// Prefer the form that takes a mutation (`await send { $0.field = value }`) unless `state` was
  /// derived from a state read in the same step.
  @MainActor
  @inlinable
  public func callAsFunction(_ state: State) {
    guard !Task.isCancelled else { return }
    apply { current in
      current = state
      return .state
    }
  }

  /// Applies `mutation` to the current state on the main actor.
  ///
  /// ```swift
  /// await send { $0.results = results }
  /// ```
  @MainActor
  @inlinable
  public func callAsFunction(_ mutation: @MainActor (inout State) -> Void) {
    guard !Task.isCancelled else { return }
    apply { current in
      mutation(&current)
      return .state
    }
  }

  /// Applies `reduce` to the current state on the main actor and runs the ``Emission`` it returns
  /// as part of this effect.
  ///
  /// Effects started this way belong to the same ``EventTask`` as the effect that sent them:
  /// `finish()` waits for them and `cancel()` cancels them. Deferring operators such as
  /// `Debounce` use it to run a child interactor later:
  ///
  /// ```swift
  /// return .perform { _, send in
  ///   try await clock.sleep(for: duration)
  ///   await send.reduce { state in child.interact(state: &state, action: action) }
  /// }
  /// ```
  @MainActor
  @inlinable
  public func reduce(_ reduce: @MainActor (inout State) -> Emission<State>) {
    guard !Task.isCancelled else { return }
    apply(reduce)
  }
}
