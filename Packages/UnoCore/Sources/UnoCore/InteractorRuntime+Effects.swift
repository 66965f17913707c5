import ConcurrencyExtras
import IssueReporting

// Turning an emission into running tasks: one walk plans them, then they start, each tracked by
// the effect registry until it returns.
extension InteractorRuntime {
  /// What one step's emission asks for, found in one walk of it: the ids to cancel, and the
  /// effects to start, in the order written.
  @usableFromInline
  struct EffectPlan {
    @usableFromInline var cancellations: [AnyHashableSendable] = []
    /// An array, not a ``OneOrMore``: a plan holding its first effect inline is large, and
    /// every step (a state-only one too) made and destroyed an optional plan, which cost a
    /// state-only send 50 -> 57 ns.
    @usableFromInline var effects: [PlannedEffect] = []
    /// Effects to adopt (``Emission/adopt(id:then:)``), after the cancellations and before
    /// the new effects start.
    @usableFromInline var adoptions: [PlannedAdoption] = []
    /// Inlinable, as everything on the step's path: called out of line, it ran unspecialised,
    /// looking up the metadata of the lists it makes.
    @inlinable init() {}
  }

  /// An effect to start: its work, every id it runs under (cancellation ids and the child scopes
  /// around it), and those child scopes, which must still be alive when it starts.
  @usableFromInline
  struct PlannedEffect {
    @usableFromInline let operation: Emission<State>.Operation
    @usableFromInline let ids: [AnyHashableSendable]
    @usableFromInline let scopes: [ChildScope]

    @inlinable
    init(operation: Emission<State>.Operation, ids: [AnyHashableSendable], scopes: [ChildScope]) {
      (self.operation, self.ids, self.scopes) = (operation, ids, scopes)
    }
  }

  /// An effect to adopt, by its id; what to run next, given whether one was; and where in the
  /// emission it was (the ids and child scopes around it), for what that starts.
  @usableFromInline
  struct PlannedAdoption {
    @usableFromInline let id: AnyHashableSendable
    @usableFromInline let then: @MainActor @Sendable (Bool) -> Emission<State>
    @usableFromInline let ids: [AnyHashableSendable]
    @usableFromInline let scopes: [ChildScope]

    @inlinable
    init(
      id: AnyHashableSendable, then: @escaping @MainActor @Sendable (Bool) -> Emission<State>,
      ids: [AnyHashableSendable],
      scopes: [ChildScope]
    ) {
      (self.id, self.then, self.ids, self.scopes) = (id, then, ids, scopes)
    }
  }

  /// A child scope around an effect or an operator-state slot (``Emission/tied(to:while:)``).
  @usableFromInline
  struct ChildScope: Sendable {
    @usableFromInline let id: AnyHashableSendable
    @usableFromInline let isAlive: @MainActor @Sendable (State) -> Bool
    @usableFromInline let group: LifetimeGroup<State>?

    @inlinable
    init(
      id: AnyHashableSendable, isAlive: @escaping @MainActor @Sendable (State) -> Bool,
      group: LifetimeGroup<State>?
    ) {
      (self.id, self.isAlive, self.group) = (id, isAlive, group)
    }
  }

  /// The one walk of a step's emission. Runs its operator-state steps now, as part of the step
  /// (they may change the state), and returns the cancellations and effects that remain.
  ///
  /// An emission that is one effect and nothing else (`.perform` alone, the commonest) is not
  /// walked: its plan is empty, and the effect is started from the emission
  /// (``loneEffect(of:_:)``), without a list of planned effects (an allocation) and the copies of
  /// the effect into it and out of it. (The plan stays two words: a third cost every state-only
  /// send, which makes and destroys an optional plan, 6 instructions.)
  @inlinable
  func planEffects(_ emission: Emission<State>, origin: Action) -> EffectPlan {
    var plan = EffectPlan()
    if let box = emission.box, case .run = box.storage { return plan }
    walk(emission, ids: [], scopes: [], origin: origin, into: &plan)
    return plan
  }

