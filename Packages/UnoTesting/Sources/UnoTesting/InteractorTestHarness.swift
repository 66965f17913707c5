import Clocks
import CustomDump
import Dependencies
import Foundation
import IssueReporting
@_spi(Internals) import UnoCore

/// Drives an `Interactor` in a test through the same runtime that view models use, and records
/// every state it goes through.
///
/// ```swift
/// @MainActor
/// @Suite struct CounterTests {
///   @Test func increment() async throws {
///     let harness = await InteractorTestHarness(CounterInteractor())
///
///     harness.send(.increment)
///     harness.send(.increment)
///
///     try await harness.assertStates([
///       CounterState(count: 0),  // initial state
///       CounterState(count: 1),
///       CounterState(count: 2),
///     ])
///   }
/// }
/// ```
///
/// - ``send(_:isolation:)`` can be called from any context. On the main actor (a `@MainActor` test) it is
///   synchronous: the state has changed when it returns. From a nonisolated test it queues the
///   action for the main actor, in order; every assertion handles what was queued before it
///   checks, so the test reads the same either way. It returns the action's `EventTask`;
///   ``sendAndAwait(_:)`` also waits for the effects.
/// - ``states`` is the whole history: the initial state, then the state after each action and after
///   each effect write, in order.
///
/// ## Step assertions
///
/// ``send(_:assert:fileID:filePath:line:column:)`` takes a closure that changes a copy of the
/// previous state into the state the action must produce; ``receive(timeout:assert:fileID:filePath:line:column:)``
/// waits for the next state an effect writes and checks it the same way:
///
/// ```swift
/// @MainActor
/// @Test func search() async {
///   let harness = await InteractorTestHarness(SearchInteractor(), withDependencies: {
///     $0.continuousClock = ImmediateClock()
///     $0.searchClient.search = { _ in [.grinningFace] }
///   })
///   harness.send(.queryChanged("grin")) { $0.query = "grin" }
///   await harness.receive { $0.results = [.grinningFace] }
/// }
/// ```
///
/// ## Exhaustivity
///
/// By default (``Exhaustivity/on``) a test fails when the harness goes away with effects still
/// running (the message names the actions that started them) or with state changes that no
/// assertion covered (the message shows them). A state checked by a step assertion, or within the
/// history that ``assertStates(_:timeout:fileID:filePath:line:column:)`` checked, counts as
/// asserted; a state equal to the one before it (an action that changed nothing) never needs
/// asserting.
///
/// An integration test of a whole app checks only what it cares about: with
/// ``Exhaustivity/off(showSkippedAssertions:)`` (settable at any time, or for one block with
/// ``withExhaustivity(_:_:)``) a step compares only what its closure changed, `receive`
/// skips the writes it does not describe, and the end of the test checks nothing:
///
/// ```swift
/// let harness = await InteractorTestHarness(AppInteractor())
/// harness.exhaustivity = .off
/// await harness.send(.list(.addTapped))                        // nothing asserted
/// await harness.send(.detail(.recordTapped)) { $0.isRecording = true }
/// await harness.receive { $0.list.standups[0].meetings.count = 1 }
/// ```
@MainActor
public final class InteractorTestHarness<State: Sendable, Action: Sendable> {
  /// How much of each step a test must assert.
  public enum Exhaustivity: Equatable, Sendable {
    /// Every step compares the whole state, every effect write must be received, and the test
    /// fails if it ends with effects running or state changes unasserted.
    case on
    /// A step compares only what its closure changed, applied to the actual state; `receive`
    /// skips the writes until one matches; the end of the test checks nothing. With
    /// `showSkippedAssertions`, each difference, write or effect skipped is shown as a known
    /// issue (which does not fail the test), so that a reader sees what went unchecked.
    case off(showSkippedAssertions: Bool)

    /// Non-exhaustive, without showing what was skipped.
    public static var off: Self { .off(showSkippedAssertions: false) }
  }

