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

  /// `assertStates` compares the whole history with `==` found the same way: a state that is not
  /// `Equatable` is reported at the call and thrown.
  @Test func assertStatesOnAStateThatIsNotEquatableIsReportedAndThrown() async {
    let harness = await InteractorTestHarness(OpaqueCounter(), exhaustivity: .off)
    harness.send(1)
    await withKnownIssue {
      await #expect(throws: (any Error).self) {
        try await harness.assertStates([Opaque(), Opaque(count: 1)])
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("'assertStates' compares states with '=='")
        && text.contains("'Opaque' is not Equatable")
    }
  }

  /// A replay compares each state with the recording's with `==` found the same way: a state that
  /// is not `Equatable` is reported at the call, and nothing is replayed.
  @Test func replayingAStateThatIsNotEquatableIsReported() async {
    let harness = await InteractorTestHarness(OpaqueCounter(), exhaustivity: .off)
    let recording = Recording<Opaque, Int>(
      initialState: Opaque(), entries: [.init(kind: .action, action: 1, state: Opaque(count: 1))])
    await withKnownIssue {
      #expect(await harness.replay(recording) == false)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("'Opaque' is not Equatable: nothing was replayed")
    }
    #expect(harness.currentState.count == 0)
  }
}
