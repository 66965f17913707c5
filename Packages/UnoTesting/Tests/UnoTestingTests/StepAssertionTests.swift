import IssueReporting
import Testing
import UnoTesting

@MainActor
@Suite struct StepAssertionTests {
  @Test func sendChecksTheStateTheActionProduced() async {
    let harness = await InteractorTestHarness(CounterInteractor())
    let task = harness.send(.increment) { $0.count = 1 }
    #expect(!task.hasEffects)
    harness.send(.decrement) { $0.count = 0 }
  }

  @Test func aMismatchFailsWithADiffAtTheCallSite() async {
    let harness = await InteractorTestHarness(CounterInteractor())
    withKnownIssue {
      harness.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("The state after 'increment' is not the one expected")
        && text.contains("− CounterState(count: 2)") && text.contains("+ CounterState(count: 1)")
        && issue.sourceLocation?.fileName == "StepAssertionTests.swift"
    }
  }

  @Test func receiveChecksTheNextStateAnEffectWrote() async {
    let harness = await InteractorTestHarness(CounterInteractor())
    let task = harness.send(.incrementLater) { _ in }
    await harness.receive { $0.count = 1 }
    await task.finish()
  }

  @Test func receiveSkipsWritesThatChangedNothing() async {
    let harness = await InteractorTestHarness(Writes())
    await harness.send(.writeSameThenDifferent) { _ in }.finish()
    await harness.receive { $0.count = 1 }
  }

  @Test func receiveTimesOutSayingWhatItWaitedFor() async {
    let harness = await InteractorTestHarness(CounterInteractor(), exhaustivity: .off)
    await withKnownIssue {
      await harness.receive(timeout: .milliseconds(10)) { $0.count = 1 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("'receive' waited") && text.contains("state change written by an effect")
        && text.contains("No effect is running")
    }
  }

  @Test func anUnreceivedEffectWriteFailsTheNextStepInExhaustiveMode() async {
    let harness = await InteractorTestHarness(CounterInteractor())
    await harness.sendAndAwait(.incrementLater)
    withKnownIssue {
      harness.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains(
        "1 state change(s) written by effects were not asserted before sending 'increment'")
        && text.contains("[2] CounterState(count: 1)")
    }
  }

  @Test func stepsAndAssertStatesMix() async throws {
    let harness = await InteractorTestHarness(CounterInteractor())
    harness.send(.increment) { $0.count = 1 }
    harness.send(.increment)
    try await harness.assertStates([.init(count: 0), .init(count: 1), .init(count: 2)])
    harness.send(.decrement) { $0.count = 1 }
  }

  @Test func anActionThatChangesNothingNeedsNoAssertion() async {
    // Exhaustive: the test would fail at the end if the unchanged state needed asserting.
    let harness = await InteractorTestHarness(Writes())
    harness.send(.nothing)
    harness.send(.nothing)
  }
}

/// Writes that change nothing, and one that does.
private struct Writes: Interactor {
  typealias DomainState = CounterState
  enum Action: Sendable { case nothing, writeSameThenDifferent }

  var body: some InteractorOf<Self> {
    Interact(initialValue: CounterState()) { _, action in
      switch action {
      case .nothing:
        return .state
      case .writeSameThenDifferent:
        return .perform { _, send in
          await send { $0.count = 0 }
          await send { $0.count = 1 }
        }
      }
    }
  }
}

/// A nonisolated test that mixes sends, step assertions and effects: everything in order.
@Test
func nonisolatedStepsAreOrdered() async {
  let harness = await InteractorTestHarness(CounterInteractor())
  harness.send(.increment)
  harness.send(.increment)
  await harness.send(.decrement) { $0.count = 1 }
  let task = harness.send(.incrementLater)
  await task.finish()
  await harness.receive { $0.count = 2 }
  await #expect(harness.currentState.count == 2)
  await #expect(harness.states.map(\.count) == [0, 1, 2, 1, 1, 2])
  try? await harness.assertStates([0, 1, 2, 1, 1, 2].map { CounterState(count: $0) })
}
