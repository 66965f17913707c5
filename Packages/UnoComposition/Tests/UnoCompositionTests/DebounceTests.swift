import Clocks
import Testing
import UnoComposition

struct SearchState: Sendable, Equatable {
  var searched: [String] = []
  var results: [String] = []
  var other: [String] = []
}

/// Records each query it receives, then produces results from an effect.
struct Searcher: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  var body: some InteractorOf<Self> {
    Interact(initialValue: SearchState()) { state, query in
      state.searched.append(query)
      return .perform { _, send in
        await send { $0.results.append("results for \(query)") }
      }
    }
  }
}

/// Records into `other`: a second, independent debounced child.
struct OtherRecorder: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  var body: some InteractorOf<Self> {
    Interact(initialValue: SearchState()) { state, query in
      state.other.append(query)
      return .state
    }
  }
}

/// `body` is rebuilt on every action, so this also shows that a debounce's identity is stable
/// across body evaluations.
struct DebouncedSearch: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  let clock: TestClock<Duration>
  var body: some InteractorOf<Self> {
    Debounce(for: .milliseconds(300), clock: clock) {
      Searcher()
    }
  }
}

struct TwoDebounces: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  let clock: TestClock<Duration>
  @InteractorBuilder<SearchState, String>
  var body: some InteractorOf<Self> {
    Debounce(for: .milliseconds(100), clock: clock) {
      OtherRecorder()
    }
    Debounce(for: .milliseconds(300), clock: clock) {
      Searcher()
    }
  }
}

@CasePathable
enum PanesAction: Sendable {
  case left(String)
  case right(String)
  case leftChanged(SearchState)
  case rightChanged(SearchState)
}

struct Panes: Sendable, Equatable {
  var left = SearchState()
  var right = SearchState()
}

struct DebouncedPanes: Interactor {
  typealias DomainState = Panes
  typealias Action = PanesAction
  let clock: TestClock<Duration>
  var body: some InteractorOf<Self> {
    Interact(initialValue: Panes()) { _, _ in .state }
      .when(stateIs: \.left, actionIs: \.left, stateAction: \.leftChanged) {
        DebouncedSearch(clock: clock)
      }
      .when(stateIs: \.right, actionIs: \.right, stateAction: \.rightChanged) {
        DebouncedSearch(clock: clock)
      }
  }
}

@CasePathable
enum SearchInput: Sendable {
  case typed(String)
  case cancel
}

/// A debounce with an explicit id, and an action that cancels its pending action.
struct CancellableDebounce: Interactor {
  typealias DomainState = SearchState
  typealias Action = SearchInput
  enum ID: Hashable, Sendable { case search }
  let clock: TestClock<Duration>
  @InteractorBuilder<SearchState, SearchInput>
  var body: some InteractorOf<Self> {
    Interact(initialValue: SearchState()) { state, action in
      guard case .cancel = action else { return .state }
      state.other.append("cancelled")
      return .cancelDebounce(id: ID.search)
    }
    OnAction(\.typed) {
      Debounce(for: .milliseconds(300), clock: clock, id: ID.search) { Searcher() }
    }
    OnAction(\.typed) {
      Debounce(for: .milliseconds(300), clock: clock) { OtherRecorder() }
    }
  }
}

@MainActor
@Suite struct DebounceTests {
  let clock = TestClock()

