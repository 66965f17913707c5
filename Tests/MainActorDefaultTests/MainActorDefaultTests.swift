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
}
