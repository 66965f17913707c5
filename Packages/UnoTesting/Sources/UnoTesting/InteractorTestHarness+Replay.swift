import Clocks
import IssueReporting
@_spi(Internals) import UnoCore

extension InteractorTestHarness {
  /// Replays `recording` as a regression test: sends its actions, waits for its effect writes,
  /// and fails the test at the first state that differs from the recorded one, with a diff.
  /// States are compared with their `==` (`State` must be `Equatable`; one that is not is
  /// reported at the call).
  ///
  /// ```swift
  /// @MainActor
  /// @Test func theReportedBug() async throws {
  ///   let recording = try Recording<SearchState, SearchAction>(
  ///     jsonLines: String(contentsOf: #require(Bundle.module.url(forResource: "bug", withExtension: "jsonl"))))
  ///   let clock = TestClock()
  ///   let harness = await InteractorTestHarness(
  ///     initialState: recording.initialState, SearchInteractor(),
  ///     withDependencies: { $0.continuousClock = clock })
  ///   await harness.replay(recording, clock: clock)
  /// }
  /// ```
  ///
  /// Give the test clock the feature's effects wait on, and time is replayed too: before each
  /// entry the clock advances by the time that passed since the entry before it (see
  /// `InteractorRuntime.replay(_:advance:timeout:)`). Every state the replay checked counts as
  /// asserted.
  ///
  /// - Parameters:
  ///   - recording: What to replay; the harness must start from its `initialState`.
  ///   - clock: The test clock the feature's effects wait on, if any.
  ///   - timeout: How long to wait for each recorded effect write, on the continuous clock.
  ///   - fileID: The file of the call, where a difference is reported; the compiler fills it in.
  ///   - filePath: The path of that file, for the same report.
  ///   - line: The line of the call, for the same report.
  ///   - column: The column of the call, for the same report.
  /// - Returns: Whether every recorded state matched.
  @discardableResult
  public func replay(
    _ recording: Recording<State, Action>,
    clock: TestClock<Duration>? = nil,
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await replay(
      recording, clock: clock, timeout: timeout, checking: nil,
      failure: "The replay of the recording differs from it.",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Replays `recording` as a regression test of a bug: sends its actions and waits for its
  /// effect writes as ``replay(_:clock:timeout:fileID:filePath:line:column:)`` does, but checks
  /// `invariants` after each instead of the recorded states, which are the bug's. The shortest
  /// failing run an exploration found (`ExplorationFailure.recording`, or the recording
  /// `uno-host explore` wrote) fails it while the bug is there, and passes once it is fixed.
  ///
  /// ```swift
  /// @Test func deletingACompletedItemCountsItOut() async throws {
  ///   let recording = try Recording<ChecklistState, ChecklistAction>(jsonLines: savedRun)
  ///   let harness = await InteractorTestHarness(initialState: recording.initialState, Checklist())
  ///   await harness.replay(recording, checking: [counted])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - recording: What to replay; the harness must start from its `initialState`.
  ///   - invariants: What must hold of every state the replay reaches.
  ///   - clock: The test clock the feature's effects wait on, if any.
  ///   - timeout: How long to wait for each recorded effect write, on the continuous clock.
  ///   - fileID: The file of the call, where a broken invariant is reported.
  ///   - filePath: The path of that file, for the same report.
  ///   - line: The line of the call, for the same report.
  ///   - column: The column of the call, for the same report.
  /// - Returns: Whether every invariant held at every entry.
  @discardableResult
  public func replay(
    _ recording: Recording<State, Action>,
    checking invariants: [Invariant<State>],
    clock: TestClock<Duration>? = nil,
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await replay(
      recording, clock: clock, timeout: timeout,
      checking: { state in
        invariants.first { !$0.holds(state) }.map { "the invariant '\($0.name)' does not hold" }
      },
      failure: "The replay of the recording broke an invariant.",
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The one replay both forms make: the runtime's, each state checked against the recording's or
  /// by `check`; a failure reported with `failure` at the caller's line. The states it checked
  /// count as asserted: all of them when it passed, and, when `check` broke, those it reached too
  /// (the broken one is the test's failure; none is left for the test's end to report again).
  private func replay(
    _ recording: Recording<State, Action>, clock: TestClock<Duration>?, timeout: Duration,
    checking check: (@MainActor (State) -> String?)?, failure: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async -> Bool {
    runtime.handlePostedActions()
    let first = history.withLock { $0.states.count }
    func markChecked() {
      history.withLock { history in
        let end = min(history.states.count, first + recording.entries.count)
        history.markAsserted(first..<end)
        history.cursor = max(history.cursor, end)
      }
    }
    do {
      try await runtime.replay(
        recording, advance: clock.map { clock in { await clock.advance(by: $0) } }, timeout: timeout,
        checking: check)
    } catch {
      reportIssue(
        "\(failure)\n\n\(error.message)", fileID: fileID, filePath: filePath, line: line, column: column)
      if check != nil { markChecked() }
      return false
    }
    markChecked()
    return true
  }
}
