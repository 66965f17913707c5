extension Clock {
  /// Sleeps until `deadline`, returning at once if it has been reached.
  ///
  /// Effects that wait should fix their deadline when the action is handled
  /// (`let deadline = clock.now.advanced(by: delay)` in `interact`) and sleep until it in the
  /// effect, so that the wait does not depend on when the effect's task first runs. Use this
  /// rather than `sleep(until:)`: some test clocks (swift-clocks' `TestClock`) suspend a sleep whose
  /// deadline *equals* the current time until the clock is advanced again, which hangs a test that
  /// advanced exactly to the deadline before the effect started sleeping.
  ///
  /// ```swift
  /// case .remindLater:
  ///   let deadline = clock.now.advanced(by: .seconds(5))
  ///   return .perform { _, send in
  ///     try await clock.sleep(toDeadline: deadline)
  ///     await send { $0.isReminding = true }
  ///   }
  /// ```
  ///
  /// For clocks measured in `Swift.Duration`, the sleep is registered one nanosecond before the
  /// deadline. Checking `now` and then registering a sleep is not atomic: a test that advances the
  /// clock exactly to the deadline between the two would leave a sleep with deadline == now, which
  /// such a test clock suspends until the next advance (the flake check caught this: a test hung
  /// once in a few hundred runs under load). A deadline already passed when the sleep is
  /// registered returns at once.
  public func sleep(toDeadline deadline: Instant) async throws {
    guard now < deadline else {
      try Task.checkCancellation()
      return
    }
    try await sleep(until: Self.justBefore(deadline), tolerance: nil)
  }

  /// One nanosecond before `deadline` when the clock's duration is `Swift.Duration`; otherwise
  /// `deadline` (a generic duration has no smallest step to take).
  static func justBefore(_ deadline: Instant) -> Instant {
    guard let step = Swift.Duration.nanoseconds(-1) as? Duration else { return deadline }
    return deadline.advanced(by: step)
  }
}
