import ConcurrencyExtras

extension Emission {
  /// Moves the effect running under `id` into this action's ``EventTask``, then runs what `then`
  /// returns.
  ///
  /// The adopted effect goes on running where it is: nothing is cancelled or started again. Only
  /// who waits for it changes. The task of the action that started it (or last adopted it) no
  /// longer waits for it, and finishes now if that was all it waited for; this action's task
  /// waits for it instead, cancelling this action's task cancels it, and what it writes from then
  /// on is this action's doing, with the effects those writes start.
  ///
  /// `then` is called during the step, once the adoption was tried, with whether an effect was
  /// adopted, and returns what else to run: typically nothing when one was, and a new effect
  /// under `id` when none was running. It is the moment to update what the adopted effect will
  /// do, since it cannot have been cancelled in between.
  ///
  /// It is what an operator uses to let a burst of actions share one effect while each action's
  /// task still covers what happens on its behalf. `Debounce` (in UnoComposition) is built on it:
  /// the first action of a burst starts one timer, and each later action adopts it and moves its
  /// deadline, so that a burst of 10,000 actions starts one task instead of 10,000:
  ///
  /// ```swift
  /// return .adopt(id: TimerID()) { adopted in
  ///   guard !adopted else { return .state }
  ///   return .perform { state, send in /* wait, then send */ }.cancellable(id: TimerID())
  /// }
  /// ```
  ///
  /// When several effects run under `id`, the one started last is adopted. Nothing is adopted
  /// when this action's task was already cancelled. Within one emission, cancellations
  /// (``cancel(id:)-(HashableSendable)``, `cancelInFlight`) apply first, then adoptions, then
  /// new effects start, so `.merge(.cancel(id: id), .adopt(id: id) { … })` adopts nothing.
  ///
  /// - Parameters:
  ///   - id: The id the effect was made cancellable with
  ///     (``cancellable(id:cancelInFlight:)-(HashableSendable,_)``), in the same scope.
  ///   - then: What else to run, given whether an effect was adopted. It is called after the
  ///     step's state change has been published, so the emission it returns may start, cancel
  ///     and adopt effects but not change state: operator state
  ///     (``withOperatorState(id:_:)``) in it is reported as an issue and skipped.
  public static func adopt(
    id: some Hashable & Sendable, then: @escaping @MainActor @Sendable (_ adopted: Bool) -> Self
  ) -> Self {
    Self(storage: .adopt(id: AnyHashableSendable(id), then: then))
  }
}