  /// The runtime the harness drives.
  public let runtime: InteractorRuntime<State, Action>

  /// How much of each step a test must assert; see ``Exhaustivity``. A test may change it
  /// between steps. Switching back to ``Exhaustivity/on`` counts every state so far as asserted:
  /// what happened while it was off is not owed.
  public nonisolated var exhaustivity: Exhaustivity {
    get { history.withLock { $0.exhaustivity } }
    set {
      history.withLock { history in
        if history.exhaustivity != .on, newValue == .on {
          history.markAsserted(history.states.indices)
          history.cursor = history.states.count
        }
        history.exhaustivity = newValue
      }
    }
  }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then sets it back.
  ///
  /// ```swift
  /// await harness.withExhaustivity(.off) {
  ///   await harness.send(.path(.element(id: 0, action: .recordTapped)))
  ///   await harness.receive { $0.path[id: 0, case: \.record]?.secondsElapsed = 1 }
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    _ operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// The dependency values of every later step and of the effects those steps start: those
  /// in force where the harness was made, with its `withDependencies`. A test may change them
  /// between steps (a client's answer, which clock is used); effects already running keep the
  /// values they started with.
  ///
  /// ```swift
  /// harness.dependencies.speechClient.transcribe = { _ in "Hello" }
  /// await harness.send(.recordTapped) { $0.isRecording = true }
  /// ```
  public var dependencies: DependencyValues {
    get { runtime.dependencyValues }
    set { runtime.replaceDependencies(newValue) }
  }

  /// Every state so far: the initial state, then one per action and per effect write.
  public var states: [State] { history.withLock { $0.states } }
  let history: Locked<History>
  let waiters: CountWaiters
  /// The clock the harness's timeouts are measured on.
  let timeoutClock: any Clock<Duration>

  /// The harness's test clock, the `continuousClock` and `suspendingClock` of its runtime unless
  /// the test's `withDependencies` sets others: time moves only when the test moves it, and
  /// ``HarnessClock/advance(by:)`` wakes every sleep it passes, whatever the load (see
  /// ``HarnessClock``).
  ///
  /// ```swift
  /// harness.send(.startTimer)
  /// await harness.testClock.advance(by: .seconds(3))
  /// await harness.receive { $0.ticks = 1 }
  /// ```
  public let testClock: HarnessClock
  /// Where the harness's effects run (see ``HarnessExecutor``).
  let executor: HarnessExecutor

  /// Kept behind a lock so that the deinit, which is not isolated, can read it.
  struct History {
    var states: [State]
    /// For each state, the values of the shared values (``Shared``) it held when it was
    /// published: the state itself reads them live.
    var shared: [SharedSnapshot]
    /// For each state, whether it differs from the one before it (`true` when `State` is not
    /// `Equatable`: then every state needs asserting).
    var changed: [Bool] = [true]
    /// For each state, whether an effect wrote it (rather than an action).
    var fromEffect: [Bool] = [false]
    /// For each state, whether an assertion covered it.
    var asserted: [Bool] = [true]
    /// Where the step assertions are: the state after the last one checked.
    var cursor = 1
    /// See ``InteractorTestHarness/exhaustivity``; here so that the deinit, which is not
    /// isolated, can read it.
    var exhaustivity: Exhaustivity

    /// The states that changed something and that no assertion covered.
    var unasserted: [Int] {
      states.indices.filter { changed[$0] && !asserted[$0] }
    }

    /// The effect writes past the cursor that changed something and that no assertion covered:
    /// what `receive` looks through, and what a step skips or reports.
    var unreceivedWrites: [Int] {
      (cursor..<states.count).filter { fromEffect[$0] && changed[$0] && !asserted[$0] }
    }

    mutating func markAsserted(_ indices: some Sequence<Int>) {
      for index in indices { asserted[index] = true }
    }
  }
  let location: CallSite
  /// Every skipped assertion shown as a known issue
  /// (``Exhaustivity/off(showSkippedAssertions:)``), for the harness's own tests.
  var shownSkippedAssertions: [String] = []

