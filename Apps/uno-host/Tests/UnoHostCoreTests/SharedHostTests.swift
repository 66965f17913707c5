import Foundation
import Testing
import UnoComposition
import UnoPlugin
import UnoPresentation

@testable import UnoHostCore

// A feature whose sessions share one value (docs/guides/SharedState.md), hosted: a change in one
// session is a `state` line of every other session that holds the value, with no request.

struct TallyState: Sendable, Equatable, Codable {
  @Shared(.inMemory("tally")) var count = 0
  var local = 0
}

@CasePathable
enum TallyAction: Sendable, Equatable, Codable {
  case add
  case addLocal
}

@Interactor<TallyState, TallyAction>
struct Tally: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: TallyState()) { state, action in
      switch action {
      case .add: state.$count.withLock { $0 += 1 }
      case .addLocal: state.local += 1
      }
      return .state
    }
  }
}

let tallyPlugin = FeaturePlugin(
  name: "tally",
  summary: "A count every session shares.",
  actions: [
    .init(TallyAction.add, summary: "Adds one to the shared count."),
    .init(TallyAction.addLocal, summary: "Adds one to this session's own count."),
  ],
  makeViewModel: {
    DirectViewModel(TallyState(), Tally().eraseToAnyInteractor(), reportsReinitialization: false)
  }
)

@MainActor
@Suite struct SharedHostTests {
  @Test func aSharedChangeInOneSessionIsAStateLineOfTheOthersWithNoRequest() async throws {
    let host = try RecordingHost([tallyPlugin])
    let send = host.send
    _ = await send(#"{"op":"open","feature":"tally"}"#)
    _ = await send(#"{"op":"open","feature":"tally"}"#)
    #expect(
      await send(#"{"op":"send","session":1,"action":"add","id":"a"}"#) == [
        #"{"type":"state","session":1,"request":"a","state":{"count":1,"local":0}}"#,
        #"{"type":"state","session":2,"request":null,"state":{"count":1,"local":0}}"#,
        #"{"type":"finished","session":1,"request":"a","cancelled":false}"#,
      ])
    // A change of what is not shared stays in its session.
    let local = await send(#"{"op":"send","session":2,"action":"addLocal","id":"b"}"#)
    #expect(
      local == [
        #"{"type":"state","session":2,"request":"b","state":{"count":1,"local":1}}"#,
        #"{"type":"finished","session":2,"request":"b","cancelled":false}"#,
      ])
    host.closeAll()
  }
}
