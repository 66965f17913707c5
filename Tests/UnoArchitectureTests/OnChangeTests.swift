import Testing
import UnoArchitecture
import UnoArchitectureTesting

struct MinutesState: Sendable, Equatable {
  var minutes = 5
  var title = ""
  /// Each change `onChange` saw: old → new.
  var changes: [String] = []
}

@CasePathable
enum MinutesAction: Sendable, Equatable {
  case setMinutes(Int)
  case setTitle(String)
  /// An effect writes the minutes.
  case loadMinutes(Int)
  /// The sibling interactor, not the watched one, changes the minutes.
  case siblingSets(Int)
}

@Interactor<MinutesState, MinutesAction>
struct MinutesForm: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: MinutesState()) { state, action in
      switch action {
      case .setMinutes(let minutes):
        state.minutes = minutes
        return .state
      case .setTitle(let title):
        state.title = title
        return .state
      case .loadMinutes(let minutes):
        return .perform { _, send in await send { $0.minutes = minutes } }
      case .siblingSets:
        return .state
      }
    }
    .onChange(of: \.minutes) { oldValue, state in
      state.changes.append("\(oldValue)→\(state.minutes)")
      // Kept at least 1: a change made here does not run it again.
      state.minutes = max(1, state.minutes)
      return .state
    }
  }
}

@Interactor<MinutesState, MinutesAction>
struct MinutesWithSibling: Sendable {
  var body: some InteractorOf<Self> {
    MinutesForm()
    Interact { state, action in
      if case .siblingSets(let minutes) = action { state.minutes = minutes }
      return .state
    }
  }
}

@MainActor
@Suite struct OnChangeTests {
  @Test func runsAfterAStepThatChangedTheValue() async {
    let harness = await InteractorTestHarness(MinutesForm())
    harness.send(.setMinutes(10)) {
      $0.minutes = 10
      $0.changes = ["5→10"]
    }
    harness.send(.setMinutes(0)) {
      $0.minutes = 1
      $0.changes = ["5→10", "10→0"]
    }
  }

  @Test func doesNotRunWhenTheValueIsUnchanged() async {
    let harness = await InteractorTestHarness(MinutesForm())
    harness.send(.setTitle("Sync")) { $0.title = "Sync" }
    harness.send(.setMinutes(5)) { _ in }
  }

  @Test func runsAfterAWriteOfTheInteractorsEffect() async {
    let harness = await InteractorTestHarness(MinutesForm())
    await harness.send(.loadMinutes(30)) { _ in }.finish()
    await harness.receive {
      $0.minutes = 30
      $0.changes = ["5→30"]
    }
  }

  @Test func doesNotSeeAChangeMadeByASibling() async {
    let harness = await InteractorTestHarness(MinutesWithSibling())
    harness.send(.siblingSets(7)) { $0.minutes = 7 }
  }
}
