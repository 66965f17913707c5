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
  private struct Waiter {
    let target: Int
    let continuation: CheckedContinuation<Void, Never>
  }
  private struct State {
    var count = 0
    var nextID = 0
    var waiters: [Int: Waiter] = [:]
  }
  private let state = Locked(State())
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  var count: Int { state.withLock { $0.count } }

  /// Records the new count and wakes the waiters it satisfies.
  func update(count: Int) {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count = count
      let done = state.waiters.filter { $0.value.target <= count }
      for id in done.keys { state.waiters[id] = nil }
      return done.values.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
  }

  /// Returns once the count is at least `target`, or throws ``WaitTimeout``.
  func wait(for target: Int, timeout: Duration, what: String) async throws {
    if count >= target { return }
    // The deadline is fixed now, not when the timer task first runs: advancing a test clock
    // between the two must not move it.
    let (clock, deadline) = (self.clock, self.clock.now.advanced(by: timeout))
    let reached = try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        await self.suspend(until: target)
        return !Task.isCancelled
      }
      group.addTask {
        try await Self.sleep(on: clock, until: deadline)
        return false
      }
      defer { group.cancelAll() }
      return try await group.next() ?? false
    }
    guard reached || count >= target else {
      throw WaitTimeout(expected: target, arrived: count, timeout: timeout, what: what)
    }
  }

  /// Opens the existential clock so that it can sleep until an instant of its own kind.
  private static func sleep<C: Clock>(on clock: C, until deadline: any InstantProtocol<Duration>) async throws
  {
    try await clock.sleep(toDeadline: deadline as! C.Instant)
  }

  private func suspend(until target: Int) async {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if state.count >= target || Task.isCancelled { return true }
          state.waiters[id] = Waiter(target: target, continuation: continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.continuation.resume()
    }
  }
}
