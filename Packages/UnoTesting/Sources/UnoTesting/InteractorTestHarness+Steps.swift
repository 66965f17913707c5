import CustomDump
import IssueReporting
@_spi(Internals) import UnoCore

// Step assertions compare states with `==`. They ask for it when they compare (a cast to
// `Equatable`, which the harness makes on the main actor), not of `State` in their signatures: in a
// module whose default isolation is `MainActor` (a new Xcode project's setting), a state's
// `Equatable` conformance is main-actor isolated, and Swift refuses such a conformance for a
// generic parameter that must also be `Sendable`, as `State` must. A state that is not `Equatable`
// is reported at the step, with the fix.
extension InteractorTestHarness {
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
    guard statesAreComparable(at: location) else { return runtime.send(action) }
    runtime.handlePostedActions()
    let exhaustivity = self.exhaustivity
    reportUnreceived(before: "sending '\(action)'", at: location)
    let (previous, previousShared, index) = history.withLock {
      ($0.states[$0.states.count - 1], $0.shared[$0.states.count - 1], $0.states.count)
    }
    let task = runtime.send(action)
    executor.holdClocksUntilSettled()
    let actual = history.withLock { history -> (State, SharedSnapshot) in
      history.markAsserted([index])
      history.cursor = index + 1
      return (history.states[index], history.shared[index])
    }
    checkStep(
      actual, after: (previous, previousShared), updateStateToExpectedResult, exhaustivity,
      what: "The state after '\(action)'", at: location)
    return task
  }

  /// Asserts the current state without sending anything: `updateStateToExpectedResult` changes a
  /// copy of the last asserted state (of the current one when ``exhaustivity`` is off) into the
  /// state the harness must hold now.
  ///
  /// ```swift
  /// await harness.send(.incrementTapped)          // non-exhaustive: nothing asserted
  /// await harness.send(.incrementTapped)
  /// await harness.assert { $0.count = 2 }
  /// ```
  ///
  /// In exhaustive mode, as before a step, effect writes not yet received fail the test here.
  public func assert(
    _ updateStateToExpectedResult: (inout State) -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard statesAreComparable(at: location) else { return }
    runtime.handlePostedActions()
    let exhaustivity = self.exhaustivity
    reportUnreceived(before: "asserting the state", at: location)
    let (previous, actual) = history.withLock { history in
      let last = history.states.count - 1
      let previous = (history.states[history.cursor - 1], history.shared[history.cursor - 1])
      history.markAsserted(exhaustivity == .on ? [last] : Array(history.cursor..<history.states.count))
      history.cursor = history.states.count
      return (previous, (history.states[last], history.shared[last]))
    }
    checkStep(
      actual, after: previous, updateStateToExpectedResult, exhaustivity, what: "The current state",
      at: location)
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
    guard statesAreComparable(at: location) else { return }
    runtime.handlePostedActions()
    let exhaustivity = self.exhaustivity
    // Off: the first write, from the cursor, that the closure leaves unchanged (the closure
    // applied to the actual state); the writes before it are skipped.
    var skipped: [Int] = []
    while true {
      let (next, count) = history.withLock { history in
        let candidates = history.unreceivedWrites
        var found: Int?
        if exhaustivity == .on {
          found = candidates.first
        } else {
          found = candidates.first { index in
            var expected = (history.states[index], history.shared[index])
            SharedSnapshot.editing(&expected.0, in: &expected.1, updateStateToExpectedResult)
            return SharedSnapshot.isEqual(
              expected.0, expected.1, history.states[index], history.shared[index])
          }
          skipped = candidates.filter { $0 < (found ?? history.states.count) }
        }
        let states = found.map {
          (
            previous: (history.states[$0 - 1], history.shared[$0 - 1]),
            actual: (history.states[$0], history.shared[$0])
          )
        }
        return (found.map { ($0, states!) }, history.states.count)
      }
      if let (index, states) = next {
        history.withLock { history in
          history.markAsserted(skipped)
          history.markAsserted([index])
          history.cursor = index + 1
        }
        if case .off(showSkippedAssertions: true) = exhaustivity, !skipped.isEmpty {
          showSkipped(writes: skipped, what: "'receive' skipped", at: location)
        }
        checkStep(
          states.actual, after: states.previous, updateStateToExpectedResult, exhaustivity,
          what: "The state written by an effect", at: location)
        return
      }
      // Nothing yet: the effects run until they are all suspended. If none wrote meanwhile and
      // none can (each sleeps on a test clock nobody moves), fail now, not after the timeout.
      let settled = await executor.settle()
      runtime.handlePostedActions()
      if history.withLock({ $0.states.count }) != count { continue }
      if settled, let why = whyNoChangeCanCome() {
        reportIssue(
          """
          'receive' expected a state change written by an effect, and none can come: \(why)
          """,
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column
        )
        return
      }
      do {
        try await waiters.wait(for: count + 1, timeout: timeout, what: "states")
      } catch {
        let running = runtime.actionsWithRunningEffects.map { "'\($0)'" }
        let elsewhere = runtime.pendingWork.runningEffects - testClock.effectSleeps.sleepingEffects
        let waitingElsewhere =
          elsewhere > 0
          ? """
          \(elsewhere == 1 ? "One of them waits" : "\(elsewhere) of them wait") on something other than a \
          test clock (a stream, a task of its own, real work), which the harness cannot move: make \
          what it waits on come before 'receive' (feed the stream, await the task), or await the \
          action's task before asserting ('await harness.send(.action).finish()').
          """
          : "Advance the test clock they sleep on before 'receive'."
        let skippedText =
          skipped.isEmpty
          ? ""
          : "\n\nIt skipped \(skipped.count) write(s) that do not match the assertion:\n"
            + listed(skipped)
        reportIssue(
          """
          'receive' waited \(timeout) for a state change written by an effect, and none came\
          \(exhaustivity == .on ? "" : " that matches the assertion").

          \(running.isEmpty
            ? "No effect is running: the change you expect was already asserted, or no effect writes it."
            : "Effects still running, started by: \(running.joined(separator: ", ")). \(waitingElsewhere)")\
          \(skippedText)
          """,
          fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column
        )
        return
      }
    }
  }

  /// Marks every effect write received so far as asserted, so that neither the next step (in
  /// exhaustive mode) nor the end of the test asks for it. With
  /// ``Exhaustivity/off(showSkippedAssertions:)`` showing skipped assertions, the writes skipped
  /// are shown as a known issue.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(10))    // the timer wrote ten times
  /// await harness.skipReceivedWrites()
  /// ```
  public func skipReceivedWrites(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    runtime.handlePostedActions()
    let skipped = history.withLock { history in
      let skipped = history.unreceivedWrites
      history.markAsserted(skipped)
      history.cursor = history.states.count
      return skipped
    }
    if case .off(showSkippedAssertions: true) = exhaustivity, !skipped.isEmpty {
      showSkipped(writes: skipped, what: "'skipReceivedWrites' skipped", at: location)
    }
  }

  /// Cancels every effect still running and waits for them to return, so that the end of the
  /// test neither waits for them nor reports them. With
  /// ``Exhaustivity/off(showSkippedAssertions:)`` showing skipped assertions, the actions whose
  /// effects were cancelled are shown as a known issue.
  ///
  /// ```swift
  /// await harness.send(.onAppear)            // starts a timer that never ends
  /// await harness.skipInFlightEffects()
  /// ```
  ///
  /// An effect that ignores its cancellation and still runs after `timeout` (on the harness's
  /// `clock`) fails the test, as ``waitForAllEffects(timeout:fileID:filePath:line:column:)`` does.
  public func skipInFlightEffects(
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    runtime.handlePostedActions()
    let running = runtime.actionsWithRunningEffects
    runtime.cancelAllEffects()
    if case .off(showSkippedAssertions: true) = exhaustivity, !running.isEmpty {
      showAsKnownIssue(
        """
        'skipInFlightEffects' cancelled \(running.count) effect(s), started by:
        \(running.map { "  • \($0)" }.joined(separator: "\n"))
        """,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    await waitForAllEffects(timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Checks a step: in exhaustive mode, `actual` against `previous` changed by `update`; when
  /// off, against `actual` changed by `update` (only what the closure changed is compared),
  /// showing the rest of the difference as a known issue when showing skipped assertions.
  private func checkStep(
    _ actual: (State, SharedSnapshot), after previous: (State, SharedSnapshot),
    _ update: (inout State) -> Void, _ exhaustivity: Exhaustivity, what: String, at location: CallSite
  ) {
    var exhaustive = previous
    SharedSnapshot.editing(&exhaustive.0, in: &exhaustive.1, update)
    guard case .off(let showSkippedAssertions) = exhaustivity else {
      return check(actual, against: exhaustive, what: what, at: location)
    }
    var partial = actual
    SharedSnapshot.editing(&partial.0, in: &partial.1, update)
    check(actual, against: partial, what: what, at: location)
    guard showSkippedAssertions,
      SharedSnapshot.isEqual(partial.0, partial.1, actual.0, actual.1),
      let difference = SharedSnapshot.difference(
        exhaustive.0, exhaustive.1, actual.0, actual.1, format: .proportional)
    else { return }
    showAsKnownIssue(
      """
      \(what) differs from the last asserted state in ways the step did not assert \
      (− expected, + actual):

      \(difference)
      """,
      at: location)
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

  /// The states at `indices`, one a line, for a report.
  private func listed(_ indices: [Int]) -> String {
    let (states, shared) = history.withLock { ($0.states, $0.shared) }
    return indices.map { index in
      let dump = SharedSnapshot.dump(states[index], shared[index])
      return "  [\(index)] \(dump.replacingOccurrences(of: "\n", with: "\n      "))"
    }.joined(separator: "\n")
  }

  /// Shows effect writes that were skipped, as a known issue.
  private func showSkipped(writes: [Int], what: String, at location: CallSite) {
    showAsKnownIssue(
      "\(what) \(writes.count) state change(s) written by effects:\n\(listed(writes))", at: location)
  }

  /// Shows what a non-exhaustive test skipped as a known issue: it does not fail the test.
  private func showAsKnownIssue(_ message: String, at location: CallSite) {
    shownSkippedAssertions.append(message)
    withExpectedIssue(
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
    ) {
      reportIssue(
        message, fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
    }
  }

  /// Whether `State` is `Equatable`, as step assertions and
  /// ``assertStates(_:timeout:fileID:filePath:line:column:)`` need; if not, reports it at
  /// `location`. Found on the main actor, where a conformance isolated to it (a module whose
  /// default isolation is `MainActor`) is found too.
  func statesAreComparable(at location: CallSite, what: String = "A step assertion") -> Bool {
    if runtime.state is any Equatable { return true }
    reportIssue(
      """
      \(what) compares states with '==', and '\(State.self)' is not Equatable: nothing \
      was checked. Declare it 'Equatable' (the compiler writes '==' for a struct of \
      Equatable values), or check the fields you mean with '#expect(harness.currentState...)'.
      """,
      fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
    return false
  }

  private func reportUnreceived(before what: String, at location: CallSite) {
    let exhaustivity = self.exhaustivity
    let unasserted = history.withLock { history in
      let unasserted = history.unreceivedWrites
      history.markAsserted(unasserted)
      return unasserted
    }
    guard !unasserted.isEmpty else { return }
    switch exhaustivity {
    case .off(showSkippedAssertions: false):
      return
    case .off(showSkippedAssertions: true):
      showSkipped(writes: unasserted, what: "Before \(what), the test skipped", at: location)
    case .on:
      reportIssue(
        """
        \(unasserted.count) state change(s) written by effects were not asserted before \(what):
        \(listed(unasserted))

        Check each with 'await harness.receive { ... }' before sending the next action, or create \
        the harness with 'exhaustivity: .off'.
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
      )
    }
  }
}

extension InteractorTestHarness {
  /// Why no effect can write a state now that the effects have settled, or `nil` if one may: one
  /// runs that does not sleep on a test clock (it waits on a stream, a task of its own, real
  /// work), so the wait goes on.
  func whyNoChangeCanCome() -> String? {
    // With no effect running, a change may still come from outside (a shared value another
    // process writes): the wait goes on, and its message says that no effect runs.
    let running = runtime.pendingWork.runningEffects
    guard running > 0 else { return nil }
    let sleeps = testClock.effectSleeps
    guard sleeps.sleepingEffects >= running else { return nil }
    let lines = sleeps.sleeping.map { sleep in
      "- the effect started by '\(sleep.effect.action)' (\(sleep.effect.callSite)) sleeps until \(sleep.deadline) "
        + "on the test clock, which is at \(sleep.now()): advance it"
    }
    return """
      every effect still running sleeps on a test clock that nothing moves.
      \(lines.joined(separator: "\n"))

      Move the clock past the deadline before 'receive' ('await clock.advance(by:)'), or, if no \
      change should come, assert no more and let the test end ('await harness.finish()' cancels \
      nothing: send the action that stops the effect).
      """
  }
}
