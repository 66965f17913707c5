// Compiled with the `Host` trait only (Package.swift).
#if Host
  import BundledFeatures
  import Clocks
  import Dependencies
  import Testing
  import UnoHostCore
  import UnoPlugin

  @testable import UnoHostKit

  /// The terminal mode over the host's sessions: what it keeps for the effects of what was typed,
  /// and how it heads their changes.
  @MainActor
  @Suite struct TerminalSessionTests {
    /// Ten thousand actions, each shown as a diff (the diffs are what a terminal session spends its
    /// time on): nothing is kept for them afterwards, so a session of any length does not grow. The
    /// main actor is handed back every hundred actions, so that tests running beside this one are
    /// not held up.
    @Test func tenThousandActionsLeaveNothingBehind() async throws {
      let registry = try makeRegistry()
      var written = 0
      let terminal = try TerminalSession(
        plugin: registry["counter"]!, registry: registry, sessionDependencies: { _ in },
        write: { _ in written += 1 })
      for round in 0..<100 {
        for _ in 0..<100 { terminal.handle("increment") }
        #expect(terminal.linesKeptForEffects == 0, "after \((round + 1) * 100) actions")
        await Task.yield()
      }
      #expect(terminal.sessions.runningRequests == 0)
      #expect(written == 2 + 10_000)  // the welcome, the state, then one diff per action
      #expect(
        try terminal.sessions.stateValue(of: 1)
          == .object([
            "count": .integer(10_000), "displayText": .string("Count: 10000"), "pendingText": .string(""),
          ]))
    }

    @Test func whatWasTypedHeadsItsEffectsChangesAndIsForgottenWhenTheyEnd() async throws {
      let registry = try makeRegistry()
      let clock = TestClock()
      var lines: [String] = []
      let terminal = try TerminalSession(
        plugin: registry["counter"]!, registry: registry,
        sessionDependencies: { $0.continuousClock = clock }, write: { lines.append($0) })
      for _ in 0..<3 { terminal.handle("incrementLater") }
      #expect(terminal.linesKeptForEffects == 3)
      #expect(terminal.sessions.runningRequests == 3)
      // The delay; the deadlines were fixed when the actions were handled.
      await clock.advance(by: .seconds(1))
      #expect(await terminal.sessions.drain(timeout: .seconds(60)))
      #expect(terminal.linesKeptForEffects == 0)
      #expect(lines.filter { $0.hasPrefix("effect of incrementLater:") }.count == 3)
    }

    @Test func aMistypedActionIsAnsweredAndSendsNothing() throws {
      let registry = try makeRegistry()
      var lines: [String] = []
      let terminal = try TerminalSession(
        plugin: registry["counter"]!, registry: registry, sessionDependencies: { _ in },
        write: { lines.append($0) })
      terminal.handle("incremnt")
      #expect(
        lines.last
          == "There is no action 'incremnt' in counter. Did you mean 'increment'? Type 'help' to see them all."
      )
      #expect(terminal.linesKeptForEffects == 0)
    }

    /// A child's action is typed by its path, with dots or spaces; the name alone says which
    /// actions it carries; a value where none is taken is refused, and nothing is sent.
    @Test func nestedActionsAreTypedByTheirPath() throws {
      let registry = try makeRegistry()
      var lines: [String] = []
      let terminal = try TerminalSession(
        plugin: registry["search"]!, registry: registry, sessionDependencies: { _ in },
        write: { lines.append($0) })
      // No detail is shown, so the feature drops the action and says so: it reached the feature as
      // {"detail":{"load":{}}}.
      for typed in ["detail load", "detail.load"] {
        // The feature also reports the dropped action as an issue, as it does everywhere.
        withKnownIssue { terminal.handle(typed) }
        #expect(
          lines.last?.hasPrefix("That was not applied: A child action 'load' reached") == true, "\(typed)")
      }
      terminal.handle("detail")
      #expect(
        lines.last
          == "'detail' is followed by the action it carries: one of load, toggleFavorite, close "
          + "(as in 'detail.load' or 'detail load'). Type 'help' to see them all.")
      terminal.handle("detail.close now")
      #expect(lines.last == "'detail.close' takes no value: type it alone.")
      terminal.handle("detial")
      #expect(
        lines.last
          == "There is no action 'detial' in search. Did you mean 'detail'? Type 'help' to see them all.")
      terminal.handle("fly")
      #expect(
        lines.last
          == "There is no action 'fly' in search. Its actions are: queryChanged, submit, clear, select, "
          + "detail.load, detail.toggleFavorite, detail.close. Type 'help' to see each with an example.")
      terminal.handle("help")
      #expect(lines.last?.contains("  detail.load            Loads") == true)
      #expect(terminal.sessions.runningRequests == 0)
    }

    @Test func idsAreShownAsTheyArePastedIntoJSON() {
      #expect(
        pasteable("id: UUID(92457F3F-5023-45F1-9FE7-3D4A8F623C36),\n  other: UUID(nope)")
          == "id: \"92457F3F-5023-45F1-9FE7-3D4A8F623C36\",\n  other: UUID(nope)")
      #expect(pasteable("") == "")
    }
  }
#endif
