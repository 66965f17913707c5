import Clocks
@_spi(Internals) import UnoCore

/// Thrown when values did not arrive in time.
public struct WaitTimeout: Error, CustomStringConvertible, Sendable {
  /// How many values the waiter expected in total.
  public let expected: Int
  /// How many had arrived when the time ran out.
  public let arrived: Int
  /// How long the waiter waited.
  public let timeout: Duration
  /// What was being waited for, e.g. "states" or "values".
  public let what: String

  public var description: String {
    """
    Timed out after \(timeout) waiting for \(expected) \(what); \(arrived) arrived. If more are \
    expected, check that the actions or effects that produce them ran (and were not cancelled); \
    if fewer are right, expect \(arrived).
    """
  }
}

/// Suspends callers until a count reaches a target, with a timeout measured on an injectable clock.
///
/// The timeout only guards against a test hanging: a test is never correct *because* of it.
final class CountWaiters: Sendable {
  private let counted = AsyncCondition(0)
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  var count: Int { counted.state }

  /// Records the new count and wakes the waiters it satisfies.
  func update(count: Int) {
    counted.withState { $0 = count }
  }

  /// Returns once the count is at least `target`, or throws ``WaitTimeout``.
  func wait(for target: Int, timeout: Duration, what: String) async throws {
    guard await counted.wait(until: { $0 >= target }, timeout: timeout, clock: clock) else {
      throw WaitTimeout(expected: target, arrived: count, timeout: timeout, what: what)
    }
  }
}