  @inlinable
  func walk(
    _ emission: Emission<State>, ids: [AnyHashableSendable], scopes: [ChildScope], origin: Action,
    into plan: inout EffectPlan
  ) {
    // The box's storage, matched where it is: copying the enum out (`emission.storage`) went
    // through its generic value witnesses, a metadata lookup each.
    guard let box = emission.box else { return }
    switch box.storage {
    case .none:
      break
    case .run(let operation):
      plan.effects.append(PlannedEffect(operation: operation, ids: ids, scopes: scopes))
    case .merge(let children):
      for child in children { walk(child, ids: ids, scopes: scopes, origin: origin, into: &plan) }
    case .cancellable(let id, let cancelInFlight, let child):
      if cancelInFlight { plan.cancellations.append(id) }
      walk(child, ids: ids + [id], scopes: scopes, origin: origin, into: &plan)
    case .lifetime(let id, let isAlive, let group, let child):
      walk(
        child, ids: ids + [id], scopes: scopes + [ChildScope(id: id, isAlive: isAlive, group: group)],
        origin: origin, into: &plan)
    case .cancel(let id):
      plan.cancellations.append(id)
    case .operatorState(let id, let body):
      guard !isPlanningAfterStep else { return reportOperatorStateAfterStep(id) }
      // The slot is changed where the table keeps it: one lookup, not a read and a write back.
      var (held, holds) = (false, false)
      let produced = Self.change(&operatorStates[IDKey(id)]) { slot in
        held = slot != nil
        defer { holds = slot != nil }
        isChangingState = true
        defer { isChangingState = false }
        return body(&_state, &slot)
      }
      // A scope may have nothing left to end now: look for idle scopes at the end of the step.
      if held && !holds { endedEffectsSeen = -1 }
      // A slot created inside child scopes is dropped when any of them ends.
      if holds, !scopes.isEmpty {
        for scope in scopes {
          watch(scope)
          self.scopes[scope.id]!.slots.insert(id)
        }
      }
      walk(produced, ids: ids, scopes: scopes, origin: origin, into: &plan)
    case .adopt(let id, let then):
      plan.adoptions.append(PlannedAdoption(id: id, then: then, ids: ids, scopes: scopes))
    case .concatenate(let parts, let callSite):
      let operation = sequence(parts, callSite: callSite, ids: ids, scopes: scopes, origin: origin)
      plan.effects.append(PlannedEffect(operation: operation, ids: ids, scopes: scopes))
    }
  }

  /// Calls `body` with `value` in place: given a dictionary's subscript, the entry is found once
  /// for reading and writing it.
  @inlinable
  static func change<Value, Result>(_ value: inout Value, _ body: (inout Value) -> Result) -> Result {
    body(&value)
  }

  @usableFromInline
  func reportOperatorStateAfterStep(_ id: AnyHashableSendable) {
    reportLibraryIssue(
      """
      An emission returned by 'Emission.adopt(id:then:)' holds operator state (id \(id)), which \
      was skipped: 'then' runs after the step's state change was published, when state can no \
      longer change. Update operator state in the emission around the adoption instead, and \
      return only effects, cancellations and adoptions from 'then'.
      """
    )
  }

  /// Runs a step's plan and returns the ``EventTask`` that covers it: the queued action's group
  /// if it has one, otherwise a group made on the first effect. An effect's write runs what it
  /// emits in the effect's own group.
  ///
  /// The group stays open until the step has started all of its effects, so that it cannot
  /// complete between two of them; an action's one effect opens its group already released
  /// (``EffectRegistry/reserve(_:in:releasingNewGroup:)``), one turn of the registry's lock
  /// fewer.
  @inlinable
  func runEffects(
    _ plan: EffectPlan?, of emission: Emission<State>, _ kind: StepKind, origin: Action
  )
    -> EventTask
  {
    switch kind {
    case .effect(let group):
      var owner: EffectGroup? = group
      if let plan { run(plan, of: emission, group: &owner, origin: origin) }
      return .none
    case .action(let queuedGroup):
      var group = queuedGroup
      if let plan {
        if queuedGroup == nil, let operation = loneEffect(of: emission, plan) {
          // Nothing else starts in the group during this step.
          start(operation, ids: [], group: &group, origin: origin, releasingNewGroup: true)
          return EventTask(group: group)
        }
        run(plan, of: emission, group: &group, origin: origin)
      }
      guard let group else { return .none }
      registry.release(group)
      return EventTask(group: group)
    }
  }

  /// The one place where planned effects become running tasks.
  ///
  /// Cancellations first (``Emission/cancel(id:)-(HashableSendable)`` and `cancelInFlight`), so that they only
  /// reach effects that were running before; then the new effects. `group` is created on the
  /// first effect if the caller has none.
  @inlinable
  func run(_ plan: EffectPlan, of emission: Emission<State>, group: inout EffectGroup?, origin: Action) {
    if let operation = loneEffect(of: emission, plan) {
      return start(operation, ids: [], group: &group, origin: origin)
    }
    runPlanned(plan, group: &group, origin: origin)
  }

  /// Runs what `plan` lists, in order: cancellations, adoptions, new effects.
  @inlinable
  func runPlanned(_ plan: EffectPlan, group: inout EffectGroup?, origin: Action) {
    registry.cancel(ids: plan.cancellations)
    for adoption in plan.adoptions {
      let adopted = registry.adopt(newestWith: adoption.id, into: &group, origin: origin)
      // Every record of this runtime's registry is one of its contexts.
      if let adopted { unsafeDowncast(adopted, to: EffectContext.self).action = origin }
      let next = adoption.then(adopted != nil)
      guard !next.isNone else { continue }
      runAfterStep(next, ids: adoption.ids, scopes: adoption.scopes, group: &group, origin: origin)
    }
    for effect in plan.effects {
      // A child removed in the step that returned its effects never starts them.
      guard effect.scopes.allSatisfy({ $0.isAlive(_state) }) else { continue }
      for scope in effect.scopes { watch(scope) }
      start(effect.operation, ids: effect.ids, group: &group, origin: origin)
    }
  }

