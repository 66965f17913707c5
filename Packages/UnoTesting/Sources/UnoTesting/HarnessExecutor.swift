import Dispatch
import Foundation
@_spi(Internals) import UnoCore

/// Where a test harness's effects run: one job at a time, on a queue of their own, off the main
/// actor as in an app; and whoever wakes one of them waits until they are all suspended again.
///
/// That wait is what makes a test's time deterministic whatever the load of the machine. A test
/// clock (swift-clocks' `TestClock` as much as ``HarnessClock``) wakes a sleep by resuming its
/// task, which enqueues the task's next job here, on the clock's thread: the enqueue returns only
/// once the woken effect, and everything it set going, has run until it waits again (on the
/// clock, for its next tick, or on something else), so that the clock looks for its next sleep
/// only then. A timer's next deadline is taken from the clock before it moves on, and no tick is
/// lost, as the reference library's test store guarantees by running effects serially.
///
/// Three kinds of enqueue:
/// - from the queue itself (an effect's child task, a stream another effect feeds): queued;
/// - from the main queue (an effect's write has been applied, a harness step started an effect,
///   a cancellation, ``HarnessClock`` woke a sleep): queued. The harness's steps wait for what
///   they started (``letStartedEffectsSuspend()``), and its waits settle the effects first;
/// - from any other thread (a clock's `advance`, a stream fed by the test, a task of the
///   effect's own that ends): queued, and that thread waits until the effects are *settled*: the
///   queue has nothing to run, and a turn of the main actor after it (which runs every write the
///   effects asked for before it) set nothing going again.
///
/// The waits are bounded (``settleTimeout``), so that an effect that blocks its thread, or a lock
/// held across a wake-up, slows a test down instead of hanging it: a harness effect's task
/// cancelled from a thread other than the main actor's (an `EventTask` cancelled in a nonisolated
/// test) resumes its sleep with the task's status locked, and the effect cannot run until the
/// wait gives up.
final class HarnessExecutor: TaskExecutor, Sendable {
  private let queue = DispatchQueue(label: "UnoTesting.InteractorTestHarness.effects")
  private static let onQueue = DispatchSpecificKey<Bool>()
  private let counts = Counts()
  /// Run on the main actor at each turn of a settling wait: the harness's runtime handles the
  /// actions posted to it meanwhile.
  private let mainTurn: @MainActor @Sendable () -> Void

  init(mainTurn: @escaping @MainActor @Sendable () -> Void) {
    self.mainTurn = mainTurn
    queue.setSpecific(key: Self.onQueue, value: true)
  }

  /// How long a wait for the effects to settle lasts at most, on the wall clock: only a guard
  /// against an effect that blocks its thread.
  static var settleTimeout: Duration { .seconds(10) }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    counts.enqueued()
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.counts.ran()
    }
    if DispatchQueue.getSpecific(key: Self.onQueue) == true || Self.isOnMainQueue { return }
    waitUntilSettled()
  }

  /// Blocks the main actor until the effects a step just started have run until they suspend
  /// (on a clock, on the main actor for a write, on anything else), so that a clock moved right
  /// after the step finds their first sleep. Called by the harness after a step, where nothing is
  /// locked; not from `enqueue`, which the concurrency runtime may call with the task's status
  /// locked (a cancellation's handler resumes a sleep), which the effect's thread needs next.
  func letStartedEffectsSuspend() {
    guard Self.isOnMainQueue else { return }
    _ = counts.waitUntilIdle(timeout: Self.settleTimeout)
  }

  /// Whether the caller runs on the main queue, where the main actor's jobs run (on Linux, after
  /// `dispatchMain()`, on a thread that is not the main thread: the thread cannot tell).
  private static var isOnMainQueue: Bool {
    _ = markMainQueue
    return DispatchQueue.getSpecific(key: onMainQueue) == true
  }
  private static let onMainQueue = DispatchSpecificKey<Bool>()
  private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: onMainQueue, value: true)

  /// Whether the queue has nothing to run now.
  var isIdle: Bool { counts.isIdle }

  /// How many jobs were ever enqueued: a settling wait compares it before and after a turn of
  /// the main actor.
  var enqueuedCount: Int { counts.enqueuedCount }

  /// Blocks the calling thread, which is neither the main queue nor the effects', until the effects
  /// have settled (see the type's comment) or ``settleTimeout`` has passed.
  private func waitUntilSettled() {
    let deadline = ContinuousClock.now.advanced(by: Self.settleTimeout)
    while ContinuousClock.now < deadline {
      guard counts.waitUntilIdle(timeout: ContinuousClock.now.duration(to: deadline)) else { return }
      let before = counts.enqueuedCount
      let turn = DispatchSemaphore(value: 0)
      let mainTurn = self.mainTurn
      Task { @MainActor in
        mainTurn()
        turn.signal()
      }
      guard turn.wait(timeout: .now() + Self.dispatchInterval(ContinuousClock.now.duration(to: deadline)))
        == .success
      else { return }
      if counts.isIdle, counts.enqueuedCount == before { return }
    }
  }

  /// Settles the effects without blocking the main actor: waits, yielding it, until the queue
  /// has nothing to run and a turn of the main actor set nothing going. Returns `false` if that
  /// did not happen within `turns` turns.
  @MainActor
  func settle(turns: Int = 100_000) async -> Bool {
    var last = -1
    for turn in 0..<turns {
      mainTurn()
      let now = counts.enqueuedCount
      if counts.isIdle, now == last { return true }
      last = counts.isIdle ? now : -1
      if turn < 64 {
        await Task.yield()
      } else {
        try? await Task.sleep(for: .microseconds(200))
      }
    }
    return false
  }

  private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
    let (seconds, attoseconds) = duration.components
    return .nanoseconds(Int(max(0, seconds)) * 1_000_000_000 + Int(max(0, attoseconds) / 1_000_000_000))
  }

  /// The queue's counts, behind a condition on which threads wait for it to be idle.
  private final class Counts: @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: `pending` and `total` are read and written only while
    // `condition` is locked.
    private let condition = NSCondition()
    private var pending = 0
    private var total = 0

    func enqueued() {
      condition.lock()
      pending += 1
      total += 1
      condition.unlock()
    }

    func ran() {
      condition.lock()
      pending -= 1
      if pending == 0 { condition.broadcast() }
      condition.unlock()
    }

    var isIdle: Bool {
      condition.lock()
      defer { condition.unlock() }
      return pending == 0
    }

    var enqueuedCount: Int {
      condition.lock()
      defer { condition.unlock() }
      return total
    }

    /// Blocks until nothing is pending, or `timeout` has passed; returns whether nothing is.
    func waitUntilIdle(timeout: Duration) -> Bool {
      let limit = Date(timeIntervalSinceNow: Double(timeout.components.seconds)
        + Double(timeout.components.attoseconds) / 1e18)
      condition.lock()
      defer { condition.unlock() }
      while pending > 0 {
        guard condition.wait(until: limit) else { return pending == 0 }
      }
      return true
    }
  }
}
