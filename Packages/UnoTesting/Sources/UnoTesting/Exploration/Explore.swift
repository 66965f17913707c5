import Clocks
import CustomDump
import Dependencies
import Foundation
import IssueReporting
@_spi(Internals) import UnoCore

/// Something that must hold of a feature's state after every step of an exploration.
///
/// ```swift
/// Invariant("the count matches the rows") { state in state.count == state.todos.count }
/// ```
public struct Invariant<State> {
  /// What it says, as a failure names it.
  public let name: String
  let holds: @MainActor (State) -> Bool

  /// An invariant named `name` that holds of a state when `holds` returns `true`.
  public init(_ name: String, _ holds: @escaping @MainActor (State) -> Bool) {
    self.name = name
    self.holds = holds
  }
}

/// What went wrong in an exploration, after shrinking: the shortest run found that still breaks
/// the same check, ready to read and to keep as a regression test.
public struct ExplorationFailure<State, Action>: CustomStringConvertible {
  /// What broke: an invariant's name, or one of the built-in checks.
  public let check: String
  /// The seed the exploration was given: the same seed makes the same runs. `nil` for a replay
  /// (`explore(_:replaying:…)`), whose run is the recording's.
  public let seed: UInt64?
  /// The actions of the shortest failing run, in order; the last one broke the check (or, for a
  /// check made at the end of a run, the run ended after it).
  public let actions: [Action]
  /// How long the test clock moved on after each action.
  public let advances: [Duration]
  /// The state before the step that broke the check (for a check made at the end of a run, the
  /// state the last step left).
  public let before: State
  /// The state the step that broke the check left (for a check made at the end of a run, the
  /// state once every timer had fired).
  public let after: State
  /// The shortest run as a recording, to replay with `InteractorTestHarness.replay(_:clock:)` or
  /// `uno-host replay`.
  public let recording: Recording<State, Action>
  /// How many steps the first failing run had before shrinking.
  public let originalLength: Int

  /// The report: the steps as lines, the check, the diff the failing step made, the seed.
  public var description: String {
    report { action in
      var dumped = ""
      customDump(action, to: &dumped, maxDepth: 6)
      return dumped.replacingOccurrences(of: "\n", with: " ")
    }
  }

  /// The report with each step's action written by `line`: a host writes the line a person
  /// types for it (`todo.rename 0000…0001 Buy oat milk`).
  public func report(writingEachAction line: (Action) -> String) -> String {
    var lines = [
      seed.map {
        "Exploration broke '\(check)' (seed \($0)); shortest run, \(actions.count) step(s), from \(originalLength):"
      } ?? "Replay broke '\(check)' at step \(actions.count) of the recording's \(originalLength):"
    ]
    for (index, action) in actions.enumerated() {
      let advance = advances[index] == .zero ? "" : "   then \(advances[index])"
      lines.append("  \(index + 1). \(line(action))\(advance)")
    }
    if let difference = diff(before, after) {
      lines.append("The last step changed the state:")
      lines.append(difference)
    } else {
      lines.append("The last step left the state as it was.")
    }
    return lines.joined(separator: "\n")
  }
}

/// The built-in checks an exploration makes beside the team's invariants.
public struct ExplorationChecks: OptionSet, Sendable {
  /// The checks, one bit each.
  public let rawValue: Int
  /// The checks whose bits `rawValue` holds.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// No issue reported by the library during a step (a send to a missing row, a write after
  /// cancel…).
  public static let noLibraryIssues = ExplorationChecks(rawValue: 1)
  /// No effect still running at the end of a run, once the test clock has run every timer.
  public static let noEffectsLeftRunning = ExplorationChecks(rawValue: 2)
  /// The state at the end of a run survives a `Codable` round trip (when it is `Codable`).
  public static let codableRoundTrip = ExplorationChecks(rawValue: 4)
  /// When a view model is explored, its view state after every step is the one its
  /// `ViewStateReducer` makes from that step's domain state, reduced into the view state the view
  /// model started with (compared when the view state is `Equatable` or `Encodable`): a reducer
  /// that leaves a field as an earlier state set it shows a stale view.
  public static let viewStateMatchesState = ExplorationChecks(rawValue: 8)

