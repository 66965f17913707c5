import Foundation
import Testing
import UnoComposition
import UnoPlugin
import UnoPresentation

@testable import UnoHostCore

// An effect that throws an error nothing handles: the runtime reports it (a warning on standard
// error, a test failure in tests), and the host tells the client whose request started it.

struct FlakyState: Sendable, Equatable, Codable {
  var attempts = 0
}

@CasePathable
enum FlakyAction: Sendable, Equatable, Codable {
  /// Counts an attempt, then starts an effect that throws.
  case fetch
}

struct FetchFailed: Error, CustomStringConvertible {
  var description: String { "the server is down" }
}

@Interactor<FlakyState, FlakyAction>
struct Flaky: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: FlakyState()) { state, action in
      switch action {
      case .fetch:
        state.attempts += 1
        return .perform { _, _ in throw FetchFailed() }
      }
    }
  }
}

let flakyPlugin = FeaturePlugin(
  name: "flaky",
  summary: "An effect that fails.",
  actions: [.init(FlakyAction.fetch, summary: "Tries, and fails.")],
  makeViewModel: {
    DirectViewModel(FlakyState(), Flaky().eraseToAnyInteractor(), reportsReinitialization: false)
  }
)

@MainActor
@Suite struct EffectFailureHostTests {
  @Test func anEffectFailureIsAWarningLineForTheRequestThatStartedIt() async throws {
    let host = try RecordingHost([flakyPlugin])
    _ = await host.send(#"{"op":"open","feature":"flaky"}"#)
    var lines: [String] = []
    await withKnownIssue {
      lines = await host.send(#"{"op":"send","session":1,"action":"fetch","id":"f"}"#)
    } matching: { issue in
      issue.description.contains("threw an error that nothing handled: the server is down")
    }
    #expect(
      lines == [
        #"{"type":"state","session":1,"request":"f","state":{"attempts":1}}"#,
        #"{"type":"warning","session":1,"request":"f","code":"effect_failed","message":"an effect of 'fetch' threw an error that nothing handled: the server is down"}"#,
        #"{"type":"finished","session":1,"request":"f","cancelled":false}"#,
      ])
  }
}