  /// Plans and runs `emission` once the step that made it has been published (what an adoption's
  /// `then` returns, a concatenated part): it may start, cancel and adopt effects, but operator
  /// state in it, which would change the state, is refused (``reportOperatorStateAfterStep(_:)``).
  @inlinable @inline(__always)
  func runAfterStep(
    _ emission: Emission<State>, ids: [AnyHashableSendable], scopes: [ChildScope], group: inout EffectGroup?,
    origin: Action
  ) {
    var plan = EffectPlan()
    isPlanningAfterStep = true
    walk(emission, ids: ids, scopes: scopes, origin: origin, into: &plan)
    isPlanningAfterStep = false
    runPlanned(plan, group: &group, origin: origin)
  }

  /// The effect of an emission that is one effect and nothing else, which ``planEffects(_:origin:)`` did
  /// not walk.
  @inlinable
  func loneEffect(of emission: Emission<State>, _ plan: EffectPlan) -> Emission<State>.Operation? {
    guard plan.effects.isEmpty, let box = emission.box, case .run(let operation) = box.storage else {
      return nil
    }
    return operation
  }

  /// Starts one effect in `group`, which is made here (in the same turn of the registry's lock as
  /// the effect's reservation) if the step has none yet.
  @inlinable
  func start(
    _ operation: consuming Emission<State>.Operation, ids: [AnyHashableSendable], group: inout EffectGroup?,
    origin: Action, releasingNewGroup: Bool = false
  ) {
    let effect = EffectContext(
      runtime: self, registry: registry, ids: ids, action: origin, snapshot: state, operation: operation,
      inspection: inspection?.takeUnretainedValue())
    let (owner, reserved) = registry.reserve(effect, in: group, releasingNewGroup: releasingNewGroup)
    group = owner
    guard reserved else { return }
    if let session = effect.inspection { Self.inspectStart(of: effect, in: session) }
    registry.attach(
      Self.startTask(effect, priority: effect.operation.priority, on: _effectExecutor), to: effect)
  }

  /// A running effect: the registry's record of it, and what its task, and the `state`, `send`
  /// and error report it hands the effect's work, need. One object, which each of those closures
  /// captures alone (so that none allocates a context of its own), with one weak reference to the
  /// runtime.
  @usableFromInline
  final class EffectContext: EffectRecord, @unchecked Sendable {
    // Why `@unchecked Sendable` is sound: what it adds to its record are constants of `Sendable`
    // types, a weak constant reference to the runtime, which is `Sendable`, and `action`, which is
    // only read and written on the main actor (by the runtime's steps and writes) once the task
    // exists, and without dynamic exclusivity checks: every access is instantaneous.

    /// Weak: an effect does not keep its runtime alive; its writes are dropped once it is gone.
    @usableFromInline weak let runtime: InteractorRuntime?
    @usableFromInline let registry: EffectRegistry
    /// The action that started the effect, or last adopted it (``Emission/adopt(id:then:)``).
    @usableFromInline @exclusivity(unchecked) var action: Action
    /// The state when the effect started, which `state` returns once the runtime is gone.
    @usableFromInline let snapshot: State
    @usableFromInline let operation: Emission<State>.Operation
    /// The runtime's session with an inspector, if it has one: told of the effect's start and
    /// end. Held strongly, so that the end of an effect its released runtime cancelled is told.
    @usableFromInline let inspection: InspectionSession<State, Action>?

    @inlinable
    init(
      runtime: InteractorRuntime, registry: EffectRegistry, ids: [AnyHashableSendable], action: Action,
      snapshot: State, operation: consuming Emission<State>.Operation,
      inspection: InspectionSession<State, Action>?
    ) {
      self.runtime = runtime
      (self.registry, self.action, self.snapshot, self.operation) = (registry, action, snapshot, operation)
      self.inspection = inspection
      super.init(ids: ids, origin: action)
    }

    @inlinable @MainActor
    func report(_ error: any Error) {
      guard let group else { return }
      runtime?.effectFailed(action, error, operation.callSite, task: EventTask.ID(group))
    }
  }

