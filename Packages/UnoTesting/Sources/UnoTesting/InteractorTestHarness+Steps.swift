import CustomDump
import IssueReporting
@_spi(Internals) import UnoCore

extension InteractorTestHarness where State: Equatable {
  /// Sends `action` and asserts the state it produced: `updateStateToExpectedResult` changes a
  /// copy of the state before the action into the state the action must leave.
  ///
  /// ```swift
  /// harness.send(.increment) { $0.count = 1 }
  /// harness.send(.noop) { _ in }      // changed nothing
  /// ```
  ///
  /// A mismatch fails the test at this line with a diff (− expected, + actual). The state counts
  /// as asserted for exhaustivity. In exhaustive mode, state changes written by effects before
  /// this call and not yet received (``receive(timeout:assert:fileID:filePath:line:column:)``)
  /// fail the test here, since the test has moved past them.
  ///
  /// Step assertions run on the main actor: a nonisolated test awaits them
  /// (`await harness.send(.increment) { $0.count = 1 }`); actions it sent before with
  /// ``send(_:isolation:)`` are handled first, in order.
  ///
  /// - Returns: The action's `EventTask`.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: (inout State) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> EventTask {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    runtime.handlePostedActions()
    reportUnreceived(before: "sending '\(action)'", at: location)
    let (previous, previousShared, index) = history.withLock {
      ($0.states[$0.states.count - 1], $0.shared[$0.states.count - 1], $0.states.count)
    }
    var (expected, expectedShared) = (previous, previousShared)
    SharedSnapshot.editing(&expected, in: &expectedShared, updateStateToExpectedResult)
    let task = runtime.send(action)
    let (actual, actualShared) = history.withLock { history -> (State, SharedSnapshot) in
      history.markAsserted([index])
      history.cursor = index + 1
      return (history.states[index], history.shared[index])
    }
    check(
      (actual, actualShared), against: (expected, expectedShared), what: "The state after '\(action)'",
      at: location)
    return task
  }

  /// Waits for the next state change written by an effect and asserts it:
  /// `updateStateToExpectedResult` changes a copy of the state before it into the state the
  /// effect must have written.
  ///
  /// ```swift
  /// harness.send(.queryChanged("cat")) { $0.query = "cat"; $0.isLoading = true }
  /// await clock.advance(by: .milliseconds(300))
  /// await harness.receive { $0.results = ["🐱"]; $0.isLoading = false }
  /// ```
  ///
  /// It takes no action: in Uno, effects write state, they do not send actions. It skips writes
  /// that changed nothing. If no change arrives within `timeout` (measured on the harness's
  /// `clock`, a real one: advance your test clock *before* receiving), the test fails with a
  /// message saying what it waited for and which effects are still running.
  public func receive(
    timeout: Duration = .seconds(30),
    assert updateStateToExpectedResult: (inout State) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    runtime.handlePostedActions()
    while true {
      let (next, count) = history.withLock { history in
        let index = (history.cursor..<history.states.count).first {
          history.fromEffect[$0] && history.changed[$0] && !history.asserted[$0]
        }
        let states = index.map {
          (
            previous: (history.states[$0 - 1], history.shared[$0 - 1]),
            actual: (history.states[$0], history.shared[$0])
          )
        }
        return (index.map { ($0, states!) }, history.states.count)
      }
      if let (index, states) = next {
        history.withLock { history in
          history.markAsserted([index])
          history.cursor = index + 1
        }
        var expected = states.previous
        SharedSnapshot.editing(&expected.0, in: &expected.1, updateStateToExpectedResult)
        check(states.actual, against: expected, what: "The state written by an effect", at: location)
        return
      }
      do {
        try await waiters.wait(for: count + 1, timeout: timeout, what: "states")
      } catch {
        let running = runtime.actionsWithRunningEffects.map { "'\($0)'" }
        reportIssue(
          """
          'receive' waited \(timeout) for a state change written by an effect, and none came.

          \(running.isEmpty
            ? "No effect is running: the change you expect was already asserted, or no effect writes it."
            : "Effects still running, started by: \(running.joined(separator: ", ")). If they wait on a test clock, advance it before 'receive'.")
          """,
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column
        )
        return
      }
    }
  }

  /// Fails if `actual` is not `expected` (each with the shared values it holds), with a diff.
  private func check(
    _ actual: (State, SharedSnapshot), against expected: (State, SharedSnapshot), what: String,
    at location: CallSite
  ) {
    guard !SharedSnapshot.isEqual(expected.0, expected.1, actual.0, actual.1) else { return }
    let difference =
      SharedSnapshot.difference(expected.0, expected.1, actual.0, actual.1, format: .proportional)
      ?? "expected:\n\(SharedSnapshot.dump(expected.0, expected.1))\nactual:\n\(SharedSnapshot.dump(actual.0, actual.1))"
    reportIssue(
      """
      \(what) is not the one expected (− expected, + actual):

      \(difference)
      """,
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
    )
  }

  /// In exhaustive mode, fails if effects wrote changes since the last step that no assertion
  /// covered, then counts them as asserted so that they are reported once. (States that actions
  /// sent without a step assertion produced are left to ``assertStates(_:timeout:fileID:filePath:line:column:)``.)
  private func reportUnreceived(before what: String, at location: CallSite) {
    guard exhaustivity == .on else { return }
    let (unasserted, states, shared) = history.withLock { history in
      let unasserted = (history.cursor..<history.states.count).filter {
        history.fromEffect[$0] && history.changed[$0] && !history.asserted[$0]
      }
      history.markAsserted(unasserted)
      return (unasserted, history.states, history.shared)
    }
    guard !unasserted.isEmpty else { return }
    let listed = unasserted.map { index in
      let dump = SharedSnapshot.dump(states[index], shared[index])
      return "  [\(index)] \(dump.replacingOccurrences(of: "\n", with: "\n      "))"
    }
    reportIssue(
      """
      \(unasserted.count) state change(s) written by effects were not asserted before \(what):
      \(listed.joined(separator: "\n"))

      Check each with 'await harness.receive { ... }' before sending the next action, or create \
      the harness with 'exhaustivity: .off'.
      """,
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
    )
  }
}