  /// Creates a harness that starts from the interactor's `Interactor.initialValue`.
  ///
  /// - Parameters:
  ///   - interactor: The interactor under test.
  ///   - exhaustivity: Whether to fail on running effects or unasserted states at the end.
  ///   - prepareDependencies: Overrides dependencies (swift-dependencies) for every action and
  ///     effect of this harness, for instance `{ $0.uuid = .incrementing }`.
  ///   - clock: The clock that measures the timeouts of ``waitForStates(count:timeout:)`` and
  ///     ``receive(timeout:assert:fileID:filePath:line:column:)``: a real one, since a test clock
  ///     that drives the effects does not move on its own.
  ///   - fileID: The file of the call, where misuse is reported; the compiler fills it in.
  ///   - filePath: The path of that file, for the same reports.
  ///   - line: The line of the call, for the same reports.
  ///   - column: The column of the call, for the same reports.
  public convenience init(
    _ interactor: some Interactor<State, Action>,
    exhaustivity: Exhaustivity = .on,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    // The initial value too may read dependencies (a body that reads a clock): read it with the
    // harness's.
    let testClock = HarnessClock()
    let initialState = Dependencies.withDependencies {
      Self.prepare(&$0, testClock, prepareDependencies)
    } operation: {
      interactor.initialValue
    }
    await self.init(
      initialState: initialState, interactor, exhaustivity: exhaustivity,
      withDependencies: prepareDependencies, clock: clock, testClock: testClock,
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The dependencies of a harness: its test clock as the clocks, then the test's.
  private static func prepare(
    _ values: inout DependencyValues, _ testClock: HarnessClock,
    _ prepareDependencies: (inout DependencyValues) -> Void
  ) {
    values.continuousClock = testClock
    values.suspendingClock = testClock
    prepareDependencies(&values)
    // A `TestClock` the test installs is observed, so that a step that waits in vain can say
    // which effect sleeps on it until when.
    if let clock = values.continuousClock as? TestClock<Duration> {
      values.continuousClock = ObservedTestClock(clock, sleeps: testClock.effectSleeps)
    }
    if let clock = values.suspendingClock as? TestClock<Duration> {
      values.suspendingClock = ObservedTestClock(clock, sleeps: testClock.effectSleeps)
    }
  }

  /// Creates a harness that starts from `initialState`. See
  /// ``init(_:exhaustivity:withDependencies:clock:fileID:filePath:line:column:)``.
  ///
  /// `initialState` is made with the harness's dependencies, as every step is: a state whose
  /// initializer reads a dependency (a `@Shared(.fileStorage)` value takes the clock in force, an
  /// id or a date) sees the test's, without a `withDependencies` around the harness.
  ///
  /// ```swift
  /// let harness = await InteractorTestHarness(
  ///   initialState: AppState(), AppInteractor(),
  ///   withDependencies: { $0.continuousClock = clock }
  /// )
  /// ```
  public convenience init(
    initialState: @autoclosure () -> State,
    _ interactor: some Interactor<State, Action>,
    exhaustivity: Exhaustivity = .on,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await self.init(
      initialState: initialState(), interactor, exhaustivity: exhaustivity,
      withDependencies: prepareDependencies, clock: clock, testClock: HarnessClock(),
      location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  private init(
    initialState: @autoclosure () -> State,
    _ interactor: some Interactor<State, Action>,
    exhaustivity: Exhaustivity,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void,
    clock: any Clock<Duration>,
    testClock: HarnessClock,
    location: CallSite
  ) async {
    self.location = location
    self.testClock = testClock
    // The runtime captures the dependency values in force where it is created. An error an
    // effect does not handle is reported by the runtime, at the line that wrote the effect.
    let (runtime, initialState) = Dependencies.withDependencies {
      Self.prepare(&$0, testClock, prepareDependencies)
    } operation: {
      let initialState = initialState()
      return (InteractorRuntime(initialState: initialState, interactor: interactor), initialState)
    }
    self.runtime = runtime
    // The effects run on the harness's executor: whoever wakes one waits until they are all
    // suspended again, so that a test clock's move sees every wake-up whatever the load.
    let executor = HarnessExecutor(
      sleeps: testClock.effectSleeps, runningEffects: { [weak runtime] in runtime?.runningEffectCount ?? 0 },
      mainTurn: { [weak runtime] in runtime?.handlePostedActions() })
    runtime.effectExecutor = executor
    // A task refers to its executor preference without retaining it, and an effect's task (or one
    // it made) may outlive the harness: the executor, a queue and two counts, is never released.
    _ = Unmanaged.passRetained(executor)
    self.executor = executor
    testClock.letEffectsRun(of: runtime)
    self.history = Locked(
      History(
        states: [initialState], shared: [SharedSnapshot.capture(initialState)], exhaustivity: exhaustivity))
    self.waiters = CountWaiters(clock: clock)
    self.timeoutClock = clock
    waiters.update(count: 1)
    runtime.addObserver(withSource: { [weak self] state, source in
      guard let self else { return }
      let shared = SharedSnapshot.capture(state)
      let count = self.history.withLock { history in
        let last = history.states.count - 1
        history.changed.append(
          !SharedSnapshot.isEqual(history.states[last], history.shared[last], state, shared))
        history.asserted.append(false)
        switch source {
        case .action: history.fromEffect.append(false)
        case .effect, .sharedValue, .rewind: history.fromEffect.append(true)
        }
        history.states.append(state)
        history.shared.append(shared)
        return history.states.count
      }
      self.waiters.update(count: count)
    })
  }

  // Not `isolated deinit`: an isolated deinit runs without the releasing task's task-locals, so
  // Swift Testing could not tell which test the failure belongs to. This deinit runs inline where
  // the last reference goes away and reads only locked or immutable state.
  deinit {
    guard history.withLock({ $0.exhaustivity }) == .on else { return }
    let running = Self.effectsStillRunning(in: runtime)
    if !running.isEmpty {
      reportIssue(
        Self.stillRunningMessage(running, when: "The test ended"),
        fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
      )
    }
    let (states, shared, unassertedIndices) = history.withLock { ($0.states, $0.shared, $0.unasserted) }
    if !unassertedIndices.isEmpty {
      let unasserted = unassertedIndices.map { index in
        let dump = SharedSnapshot.dump(states[index], shared[index])
        return "  [\(index)] \(dump.replacingOccurrences(of: "\n", with: "\n      "))"
      }
      reportIssue(
        """
        The test ended with \(unassertedIndices.count) state change(s) that no assertion covered:
        \(unasserted.joined(separator: "\n"))

        An exhaustive harness requires every state change to be asserted. Check them with a step \
        assertion ('harness.send(action) { ... }', 'await harness.receive { ... }') or an \
        assertStates call, or create the harness with 'exhaustivity: .off'.
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column
      )
    }
  }

  /// What the end-of-test check and ``finish(timeout:fileID:filePath:line:column:)`` say of the
  /// effects still running, started by `running`; `when` begins it ("The test ended").
  nonisolated static func stillRunningMessage(_ running: [Action], when: String) -> String {
    let actions = running.map {
      "  • \(String(customDumping: $0).replacingOccurrences(of: "\n", with: "\n    "))"
    }
    return """
      \(when) with \(running.count) effect(s) still running, started by:
      \(actions.joined(separator: "\n"))

      An exhaustive harness requires every effect to finish before the test ends. Await them \
      ('await harness.sendAndAwait(...)' or 'await task.finish()'), cancel them, or create the \
      harness with 'exhaustivity: .off'.
      """
  }

  /// How long the end-of-test check lets effects that need nothing more from the test finish.
  nonisolated static var returnGracePeriod: Duration { .seconds(1) }

  /// The actions whose effects still run when the harness goes away, after giving those that are
  /// only returning the time to do so.
  ///
  /// An effect's last write reaches the test (``receive(timeout:assert:fileID:filePath:line:column:)``
  /// returns) before the effect's task has returned on its own thread, so a test that ends on
  /// that `receive` would otherwise race the task's last instructions. Such an effect finishes
  /// without the main actor, so blocking here, on the main actor, until the effect registry says
  /// that every live effect has returned (it wakes this thread when one does) lets it finish and
  /// cannot let anything else happen: no state can change meanwhile. An effect that is really
  /// still running (waiting on a clock, a stream, or the main actor) is still running when the
  /// grace period ends and is reported. A test that leaves no effect running never waits.
  nonisolated private static func effectsStillRunning(
    in runtime: InteractorRuntime<State, Action>
  ) -> [Action] {
    runtime.actionsWithRunningEffects(waitingUpTo: returnGracePeriod)
  }

  /// The current state, once every action sent from another context has been handled.
  public var currentState: State {
    runtime.handlePostedActions()
    return runtime.state
  }

  /// Sends `action` from any context.
  ///
  /// On the main actor, the state has changed by the time this returns. From a nonisolated test,
  /// the action is queued and handled on the main actor in the order sent; the harness's
  /// assertions and ``currentState`` handle what is queued before they look. Either way, the
  /// returned `EventTask` covers the action's effects.
  @discardableResult
  public func send(
    _ action: Action, isolation: isolated (any Actor)? = #isolation
  ) -> EventTask {
    let task = runtime.post(action, isolation: isolation)
    executor.holdClocksUntilSettled()
    return task
  }

  /// Sends `action` and waits for every effect it started.
  public func sendAndAwait(_ action: Action) async {
    await send(action).finish()
  }

  /// Sends each action in turn, waiting for the effects of one before sending the next.
  public func sendSequentially(_ actions: Action...) async {
    await sendSequentially(actions)
  }

  /// Sends each action in turn, waiting for the effects of one before sending the next.
  public func sendSequentially(_ actions: [Action]) async {
    for action in actions { await sendAndAwait(action) }
  }

  /// Returns once no effect is running, effects started meanwhile included, as the runtime's
  /// `waitForAllEffects()` does, but bounded: if effects still run after `timeout` (measured on
  /// the harness's `clock`, a real one), the test fails, naming the actions that started them, and
  /// the wait returns.
  ///
  /// ```swift
  /// harness.send(.add(title: "Milk")) { $0.todos = [Todo(id: id(0), title: "Milk")] }
  /// await clock.advance(by: .milliseconds(300))
  /// await harness.waitForAllEffects()  // the save has run
  /// ```
  ///
  /// Prefer it to the runtime's unbounded wait in a test: an effect that sleeps on a test clock
  /// nobody advances (for example, a delay timed from an effect's write that the test advanced
  /// past before the write came) would keep that wait, and the whole test run, suspended forever.
  public func waitForAllEffects(
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let stillRunning = await effectsRunning(after: timeout) else { return }
    let running = stillRunning.map { "'\($0)'" }
    reportIssue(
      """
      'waitForAllEffects' waited \(timeout) for every effect to end, and effects started by \
      \(running.joined(separator: ", ")) are still running.

      If they wait on a test clock, advance it to their deadline. A deadline timed from an \
      effect's write starts when that write lands: 'receive' the write, then advance.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Waits until every effect has finished, effects started meanwhile included, as the
  /// reference library's `await store.finish()` does: the end of a test that wants its effects
  /// done at a point of its choosing, not only when the harness goes away.
  ///
  /// ```swift
  /// harness.send(.startTimer)
  /// await clock.advance(by: .seconds(3))
  /// harness.send(.stopTimer)
  /// await harness.finish()  // the timer's effect has ended
  /// ```
  ///
  /// If effects still run after `timeout` (measured on a real clock), the test fails with the
  /// message of the end-of-test check, naming the actions that started them, and the wait
  /// returns. Unlike that check, it fails whatever the harness's ``exhaustivity``: a test that
  /// calls it asks for its effects to be over.
  public func finish(
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let running = await effectsRunning(after: timeout) else { return }
    reportIssue(
      Self.stillRunningMessage(running, when: "'finish' waited \(timeout) and returned"),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for every effect to end, up to `timeout` on ``timeoutClock``: `nil` when they did,
  /// or the actions whose effects still run.
  private func effectsRunning(after timeout: Duration) async -> [Action]? {
    let finished = await runtime.waitForAllEffects(timeout: timeout, clock: timeoutClock)
    // Effects that ended as the time ran out are not reported.
    let running = finished ? [] : runtime.actionsWithRunningEffects
    return running.isEmpty ? nil : running
  }

  /// Returns once ``states`` holds at least `count` states (the initial state included).
  ///
  /// - Throws: ``WaitTimeout`` after `timeout`, saying how many states were expected and how many
  ///   arrived.
  public func waitForStates(count: Int, timeout: Duration = .seconds(30)) async throws {
    runtime.handlePostedActions()
    try await waiters.wait(for: count, timeout: timeout, what: "states")
  }

  /// Asserts that the whole history, from the initial state, is `expected`.
  ///
  /// If fewer states than expected have arrived, waits for them (up to `timeout`) first: effects
  /// may still be writing. A mismatch is reported as a test failure with a diff, and thrown.
  ///
  /// States are compared with their `==` (`State` must be `Equatable`; one that is not is
  /// reported at the call, and thrown).
  public func assertStates(
    _ expected: [State],
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard statesAreComparable(at: location, what: "'assertStates'") else {
      throw StateMismatch(message: "\(State.self) is not Equatable")
    }
    runtime.handlePostedActions()
    if states.count < expected.count {
      do {
        try await waitForStates(count: expected.count, timeout: timeout)
      } catch let timeout as WaitTimeout {
        let message = "\(timeout)\n\n" + mismatch(expected: expected)
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
        throw StateMismatch(message: message)
      }
    }
    let (states, shared) = history.withLock { ($0.states, $0.shared) }
    let matches =
      states.count == expected.count
      && states.indices.allSatisfy { SharedSnapshot.isEqual(expected[$0], .empty, states[$0], shared[$0]) }
    guard matches else {
      let message = mismatch(expected: expected)
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
      throw StateMismatch(message: message)
    }
    let count = expected.count
    history.withLock { history in
      history.markAsserted(0..<count)
      history.cursor = max(history.cursor, count)
    }
  }

  private func mismatch(expected: [State]) -> String {
    let (states, shared) = history.withLock { ($0.states, $0.shared) }
    let difference: String
    if shared.allSatisfy(\.isEmpty) {
      difference =
        diff(expected, states, format: .proportional)
        ?? "expected:\n\(String(customDumping: expected))\nactual:\n\(String(customDumping: states))"
    } else {
      // Each kept state reads its shared values as they were: a diff of the dumps, state by state.
      let expectedDump = expected.map { SharedSnapshot.dump($0, .empty) }.joined(separator: ",\n")
      let actualDump = states.indices.map { SharedSnapshot.dump(states[$0], shared[$0]) }.joined(
        separator: ",\n")
      difference =
        SharedSnapshot.lineDifference(expectedDump, actualDump, format: .proportional)
        ?? "expected:\n\(expectedDump)\nactual:\n\(actualDump)"
    }
    return """
      The states do not match (− expected, + actual; \(expected.count) expected, \(states.count) \
      actual):

      \(difference)
      """
  }

  /// Thrown by ``assertStates(_:timeout:fileID:filePath:line:column:)`` after it reported a
  /// mismatch.
  public struct StateMismatch: Error, CustomStringConvertible {
    /// The report: the states expected and received, and their difference.
    public let message: String
    /// The report.
    public var description: String { message }
  }
}
