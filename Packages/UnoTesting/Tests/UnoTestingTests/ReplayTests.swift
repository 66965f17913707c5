import Clocks
import ConcurrencyExtras
import Dependencies
import Testing
@_spi(Internals) import UnoCore
import UnoTesting

/// A feature with time in it: taps change the state at once, a delayed tick after a wait on the
/// clock dependency, and `version` makes it behave differently (a regression to find).
private struct Ticker: Interactor {
  typealias DomainState = State
  struct State: Codable, Equatable, Sendable {
    var taps: [String] = []
    var ticks = 0
  }
  enum Action: Codable, Equatable, Sendable {
    case tap(String)
    case tickAfter(seconds: Int)
  }
  /// 1: a tick adds 1; 2: a tick adds 2 (the "regression").
  var version = 1
  /// When set, a tick's effect reaches its sleep only once it opens: a task that runs late.
  var gate: AsyncCondition<Bool>? = nil

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { [version, gate] state, action in
      switch action {
      case .tap(let name):
        state.taps.append(name)
        return .state
      case .tickAfter(let seconds):
        // The deadline fixed when the action is handled, not when the effect first runs
        // (`Clock.sleep(toDeadline:)`), so that a test clock advanced meanwhile cannot move it.
        @Dependency(\.continuousClock) var continuousClock
        let clock = AnyClock(continuousClock)
        let deadline = clock.now.advanced(by: .seconds(seconds))
        return .perform { _, send in
          if let gate { await gate.wait(until: { $0 }) }
          try await clock.sleep(toDeadline: deadline)
          await send { $0.ticks += version }
        }
      }
    }
  }
}

/// Records a session of `Ticker` driven on a test clock: taps, ticks that land between them,
/// and a tick still waiting when the recording is taken.
@MainActor
private func recordSession() async -> Recording<Ticker.State, Ticker.Action> {
  let clock = TestClock()
  let runtime = withDependencies {
    $0.continuousClock = clock
  } operation: {
    InteractorRuntime(Ticker())
  }
  runtime.record(feature: "ticker", clock: clock)
  runtime.send(.tap("a"))
  let first = runtime.send(.tickAfter(seconds: 2))
  await clock.advance(by: .seconds(1))
  runtime.send(.tap("b"))
  await clock.advance(by: .seconds(1))
  await first.finish()
  runtime.send(.tickAfter(seconds: 5))
  runtime.send(.tap("c"))
  return runtime.stopRecording()!
}

/// A clock a test moves at once, without `await`, so that a step can take time on it. Sleeping
/// moves it to the deadline, as if the time had passed.
private final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    func duration(to other: Self) -> Duration { other.offset - offset }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }
  private let time = LockIsolated(Instant(offset: .zero))
  var now: Instant { time.value }
  var minimumResolution: Duration { .zero }
  func pass(_ duration: Duration) { time.withValue { $0 = $0.advanced(by: duration) } }
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    time.withValue { $0 = Swift.max($0, deadline) }
  }
}

/// A save that fixes its deadline when the action is handled, in a step that then takes time
/// (`work`): the rest of a slow step, or a thread preempted before the step ends.
private struct SlowSave: Interactor {
  typealias DomainState = State
  struct State: Codable, Equatable, Sendable { var saves = 0 }
  enum Action: Codable, Equatable, Sendable { case save }
  var work: @Sendable () -> Void = {}

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { [work] state, action in
      @Dependency(\.continuousClock) var continuousClock
      let clock = AnyClock(continuousClock)
      let deadline = clock.now.advanced(by: .milliseconds(300))
      work()
      return .perform { _, send in
        try await clock.sleep(toDeadline: deadline)
        await send { $0.saves += 1 }
      }
    }
  }
}

