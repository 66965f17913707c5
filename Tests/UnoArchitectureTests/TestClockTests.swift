import Clocks
import Dependencies
import Testing
import UnoArchitecture
import UnoArchitectureTesting

// Clock tests written as the reference library's users write them: swift-clocks' `TestClock()`
// made by the test, installed with `withDependencies`, moved by several ticks at once. Each one
// sees every wake-up in order whatever the load of the machine (`Tools/flake-check.sh --clocks`
// runs them with both cores kept busy): the harness runs its effects on an executor of its own,
// and a clock that wakes one waits until they are all suspended again (docs/testing-guide.md,
// "Time in tests").

/// The reference library's Timers case study: a toggle starts a timer that ticks every second.
struct TimersState: Sendable, Equatable {
  var isTimerActive = false
  var secondsElapsed = 0
}

@CasePathable
enum TimersAction: Sendable, Equatable {
  case toggleTimerButtonTapped
}

struct TimersInteractor: Interactor {
  typealias DomainState = TimersState
  typealias Action = TimersAction
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: TimersState()) { [clock] state, action in
      switch action {
      case .toggleTimerButtonTapped:
        state.isTimerActive.toggle()
        guard state.isTimerActive else { return .cancel(id: "timer") }
        return .perform { _, send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send { $0.secondsElapsed += 1 }
          }
        }
        .cancellable(id: "timer", cancelInFlight: true)
      }
    }
  }
}

/// A countdown whose effect sleeps, writes, reads the state and sleeps again.
struct CountdownInteractor: Interactor {
  typealias DomainState = Int
  enum Action: Sendable { case start }
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: 3) { [clock] _, _ in
      .perform { state, send in
        while await state.current > 0 {
          try await clock.sleep(for: .seconds(1))
          await send { $0 -= 1 }
        }
      }
    }
  }
}

/// A countdown whose effect sleeps before anything else.
struct SleepFirstCountdown: Interactor {
  typealias DomainState = Int
  enum Action: Sendable { case start }
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: 3) { [clock] _, _ in
      .perform { _, send in
        for _ in 0..<3 {
          try await clock.sleep(for: .seconds(1))
          await send { $0 -= 1 }
        }
      }
    }
  }
}

/// A search whose query is debounced.
struct DebouncedSearch: Interactor {
  struct State: Sendable, Equatable {
    var query = ""
    var searched: [String] = []
  }
  @CasePathable
  enum Action: Sendable, Equatable {
    case queryChanged(String)
    case search
  }
  typealias DomainState = State
  @Dependency(\.continuousClock) var clock

  @InteractorBuilder<State, Action>
  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { (state: inout State, action: Action) in
      guard case .queryChanged(let query) = action else { return .state }
      state.query = query
      return .state
    }
    Debounce(for: .milliseconds(300)) {
      Interact(initialValue: State()) { [clock] (_: inout State, action: Action) in
        guard case .queryChanged = action else { return .state }
        return .perform { state, send in
          // The search itself takes a while, on the same clock.
          try await clock.sleep(for: .milliseconds(100))
          let query = await state.query
          await send { $0.searched.append(query) }
        }
      }
    }
  }
}

/// A request retried with back-off (1 s, 2 s, 4 s) until its fourth try succeeds.
struct Retrying: Interactor {
  struct State: Sendable, Equatable {
    var attempts = 0
    var loaded = false
  }
  enum Action: Sendable { case load }
  typealias DomainState = State
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { [clock] _, _ in
      .perform { state, send in
        var delay = Duration.seconds(1)
        while true {
          await send { $0.attempts += 1 }
          if await state.attempts >= 4 { break }
          try await clock.sleep(for: delay)
          delay *= 2
        }
        await send { $0.loaded = true }
      }
    }
  }
}

/// Rows each with a timer of its own, of different periods.
struct TimerRow: Sendable, Equatable, Identifiable {
  let id: Int
  var ticks = 0
}

@CasePathable
enum TimerRowAction: Sendable, Equatable {
  case start
}

