import Clocks
import CustomDump
import Dependencies
import Foundation
import IssueReporting
@_spi(Internals) import UnoCore

/// The engine behind `explore(_:initialState:runs:steps:seed:…)` and `explore(_:replaying:…)`:
/// makes runs, runs them through the one runtime (``InteractorRuntime``, as the harness does),
/// and shrinks a failing one.
@MainActor
struct Explorer<State: Sendable, Action: Sendable> {
  /// The action type's `Decodable` conformance, which makes actions from choices; `nil` for a
  /// replay, which makes none.
  let decoding: ActionDecoding<Action>?
  /// Makes the runtime of one run, with the run's dependencies in force, and what must stay alive
  /// while it runs (a view model that owns it: its view state is reduced on every change).
  let makeRuntime: @MainActor () -> (InteractorRuntime<State, Action>, owner: AnyObject?)
  /// The feature's name, written into a failure's recording (so that `uno-host replay` knows it).
  var feature: String? = nil
  let advances: [Duration]
  let checks: ExplorationChecks
  let excluding: (Action) -> Bool
  let allowingIssues: (String) -> Bool
  /// Which actions' effects may still run at the end of a run (a listener the feature starts and
  /// keeps on purpose).
  var allowingRunningEffects: (Action) -> Bool = { _ in false }
  let prepareDependencies: (inout DependencyValues) -> Void
  let invariants: [Invariant<State>]
  /// The team's generators, by the type they make.
  var generators: [ObjectIdentifier: Generator] = [:]
  /// Told of each run as it begins (those tried while shrinking too) and of each step before its
  /// action is sent: a host's child process announces them, so that a crash leaves the run that
  /// caused it behind.
  var onEvent: ((ExplorationEvent<Action>) -> Void)? = nil
  /// The actions made so far, by their choices, for every run of the exploration and every run
  /// tried while shrinking.
  let memo = ActionMemo<Action>()

  /// One step of a run: the choices its action is made from, and which of ``advances`` the clock
  /// then moves on by.
  typealias Step = ExplorationStep

  /// What running a run found: the steps it took (each with the choices it made, which may be
  /// fewer than given), and the first check that broke, if any.
  struct Outcome {
    var steps: [Step]
    var actions: [Action]
    /// How far the clock moved on after each action.
    var advances: [Duration]
    var failure: Broken?
    /// The run as a recording, when it was asked for.
    var recording: Recording<State, Action>?
  }

  /// A check that broke, at which step (`nil`: at the end of the run), with the states around it.
  struct Broken {
    var check: String
    var step: Int?
    var before: State
    var after: State
  }

  /// How many times an action is drawn again when the one drawn is excluded or cannot be made.
  private static var redraws: Int { 16 }

  func explore(
    runs: Int, steps: Int, seed: UInt64, onRun: (Int) -> Void = { _ in }
  ) async -> ExplorationFailure<State, Action>? {
    await ExplorationTurn.begin()
    defer { ExplorationTurn.end() }
    var generator = SplitMix64(seed: seed)
    for index in 0..<max(runs, 0) {
      onRun(index)
      let runSeed = generator.next()
      let outcome = await run(.generated(SplitMix64(seed: runSeed), steps: steps))
      guard let broken = outcome.failure else { continue }
      let original = outcome.steps.count
      let (shortest, found) = await shrink(outcome.steps, broken: broken)
      return await failure(of: shortest, broken: found, seed: seed, originalLength: original)
    }
    return nil
  }

  /// Where a run's steps come from.
  enum Source {
    /// Drawn as the run goes: `steps` of them.
    case generated(SplitMix64, steps: Int)
    /// These steps, as a failing run had them (shrunk).
    case given([Step])
    /// These actions, each followed by a move of the clock (a recording's).
    case actions([(Action, Duration)])
  }

  /// Runs `actions` (a recording's), each followed by its move of the clock, with every check.
  func replay(_ actions: [(Action, Duration)]) async -> ExplorationFailure<State, Action>? {
    await runOnce(.actions(actions), length: actions.count)
  }

  /// Runs `steps` (a run a failure left behind, as ``ExplorationStep``s) once, with every check,
  /// announcing it to ``onEvent``; the failure, if the run breaks a check, is not shrunk.
  func run(given steps: [Step]) async -> ExplorationFailure<State, Action>? {
    await runOnce(.given(steps), length: steps.count)
  }

