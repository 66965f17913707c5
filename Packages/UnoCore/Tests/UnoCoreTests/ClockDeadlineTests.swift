import ConcurrencyExtras
import Testing
import UnoCore

/// A clock standing still that records the deadline of every sleep and returns at once.
struct RecordingClock: Clock {
  let start = ContinuousClock.now
  let requested = LockIsolated<[ContinuousClock.Instant]>([])
  var now: ContinuousClock.Instant { start }
  var minimumResolution: Duration { .nanoseconds(1) }
  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    requested.withValue { $0.append(deadline) }
  }
}

@Suite struct ClockDeadlineTests {
  /// A sleep registered with deadline == now is suspended by swift-clocks' TestClock until the
  /// next advance, and a test may advance exactly to the deadline between the check of `now` and
  /// the registration: so the registered deadline is strictly before the real one.
  @Test func theSleepIsRegisteredJustBeforeTheDeadline() async throws {
    let clock = RecordingClock()
    let deadline = clock.now.advanced(by: .seconds(1))
    try await clock.sleep(toDeadline: deadline)
    #expect(clock.requested.value == [deadline.advanced(by: .nanoseconds(-1))])
  }

  @Test func aDeadlineAlreadyReachedDoesNotSleep() async throws {
    let clock = RecordingClock()
    try await clock.sleep(toDeadline: clock.now)
    try await clock.sleep(toDeadline: clock.now.advanced(by: .seconds(-1)))
    #expect(clock.requested.value.isEmpty)
  }

  @Test func aCancelledTaskThrowsEvenWhenTheDeadlineIsReached() async {
    let clock = RecordingClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(toDeadline: clock.now)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
