import Clocks
import Testing
import UnoArchitecture

// The README note's "Higher-Order Interactors" body, as written there, with the types it needs.

struct ChildState: Sendable, Equatable {
  var count = 0
}

@CasePathable
enum ChildAction: Sendable {
  case increment
}

struct AppState: Sendable, Equatable {
  var log: [String] = []
  var analytics = 0
  var searches: [String] = []
  var child = ChildState()
  var childChanges = 0
}

@CasePathable
enum AppAction: Sendable {
  case search(String)
  case childAction(ChildAction)
  case setChild(ChildState)
}

@Interactor<AppState, AppAction>
struct LoggingInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: AppState()) { state, action in
      state.log.append("\(action)")
      return .state
    }
  }
}

@Interactor<AppState, AppAction>
struct AnalyticsInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: AppState()) { state, _ in
      state.analytics += 1
      return .state
    }
  }
}

@Interactor<AppState, AppAction>
struct SearchInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: AppState()) { state, action in
      if case .search(let query) = action { state.searches.append(query) }
      return .state
    }
  }
}

@Interactor<AppState, AppAction>
struct ParentInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: AppState()) { state, action in
      if case .setChild = action { state.childChanges += 1 }
      return .state
    }
  }
}

@Interactor<ChildState, ChildAction>
struct ChildInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: ChildState()) { state, action in
      switch action {
      case .increment: state.count += 1
      }
      return .state
    }
  }
}

@Interactor<AppState, AppAction>
struct AppInteractor: Sendable {
  var body: some InteractorOf<Self> {
    // Merge multiple interactors
    LoggingInteractor()
    AnalyticsInteractor()

    // Debounce actions
    DebounceInteractor(for: .milliseconds(300)) {
      SearchInteractor()
    }

    // Scope to child state/action
    ParentInteractor()
      .when(stateIs: \.child, actionIs: \.childAction, stateAction: \.setChild) {
        ChildInteractor()
      }
  }
}

/// The same body with an injected clock, as the README note's testing section does.
@Interactor<AppState, AppAction>
struct TestableAppInteractor: Sendable {
  let clock: TestClock<Duration>
  var body: some InteractorOf<Self> {
    LoggingInteractor()
    AnalyticsInteractor()
    DebounceInteractor(for: .milliseconds(300), clock: clock) {
      SearchInteractor()
    }
    ParentInteractor()
      .when(stateIs: \.child, actionIs: \.childAction, stateAction: \.setChild) {
        ChildInteractor()
      }
  }
}

@MainActor
@Suite struct ReadmeCompositionTests {
  @Test func readmeBodyRunsAsDescribed() async {
    let clock = TestClock()
    let runtime = InteractorRuntime(TestableAppInteractor(clock: clock))
    runtime.send(.childAction(.increment))
    runtime.send(.search("a"))
    let last = runtime.send(.search("ab"))
    await clock.advance(by: .milliseconds(300))
    await last.finish()

    #expect(runtime.state.child.count == 1)
    #expect(runtime.state.childChanges == 1)
    #expect(runtime.state.analytics == 3)
    #expect(runtime.state.log.count == 3)
    #expect(runtime.state.searches == ["ab"])
  }

  @Test func untouchedReadmeBodyStartsAtItsInitialValue() {
    #expect(AppInteractor().initialValue == AppState())
  }
}
