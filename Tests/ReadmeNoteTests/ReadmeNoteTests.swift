// Every code sample of the project's original README design note (a design note that predates
// the repository and is not part of it), compiled against
// `import UnoArchitecture` as written there; the ones that run are run and checked below.
//
// Left out, with the reason:
// - the SwiftUI `CounterView` (SwiftUI does not exist on Linux; see docs/presentation-guide.md for the
//   Observation-based form),
// - the bare `func interact(_ upstream:)` signature line (a declaration fragment, not code; the
//   stream form it names is exercised in `streamFormFromTheNote`).

import Testing
import UnoArchitecture
import UnoArchitectureTesting

// MARK: 1. Define Domain State and Actions

struct CounterState: Sendable, Equatable {
  var count: Int = 0
}

enum CounterAction: Sendable {
  case increment
  case decrement
}

// MARK: 2. Create an Interactor

@Interactor<CounterState, CounterAction>
struct CounterInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: CounterState()) { state, action in
      switch action {
      case .increment:
        state.count += 1
      case .decrement:
        state.count -= 1
      }
      return .state
    }
  }
}

// MARK: ViewStateReducer

struct CounterViewState: Sendable, Equatable {
  var count: Int
  var displayText: String
}

@ViewStateReducer<CounterState, CounterViewState>
struct CounterViewStateReducer: Sendable {
  var body: some ViewStateReducerOf<Self> {
    BuildViewState { domainState in
      CounterViewState(
        count: domainState.count,
        displayText: "Count: \(domainState.count)"
      )
    }
  }
}

// MARK: Core Concepts: Interactor

struct MyState: Sendable, Equatable {
  var data: String? = nil
}

enum MyAction: Sendable {
  case load
}

@Interactor<MyState, MyAction>
struct MyInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: MyState()) { state, action in
      // Handle action, mutate state
      return .state
    }
  }
}

// MARK: Emission types: the async work example

struct API: Sendable {
  var fetchData: @Sendable () async throws -> String
}

@Interactor<MyState, MyAction>
struct LoadingInteractor: Sendable {
  let api: API
  var body: some InteractorOf<Self> {
    Interact(initialValue: MyState()) { state, action in
      // Async work example
      return .perform { state, send in
        let data = try await api.fetchData()
        var newState = await state.current
        newState.data = data
        await send(newState)
      }
    }
  }
}

// MARK: Testing: "For time-based testing, inject a TestClock"

struct SearchState: Sendable, Equatable {
  var query = ""
}

@Interactor<SearchState, String>
struct SearchInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: SearchState()) { state, query in
      state.query = query
      return .state
    }
  }
}

@MainActor
@Suite struct ReadmeNoteTests {
  @Test func directPattern() {
    // Use DirectViewModel when your interactor output is your view state
    let viewModel: DirectViewModel<CounterAction, CounterState> = ViewModel(
      CounterState(count: 0),
      CounterInteractor().eraseToAnyInteractor()
    )
    viewModel.sendViewEvent(.increment)
    #expect(viewModel.viewState.count == 1)
  }

  @Test func fullPattern() {
    // Use the full ViewModel when you need to transform domain state to view state
    let viewModel = ViewModel(
      initialValue: CounterViewState(count: 0, displayText: ""),
      CounterInteractor().eraseToAnyInteractor(),
      CounterViewStateReducer().eraseToAnyViewStateReducer()
    )
    viewModel.sendViewEvent(.increment)
    viewModel.sendViewEvent(.increment)
    viewModel.sendViewEvent(.decrement)
    #expect(viewModel.viewState == CounterViewState(count: 1, displayText: "Count: 1"))
  }

  @Test func myInteractorStartsAtItsInitialValue() {
    #expect(MyInteractor().initialValue == MyState())
  }

  @Test func asyncWorkExample() async {
    let viewModel = DirectViewModel<MyAction, MyState>(
      MyState(), LoadingInteractor(api: API(fetchData: { "payload" })).eraseToAnyInteractor()
    )
    await viewModel.sendViewEvent(.load).finish()
    #expect(viewModel.data == "payload")
  }

  @Test
  func testIncrement() async throws {
    let harness = await InteractorTestHarness(CounterInteractor())

    harness.send(.increment)
    harness.send(.increment)

    try await harness.assertStates([
      CounterState(count: 0),  // Initial state
      CounterState(count: 1),
      CounterState(count: 2),
    ])
  }

  @Test
  func testDebounce() async throws {
    let clock = TestClock()
    let interactor = DebounceInteractor(for: .seconds(1), clock: clock) {
      SearchInteractor()
    }
    // Control time advancement with clock.advance(by:)
    let harness = await InteractorTestHarness(interactor)
    let task = harness.send("uno")
    await clock.advance(by: .seconds(1))
    await task.finish()
    try await harness.assertStates([SearchState(), SearchState(), SearchState(query: "uno")])
  }

  @Test func streamFormFromTheNote() async {
    let (actions, continuation) = AsyncStream<CounterAction>.makeStream()
    let states = CounterInteractor().interact(actions)
    continuation.yield(.increment)
    continuation.yield(.increment)
    continuation.finish()
    var counts: [Int] = []
    for await state in states { counts.append(state.count) }
    #expect(counts == [0, 1, 2])
  }
}
