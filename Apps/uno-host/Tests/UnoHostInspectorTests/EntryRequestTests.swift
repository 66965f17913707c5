import Testing
import UnoComposition
import UnoHostCore
import UnoPlugin
import UnoPresentation

@testable import UnoHostInspector

// Every entry of a timeline carries the request that made it, also when its change shows in no
// view: an action that only starts an effect, and an effect that writes a field the view state
// leaves out. Neither makes the host tell its client of a change.

struct LedgerState: Sendable, Equatable, Codable {
  /// What the view shows.
  var balance = 0
  /// What no view shows.
  var audits = 0
}

@CasePathable
enum LedgerAction: Sendable, Equatable, Codable {
  /// Changes nothing; starts an effect that counts an audit, then keeps running.
  case audit
  /// Adds one to the balance.
  case deposit
}

struct LedgerView: Sendable, Equatable, Codable {
  var balance: Int
}

let ledgerPlugin = FeaturePlugin(
  name: "ledger",
  summary: "A balance, and audits that no view shows.",
  actions: [
    .init(LedgerAction.audit, summary: "Counts an audit from an effect that keeps running."),
    .init(.deposit, summary: "Adds one to the balance."),
  ],
  makeViewModel: {
    let ledger = Interact<LedgerState, LedgerAction>(initialValue: LedgerState()) { state, action in
      switch action {
      case .audit:
        return .perform { _, send in
          await send { $0.audits += 1 }
          // Keeps the request running until the session closes (which cancels it).
          try await Task.sleep(for: .seconds(3_600))
        }
      case .deposit:
        state.balance += 1
        return .state
      }
    }
    return ViewModel(
      initialValue: LedgerView(balance: 0), ledger.eraseToAnyInteractor(),
      BuildViewState { LedgerView(balance: $0.balance) }.eraseToAnyViewStateReducer(),
      reportsReinitialization: false)
  }
)

@MainActor
@Suite(.timeLimit(.minutes(1))) struct EntryRequestTests {
  @Test func entriesThatChangeNoViewStateCarryTheRequestThatMadeThem() async throws {
    let sessions = HostSessions(registry: try FeatureRegistry([ledgerPlugin]), recordLimit: 100) { _ in }
    let inspector = Inspector(sessions: sessions, via: "stdin")
    let page = InspectorTests.Page(inspector)
    let (session, _) = try sessions.open("ledger")
    defer { try? sessions.close(session) }

    try sessions.send(.string("audit"), to: session, request: .string("audit-1"))
    // The audit's effect writes on the main actor once its task has run.
    var turns = 0
    while try sessions.recordedCount(of: session) ?? 0 < 2 {
      turns += 1
      try #require(turns < 100_000, "the audit's effect never wrote")
      await Task.yield()
    }
    try sessions.send(.string("deposit"), to: session, request: .string("deposit-1"))

    let timeline = try inspector.timeline(of: session)
    guard case .array(let entries)? = field(timeline, "entries") else {
      Issue.record("no entries: \(timeline)")
      return
    }
    #expect(entries.map { field($0, "kind") } == [.string("action"), .string("effect"), .string("action")])
    try #require(
      entries.map { field($0, "request") } == [.string("audit-1"), .string("audit-1"), .string("deposit-1")])

    // The page was told of each entry as it was made, with its request: the first two before
    // the deposit, which alone changed the view state.
    let messages = await page.waitFor(2 + 3 + 1)
    let told = messages.filter { field($0, "type") == .string("entries") }.map { message -> [JSONValue?] in
      guard case .array(let list)? = field(message, "entries") else { return [] }
      return list.map { field($0, "request") }
    }
    #expect(told == [[.string("audit-1")], [.string("audit-1")], [.string("deposit-1")]])
  }
}