struct TimerRowInteractor: Interactor {
  typealias DomainState = TimerRow
  typealias Action = TimerRowAction
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: TimerRow(id: 0)) { [clock] row, _ in
      let period = Duration.seconds(row.id)
      return .perform { _, send in
        for await _ in clock.timer(interval: period) {
          await send { $0.ticks += 1 }
        }
      }
    }
  }
}

struct TimerRowsState: Sendable, Equatable {
  var rows: IdentifiedArrayOf<TimerRow> = [TimerRow(id: 1), TimerRow(id: 2)]
}

@CasePathable
enum TimerRowsAction: Sendable, Equatable {
  case rows(IdentifiedAction<Int, TimerRowAction>)
}

struct TimerRowsInteractor: Interactor {
  typealias DomainState = TimerRowsState
  typealias Action = TimerRowsAction

  var body: some InteractorOf<Self> {
    Interact(initialValue: TimerRowsState()) { _, _ in .state }
      .forEach(stateIs: \.rows, actionIs: \.rows) { TimerRowInteractor() }
  }
}

/// A listener on a stream the test never feeds: what it waits on is no clock.
struct Listener: Interactor {
  typealias DomainState = Int
  enum Action: Sendable { case listen }
  let values: AsyncStream<Int>

  var body: some InteractorOf<Self> {
    Interact(initialValue: 0) { [values] _, _ in
      .perform { _, send in
        for await value in values { await send { $0 = value } }
      }
    }
  }
}