  /// Runs `source` once, recorded, and its failure unshrunk, as a replay reports it.
  private func runOnce(_ source: Source, length: Int) async -> ExplorationFailure<State, Action>? {
    await ExplorationTurn.begin()
    defer { ExplorationTurn.end() }
    let outcome = await run(source, recording: true)
    guard let broken = outcome.failure else { return nil }
    return ExplorationFailure(
      check: broken.check, seed: nil, actions: outcome.actions, advances: outcome.advances,
      before: broken.before, after: broken.after, recording: outcome.recording!,
      originalLength: length)
  }

  /// Runs a run from the initial state with a test clock of its own, checking after each step,
  /// and tells ``onEvent`` of it and of each step before it is sent.
  func run(
    _ source: Source, recording: Bool = false, grace: Duration = Self.endingGracePeriod
  ) async -> Outcome {
    // A run of actions that start no effect never suspends: without this, an exploration held the
    // main actor for all its runs, and other work on it (another test's effects writing back)
    // waited seconds.
    await Task.yield()
    // The harness's clock: a move wakes one deadline at a time and lets the effects it woke run
    // until they sleep again or end, before it moves on.
    let clock = HarnessClock()
    let runtime = Dependencies.withDependencies {
      $0.continuousClock = clock
      $0.suspendingClock = clock
      prepareDependencies(&$0)
    } operation: {
      makeRuntime()
    }
    clock.letEffectsRun(of: runtime.0)
    if recording { runtime.0.record(limit: 100_000, feature: feature, clock: clock) }
    onEvent?(.runStarted)
    // A view model's view state is checked after every step, when the run is a view model's.
    let views = checks.contains(.viewStateMatchesState) ? runtime.owner as? any ViewStateCheck : nil
    var outcome = await drive(runtime.0, clock: clock, source, views: views, grace: grace)
    if recording { outcome.recording = runtime.0.recording }
    runtime.0.cancelAllEffects()
    withExtendedLifetime(runtime.owner) {}
    return outcome
  }