  @Test func onlyTheLastActionOfABurstReachesTheChildAfterTheBurst() async {
    let runtime = InteractorRuntime(DebouncedSearch(clock: clock))
    let a = runtime.send("a")
    await clock.advance(by: .milliseconds(100))
    let ab = runtime.send("ab")
    await clock.advance(by: .milliseconds(100))
    let abc = runtime.send("abc")
    await clock.advance(by: .milliseconds(299))
    await a.finish()
    await ab.finish()
    #expect(runtime.state.searched.isEmpty)
    #expect(runtime.diagnostics.runningEffects == 1)  // "abc" is still pending

    await clock.advance(by: .milliseconds(1))
    await abc.finish()
    #expect(runtime.state.searched == ["abc"])
    // finish() waited for the child's own effect, too.
    #expect(runtime.state.results == ["results for abc"])
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func cancelDebounceDropsOnlyThatDebouncesPendingAction() async {
    let runtime = InteractorRuntime(CancellableDebounce(clock: clock))
    let typed = runtime.send(.typed("abc"))
    let cancel = runtime.send(.cancel)
    await clock.advance(by: .milliseconds(300))
    await typed.finish()
    await cancel.finish()
    #expect(runtime.state.searched.isEmpty)  // the id'd debounce's "abc" was dropped
    #expect(runtime.state.other == ["cancelled", "abc"])  // the other debounce is untouched
    #expect(runtime.diagnostics.isIdle)

    let again = runtime.send(.typed("abcd"))
    await clock.advance(by: .milliseconds(300))
    await again.finish()
    #expect(runtime.state.searched == ["abcd"])  // cancelling once does not stop later actions
  }

  @Test func separateBurstsEachReachTheChild() async {
    let runtime = InteractorRuntime(DebouncedSearch(clock: clock))
    let first = runtime.send("a")
    await clock.advance(by: .milliseconds(300))
    await first.finish()
    let second = runtime.send("b")
    await clock.advance(by: .milliseconds(300))
    await second.finish()
    #expect(runtime.state.searched == ["a", "b"])
  }

  @Test func eachActionOfABurstHandsTheWaitToTheNext() async {
    let runtime = InteractorRuntime(DebouncedSearch(clock: clock))
    var tasks: [EventTask] = []
    for query in ["a", "ab", "abc", "abcd"] {
      tasks.append(runtime.send(query))
      await clock.advance(by: .milliseconds(100))
    }
    // Every earlier action's task is done; the last one's waits for the burst's one timer.
    for task in tasks.dropLast() { await task.finish() }
    #expect(runtime.diagnostics.openEventTasks == 1)
    #expect(runtime.diagnostics.runningEffects == 1)
    #expect(runtime.state.searched.isEmpty)
    await clock.advance(by: .milliseconds(200))
    await tasks.last!.finish()
    #expect(runtime.state.searched == ["abcd"])
    #expect(runtime.state.results == ["results for abcd"])
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func cancellingAnEarlierActionsTaskLeavesTheBurstPending() async {
    let runtime = InteractorRuntime(DebouncedSearch(clock: clock))
    let a = runtime.send("a")
    let ab = runtime.send("ab")
    a.cancel()
    await clock.advance(by: .milliseconds(300))
    await ab.finish()
    #expect(runtime.state.searched == ["ab"])
  }

  @Test func cancellingTheLatestActionsTaskDropsTheBurst() async {
    let runtime = InteractorRuntime(DebouncedSearch(clock: clock))
    let a = runtime.send("a")
    let ab = runtime.send("ab")
    ab.cancel()
    await clock.advance(by: .seconds(1))
    await a.finish()
    await ab.finish()
    #expect(runtime.state.searched.isEmpty)
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func anActionAfterItsBurstWasCancelledWaitsAnew() async {
    let runtime = InteractorRuntime(DebouncedSearch(clock: clock))
    let a = runtime.send("a")
    await clock.advance(by: .milliseconds(200))
    a.cancel()
    let b = runtime.send("b")
    await clock.advance(by: .milliseconds(200))
    #expect(runtime.state.searched.isEmpty)  // "b" waits its own 300 ms, not what was left of "a"'s
    await clock.advance(by: .milliseconds(100))
    await b.finish()
    #expect(runtime.state.searched == ["b"])
  }

  @Test func cancellingTheEventTaskDropsThePendingAction() async {
    let runtime = InteractorRuntime(DebouncedSearch(clock: clock))
    let task = runtime.send("a")
    task.cancel()
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(runtime.state.searched.isEmpty)
  }

  @Test func twoDebouncesInOneBodyDoNotInterfere() async {
    let runtime = InteractorRuntime(TwoDebounces(clock: clock))
    let task = runtime.send("x")
    await clock.advance(by: .milliseconds(100))
    await clock.advance(by: .milliseconds(200))
    await task.finish()
    #expect(runtime.state.other == ["x"])
    #expect(runtime.state.searched == ["x"])
  }

  @Test func theSameDebouncedChildInTwoScopesDoesNotInterfere() async {
    let runtime = InteractorRuntime(DebouncedPanes(clock: clock))
    let left = runtime.send(.left("l"))
    await clock.advance(by: .milliseconds(100))
    let right = runtime.send(.right("r"))
    await clock.advance(by: .milliseconds(200))
    await left.finish()
    #expect(runtime.state.left.searched == ["l"])
    await clock.advance(by: .milliseconds(100))
    await right.finish()
    #expect(runtime.state.right.searched == ["r"])
  }

  @Test func debounceDefaultsToTheContinuousClock() {
    let debounce = DebounceInteractor(for: .milliseconds(300)) { Searcher() }
    #expect(debounce.initialValue == SearchState())
  }
}

@CasePathable
enum EditorAction: Sendable {
  case typed(String)
  case other
}

struct Editor: Interactor {
  typealias DomainState = SearchState
  typealias Action = EditorAction
  let clock: TestClock<Duration>
  @InteractorBuilder<SearchState, EditorAction>
  var body: some InteractorOf<Self> {
    Interact(initialValue: SearchState()) { state, action in
      if case .other = action { state.other.append("other") }
      return .state
    }
    OnAction(\.typed) {
      Debounce(for: .milliseconds(300), clock: clock) {
        Searcher()
      }
    }
  }
}

@MainActor
@Suite struct OnActionTests {
  let clock = TestClock()

  @Test func onlyMatchingActionsReachTheChildSoOthersDoNotRestartTheDebounce() async {
    let runtime = InteractorRuntime(Editor(clock: clock))
    let typed = runtime.send(.typed("uno"))
    await clock.advance(by: .milliseconds(200))
    runtime.send(.other)  // would cancel the pending search if it reached the debounce
    await clock.advance(by: .milliseconds(100))
    await typed.finish()
    #expect(runtime.state.searched == ["uno"])
    #expect(runtime.state.other == ["other"])
  }

  @Test func initialValueComesFromTheSiblings() {
    #expect(Editor(clock: clock).initialValue == SearchState())
  }
}

/// `Debounce(for:)` without a clock waits on the `continuousClock` dependency of the runtime.
@MainActor
@Suite struct DebounceDependencyClockTests {
  struct Typing: Interactor {
    typealias DomainState = SearchState
    typealias Action = String

    var body: some InteractorOf<Self> {
      Debounce(for: .seconds(1)) {
        Interact<SearchState, String>(initialValue: SearchState()) { state, query in
          state.searched.append(query)
          return .state
        }
      }
    }
  }

  @Test func theRuntimesClockDependencyDrivesTheDebounce() async {
    let clock = TestClock()
    let runtime = withDependencies {
      $0.continuousClock = clock
    } operation: {
      InteractorRuntime(Typing())
    }
    runtime.send("c")
    let last = runtime.send("ca")
    await clock.advance(by: .milliseconds(999))
    #expect(runtime.state.searched.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await last.finish()
    #expect(runtime.state.searched == ["ca"])
  }
}

/// A debounce on the real clock with no delay, so that its timer fires on the pool while the main
/// actor goes on sending: the races between a burst's actions and its timer, without a test clock.
@MainActor
@Suite struct DebounceConcurrencyTests {
  struct Immediate: Interactor {
    typealias DomainState = SearchState
    typealias Action = String
    var body: some InteractorOf<Self> {
      Debounce(for: .zero, clock: ContinuousClock()) {
        Interact<SearchState, String>(initialValue: SearchState()) { state, query in
          state.searched.append(query)
          return .state
        }
      }
    }
  }

  @Test func actionsRacingTheirTimerReachTheChildInOrderAndTheLastAlways() async {
    let runtime = InteractorRuntime(Immediate())
    var tasks: [EventTask] = []
    for index in 0..<3_000 {
      tasks.append(runtime.send(String(index)))
      // Lets the timers' writes in between actions now and then.
      if index % 5 == 0 { await Task.yield() }
    }
    for task in tasks { await task.finish() }
    let searched = runtime.state.searched.compactMap { Int($0) }
    #expect(searched.last == 2_999)
    #expect(zip(searched, searched.dropFirst()).allSatisfy { $0 < $1 }, "\(searched)")
    #expect(runtime.diagnostics.isIdle, "\(runtime.diagnostics)")
  }
}