  /// Every check.
  public static let all: ExplorationChecks = [
    .noLibraryIssues, .noEffectsLeftRunning, .codableRoundTrip, .viewStateMatchesState,
  ]
}

/// Explores a feature: makes `runs` runs of `steps` actions each, drawn from every case of its
/// action type (payloads from their types, ids from the current state), with the test clock moved
/// on between steps, and checks `invariants` after every step. When one breaks, the run is shrunk
/// to the shortest one that still breaks it, the test fails with it, and it is returned.
///
/// ```swift
/// @MainActor
/// @Test func todosHoldTheirInvariants() async {
///   let failure = await explore(
///     TodosInteractor(), runs: 100, steps: 30, seed: 2026,
///     withDependencies: { $0.uuid = .incrementing },
///     invariants: [
///       Invariant("ids are unique") { Set($0.todos.ids).count == $0.todos.count },
///       Invariant("the editor edits a todo that exists") { state in
///         state.editor.map { state.todos[id: $0.todoID] != nil } ?? true
///       },
///     ])
///   #expect(failure == nil)
/// }
/// ```
///
/// The same seed makes the same runs: a failure found once is found again. Each step's action is
/// made from a list of choices (which case, which payload, which id), and shrinking makes the list
/// shorter and its numbers smaller, removes steps and shortens the clock's moves; what comes back
/// is small enough to read, and its ``ExplorationFailure/recording`` replays it as a test.
///
/// In a module whose default isolation is `MainActor` (a new app's setting), the action's
/// `Decodable` conformance is isolated to the main actor, which Swift refuses for a type that is
/// also `Sendable`: there Swift picks a second form of this function, generic over
/// `Action: Sendable` alone, which finds the conformance on the main actor, where exploration
/// decodes its actions (docs/new-projects.md).
///
/// - Parameters:
///   - interactor: The feature.
///   - initialState: Where each run starts; the interactor's initial value by default.
///   - runs: How many runs to make.
///   - steps: How many actions each run sends.
///   - seed: Makes the runs; the same seed, the same runs.
///   - advances: How far the test clock may move on after an action, one drawn per step (the
///     first is the simplest, to which shrinking goes).
///   - checks: The built-in checks to make (all by default).
///   - excluding: Actions never to send.
///   - allowingIssues: Which issues the library may report without failing the run (by their
///     message): a feature that reports bad input on purpose, such as a move to an offset the list
///     does not have, allows those.
///   - allowingRunningEffects: Which actions' effects may still run at the end of a run, once
///     every timer has fired (a listener the feature keeps on purpose); the others must have ended.
///   - generators: How to make the values of payload types the team knows better than their
///     `Decodable` conformance (``Generator``); the last one given for a type wins.
///   - prepareDependencies: The dependencies of each run; the clocks are the exploration's test
///     clock.
///   - invariants: What must hold after every step.
///   - fileID: The file of the call, where a failure is reported; the compiler fills it in.
///   - filePath: The path of that file, for the same report.
///   - line: The line of the call, for the same report.
///   - column: The column of the call, for the same report.
/// - Returns: The failure, shrunk, or `nil` when every run held.
@MainActor
@discardableResult
public func explore<State: Sendable, Action: Decodable & Sendable>(
  _ interactor: some Interactor<State, Action>,
  initialState: State? = nil,
  runs: Int = 100,
  steps: Int = 30,
  seed: UInt64 = 0,
  advances: [Duration] = [.zero, .zero, .zero, .milliseconds(100), .seconds(1), .seconds(10)],
  checks: ExplorationChecks = .all,
  excluding: @escaping (Action) -> Bool = { _ in false },
  allowingIssues: @escaping (String) -> Bool = { _ in false },
  allowingRunningEffects: @escaping (Action) -> Bool = { _ in false },
  generators: [Generator] = [],
  withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
  invariants: [Invariant<State>] = [],
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> ExplorationFailure<State, Action>? {
  await exploreAndReport(
    decoding: ActionDecoding(), making: runtimes(of: interactor, from: initialState),
    runs: runs, steps: steps, seed: seed, advances: advances, checks: checks, excluding: excluding,
    allowingIssues: allowingIssues, allowingRunningEffects: allowingRunningEffects, generators: generators,
    withDependencies: prepareDependencies, invariants: invariants,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Explores a feature whose action is `Decodable` on the main actor: the same as the form generic
/// over `Action: Decodable & Sendable`, for a module whose default isolation is `MainActor` (a
/// new app's setting), where the action's `Decodable` conformance is isolated to the main actor
/// and Swift refuses it for a type that is also `Sendable`. Swift picks this form only where it
/// cannot pick that one. The conformance is found on the main actor, where exploration decodes
/// its actions; an action type that is not `Decodable` is reported at the call.
///
/// - Parameters:
///   - interactor: The feature.
///   - initialState: Where each run starts; the interactor's initial value by default.
///   - runs: How many runs to make.
///   - steps: How many actions each run sends.
///   - seed: Makes the runs; the same seed, the same runs.
///   - advances: How far the test clock may move on after an action, one drawn per step.
///   - checks: The built-in checks to make (all by default).
///   - excluding: Actions never to send.
///   - allowingIssues: Which issues the library may report without failing the run.
///   - allowingRunningEffects: Which actions' effects may still run at the end of a run.
///   - generators: How to make the values of payload types (``Generator``).
///   - prepareDependencies: The dependencies of each run.
///   - invariants: What must hold after every step.
///   - fileID: The file of the call, where a failure is reported; the compiler fills it in.
///   - filePath: The path of that file, for the same report.
///   - line: The line of the call, for the same report.
///   - column: The column of the call, for the same report.
/// - Returns: The failure, shrunk, or `nil` when every run held (or the action is not `Decodable`).
@_disfavoredOverload
@_documentation(visibility: internal)
@MainActor
@discardableResult
public func explore<State: Sendable, Action: Sendable>(
  _ interactor: some Interactor<State, Action>,
  initialState: State? = nil,
  runs: Int = 100,
  steps: Int = 30,
  seed: UInt64 = 0,
  advances: [Duration] = [.zero, .zero, .zero, .milliseconds(100), .seconds(1), .seconds(10)],
  checks: ExplorationChecks = .all,
  excluding: @escaping (Action) -> Bool = { _ in false },
  allowingIssues: @escaping (String) -> Bool = { _ in false },
  allowingRunningEffects: @escaping (Action) -> Bool = { _ in false },
  generators: [Generator] = [],
  withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
  invariants: [Invariant<State>] = [],
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> ExplorationFailure<State, Action>? {
  guard
    let decoding = actionDecoding(
      Action.self, fileID: fileID, filePath: filePath, line: line, column: column)
  else { return nil }
  return await exploreAndReport(
    decoding: decoding, making: runtimes(of: interactor, from: initialState),
    runs: runs, steps: steps, seed: seed, advances: advances, checks: checks, excluding: excluding,
    allowingIssues: allowingIssues, allowingRunningEffects: allowingRunningEffects, generators: generators,
    withDependencies: prepareDependencies, invariants: invariants,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Makes one run's runtime of `interactor`, for the two forms of `explore(_:initialState:…)`.
@MainActor
private func runtimes<State: Sendable, Action: Sendable>(
  of interactor: some Interactor<State, Action>, from initialState: State?
) -> @MainActor () -> (InteractorRuntime<State, Action>, owner: AnyObject?) {
  {
    // Erased (its body built) and its initial value read here, under the run's dependencies, as
    // the harness does: a body that reads a dependency as it is built (`{ [clock] state, action
    // in ... }`) gets the run's clock, not the test's unimplemented one.
    let interactor = AnyInteractor(interactor)
    return (
      InteractorRuntime(initialState: initialState ?? interactor.initialValue, interactor: interactor), nil
    )
  }
}

/// The `Decodable` conformance of `Action`, found on the main actor; `nil`, reported at the
/// caller's line, when it has none.
@MainActor
func actionDecoding<Action>(
  _ type: Action.Type, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) -> ActionDecoding<Action>? {
  if let decoding = ActionDecoding.found(for: type) { return decoding }
  reportIssue(
    """
    'explore' makes a feature's actions from its action type's Decodable conformance, and \
    \(Action.self) has none, so nothing was explored. Declare it Decodable (an enum's \
    conformance is synthesized: 'enum \(Action.self): Decodable { … }').
    """, fileID: fileID, filePath: filePath, line: line, column: column)
  return nil
}

/// What the public `explore` functions share: checks the counts, explores the runtimes
/// `makeRuntime` makes, and reports the failure at the caller's line.
@MainActor
func exploreAndReport<State: Sendable, Action: Sendable>(
  decoding: ActionDecoding<Action>,
  making makeRuntime: @escaping @MainActor () -> (InteractorRuntime<State, Action>, owner: AnyObject?),
  runs: Int, steps: Int, seed: UInt64, advances: [Duration], checks: ExplorationChecks,
  excluding: @escaping (Action) -> Bool, allowingIssues: @escaping (String) -> Bool,
  allowingRunningEffects: @escaping (Action) -> Bool, generators: [Generator],
  withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void,
  invariants: [Invariant<State>],
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) async -> ExplorationFailure<State, Action>? {
  if runs < 0 || steps < 0 || advances.contains(where: { $0 < .zero }) {
    reportIssue(
      """
      'explore' was given \(runs) run(s) of \(steps) step(s), advancing by \(advances): runs and steps \
      are counts, and the clock only moves on. Negative ones count as zero; pass 0 or more.
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }
  var explorer = Explorer(
    decoding: decoding,
    makeRuntime: makeRuntime,
    advances: advances.isEmpty ? [.zero] : advances.map { max($0, .zero) },
    checks: checks, excluding: excluding, allowingIssues: allowingIssues,
    prepareDependencies: prepareDependencies,
    invariants: invariants)
  explorer.generators = Dictionary(generators.map { ($0.type, $0) }, uniquingKeysWith: { _, last in last })
  explorer.allowingRunningEffects = allowingRunningEffects
  guard let failure = await explorer.explore(runs: max(runs, 0), steps: max(steps, 0), seed: seed) else {
    return nil
  }
  reportIssue(
    failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
  return failure
}

/// Runs the actions of `recording` (the shortest run an exploration found, kept as a regression
/// test) with the same checks as ``explore(_:initialState:runs:steps:seed:advances:checks:excluding:allowingIssues:allowingRunningEffects:generators:withDependencies:invariants:fileID:filePath:line:column:)``,
/// moving the test clock on as the recording did: it fails while the bug is there, and passes
/// once it is fixed.
///
/// ```swift
/// @Test func deletingACompletedTodoCountsItOut() async throws {
///   let recording = try Recording<ChecklistState, ChecklistAction>(jsonLines: savedRun)
///   await explore(ChecklistInteractor(), replaying: recording, invariants: [counted])
/// }
/// ```
///
/// Unlike `InteractorTestHarness.replay(_:clock:timeout:fileID:filePath:line:column:)`, which
/// checks that each state is the one recorded (a recording of a session that went right), this
/// checks the invariants: the recorded states are those of the bug.
///
/// - Parameters:
///   - interactor: The feature, as it is now (fixed or not).
///   - recording: The run to replay: an ``ExplorationFailure/recording``, or one read back with
///     `Recording(jsonLines:)`.
///   - checks: The built-in checks to make.
///   - allowingIssues: Which issues the library may report without failing the replay.
///   - prepareDependencies: The dependencies of the replay; the clocks are its test clock.
///   - invariants: What must hold after every step.
///   - fileID: The file of the call, where a failure is reported; the compiler fills it in.
///   - filePath: The path of that file, for the same report.
///   - line: The line of the call, for the same report.
///   - column: The column of the call, for the same report.
/// - Returns: The failure, or `nil` when every step held.
@MainActor
@discardableResult
public func explore<State: Sendable, Action: Sendable>(
  _ interactor: some Interactor<State, Action>,
  replaying recording: Recording<State, Action>,
  checks: ExplorationChecks = .all,
  allowingIssues: @escaping (String) -> Bool = { _ in false },
  withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
  invariants: [Invariant<State>] = [],
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> ExplorationFailure<State, Action>? {
  // Each action, and the time from it to the next one (to the recording's last entry, after the
  // last action), as the clock moved between them.
  let sent = recording.entries.filter { $0.kind == .action && $0.action != nil }
  let end = recording.entries.map(\.elapsed).max() ?? .zero
  var steps: [(Action, Duration)] = []
  for (index, entry) in sent.enumerated() {
    let next = index + 1 < sent.count ? sent[index + 1].elapsed : end
    steps.append((entry.action!, max(next - entry.elapsed, .zero)))
  }
  let explorer = Explorer(
    // A replay makes no action: its actions are the recording's.
    decoding: nil,
    // Erased under the run's dependencies, as above.
    makeRuntime: {
      (InteractorRuntime(initialState: recording.initialState, interactor: AnyInteractor(interactor)), nil)
    },
    advances: [.zero],
    checks: checks, excluding: { _ in false }, allowingIssues: allowingIssues,
    prepareDependencies: prepareDependencies, invariants: invariants)
  guard
    let failure = await explorer.replay(steps)
  else { return nil }
  reportIssue(failure.description, fileID: fileID, filePath: filePath, line: line, column: column)
  return failure
}

/// Explores the runtimes `makeRuntime` makes, one a run, as
/// ``explore(_:initialState:runs:steps:seed:advances:checks:excluding:allowingIssues:allowingRunningEffects:generators:withDependencies:invariants:fileID:filePath:line:column:)``
/// explores an interactor's, and returns the failure without reporting it: for a host, which
/// explores a feature through the view model it runs (uno-host explore) and prints the failure
/// itself.
///
/// - Parameters:
///   - makeRuntime: Makes one run's runtime, with the run's dependencies in force (the clocks
///     are the run's test clock), and what must stay alive while it runs, such as the view model
///     that owns it.
///   - feature: The name written into the failure's recording.
///   - given: Steps to run once instead of generated runs (a run a crash left behind); `runs`,
///     `steps` and `seed` are then unused, and a failure is not shrunk.
///   - onRun: Called before each generated run, with its index from 0.
///   - onEvent: Told of each run as it begins (those tried while shrinking too) and of each step
///     before its action is sent.
@_spi(Internals)
@MainActor
public func explore<State: Sendable, Action: Sendable>(
  making makeRuntime: @escaping @MainActor () -> (InteractorRuntime<State, Action>, owner: AnyObject?),
  feature: String?,
  runs: Int,
  steps: Int,
  seed: UInt64,
  advances: [Duration],
  checks: ExplorationChecks = .all,
  excluding: @escaping (Action) -> Bool = { _ in false },
  allowingIssues: @escaping (String) -> Bool = { _ in false },
  withDependencies prepareDependencies: @escaping (inout DependencyValues) -> Void = { _ in },
  invariants: [Invariant<State>] = [],
  given: [ExplorationStep]? = nil,
  onRun: (Int) -> Void = { _ in },
  onEvent: ((ExplorationEvent<Action>) -> Void)? = nil
) async -> ExplorationFailure<State, Action>? {
  guard let decoding = ActionDecoding.found(for: Action.self) else {
    preconditionFailure(
      "A host explores features whose actions are Codable (FeaturePlugin checks it); \(Action.self) is not.")
  }
  var explorer = Explorer(
    decoding: decoding,
    makeRuntime: makeRuntime,
    advances: advances.isEmpty ? [.zero] : advances.map { max($0, .zero) },
    checks: checks, excluding: excluding, allowingIssues: allowingIssues,
    prepareDependencies: prepareDependencies, invariants: invariants)
  explorer.feature = feature
  explorer.onEvent = onEvent
  if let given { return await explorer.run(given: given) }
  return await explorer.explore(runs: max(runs, 0), steps: max(steps, 0), seed: seed, onRun: onRun)
}
