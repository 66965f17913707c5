import Foundation
import Testing
import UnoArchitectureTesting

/// The feature of `Feature.swift`, tested as its team would test it, in the same settings.
@Suite struct MainActorDefaultTests {
  @Test func aComposedFeatureRunsUnchanged() async {
    let harness = await InteractorTestHarness(ListInteractor())
    harness.send(.add("milk")) {
      $0.rows = [Row(id: 0, title: "milk")]
      $0.nextID = 1
    }
    harness.send(.row(.element(id: 0, action: .toggle))) { $0.rows[id: 0]?.isDone = true }
    harness.send(.openEditor) { $0.editor = EditorState() }
    harness.send(.editor(.typed("eggs"))) { $0.editor?.text = "eggs" }
    harness.send(.editTapped) { $0.destination = .edit(EditorState()) }
    harness.send(.destination(.edit(.typed("bread")))) { $0.destination = .edit(EditorState(text: "bread")) }
    harness.send(.deleteTapped) {
      $0.destination = .alert(
        AlertState(
          title: "Delete?", buttons: [ButtonState(role: .destructive, action: .confirm, label: "Delete")]))
    }
    // A button of an alert closes it; the parent hears which.
    harness.send(.destination(.alert(.confirm))) {
      $0.destination = nil
      $0.rows = []
    }
    await harness.finish()
  }

  /// With `NonisolatedNonsendingByDefault`, a closure type that does not say where it runs runs on
  /// its caller's actor. An effect still runs off the main actor, and its write (`send`) lands on
  /// it, where the state and its observers are.
  @Test func anEffectRunsOffTheMainActorAndWritesOnIt() async {
    let harness = await InteractorTestHarness(ListInteractor())
    await harness.send(.measure).finish()
    await harness.receive {
      $0.report = EffectReport(workActor: nil, workOnMainThread: false, writeActor: "MainActor")
    }
  }

  /// Effect ids whose `Hashable` conformance is main-actor isolated: a save in flight is cancelled
  /// by a second one (`cancelInFlight`) and by `cancel(id:)`, moved by a test clock.
  @Test func effectIdsDeclaredHereCancelEffects() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(EditorInteractor()) { $0.continuousClock = clock }
    harness.send(.save) { $0.saving = true }
    harness.send(.save)
    await clock.advance(by: .milliseconds(500))
    harness.send(.saved)
    await clock.advance(by: .seconds(2))
    await harness.finish()
    #expect(harness.currentState.saving)
  }

  /// Exploration makes actions from the action type's `Decodable` conformance, here isolated to
  /// the main actor: it finds the shortest run that breaks an invariant (a save leaves the editor
  /// saving until its clock moves), and that run replays.
  @Test func explorationMakesActionsOfATypeDecodableOnTheMainActor() async throws {
    let notSaving = Invariant<EditorState>("not saving") { !$0.saving }
    var found: ExplorationFailure<EditorState, EditorAction>?
    await withKnownIssue {
      found = await explore(
        EditorInteractor(), runs: 20, steps: 5, seed: 7, advances: [.zero], checks: [],
        invariants: [notSaving])
    }
    let failure = try #require(found)
    #expect(failure.recording.entries.compactMap(\.action) == [.save])
    await withKnownIssue {
      let again = await explore(
        EditorInteractor(), replaying: failure.recording, checks: [], invariants: [notSaving])
      #expect(again != nil)
    }
    // The run's states are what the feature does: a harness replays them, comparing with the
    // state's `==`, isolated here.
    let harness = await InteractorTestHarness(
      initialState: failure.recording.initialState, EditorInteractor(), exhaustivity: .off)
    #expect(await harness.replay(failure.recording))
  }

  /// An action type that is not `Decodable` cannot be explored: said at the call, and nothing runs.
  @Test func exploringAnActionThatIsNotDecodableIsReported() async {
    await withKnownIssue {
      let failure = await explore(RowInteractor(), initialState: Row(id: 0), runs: 5, steps: 5)
      #expect(failure == nil)
    } matching: { issue in
      issue.description.contains("RowAction has none, so nothing was explored")
    }
  }

  /// A debounce made with an id declared here is the one `cancelDebounce(id:)` with the same id
  /// cancels: a submit searches at once, and the pending search never comes.
  @Test func cancelDebounceDropsThePendingActionOfADebounceWithTheSameId() async {
    let harness = await InteractorTestHarness(TypingInteractor())
    harness.send(.typed("cat")) { $0.query = "cat" }
    harness.send(.submit) { $0.searched = ["cat"] }
    await harness.testClock.advance(by: .seconds(2))
    await harness.finish()
    #expect(harness.currentState.searched == ["cat"])
  }

  /// A form's bindings, declared as a new app's module declares them, set its fields, and an
  /// interactor after `BindingInteractor` reacts to one.
  @Test func bindingsSetTheFieldsOfAForm() async {
    let harness = await InteractorTestHarness(ProfileInteractor())
    harness.send(.binding(.set(\.name, "Blob"))) { $0.name = "Blob" }
    harness.send(.binding(.set(\.age, -3))) { $0.age = 0 }
    harness.send(.binding(.set(\.age, 42))) { $0.age = 42 }
    harness.send(.clearTapped) { $0 = ProfileState() }
    await harness.finish()
  }

  /// `onChange`'s closure runs on the main actor, as `Interact`'s does: it calls a helper of the
  /// module, main-actor isolated, after the count changes.
  @Test func onChangeRunsItsClosureOnTheMainActor() async {
    let harness = await InteractorTestHarness(LabeledCounter())
    harness.send(.increment) {
      $0.count = 1
      $0.label = "Count: 1"
    }
    await harness.finish()
  }
}