  /// Sends the run's actions to `runtime`, checking after each step and at the end.
  private func drive(
    _ runtime: InteractorRuntime<State, Action>, clock: HarnessClock, _ source: Source,
    views: (any ViewStateCheck)?, grace: Duration
  ) async -> Outcome {
    // Issues reported after the run (by effects it cancelled, as they end) are not read: the run
    // is over, and its effects are the exploration's doing, not the feature's.
    let issues = IssueCapture.Collector()
    var outcome = Outcome(steps: [], actions: [], advances: [], failure: nil)
    // The ids the state holds, found again only after the state has changed: walking a state for
    // its ids is most of a step's cost when the step changes nothing.
    let ids = IDs(comparing: runtime.state)
    var generator: SplitMix64?
    let count: Int
    switch source {
    case .generated(let seeded, let steps):
      generator = seeded
      count = steps
    case .given(let steps):
      count = steps.count
    case .actions(let actions):
      count = actions.count
    }
    if let broken = brokenInvariant(in: runtime.state) {
      outcome.failure = Broken(check: broken, step: nil, before: runtime.state, after: runtime.state)
      return outcome
    }
    for index in 0..<count {
      let made: Action
      var advance = 0
      var moved: Duration
      switch source {
      case .generated:
        var choices = Choices(drawingFrom: generator!)
        guard let action = makeAction(&choices, ids: ids.pool(of: runtime.state)) else { continue }
        generator = choices.remainingGenerator
        advance = Int(generator!.next() % UInt64(advances.count))
        (made, moved) = (action, advances[advance])
        outcome.steps.append(Step(choices: choices.made, advance: advance))
      case .given(let steps):
        var choices = Choices(replaying: steps[index].choices)
        guard let action = makeAction(&choices, ids: ids.pool(of: runtime.state)) else { continue }
        advance = min(steps[index].advance, advances.count - 1)
        (made, moved) = (action, advances[advance])
        outcome.steps.append(Step(choices: choices.made, advance: advance))
      case .actions(let actions):
        (made, moved) = actions[index]
        outcome.steps.append(Step(choices: [], advance: 0))
      }
      outcome.actions.append(made)
      outcome.advances.append(moved)
      onEvent?(.stepping(outcome.steps[outcome.steps.count - 1], made))
      let before = runtime.state
      // The issues the action's step reports, and those its effects report later, are the
      // exploration's: reported once, with the shortest run, if they fail it (allowed ones not at
      // all). The collector is bound to the send, and the effects it starts inherit it.
      IssueCapture.$collector.withValue(issues) { _ = runtime.send(made) }
      await settle(runtime, clock: clock, by: moved)
      if let issue = firstIssue(issues) {
        outcome.failure = Broken(
          check: issue, step: outcome.steps.count - 1, before: before, after: runtime.state)
        return outcome
      }
      if let broken = brokenInvariant(in: runtime.state) ?? views?.mismatch() {
        outcome.failure = Broken(
          check: broken, step: outcome.steps.count - 1, before: before, after: runtime.state)
        return outcome
      }
    }
    let last = runtime.state
    if checks.contains(.noEffectsLeftRunning), runtime.diagnostics.runningEffects > 0 {
      // Every timer fires, and those their effects start when they wake (a save after a sort),
      // an hour of the run's clock at a time, three at most (a timer that starts itself again
      // would go on); what still runs then waits on something no time brings. An effect that was
      // cancelled, or is writing its last, ends on a thread of its own: it is given up to
      // `grace` of the continuous clock (``endingGracePeriod``, shorter while shrinking), as the
      // harness gives one when a test ends.
      // That wait is suspended, in slices, so that the main actor is free meanwhile (for those
      // effects' writes and for other work on it, another test's), and a slice ends as soon as no
      // effect runs; between slices, timers the ending effects started are fired as above.
      let deadline = ContinuousClock.now.advanced(by: grace)
      var hours = 0
      while runtime.actionsWithRunningEffects.contains(where: { !allowingRunningEffects($0) }) {
        if clock.sleepers > 0, hours < 3 {
          await clock.advance(by: .seconds(3_600))
          hours += 1
          await settle(runtime, clock: clock, by: .zero)
          continue
        }
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { break }
        _ = await runtime.waitForAllEffects(
          timeout: min(left, Self.endingWaitSlice), clock: ContinuousClock())
        await settle(runtime, clock: clock, by: .zero)
      }
      // An effect woken at the end may report an issue: the run's last step caused it.
      if let issue = firstIssue(issues) {
        outcome.failure = Broken(
          check: issue, step: outcome.steps.count - 1, before: last, after: runtime.state)
        return outcome
      }
      let running = runtime.actionsWithRunningEffects.filter { !allowingRunningEffects($0) }
      if !running.isEmpty {
        var dumped = ""
        customDump(running[0], to: &dumped, maxDepth: 4)
        outcome.failure = Broken(
          check:
            "no effect left running at the end of a run (one of \(dumped.replacingOccurrences(of: "\n", with: " ")) is)",
          step: nil, before: last, after: runtime.state)
        return outcome
      }
    }
    if checks.contains(.codableRoundTrip), let message = codableRoundTripFailure(runtime.state) {
      outcome.failure = Broken(check: message, step: nil, before: last, after: runtime.state)
    }
    return outcome
  }

  /// An action made from `choices`, drawn again (up to ``redraws`` times) when the one made is
  /// excluded or its type cannot be made from choices.
  private func makeAction(_ choices: inout Choices, ids: IDPool) -> Action? {
    for _ in 0..<Self.redraws {
      let action: Action?
      if let kept = memo.action(from: &choices) {
        action = kept
      } else if let decoding {
        let decoder = ChoiceDecoder(choices: choices, ids: ids, generators: generators)
        action = try? decoding.decode(decoder)
        choices = decoder.choices
        if !decoder.readState { memo.keep(action, asked: decoder.asked) }
      } else {
        return nil
      }
      if let action, !excluding(action) { return action }
    }
    return nil
  }

  /// Lets the effects the last action started run: until they wait on the clock, then, when
  /// `duration` is not zero, moves the clock on by it and lets them run again.
  private func settle(
    _ runtime: InteractorRuntime<State, Action>, clock: HarnessClock, by duration: Duration
  )
    async
  {
    if duration > .zero {
      // The clock first lets the effects the action started run until they wait on it (an effect
      // whose task had not reached its sleep when the clock moved on would fix its deadline after
      // the move, and miss it), then wakes each deadline it passes in turn.
      await clock.advance(by: duration)
    }
    // A move of nothing: the clock's own wait, until every effect waits on it (or none runs), or,
    // while one waits on something else, until its quiet turns have changed nothing.
    await clock.advance(by: .zero)
  }

  /// How long, at the end of a run, effects that are ending are waited for before one still
  /// running is a failure.
  static var endingGracePeriod: Duration { .seconds(2) }

