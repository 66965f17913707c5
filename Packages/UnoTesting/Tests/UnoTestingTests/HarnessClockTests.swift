import Clocks
import Dependencies
import Testing
import UnoComposition
import UnoCore
import UnoTesting

/// A timer whose effect is slow between two ticks, as a busy machine makes any effect: after each
/// sleep it waits for `hops` detached tasks, one after the other, before it writes and sleeps
/// again (swift-clocks' `TestClock` waits for 20 between two wake-ups).
struct SlowTimer: Interactor {
  typealias DomainState = Int
  enum Action: Sendable { case start, stop }
  let hops: Int
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: 0) { [clock, hops] _, action in
      switch action {
      case .start:
        return .perform { _, send in
          while true {
            do { try await clock.sleep(for: .seconds(1)) } catch { return }
            for _ in 0..<hops { await Task.detached {}.value }
            await send { $0 += 1 }
          }
        }
        .cancellable(id: "timer")
      case .stop:
        return .cancel(id: "timer")
      }
    }
  }
}

/// A hundred slow timers on one state, each ticking every second.
struct HundredTimers: Interactor {
  typealias DomainState = Int
  typealias Action = SlowTimer.Action

  var body: some InteractorOf<Self> {
    MergeMany((0..<100).map { _ in SlowTimer(hops: 20) })
  }
}

/// Two sleeps of different lengths, each writing when it wakes: the order of the writes is the
/// order of the deadlines.
struct TwoSleeps: Interactor {
  typealias DomainState = [String]
  enum Action: Sendable { case start }
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: [String]()) { [clock] _, _ in
      .merge(
        .perform { _, send in
          try? await clock.sleep(for: .seconds(2))
          await send { $0.append("two") }
        },
        .perform { _, send in
          try? await clock.sleep(for: .seconds(1))
          await send { $0.append("one") }
        }
      )
    }
  }
}

/// An effect that waits on a stream the test feeds, beside a timer: the clock cannot tell the
/// stream's wait from a slow effect's, and must not wait on it for ever.
struct TimerBesideAListener: Interactor {
  typealias DomainState = Int
  enum Action: Sendable { case start }
  let values: AsyncStream<Int>
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: 0) { [clock, values] _, _ in
      .merge(
        .perform { _, send in
          for await value in values { await send { $0 += value } }
        },
        .perform { _, send in
          try? await clock.sleep(for: .seconds(1))
          await send { $0 += 100 }
        }
      )
    }
  }
}

@MainActor
@Suite struct HarnessClockTests {
  /// The flake this clock exists for: a move of several seconds at once sees every tick of a timer
  /// whose effect is slow between ticks. With swift-clocks' `TestClock` in its place (a fixed
  /// number of yields between two wake-ups), the second tick's sleep began after the clock had
  /// moved to its end, and the test waited for ticks that never came.
  @Test func aMoveOfSeveralSecondsSeesEveryTickOfASlowTimer() async {
    let harness = await InteractorTestHarness(SlowTimer(hops: 200))
    harness.send(.start)
    await harness.testClock.advance(by: .seconds(5))
    for tick in 1...5 {
      await harness.receive(timeout: .seconds(5)) { $0 = tick }
    }
    harness.send(.stop)
    await harness.finish()
  }

  /// A hundred timers at once, each slow between its ticks: every one of their 1,000 ticks is
  /// written before the move ends.
  @Test func everyTickOfManyTimersIsWrittenBeforeTheMoveEnds() async {
    let harness = await InteractorTestHarness(HundredTimers(), exhaustivity: .off)
    harness.send(.start)
    await harness.testClock.advance(by: .seconds(10))
    #expect(harness.currentState == 1_000)
    harness.send(.stop)
    await harness.finish()
  }

  @Test func sleepsWakeInTheOrderOfTheirDeadlines() async {
    let harness = await InteractorTestHarness(TwoSleeps(), exhaustivity: .off)
    harness.send(.start)
    await harness.testClock.advance(by: .seconds(1))
    #expect(harness.currentState == ["one"])
    await harness.testClock.advance(by: .seconds(1))
    #expect(harness.currentState == ["one", "two"])
    await harness.finish()
  }

  /// An effect started just before the move has its first sleep counted: a move of zero lets it
  /// reach the sleep, and the sleep waits.
  @Test func aMoveOfZeroLetsAJustStartedEffectReachItsSleep() async {
    let harness = await InteractorTestHarness(SlowTimer(hops: 100), exhaustivity: .off)
    harness.send(.start)
    await harness.testClock.advance(by: .zero)
    #expect(harness.testClock.sleepers == 1)
    #expect(harness.currentState == 0)
    harness.send(.stop)
    await harness.finish()
  }

  /// A cancelled sleep ends at once with `CancellationError`, and no longer waits on the clock.
  @Test func aCancelledSleepEndsAndNoLongerWaits() async {
    let harness = await InteractorTestHarness(SlowTimer(hops: 0))
    harness.send(.start)
    await harness.testClock.advance(by: .zero)
    #expect(harness.testClock.sleepers == 1)
    harness.send(.stop)
    await harness.finish()
    #expect(harness.testClock.sleepers == 0)
    await harness.testClock.advance(by: .seconds(3))
    #expect(harness.currentState == 0)
  }

  /// A sleep cancelled before it began waiting ends at once too.
  @Test func aSleepInACancelledTaskThrows() async {
    let clock = await InteractorTestHarness(SlowTimer(hops: 0)).testClock
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.sleepers == 0)
  }

  /// An effect that waits on something other than the clock does not hold the move for ever: the
  /// timer beside it still ticks, and the move ends.
  @Test func anEffectWaitingOnAStreamDoesNotHoldTheMove() async {
    let (values, continuation) = AsyncStream<Int>.makeStream()
    let harness = await InteractorTestHarness(TimerBesideAListener(values: values), exhaustivity: .off)
    harness.send(.start)
    await harness.testClock.advance(by: .seconds(1))
    #expect(harness.currentState == 100)
    continuation.yield(1)
    await harness.receive { $0 = 101 }
    continuation.finish()
    await harness.finish()
  }

  /// A test that installs a clock of its own keeps it: the harness's clock is only the default.
  @Test func aClockTheTestInstallsIsTheOneUsed() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(SlowTimer(hops: 0), exhaustivity: .off) {
      $0.continuousClock = clock
    }
    harness.send(.start)
    await harness.testClock.advance(by: .seconds(3))
    #expect(harness.currentState == 0)
    await clock.advance(by: .seconds(1))
    await harness.receive { $0 = 1 }
    harness.send(.stop)
    await harness.finish()
  }
}
