import Testing
import UnoArchitectureTesting

@testable import App

@MainActor @Test func sendsToARowAndReceivesAnEffectsWrite() async {
  let harness = await InteractorTestHarness(AppInteractor())
  harness.send(.rows(.element(id: 1, action: .increment))) { $0.rows[id: 1]?.count = 1 }
  harness.send(.logLater("saved"))
  await harness.receive { $0.log = ["saved"] }
  await harness.finish()
}
