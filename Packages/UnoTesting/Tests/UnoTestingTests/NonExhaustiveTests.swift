import ConcurrencyExtras
import IssueReporting
import Testing

@testable import UnoTesting

/// A form with several fields and effects that write them one after the other.
struct Profile: Interactor {
  struct State: Sendable, Equatable {
    var name = ""
    var age = 0
    var isSaving = false
    var savedCount = 0
    var stamp = ""
  }
  enum Action: Sendable, Equatable {
    case rename(String)
    /// Sets `isSaving`, then an effect writes `savedCount` three times and clears `isSaving`.
    case save
    /// An effect that runs until cancelled.
    case listen
    /// Reads the `stamp` dependency, in the step and in an effect.
    case stamp
  }
  typealias DomainState = State

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .rename(let name):
        state.name = name
        state.age += 1
        return .state
      case .save:
        state.isSaving = true
        return .perform { _, send in
          for _ in 1...3 { await send { $0.savedCount += 1 } }
          await send { $0.isSaving = false }
        }
      case .listen:
        return .observe { _, _ in
          let (stream, _) = AsyncStream<Never>.makeStream()
          for await _ in stream {}
        }
      case .stamp:
        @Dependency(\.stamp) var stamp
        state.stamp = stamp
        return .perform { _, send in
          @Dependency(\.stamp) var stamp
          await send { $0.stamp += "+" + stamp }
        }
      }
    }
  }
}

private enum StampKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  var stamp: String {
    get { self[StampKey.self] }
    set { self[StampKey.self] = newValue }
  }
}

/// A state whose initializer reads a dependency, as a `@Shared(.fileStorage)` one does.
struct Stamped: Sendable, Equatable {
  var stamp: String
  init() {
    @Dependency(\.stamp) var stamp
    self.stamp = stamp
  }
}

@MainActor
@Suite struct NonExhaustiveTests {
  @Test func aPartialStepFailsWhenOnAndPassesWhenOff() async {
    let exhaustive = await InteractorTestHarness(Profile())
    withKnownIssue {
      exhaustive.send(.rename("Blob")) { $0.name = "Blob" }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "The state after 'rename(\"Blob\")' is not the one expected")
    }

