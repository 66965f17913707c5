import CustomDump
import Dependencies
import Foundation
@_spi(Internals) import UnoCore
@_spi(Internals) import UnoPresentation

/// Explores a feature through its view model: as
/// ``explore(_:initialState:runs:steps:seed:advances:checks:excluding:allowingIssues:allowingRunningEffects:generators:withDependencies:invariants:fileID:filePath:line:column:)``
/// explores an interactor, with its view state reduced after every change, as an app's views see
/// it. Beside the invariants (of the domain state), every step checks
/// ``ExplorationChecks/viewStateMatchesState``: the view state the view model shows is the one its
/// `ViewStateReducer` makes from the domain state, so that a reducer that leaves a field as an
/// earlier state set it (a stale count, a row still shown after it was deleted) is found; and the
/// reducer runs on every state the runs reach, so that one it cannot handle shows.
///
/// ```swift
/// @MainActor
/// @Test func todosShowWhatTheyHold() async {
///   let failure = await explore(
///     TodosInteractor.makeViewModel(), runs: 100, steps: 30, seed: 2026,
///     withDependencies: { $0.uuid = .incrementing },
///     invariants: TodosState.invariants)
///   #expect(failure == nil)
/// }
/// ```
///
/// `viewModel` is evaluated once a run, with the run's dependencies in force (its clocks are the
/// exploration's test clock), so that every run starts from a view model of its own.
///
/// In a module whose default isolation is `MainActor` (a new app's setting), the action's
/// `Decodable` conformance is isolated to the main actor, which Swift refuses for a type that is
/// also `Sendable`: there Swift picks a second form of this function, generic over
/// `Action: Sendable` alone, which finds the conformance on the main actor, where exploration
/// decodes its actions (docs/new-projects.md).
///
/// - Parameters:
///   - viewModel: Makes the view model of one run.
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
///   - invariants: What must hold of the domain state after every step.
///   - fileID: The file of the call, where a failure is reported; the compiler fills it in.
///   - filePath: The path of that file, for the same report.
///   - line: The line of the call, for the same report.
///   - column: The column of the call, for the same report.
/// - Returns: The failure, shrunk, or `nil` when every run held.
@MainActor
@discardableResult
public func explore<Action: Decodable & Sendable, DomainState: Sendable, ViewState>(
  _ viewModel: @autoclosure @escaping @MainActor () -> ViewModel<Action, DomainState, ViewState>,
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
  invariants: [Invariant<DomainState>] = [],
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> ExplorationFailure<DomainState, Action>? {
  await exploreAndReport(
    decoding: ActionDecoding(), making: runtimes(of: viewModel),
    runs: runs, steps: steps, seed: seed, advances: advances, checks: checks, excluding: excluding,
    allowingIssues: allowingIssues, allowingRunningEffects: allowingRunningEffects, generators: generators,
    withDependencies: prepareDependencies, invariants: invariants,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Explores a feature through its view model when its action is `Decodable` on the main actor:
/// the same as the form generic over `Action: Decodable & Sendable`, for a module whose default isolation is `MainActor`, where the action's `Decodable`
/// conformance is isolated to the main actor and Swift refuses it for a type that is also
/// `Sendable`. Swift picks this form only where it cannot pick that one; an action type that is
/// not `Decodable` is reported at the call.
///
/// - Parameters:
///   - viewModel: Makes the view model of one run.
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
///   - invariants: What must hold of the domain state after every step.
///   - fileID: The file of the call, where a failure is reported; the compiler fills it in.
///   - filePath: The path of that file, for the same report.
///   - line: The line of the call, for the same report.
///   - column: The column of the call, for the same report.
/// - Returns: The failure, shrunk, or `nil` when every run held (or the action is not `Decodable`).
@_disfavoredOverload
@_documentation(visibility: internal)
@MainActor
@discardableResult
public func explore<Action: Sendable, DomainState: Sendable, ViewState>(
  _ viewModel: @autoclosure @escaping @MainActor () -> ViewModel<Action, DomainState, ViewState>,
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
  invariants: [Invariant<DomainState>] = [],
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> ExplorationFailure<DomainState, Action>? {
  guard
    let decoding = actionDecoding(
      Action.self, fileID: fileID, filePath: filePath, line: line, column: column)
  else { return nil }
  return await exploreAndReport(
    decoding: decoding, making: runtimes(of: viewModel),
    runs: runs, steps: steps, seed: seed, advances: advances, checks: checks, excluding: excluding,
    allowingIssues: allowingIssues, allowingRunningEffects: allowingRunningEffects, generators: generators,
    withDependencies: prepareDependencies, invariants: invariants,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Makes one run's runtime, and its view model as the run's owner, for the two forms of
/// `explore(_:runs:…)` of a view model.
@MainActor
private func runtimes<Action: Sendable, DomainState: Sendable, ViewState>(
  of viewModel: @escaping @MainActor () -> ViewModel<Action, DomainState, ViewState>
) -> @MainActor () -> (InteractorRuntime<DomainState, Action>, owner: AnyObject?) {
  {
    let made = viewModel()
    return (made._runtime, explorationOwner(of: made))
  }
}

/// What a run that explores `viewModel` keeps alive (the view model) and checks after every step
/// (``ExplorationChecks/viewStateMatchesState``): a host that explores its features' view models
/// returns it as the owner of the run's runtime. Make it before the first action is sent.
@_spi(Internals)
@MainActor
public func explorationOwner<Action: Sendable, DomainState: Sendable, ViewState>(
  of viewModel: ViewModel<Action, DomainState, ViewState>
) -> AnyObject {
  ViewModelUnderExploration(viewModel)
}

/// A run's owner whose view state is checked after every step.
@MainActor
protocol ViewStateCheck: AnyObject {
  /// The check that broke, naming the difference, or `nil` when the view state is the one the
  /// domain state makes (or cannot be compared).
  func mismatch() -> String?
}

/// A view model being explored, with the view state it started with: the one a view state made
/// from scratch is reduced into.
@MainActor
final class ViewModelUnderExploration<Action: Sendable, DomainState: Sendable, ViewState>:
  ViewStateCheck
{
  let viewModel: ViewModel<Action, DomainState, ViewState>
  let initial: ViewState
  /// Whether the domain state has changed since the view model was made. Before its first change
  /// the view model shows the initial view state it was given, which is trusted as it is.
  private var changed = false

  init(_ viewModel: ViewModel<Action, DomainState, ViewState>) {
    self.viewModel = viewModel
    self.initial = viewModel.viewState
    viewModel._runtime.addObserver { [weak self] _ in self?.changed = true }
  }

  func mismatch() -> String? {
    guard changed else { return nil }
    let shown = viewModel.viewState
    let made = viewModel._reduceViewState(viewModel.domainState, into: initial)
    guard let same = Self.same(shown, made), !same else { return nil }
    let difference = (diff(made, shown, format: .proportional) ?? "")
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    return """
      the view state is the one its reducer makes from the state (the reducer from scratch \
      (−), the view model (+): \(difference))
      """
  }

  /// Whether two view states are the same: by `==` when the type is `Equatable`, else by their
  /// JSON when it is `Encodable`; `nil` when it is neither.
  private static func same(_ lhs: ViewState, _ rhs: ViewState) -> Bool? {
    func equal<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool { (rhs as? Value) == lhs }
    if let lhs = lhs as? any Equatable { return equal(lhs, rhs) }
    if let lhs = lhs as? any Encodable, let rhs = rhs as? any Encodable {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      guard let left = try? encoder.encode(lhs), let right = try? encoder.encode(rhs) else { return nil }
      return left == right
    }
    return nil
  }
}
