import Testing
import UnoTesting

/// A state that is not `Equatable`: step assertions cannot compare it.
private struct Opaque: Sendable {
  var count = 0
}

private struct OpaqueCounter: Interactor {
  var body: some Interactor<Opaque, Int> {
    Interact(initialValue: Opaque()) { state, amount in
      state.count += amount
      return .state
    }
  }
}

/// Step assertions compare states with `==`, which they find on the main actor rather than
/// require in their signatures (a main-actor-isolated `Equatable` conformance could not be
/// required of a state that is also `Sendable`). A state that is not `Equatable` is reported at
/// the step, with the fix; the action is still sent.
@MainActor
@Suite struct NonEquatableStepTests {
  @Test func aStepOnAStateThatIsNotEquatableIsReportedAndTheActionSent() async {
    let harness = await InteractorTestHarness(OpaqueCounter(), exhaustivity: .off)
    withKnownIssue {
      harness.send(2) { $0.count = 2 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("'Opaque' is not Equatable") && text.contains("Declare it 'Equatable'")
    }
    #expect(harness.currentState.count == 2)
    withKnownIssue {
      harness.assert { $0.count = 2 }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("'Opaque' is not Equatable")
    }
  }
}
