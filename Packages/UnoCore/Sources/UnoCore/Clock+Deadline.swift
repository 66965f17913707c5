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
  public func sleep(toDeadline deadline: Instant) async throws {
    guard now < deadline else {
      try Task.checkCancellation()
      return
    }
    try await sleep(until: deadline, tolerance: nil)
  }
}