  /// An effect's write (``Send``): a step, unless the effect was cancelled or has returned.
  @inlinable
  func write(_ reduce: @MainActor (inout State) -> Emission<State>, of context: EffectContext) {
    guard registry.isLive(context), let group = context.group else { return }
    // Dependencies bound only when they must be, as for an action (``handleOutermost(_:queuedAs:)``).
    guard bindsDependencies || DependencyBinding.depth > 0 else {
      _ = step(context.action, .effect(group: group), reduce)
      return
    }
    withDependenciesBound { _ = step(context.action, .effect(group: group), reduce) }
  }

  /// Starts the task from a nonisolated context so that the work runs on the cooperative pool,
  /// not on the main actor, or on `executor` when the runtime has one (``effectExecutor``, a test
  /// harness's): then the work also knows itself as the ``RunningEffect``.
  @inlinable
  nonisolated static func startTask(
    _ context: EffectContext, priority: TaskPriority?, on executor: (any TaskExecutor)?
  ) -> Task<Void, Never> {
    guard let executor else { return Task(priority: priority) { await run(context) } }
    return startTask(context, priority: priority, executor: executor)
  }

  /// An effect's task on a test harness's executor, knowing itself as the ``RunningEffect``.
  @usableFromInline
  nonisolated static func startTask(
    _ context: EffectContext, priority: TaskPriority?, executor: any TaskExecutor
  ) -> Task<Void, Never> {
    RunningEffect.$isStarting.withValue(true) {
      Task(executorPreference: executor, priority: priority) {
        let running = RunningEffect(
          id: ObjectIdentifier(context), action: context.action, callSite: context.operation.callSite)
        await RunningEffect.$isStarting.withValue(false) {
          await RunningEffect.$current.withValue(running) { await run(context) }
        }
      }
    }
  }

  /// An effect's task's body: runs the work, unless the effect was cancelled before it began,
  /// then tells the registry that the effect has returned. (Inlined into the task's closure: one
  /// async call fewer, about 100 ns of a round trip on one CPU.)
  @inlinable @inline(__always)
  nonisolated static func run(_ context: EffectContext) async {
    let registry = context.registry
    defer {
      registry.finish(context)
      if let session = context.inspection { session.effectEnded(of: context) }
    }
    // Not `Task.isCancelled` too: only the registry cancels this task, and it marks the effect
    // cancelled first.
    guard registry.isLive(context) else { return }
    let state = DynamicState<State> { @MainActor in context.runtime?.state ?? context.snapshot }
    let send = Send<State> { @MainActor reduce in context.runtime?.write(reduce, of: context) }
    do {
      try await context.operation.work(state, send)
    } catch {
      guard !Task.isCancelled, registry.isLive(context) else { return }
      await context.report(error)
    }
  }

  /// Returns once no effect of this runtime is running, including effects started while waiting.
  ///
  /// Cancelling the waiting task makes it return early; it does not cancel the effects.
  public func waitForAllEffects() async {
    await registry.waitUntilIdle()
  }

  /// Cancels every running effect. The runtime keeps working: later actions start new effects.
  public func cancelAllEffects() {
    registry.cancelAll(close: false)
  }

  /// An effect threw an error it did not handle: `onEffectFailure` handles it, and the
  /// effect-failure observers hear of it with the action's task.
  @usableFromInline
  func effectFailed(_ action: Action, _ error: any Error, _ callSite: CallSite, task: EventTask.ID) {
    // An inspector (`UnoInspection`) puts the issue this reports in this runtime's session.
    let session = inspection?.takeUnretainedValue()
    session?.isReportingEffectFailure = true
    onEffectFailure(action, error, callSite)
    session?.isReportingEffectFailure = false
    guard !effectFailureObservers.isEmpty else { return }
    let message = "an effect of '\(action)' threw an error that nothing handled: \(error)"
    for observer in effectFailureObservers { observer(message, task) }
  }

  /// Calls `onFailure` whenever an effect of this runtime throws an error it did not handle
  /// (besides `onEffectFailure`, which still handles it), with a sentence that says so and the
  /// ``EventTask/id`` of the action that started the effect.
  ///
  /// uno-host uses it to tell the client whose request started the effect:
  ///
  /// ```swift
  /// runtime.addEffectFailureObserver { message, task in
  ///   client.warn(message, request: requests[task])
  /// }
  /// ```
  public func addEffectFailureObserver(
    _ onFailure: @escaping @MainActor (_ message: String, _ task: EventTask.ID) -> Void
  ) {
    effectFailureObservers.append(onFailure)
  }

  static func reportEffectFailure(_ action: Action, _ error: any Error, at callSite: CallSite) {
    callSite.reportIssue(
      """
      The effect written at \(callSite), started by the action '\(action)', threw an error that \
      nothing handled: \(error)

      The runtime reports it here because otherwise nobody would see it. Catch the error inside \
      the effect and send a state that shows it, or pass 'onEffectFailure:' when you create the \
      runtime to route such errors elsewhere.
      """
    )
  }
}
