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
/// The kinds of enqueue:
/// - from a harness's queue (an effect's child task, a stream another effect feeds, another
///   harness's effect): queued. A queue never waits, so no wait can wait on itself;
/// - while effects are cancelled (``RunningEffect/isCancelling``): queued. The concurrency
///   runtime holds the cancelled task's status locked while its handlers resume it, and the
///   effect's thread needs that lock to run it;
/// - from the main actor (a test on the main actor moves a clock there, a step starts an effect,
///   an effect's write has been applied and it goes on): queued, and the main actor waits until
///   the queue has nothing to run. It cannot wait for the effects' writes, which need it: a
///   clock that woke a sleep is held at its present until they have run and each effect sleeps
///   again (``ClockHold``), as after a step that started effects;
/// - from any other thread (a clock moved by a test that is not on the main actor, a stream fed
///   by the test, a task of the effect's own that ends): queued, and that thread waits until the
///   effects are *settled*: the queue has nothing to run, and a turn of the main actor after it
///   (which runs every write the effects asked for before it) set nothing going again.
///
/// A settling wait needs a turn of the main actor, which the tests running beside it share: a
/// test that keeps it busy for seconds (a synchronous test of a large input) delays the wait, and
/// a clock's move, that long; it must not end the wait, or the clock would move on before the
/// effects took their next deadline. The waits are bounded (``settleTimeout``) only so that an
/// effect that blocks its thread slows a test down instead of hanging it.
final class HarnessExecutor: TaskExecutor, Sendable {
  private let queue = DispatchQueue(label: "UnoTesting.InteractorTestHarness.effects")
  /// Set on every harness's queue.
  private static let onQueue = DispatchSpecificKey<Bool>()
  private let counts = Counts()
  /// The sleeps of the harness's effects on its test clocks: an enqueue from the main actor while
  /// one is due is a clock's wake-up.
  private let sleeps: EffectSleeps
  /// Run on the main actor at each turn of a settling wait: the harness's runtime handles the
  /// actions posted to it meanwhile.
  private let mainTurn: @MainActor @Sendable () -> Void

  /// How many of the harness's effects run, from any thread.
  private let runningEffects: @Sendable () -> Int

  init(
    sleeps: EffectSleeps, runningEffects: @escaping @Sendable () -> Int,
    mainTurn: @escaping @MainActor @Sendable () -> Void
  ) {
    self.sleeps = sleeps
    self.runningEffects = runningEffects
    self.mainTurn = mainTurn
    queue.setSpecific(key: Self.onQueue, value: true)
  }

  /// Whether the effects have settled as a clock's move needs: the queue has nothing to run, and
  /// every running effect sleeps on a test clock (none is on its way to its next sleep, writing
  /// on the main actor meanwhile).
  var isSettled: Bool {
    counts.isIdle && sleeps.effectsAsleep >= runningEffects()
  }

  /// Holds every `TestClock` the test installed until the effects have settled
  /// (``ClockHold``): after a step, whose effects may write on the main actor before their first
  /// sleep.
  func holdClocksUntilSettled() {
    sleeps.holdEveryClock { [weak self] in self.map { !$0.isSettled } ?? false }
  }

  /// How long a wait for the effects to settle lasts at most, on the wall clock: only a guard
  /// against an effect that blocks its thread. Longer than any wait for the main actor seen in
  /// a busy suite (a synchronous test held it for 17 s on a 2-core machine in December 2026).
  static var settleTimeout: Duration { .seconds(120) }

  /// Whether the caller runs on a harness's queue.
  static var isOnAQueue: Bool { DispatchQueue.getSpecific(key: onQueue) == true }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let waits = !(Self.isOnAQueue || RunningEffect.isCancelling)
    let onMainQueue = waits && Self.isOnMainQueue
    // A clock on the main actor that wakes a sleep is held at its present until the effects
    // settle, so that it finds their next sleep (``ClockHold``); the hold is taken before the job
    // can run, and its sleep no longer be due.
    if onMainQueue, !RunningEffect.isStarting {
      sleeps.holdClocksWaking { [weak self] in self.map { !$0.isSettled } ?? false }
    }
    counts.enqueued()
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.counts.ran()
    }
    guard waits else { return }
    if onMainQueue {
      _ = counts.waitUntilIdle(timeout: Self.settleTimeout)
    } else {
      waitUntilSettled()
    }
  }

  /// Whether the caller runs on the main queue, where the main actor's jobs run (on Linux, after
  /// `dispatchMain()`, on a thread that is not the main thread: the thread cannot tell).
  private static var isOnMainQueue: Bool {
    _ = markMainQueue
    return DispatchQueue.getSpecific(key: onMainQueue) == true
  }
  private static let onMainQueue = DispatchSpecificKey<Bool>()
  private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: onMainQueue, value: true)

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
      guard turn.wait(timeout: .now() + ContinuousClock.now.duration(to: deadline).timeInterval) == .success
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

  /// The queue's counts, behind the condition on which threads wait for it to be idle.
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
      let limit = Date(timeIntervalSinceNow: timeout.timeInterval)
      condition.lock()
      defer { condition.unlock() }
      while pending > 0 {
        guard condition.wait(until: limit) else { return pending == 0 }
      }
      return true
    }
  }
}

extension Duration {
  /// This duration in seconds, as a `TimeInterval`.
  fileprivate var timeInterval: TimeInterval {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
