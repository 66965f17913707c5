// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Testing
  import UnoHostCore
  import UnoPlugin

  @testable import UnoHostInspector

  // Every entry of a timeline carries the request that made it, also when its change shows in no
  // view: an action that only starts an effect, and an effect that writes a field the view state
  // leaves out. Neither makes the host tell its client of a change.

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
        entries.map { field($0, "request") } == [
          .string("audit-1"), .string("audit-1"), .string("deposit-1"),
        ])

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
#endif
