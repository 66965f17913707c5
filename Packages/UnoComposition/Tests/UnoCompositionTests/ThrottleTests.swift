import Clocks
import Testing
import UnoComposition

struct ThrottledSearch: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  let clock: TestClock<Duration>
  let latest: Bool
  var body: some InteractorOf<Self> {
    Throttle(for: .seconds(1), clock: clock, latest: latest) {
      Searcher()
    }
  }
}

struct TwoThrottles: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  let clock: TestClock<Duration>
  @InteractorBuilder<SearchState, String>
  var body: some InteractorOf<Self> {
    Throttle(for: .seconds(1), clock: clock, latest: true) { Searcher() }
    Throttle(for: .seconds(3), clock: clock, latest: true) { OtherRecorder() }
  }
}

struct ThrottledPanes: Interactor {
  typealias DomainState = Panes
  typealias Action = PanesAction
  let clock: TestClock<Duration>
  var body: some InteractorOf<Self> {
    Interact(initialValue: Panes()) { _, _ in .state }
      .when(stateIs: \.left, actionIs: \.left, stateAction: \.leftChanged) {
        ThrottledSearch(clock: clock, latest: true)
      }
      .when(stateIs: \.right, actionIs: \.right, stateAction: \.rightChanged) {
        ThrottledSearch(clock: clock, latest: true)
      }
  }
}

/// Two throttles written at two places with one `id`: the id is their identity.
struct TwoThrottlesWithOneID: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  let clock: TestClock<Duration>
  @InteractorBuilder<SearchState, String>
  var body: some InteractorOf<Self> {
    Throttle(for: .seconds(1), clock: clock, latest: true, id: "shared") { Searcher() }
    Throttle(for: .seconds(1), clock: clock, latest: true, id: "shared") { OtherRecorder() }
  }
}

/// A throttle without a clock, an hour long: it waits on the `continuousClock` dependency.
struct ThrottledOnTheDependency: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  var body: some InteractorOf<Self> {
    Throttle(for: .seconds(3600), latest: true) { Searcher() }
  }
}

@MainActor
@Suite struct ThrottleTests {
  let clock = TestClock()

  /// On the real clock the waiting action would take an hour: the time limit fails the test.
  @Test(.timeLimit(.minutes(1)))
  func withoutAClockItWaitsOnTheClockDependencySoATestClockDrivesIt() async {
    let runtime = withDependencies {
      $0.continuousClock = clock
    } operation: {
      InteractorRuntime(ThrottledOnTheDependency())
    }
    runtime.send("a")
    let b = runtime.send("b")
    #expect(runtime.state.searched == ["a"])
    await clock.advance(by: .seconds(3599))
    #expect(runtime.state.searched == ["a"])
    await clock.advance(by: .seconds(1))
    await b.finish()
    #expect(runtime.state.searched == ["a", "b"])
  }

  @Test func theFirstActionGoesThroughAtOnce() async {
    let runtime = InteractorRuntime(ThrottledSearch(clock: clock, latest: true))
    let task = runtime.send("a")
    #expect(runtime.state.searched == ["a"])  // while the action was handled
    await task.finish()
    #expect(runtime.state.results == ["results for a"])
  }

  @Test func theLatestWaitingActionReachesTheChildAtTheEndOfTheInterval() async {
    let runtime = InteractorRuntime(ThrottledSearch(clock: clock, latest: true))
    runtime.send("a")
    await clock.advance(by: .milliseconds(200))
    let b = runtime.send("b")
    let c = runtime.send("c")
    #expect(runtime.state.searched == ["a"])
    await b.finish()  // superseded by "c"
    await clock.advance(by: .milliseconds(799))
    #expect(runtime.state.searched == ["a"])
    await clock.advance(by: .milliseconds(1))
    await c.finish()
    #expect(runtime.state.searched == ["a", "c"])
    #expect(runtime.state.results.last == "results for c")
    // "c" started a new interval: "d" waits for its end.
    let d = runtime.send("d")
    #expect(runtime.state.searched == ["a", "c"])
    await clock.advance(by: .seconds(1))
    await d.finish()
    #expect(runtime.state.searched == ["a", "c", "d"])
  }

  @Test func theFirstWaitingActionWinsWithoutLatest() async {
    let runtime = InteractorRuntime(ThrottledSearch(clock: clock, latest: false))
    runtime.send("a")
    let b = runtime.send("b")
    let c = runtime.send("c")
    #expect(!c.hasEffects)  // dropped at once
    await clock.advance(by: .seconds(1))
    await b.finish()
    #expect(runtime.state.searched == ["a", "b"])
  }

  @Test func afterAQuietIntervalTheNextActionGoesThroughAtOnce() async {
    let runtime = InteractorRuntime(ThrottledSearch(clock: clock, latest: true))
    runtime.send("a")
    await clock.advance(by: .seconds(2))
    runtime.send("b")
    #expect(runtime.state.searched == ["a", "b"])
  }

  @Test func cancellingAWaitingActionDropsIt() async {
    let runtime = InteractorRuntime(ThrottledSearch(clock: clock, latest: true))
    let a = runtime.send("a")  // its child effect must finish too before counting
    let b = runtime.send("b")
    b.cancel()
    await clock.advance(by: .seconds(1))
    await a.finish()
    await b.finish()
    #expect(runtime.state.searched == ["a"])
    #expect(runtime.diagnostics.runningEffects == 0)
  }

  @Test func twoThrottlesInOneBodyKeepTheirOwnIntervals() async {
    let runtime = InteractorRuntime(TwoThrottles(clock: clock))
    runtime.send("a")
    #expect(runtime.state.searched == ["a"])
    #expect(runtime.state.other == ["a"])
    await clock.advance(by: .seconds(1))
    let b = runtime.send("b")  // the 1 s interval is over, the 3 s one is not
    #expect(runtime.state.searched == ["a", "b"])
    #expect(runtime.state.other == ["a"])
    await clock.advance(by: .seconds(2))
    await b.finish()
    #expect(runtime.state.other == ["a", "b"])
  }

  @Test func anExplicitIDIsTheThrottlesIdentityWhereverItIsWritten() async {
    let runtime = InteractorRuntime(TwoThrottlesWithOneID(clock: clock))
    let a = runtime.send("a")
    // The first throttle started the shared interval: the second one's action waits for its end.
    #expect(runtime.state.searched == ["a"])
    #expect(runtime.state.other == [])
    await clock.advance(by: .seconds(1))
    await a.finish()
    #expect(runtime.state.other == ["a"])
  }

  @Test func theSameThrottledChildInTwoScopesKeepsItsOwnIntervals() async {
    let runtime = InteractorRuntime(ThrottledPanes(clock: clock))
    runtime.send(.left("l1"))
    runtime.send(.right("r1"))  // would wait if the scopes shared an interval
    #expect(runtime.state.left.searched == ["l1"])
    #expect(runtime.state.right.searched == ["r1"])
    #expect(runtime.diagnostics.operatorStates == 2)
  }

  @Test func intervalsArePerRuntime() {
    let first = InteractorRuntime(ThrottledSearch(clock: clock, latest: true))
    let second = InteractorRuntime(ThrottledSearch(clock: clock, latest: true))
    first.send("a")
    second.send("b")
    #expect(first.state.searched == ["a"])
    #expect(second.state.searched == ["b"])
  }
}
