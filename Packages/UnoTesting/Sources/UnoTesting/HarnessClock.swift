@_spi(Internals) import UnoCore

/// The test harness's own clock: time moves only when the test moves it, and every sleep it
/// passes wakes, in order, whatever the load of the machine.
///
/// Each ``InteractorTestHarness`` has one, ``InteractorTestHarness/testClock``, installed as the
/// `continuousClock` and `suspendingClock` dependencies of its runtime unless the test's
/// `withDependencies` sets others; each run of an exploration (`explore`) has one too. Move it
/// with ``advance(by:)``:
///
/// ```swift
/// let harness = await InteractorTestHarness(TimerFeature())
/// harness.send(.start)
/// await harness.testClock.advance(by: .seconds(3))
/// await harness.receive { $0.ticks = 1 }
/// await harness.receive { $0.ticks = 2 }
/// await harness.receive { $0.ticks = 3 }
/// ```
///
/// It differs from swift-clocks' `TestClock` in one way: between two wake-ups, ``advance(by:)``
/// lets the harness's effects run until each one it woke sleeps again or ends (and until the
/// effects started before the move wait on it), instead of yielding a fixed number of times. An
/// effect of this library runs off the main actor and hops to it to write; when the machine is
/// busy, a `TestClock` can move on before a timer's effect has reached its next sleep, which then
/// takes its deadline from the moved clock, and a tick is never seen. An effect that waits on
/// something other than the clock (a stream, a task of its own) is waited for until a while
/// passes in which nothing changes.
public final class HarnessClock: Clock, Sendable {
  /// A point in the clock's time: how long after its start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// How long after the clock's start this instant is.
    public let offset: Duration

    /// The instant `offset` after the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleep {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    /// The sleeps waiting, in the order they began.
    var sleeps: [Sleep] = []
    var nextID = 0
    /// Sleeps cancelled before they were waiting.
    var cancelled: Set<Int> = []
  }

  /// The harness's runtime, seen through what the clock needs of it.
  private struct Effects: Sendable {
    /// How many effects run.
    let running: @MainActor @Sendable () -> Int
    /// Lets the effects run until every one waits on the clock but `elsewhere`.
    let letRun:
      @MainActor @Sendable (_ sleepers: @escaping @Sendable () -> Int, _ elsewhere: Int, _ quietTurns: Int)
        async ->
        Void
  }

  // `Locked`, not `Mutex`: ThreadSanitizer cannot see the order `Mutex`'s futex gives on Linux
  // (docs/reliability.md, "ThreadSanitizer on Linux").
  private let state = Locked(State())
  private let effects = Locked<Effects?>(nil)

  init() {}

  /// Makes `advance(by:)` let `runtime`'s effects run between two wake-ups.
  func letEffectsRun<State, Action>(of runtime: InteractorRuntime<State, Action>) {
    effects.withLock {
      $0 = Effects(
        running: { [weak runtime] in runtime?.pendingWork.runningEffects ?? 0 },
        letRun: { [weak runtime] sleepers, elsewhere, quietTurns in
          await runtime?.letEffectsRun(sleepers: sleepers, elsewhere: elsewhere, quietTurns: quietTurns)
        }
      )
    }
  }

  public var now: Instant { state.withLock { $0.now } }

  public var minimumResolution: Duration { .zero }

  /// How many sleeps wait on the clock now.
  public var sleepers: Int { state.withLock { $0.sleeps.count } }

  /// The sleeps of the harness's effects on this clock and on the `TestClock`s the test installs
  /// beside it.
  let effectSleeps = EffectSleeps()

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await effectSleeps.recording(
      until: "\(deadline.offset)", now: { "\(self.now.offset)" }, isDue: { self.now >= deadline }
    ) {
      try await sleepUnrecorded(until: deadline)
    }
  }

  private func sleepUnrecorded(until deadline: Instant) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> Int? in
      guard deadline > state.now else { return nil }
      state.nextID += 1
      return state.nextID
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Now { case wait, wake, cancel }
        let now = state.withLock { state -> Now in
          if state.cancelled.remove(id) != nil { return .cancel }
          if deadline <= state.now { return .wake }
          state.sleeps.append(Sleep(id: id, deadline: deadline, continuation: continuation))
          return .wait
        }
        switch now {
        case .wait: break
        case .wake: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
      }
      // A cancellation that came after the clock had woken this sleep, and before it returned,
      // left its id behind.
      state.withLock { _ = $0.cancelled.remove(id) }
    } onCancel: {
      let waiting = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        guard let index = state.sleeps.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)
          return nil
        }
        return state.sleeps.remove(at: index).continuation
      }
      waiting?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock on by `duration`, waking the sleeps it passes one deadline at a time; between
  /// two, the harness's effects run until each one woken sleeps again or ends.
  ///
  /// Before the clock moves, the effects started before the call run until they wait on it: an
  /// action sent just before (`harness.send(.start)`) has its timer's first sleep counted.
  @MainActor
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves the clock on to `deadline` (see ``advance(by:)``); a deadline already passed moves it
  /// nowhere, but lets the effects run.
  @MainActor
  public func advance(to deadline: Instant) async {
    let effects = self.effects.withLock { $0 }
    let sleepers: @Sendable () -> Int = { self.sleepers }
    await effects?.letRun(sleepers, 0, Self.quietTurns)
    while true {
      let running = effects?.running() ?? 0
      let woken = state.withLock { state -> (sleeps: [Sleep], before: Int)? in
        let before = state.sleeps.count
        guard let next = state.sleeps.min(by: { $0.deadline < $1.deadline }), next.deadline <= deadline else {
          if state.now < deadline { state.now = deadline }
          return nil
        }
        state.now = next.deadline
        let due = state.sleeps.filter { $0.deadline == next.deadline }
        state.sleeps.removeAll { $0.deadline == next.deadline }
        return (due, before)
      }
      guard let woken else { break }
      // The effects that run and do not sleep on the clock wait on something else; those woken
      // now must sleep again, or end, before the clock moves on.
      let elsewhere = max(0, running - woken.before)
      for sleep in woken.sleeps { sleep.continuation.resume() }
      if let effects {
        await effects.letRun(sleepers, elsewhere, Self.wokenQuietTurns)
      } else {
        await Task.yield()
      }
    }
  }

  /// How many turns that change nothing end the wait, before the clock moves, for effects that do
  /// not wait on it (about 0.2 s), here and in each step of an exploration. An effect that waits
  /// on a stream looks the same as one that has not reached its first sleep yet.
  static var quietTurns: Int { 200 }

  /// How many turns that change nothing end the wait for the effects woken by a move (about 2 s,
  /// a turn being a millisecond's sleep after the first few): a woken effect almost always sleeps
  /// again or ends, which ends the wait at once; it is cut short only when one waits on
  /// something else after its sleep, so that a busy machine, which can hold an effect up for a
  /// tenth of a second, never makes a move miss a tick.
  static var wokenQuietTurns: Int { 2_000 }
}
