import UnoCore

extension Emission {
  /// This emission with every later step of its own made through `intercept`: the writes of its
  /// effects (`Send`, including what a deferring operator such as ``Debounce`` runs through
  /// `send.reduce`) and its operator-state steps, and, recursively, the steps of what those
  /// return. `effects`, when given, runs each of its effects.
  ///
  /// What operators that wrap an interactor without scoping it (``DependencyOverride``,
  /// ``OnChange``) use so that what they do around the interactor's `interact` also happens around
  /// everything its emission does later. An emission with nothing to run is returned as it is.
  @usableFromInline
  func intercepted(
    steps intercept:
      @escaping @MainActor @Sendable (inout State, @MainActor (inout State) -> Emission<State>) -> Emission<
        State
      >,
    effects around: (@Sendable (() async throws -> Void) async throws -> Void)? = nil
  ) -> Emission<State> {
    guard !isEmpty else { return self }
    var aroundEffect: (@Sendable (Send<State>, () async throws -> Void) async throws -> Void)?
    if let around {
      aroundEffect = { @Sendable _, effect in try await around(effect) }
    }
    return scope(
      childState: { $0 },
      withState: { state, step in intercept(&state, step).intercepted(steps: intercept, effects: around) },
      around: aroundEffect,
      { dynamicState, send in
        let interceptedSend = Send<State> { reduce in
          send.reduce { state in intercept(&state, reduce).intercepted(steps: intercept, effects: around) }
        }
        return (dynamicState, interceptedSend)
      }
    )
  }
}