  /// The grace period of the runs tried while shrinking. A run that leaves an effect running
  /// waits it out in full, and shrinking tries dozens: with the whole period, shrinking such a
  /// failure took a minute. The shortest run is then run once more with the whole period, for
  /// the report.
  private static var shrinkingGracePeriod: Duration { .milliseconds(250) }

  /// How long one suspended wait for ending effects lasts before timers they started are looked
  /// for again.
  private static var endingWaitSlice: Duration { .milliseconds(50) }

  /// The first issue `issues` collected that is not allowed, as a check that broke, when the
  /// built-in check is on.
  private func firstIssue(_ issues: IssueCapture.Collector) -> String? {
    let first = issues.take().first { !allowingIssues($0) }
    guard checks.contains(.noLibraryIssues), let first else { return nil }
    return "no issue reported by the library (\(first))"
  }

  /// The name of the first invariant `state` breaks.
  private func brokenInvariant(in state: State) -> String? {
    invariants.first { !$0.holds(state) }?.name
  }

  /// Why `state` does not survive a `Codable` round trip, when it is `Codable` and `Equatable`.
  private func codableRoundTripFailure(_ state: State) -> String? {
    func check<S: Codable & Equatable>(_ state: S) -> String? {
      do {
        let back = try JSONDecoder().decode(S.self, from: JSONEncoder().encode(state))
        return back == state ? nil : "the state survives a Codable round trip (it came back different)"
      } catch {
        return "the state survives a Codable round trip (\(error))"
      }
    }
    guard let codable = state as? any (Codable & Equatable) else { return nil }
    return check(codable)
  }

  /// The ids of a run's state (``IDPool``), kept while the state stays the same (told by `==`,
  /// when the state is `Equatable`): an action that changes nothing is common (a filter picked
  /// again, a sheet closed that was not open), and comparing two states costs less than walking one
  /// for its ids, which was most of such a step's time.
  @MainActor
  private final class IDs {
    private var current: (state: State, pool: IDPool)?
    private let same: ((State, State) -> Bool)?

    /// Ids kept by `==` when `state` (the run's first, any will do) is `Equatable`; found again
    /// at every step otherwise.
    init(comparing state: State) {
      same = Self.comparison(of: state)
    }

    /// The ids `state` holds.
    func pool(of state: State) -> IDPool {
      if let current, let same, same(current.state, state) { return current.pool }
      let made = IDPool(state: state)
      current = (state, made)
      return made
    }

    /// `==` on `State`, when it is `Equatable`.
    private static func comparison(of state: State) -> ((State, State) -> Bool)? {
      // (Cast, not forced: a state of an existential type may hold values of other types.)
      func equal<Value: Equatable>(_: Value) -> (State, State) -> Bool {
        { lhs, rhs in
          guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
          return lhs == rhs
        }
      }
      guard let equatable = state as? any Equatable else { return nil }
      return equal(equatable)
    }
  }

  // MARK: Shrinking

  /// The shortest run found that still breaks the check `broken` broke (``shrinkRun(_:failingAt:budget:attempt:)``,
  /// each candidate run here, in the process).
  private func shrink(_ steps: [Step], broken: Broken) async -> ([Step], Broken) {
    var bestBroken = broken
    let best = await shrinkRun(steps, failingAt: broken.step, budget: 2_000) { candidate in
      let outcome = await run(.given(candidate), grace: Self.shrinkingGracePeriod)
      guard let found = outcome.failure, Self.sameCheck(found.check, bestBroken.check) else { return nil }
      bestBroken = found
      return (outcome.steps, found.step)
    }
    return (best, bestBroken)
  }

  /// Two checks are the same when they name the same invariant or built-in check (a built-in
  /// check's details, such as the issue's text, may differ).
  private static func sameCheck(_ lhs: String, _ rhs: String) -> Bool {
    func kind(_ check: String) -> Substring { check.prefix { $0 != "(" } }
    return kind(lhs) == kind(rhs)
  }

  /// The report of the shortest run, made by running it once more with a recording.
  private func failure(
    of steps: [Step], broken: Broken, seed: UInt64, originalLength: Int
  ) async -> ExplorationFailure<State, Action> {
    let outcome = await run(.given(steps), recording: true)
    let found = outcome.failure ?? broken
    return ExplorationFailure(
      check: found.check, seed: seed, actions: outcome.actions, advances: outcome.advances,
      before: found.before, after: found.after,
      recording: outcome.recording!, originalLength: originalLength)
  }
}