@MainActor
@Suite struct TestClockTests {
  @Test func severalTicksInOneAdvance() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: TimersState(), TimersInteractor(), withDependencies: { $0.continuousClock = clock })
    harness.send(.toggleTimerButtonTapped) { $0.isTimerActive = true }
    await clock.advance(by: .seconds(1))
    await harness.receive { $0.secondsElapsed = 1 }
    await clock.advance(by: .seconds(5))
    for second in 2...6 {
      await harness.receive { $0.secondsElapsed = second }
    }
    harness.send(.toggleTimerButtonTapped) { $0.isTimerActive = false }
  }

  @Test func aCountdownThatReadsTheStateBetweenItsSleeps() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      CountdownInteractor(), withDependencies: { $0.continuousClock = clock })
    harness.send(.start)
    await clock.advance(by: .seconds(3))
    await harness.receive { $0 = 2 }
    await harness.receive { $0 = 1 }
    await harness.receive { $0 = 0 }
    await harness.finish()
  }

  @Test func aSuspendingClockToo() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      CountdownInteractor(),
      withDependencies: {
        $0.continuousClock = clock
        $0.suspendingClock = TestClock()
      })
    harness.send(.start)
    await clock.advance(to: clock.now.advanced(by: .seconds(3)))
    await harness.receive { $0 = 2 }
    await harness.receive { $0 = 1 }
    await harness.receive { $0 = 0 }
  }

  @Test func runEndsTheTimersThatEnd() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      SleepFirstCountdown(), withDependencies: { $0.continuousClock = clock })
    harness.send(.start)
    // swift-clocks' `run` gives up after half a second of wall-clock time by default; the suite's
    // other tests, in parallel, can take that from it.
    await clock.run(timeout: .seconds(30))
    // Every write has happened when `run` returns: the state shows the last one already.
    #expect(harness.states.last == 0)
    await harness.skipReceivedWrites()
    await harness.finish()
  }

  @Test func aDebounce() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      DebouncedSearch(), withDependencies: { $0.continuousClock = clock })
    harness.send(.queryChanged("c")) { $0.query = "c" }
    await clock.advance(by: .milliseconds(200))
    harness.send(.queryChanged("ca")) { $0.query = "ca" }
    harness.send(.queryChanged("cat")) { $0.query = "cat" }
    // 300 ms after the last, then the search's 100 ms: one search, of the last query.
    await clock.advance(by: .milliseconds(400))
    await harness.receive { $0.searched = ["cat"] }

    await harness.finish()
  }

  @Test func retriesWithBackOff() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      Retrying(), withDependencies: { $0.continuousClock = clock })
    harness.send(.load)
    await harness.receive { $0.attempts = 1 }
    // 1 + 2 + 4 seconds in one move: three more tries, then the load.
    await clock.advance(by: .seconds(7))
    await harness.receive { $0.attempts = 2 }
    await harness.receive { $0.attempts = 3 }
    await harness.receive { $0.attempts = 4 }
    await harness.receive { $0.loaded = true }
    await harness.finish()
  }

  @Test func rowsTimersTickInTheOrderOfTheirDeadlines() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      TimerRowsInteractor(), withDependencies: { $0.continuousClock = clock })
    harness.send(.rows(.element(id: 1, action: .start)))
    harness.send(.rows(.element(id: 2, action: .start)))
    await clock.advance(by: .seconds(4))
    // Row 1 ticks at 1, 2, 3, 4; row 2 at 2 and 4. At 1 and 3 only row 1 ticks; at 2 and 4 both
    // do, in the order swift-clocks wakes equal deadlines in (unspecified).
    await harness.receive { $0.rows[id: 1]?.ticks = 1 }
    harness.exhaustivity = .off
    await harness.receive {
      $0.rows[id: 1]?.ticks = 4
      $0.rows[id: 2]?.ticks = 2
    }
    #expect(harness.states.count == 1 + 2 + 6)
    harness.exhaustivity = .off
  }

  @Test func theHarnessClockStillWorksBesideIt() async {
    let harness = await InteractorTestHarness(TimersInteractor())
    harness.send(.toggleTimerButtonTapped) { $0.isTimerActive = true }
    await harness.testClock.advance(by: .seconds(3))
    await harness.receive { $0.secondsElapsed = 1 }
    await harness.receive { $0.secondsElapsed = 2 }
    await harness.receive { $0.secondsElapsed = 3 }
    harness.send(.toggleTimerButtonTapped) { $0.isTimerActive = false }
  }

  // MARK: - A step whose change cannot come

  @Test func aReceiveBeforeTheClockMovesFailsAtOnceAndSaysUntilWhen() async {
    let clock = TestClock()
    // The timeouts measured on a clock that never moves: only a failure at once ends the step.
    let harness = await InteractorTestHarness(
      initialState: TimersState(), TimersInteractor(), withDependencies: { $0.continuousClock = clock },
      clock: TestClock())
    harness.send(.toggleTimerButtonTapped) { $0.isTimerActive = true }
    await clock.advance(by: .seconds(6))
    for second in 1...6 { await harness.receive { $0.secondsElapsed = second } }
    await withKnownIssue {
      await harness.receive { $0.secondsElapsed = 7 }
    } matching: { issue in
      let text = issue.description
      return text.contains("none can come")
        && text.contains(
          "the effect started by 'toggleTimerButtonTapped' (UnoArchitectureTests/TestClockTests.swift:")
        && text.contains("sleeps until 7.0 seconds on the test clock, which is at 6.0 seconds: advance it")
    }
    harness.send(.toggleTimerButtonTapped) { $0.isTimerActive = false }
  }

  @Test func aReceiveWhenNoEffectRunsKeepsItsTimeout() async {
    // A shared value another process writes may still change the state: no failure before the
    // timeout, which an immediate clock makes pass at once.
    let harness = await InteractorTestHarness(
      initialState: TimersState(), TimersInteractor(), clock: ImmediateClock())
    await withKnownIssue {
      await harness.receive { $0.secondsElapsed = 1 }
    } matching: { issue in
      issue.description.contains("waited") && issue.description.contains("No effect is running")
    }
  }

  @Test func aReceiveOnAnEffectThatWaitsOnAStreamKeepsItsTimeoutAndSaysSo() async {
    let (values, continuation) = AsyncStream<Int>.makeStream()
    // An immediate clock: the timeout passes at once.
    let harness = await InteractorTestHarness(Listener(values: values), clock: ImmediateClock())
    harness.send(.listen)
    await withKnownIssue {
      await harness.receive { $0 = 1 }
    } matching: { issue in
      let text = issue.description
      return text.contains("waited") && text.contains("'listen'")
        && text.contains("waits on something other than a test clock")
    }
    continuation.yield(1)
    await harness.receive { $0 = 1 }
    continuation.finish()
    await harness.finish()
  }
}