@MainActor
@Suite struct ReplayTests {
  @Test func aRecordingReplaysWithItsTimeOnATestClock() async throws {
    let recording = await recordSession()
    #expect(recording.entries.map(\.kind) == [.action, .action, .action, .effect, .action, .action])
    // The tick's write, timed on the test clock: when it woke (`sleep(toDeadline:)` wakes a
    // nanosecond before the deadline) or once the advance that woke it had ended.
    #expect([.seconds(2) - .nanoseconds(1), .seconds(2)].contains(recording.entries[3].elapsed))

    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: recording.initialState, Ticker(), exhaustivity: .off,
      withDependencies: { $0.continuousClock = clock })
    #expect(await harness.replay(recording, clock: clock))
    #expect(harness.currentState == Ticker.State(taps: ["a", "b", "c"], ticks: 1))
  }

  @Test func aRecordingReplaysFromItsJSONLines() async throws {
    let recording = try Recording<Ticker.State, Ticker.Action>(
      jsonLines: try await recordSession().jsonLines())
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: recording.initialState, Ticker(), exhaustivity: .off,
      withDependencies: { $0.continuousClock = clock })
    #expect(await harness.replay(recording, clock: clock))
  }

  @Test func aReplayedStateThatDiffersFailsAtThatEntryWithADiff() async throws {
    let recording = await recordSession()
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: recording.initialState, Ticker(version: 2), exhaustivity: .off,
      withDependencies: { $0.continuousClock = clock })
    var passed = true
    await withKnownIssue {
      passed = await harness.replay(recording, clock: clock)
    } matching: { issue in
      let text = issue.description
      return text.contains("Entry 3 (a write of an effect of") && text.contains("tickAfter")
        && text.contains("−   ticks: 1") && text.contains("+   ticks: 2")
    }
    #expect(!passed)
    // It stopped at the first difference: "c" was never tapped.
    #expect(harness.currentState.taps == ["a", "b"])
  }

  @Test func aHarnessThatStartsElsewhereIsToldToStartFromTheRecording() async throws {
    let recording = await recordSession()
    let harness = await InteractorTestHarness(
      initialState: Ticker.State(taps: ["z"]), Ticker(), exhaustivity: .off)
    await withKnownIssue {
      await harness.replay(recording)
    } matching: { issue in
      issue.description.contains("does not start from the recording's initial state")
        && issue.description.contains("initialState: recording.initialState")
    }
    #expect(harness.states.count == 1)
  }

  @Test func anEffectWriteThatNeverComesIsReportedWithWhatToDo() async throws {
    let recording = await recordSession()
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: recording.initialState, Ticker(), exhaustivity: .off,
      withDependencies: { $0.continuousClock = clock })
    // Without the clock the tick never comes: the replay waits `timeout`, then says so.
    await withKnownIssue {
      await harness.replay(recording, timeout: .milliseconds(50))
    } matching: { issue in
      issue.description.contains("Entry 3 (a write of an effect of")
        && issue.description.contains("no change came within")
        && issue.description.contains("replay with `advance`")
    }
  }

  @Test func anEmptyRecordingReplaysAsNothing() async throws {
    let harness = await InteractorTestHarness(Ticker())
    #expect(await harness.replay(Recording(initialState: Ticker.State())))
    #expect(harness.states.count == 1)
  }

  @Test func replayedStatesCountAsAssertedForExhaustivity() async throws {
    // An exhaustive harness: every state the replay checked is asserted, and the one effect the
    // recording left waiting is let run, so the harness ends with nothing unasserted.
    let recording = await recordSession()
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: recording.initialState, Ticker(), withDependencies: { $0.continuousClock = clock })
    #expect(await harness.replay(recording, clock: clock))
    await clock.advance(by: .seconds(5))
    await harness.receive { $0.ticks = 2 }
  }

  @Test func anActionIsTimedFromWhenItsStepBeganSoItsEffectsDeadlineReplays() async throws {
    // Recorded: the step fixes the deadline at 0 + 300 ms, then takes 5 ms; the write comes at
    // 300 ms (a nanosecond before: `sleep(toDeadline:)` wakes then). Timed when its step ended, the action would be at 5 ms, and the replay's clock,
    // moved there before the action is sent, would put the deadline at 305 ms, past the
    // write's entry: the write would never come.
    let manual = ManualClock()
    let runtime = withDependencies {
      $0.continuousClock = manual
    } operation: {
      InteractorRuntime(SlowSave(work: { manual.pass(.milliseconds(5)) }))
    }
    runtime.record(feature: "slow-save", clock: manual)
    await runtime.send(.save).finish()
    let recording = try #require(runtime.stopRecording())
    #expect(recording.entries.map(\.kind) == [.action, .effect])
    #expect(recording.entries.map(\.elapsed) == [.zero, .milliseconds(300) - .nanoseconds(1)])

    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: recording.initialState, SlowSave(), exhaustivity: .off,
      withDependencies: { $0.continuousClock = clock })
    #expect(await harness.replay(recording, clock: clock, timeout: .seconds(5)))
    #expect(harness.currentState.saves == 1)
  }

  @Test func aWriteIsAwaitedPastTheInstantItsEffectSleptUntilThoughTheEffectSleepsLate() async throws {
    // Recorded: a tap and a tick at 0, the tick's write when its sleep woke, a nanosecond before
    // its deadline of 2 s. Replayed with the effect reaching its sleep only after the clock was
    // moved for the write: the clock must be past the sleep's instant by then. (Moved a
    // nanosecond past every entry, the tap's time moved the tick's deadline to 2 s + 1 ns and
    // its sleep to 2 s, where the clock then stood: a test clock keeps such a sleep waiting, and
    // the replay hung.)
    let gate = AsyncCondition(false)
    let clock = TestClock()
    let runtime = withDependencies {
      $0.continuousClock = clock
    } operation: {
      InteractorRuntime(Ticker(gate: gate))
    }
    let recording = Recording<Ticker.State, Ticker.Action>(
      initialState: Ticker.State(),
      entries: [
        .init(kind: .action, action: .tap("a"), elapsed: .zero, state: .init(taps: ["a"])),
        .init(kind: .action, action: .tickAfter(seconds: 2), elapsed: .zero, state: .init(taps: ["a"])),
        .init(
          kind: .effect, action: .tickAfter(seconds: 2), elapsed: .seconds(2) - .nanoseconds(1),
          state: .init(taps: ["a"], ticks: 1)),
      ])
    var moved = Duration.zero
    try await runtime.replay(
      recording,
      advance: { duration in
        await clock.advance(by: duration)
        moved += duration
        if moved >= .seconds(1) { gate.withState { $0 = true } }
      },
      timeout: .seconds(5))
    #expect(runtime.state == Ticker.State(taps: ["a"], ticks: 1))
  }
}
