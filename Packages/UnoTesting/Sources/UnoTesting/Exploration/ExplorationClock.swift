import Clocks
import Synchronization

/// The clock of one exploration run: a `TestClock` that also counts the sleeps waiting on it, so
/// that a step can tell when every effect still running is waiting for time to pass (and stop
/// letting them run), rather than yielding a fixed, generous number of times after every action.
final class ExplorationClock: Clock, Sendable {
  typealias Instant = TestClock<Duration>.Instant
  typealias Duration = Swift.Duration

  let base = TestClock<Duration>()
  private let waiting = Atomic(0)

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  /// How many sleeps are waiting on the clock now.
  var sleepers: Int { waiting.load(ordering: .acquiring) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    waiting.add(1, ordering: .releasing)
    defer { waiting.subtract(1, ordering: .releasing) }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Moves the clock on by `duration`, waking the sleeps it passes.
  func advance(by duration: Duration) async {
    await base.advance(by: duration)
  }
}
