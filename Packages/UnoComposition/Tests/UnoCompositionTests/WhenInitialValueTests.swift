import IssueReporting
import Testing
import UnoComposition

/// A child whose state its parent always gives, with a child of its own: `Interact` without an
/// initial value, then a `when`, as a screen of a stack is written.
private struct Counted: Sendable, Equatable {
  var tally = Tally()
}

@CasePathable
private enum CountedAction: Sendable {
  case tally(TallyAction)
}

private struct CountedInteractor: Interactor {
  typealias DomainState = Counted
  typealias Action = CountedAction

  var body: some InteractorOf<Self> {
    Interact { _, _ in .state }
      .when(stateIs: \.tally, actionIs: \.tally) {
        Interact { state, _ in
          state.value += 1
          return .state
        }
      }
  }
}

@CasePathable
private enum CountedScreen: Sendable, Equatable {
  case counted(Counted)
  case other(Tally)
}

@CasePathable
private enum CountedScreenAction: Sendable {
  case counted(CountedAction)
  case other(TallyAction)
}

@MainActor
@Suite struct WhenInitialValueTests {
  @Test func aWhenOverAParentWithoutAnInitialValueHasNone() {
    #expect(!CountedInteractor().eraseToAnyInteractor().hasInitialValue)
    let given = Interact<Counted, CountedAction>(initialValue: Counted()) { _, _ in .state }
      .when(stateIs: \.tally, actionIs: \.tally) { Interact<Tally, TallyAction> { _, _ in .state } }
    #expect(given.eraseToAnyInteractor().hasInitialValue)
  }

  @Test func anActionToAnInactiveCaseWhoseChildHasNoInitialValueIsReportedNotACrash() {
    // Naming the case in the message once read the child's initial value, which it does not have:
    // the program stopped (found by exploring Standups: a record screen's action to a detail).
    let runtime = InteractorRuntime(
      initialState: CountedScreen.other(Tally()),
      interactor: Empty<CountedScreen, CountedScreenAction>()
        .when(stateIs: \.counted, actionIs: \.counted) { CountedInteractor() })
    withKnownIssue {
      runtime.send(.counted(.tally(.increment)))
    } matching: { issue in
      issue.description.contains("was dropped") && issue.description.contains("the case of")
    }
    #expect(runtime.state == .other(Tally()))
  }
}
