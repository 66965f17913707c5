import ConcurrencyExtras

extension Emission {
  /// Gives a stateful operator a slot of state that lives in the runtime, keyed by `id`.
  ///
  /// Interactor values are immutable and built again every time a `body` is evaluated, so an
  /// operator such as
  /// `Throttle` cannot keep "when did my window open" in a stored property. It returns this
  /// emission instead: the runtime calls `body` synchronously, while it is still handling the
  /// action (or applying the effect write), with the current state and the slot for `id`; the
  /// emission `body` returns runs as part of the same step.
  ///
  /// ```swift
  /// return .withOperatorState(id: windowID) { (state, window: inout Window?) in
  ///   if window == nil {
  ///     window = Window(end: clock.now.advanced(by: interval))
  ///     return child.interact(state: &state, action: action)
  ///   }
  ///   return .state
  /// }
  /// ```
  ///
  /// - Slots are per runtime: two view models never share one.
  /// - Setting the slot to `nil` removes it, so operators can keep memory bounded.
  /// - Inside `when`, `id` is qualified by the scope, like effect ids.
  /// - `body` runs on the main actor and must not block.
  public static func withOperatorState<Value: Sendable>(
    id: some Hashable & Sendable,
    _ body: @escaping @MainActor @Sendable (_ state: inout State, _ slot: inout Value?) -> Emission
  ) -> Emission {
    Emission(
      storage: .operatorState(id: AnyHashableSendable(id)) { state, erased in
        var slot = erased as? Value
        defer { erased = slot }
        return body(&state, &slot)
      }
    )
  }
}