    let partial = await InteractorTestHarness(Profile(), exhaustivity: .off)
    partial.send(.rename("Blob")) { $0.name = "Blob" }
    #expect(partial.currentState.age == 1)
    #expect(partial.shownSkippedAssertions.isEmpty)
  }

  @Test func whenOffWhatTheClosureSaysIsStillChecked() async {
    let harness = await InteractorTestHarness(Profile(), exhaustivity: .off)
    withKnownIssue {
      harness.send(.rename("Blob")) { $0.name = "Blobby" }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("− ") && text.contains("Blobby") && text.contains("+ ")
    }
  }

  @Test func skippedAssertionsAreShownAsKnownIssues() async {
    let harness = await InteractorTestHarness(Profile(), exhaustivity: .off(showSkippedAssertions: true))
    harness.send(.rename("Blob")) { $0.name = "Blob" }
    #expect(harness.shownSkippedAssertions.count == 1)
    #expect(harness.shownSkippedAssertions[0].contains("did not assert"))
    #expect(harness.shownSkippedAssertions[0].contains("age"))
    // A step that asserts everything it changed shows nothing.
    harness.send(.rename("Blob")) { $0.age = 2 }
    #expect(harness.shownSkippedAssertions.count == 1)
  }

  @Test func aSendWithoutAssertionIsFineWhenOff() async {
    let harness = await InteractorTestHarness(Profile(), exhaustivity: .off)
    await harness.send(.save).finish()
    harness.send(.rename("Blob"))
    harness.assert { $0.savedCount = 3 }
  }

  @Test func receiveSkipsToTheWriteThatMatches() async {
    let harness = await InteractorTestHarness(Profile(), exhaustivity: .off(showSkippedAssertions: true))
    await harness.send(.save) { $0.isSaving = true }.finish()
    await harness.receive { $0.savedCount = 3 }
    #expect(harness.shownSkippedAssertions.count == 1)
    #expect(harness.shownSkippedAssertions[0].contains("'receive' skipped 2 state change(s)"))
    await harness.receive { $0.isSaving = false }
  }

  @Test func receiveWhenOffTimesOutNamingWhatItSkipped() async {
    let harness = await InteractorTestHarness(Profile(), exhaustivity: .off)
    await harness.send(.save).finish()
    await withKnownIssue {
      await harness.receive(timeout: .milliseconds(10)) { $0.savedCount = 7 }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("that matches the assertion")
        && text.contains("It skipped 4 write(s) that do not match the assertion")
    }
  }

  @Test func receiveWhenOnStillTakesTheNextWrite() async {
    let harness = await InteractorTestHarness(Profile())
    await harness.send(.save) { $0.isSaving = true }.finish()
    await withKnownIssue {
      await harness.receive { $0.savedCount = 3 }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "The state written by an effect is not the one expected")
    }
    await harness.skipReceivedWrites()
  }

  @Test func skipReceivedWritesLetsAnExhaustiveTestMoveOn() async {
    let harness = await InteractorTestHarness(Profile())
    await harness.send(.save) { $0.isSaving = true }.finish()
    await harness.skipReceivedWrites()
    // Neither this step nor the end of the test asks for the four writes.
    harness.send(.rename("Blob")) {
      $0 = Profile.State(name: "Blob", age: 1, isSaving: false, savedCount: 3)
    }
  }

  @Test func skipReceivedWritesShowsWhatItSkipped() async {
    let harness = await InteractorTestHarness(Profile(), exhaustivity: .off(showSkippedAssertions: true))
    await harness.send(.save).finish()
    await harness.skipReceivedWrites()
    #expect(
      harness.shownSkippedAssertions == [
        harness.shownSkippedAssertions[0]
      ])
    #expect(harness.shownSkippedAssertions[0].contains("'skipReceivedWrites' skipped 4 state change(s)"))
  }

  @Test func skipInFlightEffectsCancelsThemAndTheEndDoesNotComplain() async {
    let harness = await InteractorTestHarness(Profile())
    let task = harness.send(.listen) { _ in }
    await harness.skipInFlightEffects()
    #expect(task.isCancelled == false)
    #expect(harness.runtime.diagnostics.runningEffects == 0)
    await task.finish()
  }

  @Test func skipInFlightEffectsShowsTheActionsWhenShowingSkipped() async {
    let harness = await InteractorTestHarness(Profile(), exhaustivity: .off(showSkippedAssertions: true))
    harness.send(.listen)
    await harness.skipInFlightEffects()
    #expect(harness.shownSkippedAssertions.count == 1)
    #expect(harness.shownSkippedAssertions[0].contains("cancelled 1 effect(s), started by:\n  • listen"))
  }

  @Test func assertChecksTheCurrentStateWithoutSending() async {
    let harness = await InteractorTestHarness(Profile())
    harness.send(.rename("Blob")) {
      $0.name = "Blob"; $0.age = 1
    }
    harness.assert { _ in }
    withKnownIssue {
      harness.assert { $0.age = 5 }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("The current state is not the one expected")
    }
    // Exhaustive: relative to the last asserted state.
    harness.send(.rename("Blobby"))
    harness.assert {
      $0.name = "Blobby"; $0.age = 2
    }

    harness.exhaustivity = .off
    harness.send(.rename("Blob Jr."))
    // Off: relative to the current state, only what the closure changes.
    harness.assert { $0.name = "Blob Jr." }
  }

  @Test func withExhaustivityChangesItForTheBlockOnly() async {
    let harness = await InteractorTestHarness(Profile())
    await harness.withExhaustivity(.off) {
      #expect(harness.exhaustivity == .off)
      harness.send(.rename("Blob"))  // unasserted, and not owed afterwards
      await harness.send(.save).finish()
    }
    #expect(harness.exhaustivity == .on)
    // Back on: every step is whole again.
    withKnownIssue {
      harness.send(.rename("Blobby")) { $0.name = "Blobby" }
    }
  }

  @Test func theInitialStateIsMadeWithTheHarnessDependencies() async {
    let harness = await InteractorTestHarness(
      initialState: Stamped(),
      Interact<Stamped, Int> { _, _ in .state },
      withDependencies: { $0.stamp = "from the harness" }
    )
    #expect(harness.currentState.stamp == "from the harness")
  }

  @Test func dependenciesChangedBetweenStepsReachTheNextStepAndItsEffects() async {
    let harness = await InteractorTestHarness(Profile(), withDependencies: { $0.stamp = "first" })
    await harness.send(.stamp) { $0.stamp = "first" }.finish()
    await harness.receive { $0.stamp = "first+first" }
    #expect(harness.dependencies.stamp == "first")
    harness.dependencies.stamp = "second"
    await harness.send(.stamp) { $0.stamp = "second" }.finish()
    await harness.receive { $0.stamp = "second+second" }
  }
}

/// The same from a nonisolated test, which awaits every step.
@Test func nonExhaustiveStepsFromANonisolatedTest() async {
  let harness = await InteractorTestHarness(Profile())
  await harness.withExhaustivity(.off) {
    harness.send(.rename("Blob"))
    await harness.send(.save) { $0.isSaving = true }.finish()
    await harness.receive { $0.savedCount = 2 }
    await harness.assert { $0.name = "Blob" }
  }
  await harness.skipReceivedWrites()
}

/// Effects in sequence, as a test and a recording see them.
struct Steps: Interactor {
  typealias DomainState = [String]
  enum Action: Sendable, Equatable { case run }

  var body: some InteractorOf<Self> {
    Interact(initialValue: []) { _, _ in
      .concatenate(
        .perform { _, send in
          for _ in 0..<100 { await Task.yield() }
          await send { $0.append("first") }
        },
        .perform { _, send in await send { $0.append("second") } },
        .perform { _, send in await send { $0.append("third") } }
      )
    }
  }
}

@MainActor
@Suite struct ConcatenatedEffectsInTheHarnessTests {
  @Test func theHarnessReceivesEachPartsWriteInOrder() async {
    let harness = await InteractorTestHarness(Steps())
    await harness.send(.run) { _ in }.finish()
    await harness.receive { $0 = ["first"] }
    await harness.receive { $0 = ["first", "second"] }
    await harness.receive { $0 = ["first", "second", "third"] }
  }

  @Test func aRecordingKeepsThePartsWritesInOrder() async {
    let runtime = InteractorRuntime(Steps())
    runtime.record(limit: 100)
    await runtime.send(.run).finish()
    let entries = runtime.recording?.entries ?? []
    #expect(entries.map(\.state) == [[], ["first"], ["first", "second"], ["first", "second", "third"]])
    #expect(entries.dropFirst().allSatisfy { $0.action == .run })
  }
}
