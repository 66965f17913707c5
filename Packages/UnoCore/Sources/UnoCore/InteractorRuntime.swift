import ConcurrencyExtras
import Dependencies
import IssueReporting

/// The one engine that executes an ``Interactor``: it owns the current state, handles actions,
/// runs and tracks their effects, and tells observers about every state change.
///
/// View models, the test harness, the stream form and `uno-host` are thin layers over a runtime.
/// You use one directly when you drive a feature without any of them:
///
/// ```swift
/// let runtime = InteractorRuntime(CounterInteractor())
/// runtime.addObserver { state in print(state.count) }
/// runtime.send(.increment)                 // prints 1
/// await runtime.send(.delayedIncrement).finish()
/// ```
///
/// ## Guarantees
///
/// 1. **Order.** Actions are handled in the order sent, each to completion before the next. An
///    action sent while another is being handled (for instance by an observer reacting to a
///    change) is queued and handled right after it, before `send` returns to the outermost
///    caller.
/// 2. **Every change, once, in order.** After each action and each effect write, every observer is
///    called once with the new state, in the order the changes happened. The last call carries
///    the current state.
/// 3. **Cancelled effects are silent.** A ``Send`` from a cancelled effect changes nothing.
/// 4. **Event tasks cover deferred work.** An action's ``EventTask`` finishes when every effect it
///    started, and every effect those started through ``Send/reduce(_:)``, has finished;
///    cancelling it cancels exactly those effects.
/// 5. **Release cancels.** Releasing the runtime cancels all of its effects. Effects hold the
///    runtime weakly, so they never keep it alive.
/// 6. **Nothing accumulates.** Finished effects and completed event tasks are forgotten; see
///    ``diagnostics``.
@MainActor
public final class InteractorRuntime<State: Sendable, Action: Sendable> {
  /// The current state.
  @inlinable public var state: State { _state }
  @usableFromInline var _state: State

  // The hot path (`send` of an action whose emission is `.state`) is `@inlinable`, so that it is
  // specialised for the feature's concrete types where it is called; everything that deals with
  // effects stays behind non-inlinable entry points.
  @usableFromInline let interactor: AnyInteractor<State, Action>
  /// The dependency values in force when the runtime was created (swift-dependencies'
  /// `withDependencies`), bound around every step, so that every action and every effect of this
  /// runtime, however late it runs, sees them, and no other runtime does.
  @usableFromInline let dependencies: DependencyValues
  /// Whether `dependencies` override anything. Binding a task-local costs more than a whole
  /// state-only send, so a runtime created outside any `withDependencies` (whose values are the
  /// defaults) binds them only when another runtime's values may be bound around it.
  @usableFromInline let bindsDependencies: Bool
  /// Prints every change when set (the `_changeTracer` dependency where the runtime is created:
  /// uno-host's `--trace`).
  @usableFromInline let tracer: _ChangePrinter?
  private let registry = EffectRegistry()
  /// Called with an effect's unhandled error, its action, and where the effect was written.
  private let onEffectFailure: @MainActor (Action, any Error, CallSite) -> Void
  private var nextObserverID = 0

  // The bookkeeping of every send has its dynamic exclusivity checks turned off: they were a
  // quarter of a state-only send. Safe because every access to these four properties is
  // instantaneous: none is passed `inout` or held while other code runs (`publish` iterates a
  // copy of `observers`; the queue is read and written element by element), and the class is
  // main-actor isolated, so no two accesses can overlap. `_state` keeps its checks: the
  // interactor holds it `inout` while it runs.
  @exclusivity(unchecked) @usableFromInline var observers: [Observer] = []
  @exclusivity(unchecked) @usableFromInline var isHandling = false
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction] = []
  @exclusivity(unchecked) @usableFromInline var queueHead = 0
  /// Actions posted from other contexts (``post(_:)``), waiting for the main actor.
  private let inbox = Locked<[QueuedAction]>([])
  /// The slots of ``Emission/withOperatorState(id:_:)``, by id.
  private var operatorStates: [AnyHashableSendable: any Sendable] = [:]
  /// The child scopes (``Emission/tied(to:while:)``) that have effects or operator state, by id:
  /// after every step, the dead ones are ended.
  private var scopes: [AnyHashableSendable: Scope] = [:]
  /// Whether ``scopes`` is non-empty, read on the hot path without touching the dictionary.
  @exclusivity(unchecked) @usableFromInline var hasScopes = false

  /// A child scope the runtime watches: how to tell that it is still alive, and the operator
  /// state slots created under it.
  private struct Scope {
    let isAlive: @Sendable (State) -> Bool
    var slots: Set<AnyHashableSendable> = []
  }

  /// An action sent while another was being handled, and the group its ``EventTask`` covers.
  @usableFromInline
  struct QueuedAction: Sendable {
    let action: Action
    let group: EffectGroup
  }

  @usableFromInline
  struct Observer {
    let id: ObserverID
    @usableFromInline let onChange: @MainActor (State, StateChangeSource) -> Void
  }

  /// Creates a runtime that starts from `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - interactor: The interactor that handles actions.
  ///   - onEffectFailure: Called with the action and the error when an effect throws an error it
  ///     did not handle (errors thrown because the effect was cancelled are not failures). By
  ///     default the failure is reported as an issue, which fails the current test and prints a
  ///     warning elsewhere.
  @inlinable
  public convenience init(
    initialState: State,
    interactor: some Interactor<State, Action>,
    onEffectFailure: (@MainActor (_ action: Action, _ error: any Error) -> Void)? = nil
  ) {
    self.init(initialState: initialState, erased: AnyInteractor(interactor), onEffectFailure: onEffectFailure)
  }

  @usableFromInline
  init(
    initialState: State,
    erased interactor: AnyInteractor<State, Action>,
    onEffectFailure: (@MainActor (_ action: Action, _ error: any Error) -> Void)?
  ) {
    self._state = initialState
    self.interactor = interactor
    self.dependencies = DependencyValues._current
    self.bindsDependencies = DependencyBinding.overridesAnything(dependencies)
    self.tracer = dependencies._changeTracer
    if let onEffectFailure {
      self.onEffectFailure = { action, error, _ in onEffectFailure(action, error) }
    } else {
      self.onEffectFailure = { action, error, callSite in
        Self.reportEffectFailure(action, error, at: callSite)
      }
    }
  }

  /// Creates a runtime that starts from the interactor's ``Interactor/initialValue``.
  @inlinable
  public convenience init(
    _ interactor: some Interactor<State, Action>,
    onEffectFailure: (@MainActor (_ action: Action, _ error: any Error) -> Void)? = nil
  ) {
    self.init(initialState: interactor.initialValue, interactor: interactor, onEffectFailure: onEffectFailure)
  }

  deinit {
    registry.cancelAll(close: true)
  }

  // MARK: Actions

  /// Handles `action` now: the state has changed and observers have been told by the time this
  /// returns. Returns the ``EventTask`` of the effects it started.
  ///
  /// If the runtime is already handling an action (you called `send` from an observer), the
  /// action is queued and handled as soon as the current one is done, still before the
  /// outermost `send` returns; the returned task covers its effects once it has been handled.
  @discardableResult
  @inlinable
  public func send(_ action: Action) -> EventTask {
    guard !isHandling else { return enqueue(action) }
    guard bindsDependencies || DependencyBinding.depth > 0 else { return step(action) }
    return withDependenciesBound { step(action) }
  }

  /// Runs `body` with this runtime's dependencies bound (see ``dependencies``).
  @usableFromInline
  func withDependenciesBound<R>(_ body: () -> R) -> R {
    DependencyBinding.depth += 1
    defer { DependencyBinding.depth -= 1 }
    return DependencyValues.$_current.withValue(dependencies, operation: body)
  }

  /// One action, with the runtime's dependencies bound: interact, publish, end the child scopes
  /// that are gone, run the effects, drain the queue.
  @inlinable
  func step(_ action: Action) -> EventTask {
    isHandling = true
    defer { isHandling = false }
    guard tracer == nil else { return tracedStep(action) }
    let emission = resolveOperatorState(interactor.interact(state: &_state, action: action))
    publish(.action)
    if hasScopes { endDeadScopes() }
    let task = emission.isNone ? EventTask.none : runEffects(of: emission, origin: action)
    if hasQueuedActions { drainQueue() }
    return task
  }

  /// Sends `action` from any context: handled now if the caller is isolated to the main actor
  /// (as ``send(_:)``), otherwise queued and handled on the main actor, in the order posted.
  ///
  /// Where the caller runs is told by `isolation`, which the compiler fills in (`#isolation`);
  /// the thread is not a guide (the main actor need not run on the main thread, and does not
  /// under Swift Testing on Linux).
  ///
  /// The returned ``EventTask`` covers the action's effects from the start: `finish()` waits
  /// for the action to be handled and for its effects. Call ``handlePostedActions()`` from the
  /// main actor to make sure everything posted so far has been handled (the test harness does so
  /// before every assertion).
  ///
  /// ```swift
  /// // In a nonisolated test:
  /// runtime.post(.increment)
  /// await runtime.post(.incrementLater).finish()
  /// ```
  public func post(
    _ action: Action, isolation: isolated (any Actor)? = #isolation
  ) -> EventTask {
    if let isolation, isolation === MainActor.shared {
      return MainActor.assumeIsolated { send(action) }
    }
    let group = registry.makeGroup()
    inbox.withLock { $0.append(QueuedAction(action: action, group: group)) }
    Task { @MainActor [weak self] in self?.handlePostedActions() }
    return EventTask(group: group)
  }

  /// Handles every action posted from another context (``post(_:)``) and not handled yet, in the
  /// order posted.
  public func handlePostedActions() {
    while true {
      let posted = inbox.withLock { inbox -> [QueuedAction] in
        defer { inbox.removeAll() }
        return inbox
      }
      if posted.isEmpty { return }
      for queued in posted {
        guard !isHandling else {
          queue.append(queued)
          continue
        }
        if bindsDependencies || DependencyBinding.depth > 0 {
          withDependenciesBound { handlePosted(queued) }
        } else {
          handlePosted(queued)
        }
      }
    }
  }

  /// Handles a posted action as the outermost step, then what it queued.
  private func handlePosted(_ queued: QueuedAction) {
    isHandling = true
    defer { isHandling = false }
    handle(queued.action, queuedAs: queued.group)
    if hasQueuedActions { drainQueue() }
  }

  /// ``step(_:)``, printing the change through ``tracer``. A twin of `step` on purpose: checking
  /// the tracer inside `step`'s inlined path, or calling out to a shared helper, cost a
  /// state-only send 7–10 ns (about a fifth) in quick mode.
  @usableFromInline
  func tracedStep(_ action: Action) -> EventTask {
    let before = _state
    let emission = resolveOperatorState(interactor.interact(state: &_state, action: action))
    tracer?.printChange(action: action, from: before, to: _state)
    publish(.action)
    if hasScopes { endDeadScopes() }
    let task = runEffects(of: emission, origin: action)
    if hasQueuedActions { drainQueue() }
    return task
  }

  /// Whether actions sent during a step wait in the queue.
  @inlinable var hasQueuedActions: Bool { queueHead < queue.count }

  @usableFromInline
  func enqueue(_ action: Action) -> EventTask {
    let group = registry.makeGroup()
    queue.append(QueuedAction(action: action, group: group))
    return EventTask(group: group)
  }

  /// Handles a queued action; `send` is the same steps, inlined.
  private func handle(_ action: Action, queuedAs queuedGroup: EffectGroup) {
    let before = tracer == nil ? nil : _state
    let emission = resolveOperatorState(interactor.interact(state: &_state, action: action))
    if let tracer, let before { tracer.printChange(action: action, from: before, to: _state) }
    publish(.action)
    if hasScopes { endDeadScopes() }
    _ = runEffects(of: emission, queuedAs: queuedGroup, origin: action)
  }

  /// Runs what `send` emitted and returns the ``EventTask`` that covers it.
  @usableFromInline
  func runEffects(of emission: Emission<State>, origin: Action) -> EventTask {
    runEffects(of: emission, queuedAs: nil, origin: origin)
  }

  /// Runs what a step emitted and returns the ``EventTask`` that covers it: the queued action's
  /// group if it has one, otherwise a group made on the first effect.
  private func runEffects(
    of emission: Emission<State>, queuedAs queuedGroup: EffectGroup?, origin: Action
  ) -> EventTask {
    var group = queuedGroup
    run(emission, group: &group, origin: origin)
    guard let group else { return .none }
    registry.release(group)
    return EventTask(group: group)
  }

  @usableFromInline
  func drainQueue() {
    while hasQueuedActions {
      let queued = queue[queueHead]
      queueHead += 1
      handle(queued.action, queuedAs: queued.group)
    }
    queue.removeAll(keepingCapacity: true)
    queueHead = 0
  }

  /// A write from a live effect: apply it, publish, and run what it emits in the effect's group.
  private func apply(_ reduce: (inout State) -> Emission<State>, group: EffectGroup, origin: Action) {
    withDependenciesBound { applyWithDependencies(reduce, group: group, origin: origin) }
  }

  private func applyWithDependencies(
    _ reduce: (inout State) -> Emission<State>, group: EffectGroup, origin: Action
  ) {
    let wasHandling = isHandling
    isHandling = true
    let before = tracer == nil ? nil : _state
    let emission = resolveOperatorState(reduce(&_state))
    if let tracer, let before { tracer.printChange(effectOf: origin, from: before, to: _state) }
    publish(.effect(of: EventTask.ID(rawValue: ObjectIdentifier(group))))
    if hasScopes { endDeadScopes() }
    var owner: EffectGroup? = group
    run(emission, group: &owner, origin: origin)
    guard !wasHandling else { return }
    drainQueue()
    isHandling = false
  }

  /// Runs the operator-state steps of `emission` now, as part of the step being handled, and
  /// returns what remains to run: effects, cancellations.
  @inlinable
  func resolveOperatorState(_ emission: Emission<State>) -> Emission<State> {
    emission.isNone ? emission : resolveNestedOperatorState(emission)
  }

  @usableFromInline
  func resolveNestedOperatorState(_ emission: Emission<State>) -> Emission<State> {
    resolveOperatorState(emission, within: [])
  }

  /// Resolves operator state inside the child scopes `scopeIDs` (innermost last): a slot created
  /// there is dropped when any of them ends.
  private func resolveOperatorState(
    _ emission: Emission<State>,
    within scopeIDs: [(id: AnyHashableSendable, isAlive: @Sendable (State) -> Bool)]
  ) -> Emission<State> {
    switch emission.storage {
    case .none, .run, .cancel:
      return emission
    case .merge(let children):
      return .merge(children.map { resolveOperatorState($0, within: scopeIDs) })
    case .cancellable(let id, let cancelInFlight, let child):
      return Emission(
        storage: .cancellable(
          id: id, cancelInFlight: cancelInFlight, resolveOperatorState(child, within: scopeIDs)))
    case .lifetime(let id, let isAlive, let child):
      return Emission(
        storage: .lifetime(
          id: id, isAlive: isAlive, resolveOperatorState(child, within: scopeIDs + [(id, isAlive)])))
    case .operatorState(let id, let body):
      var slot = operatorStates[id]
      let produced = body(&_state, &slot)
      operatorStates[id] = slot
      if slot != nil, !scopeIDs.isEmpty {
        for scope in scopeIDs { scopes[scope.id, default: Scope(isAlive: scope.isAlive)].slots.insert(id) }
        hasScopes = true
      }
      return resolveOperatorState(produced, within: scopeIDs)
    }
  }

  // MARK: Child scopes

  /// Ends every watched scope whose child is gone from the state: cancels its effects (their
  /// event tasks report cancelled once all their effects are), drops its operator state and
  /// forgets it. Forgets the scopes that have nothing left to end, too.
  @usableFromInline
  func endDeadScopes() {
    var dead: [AnyHashableSendable] = []
    for (id, scope) in scopes where !scope.isAlive(_state) { dead.append(id) }
    for id in dead {
      for slot in scopes.removeValue(forKey: id)?.slots ?? [] { operatorStates[slot] = nil }
    }
    registry.cancel(ids: dead, endingScopes: true)
    let withEffects = registry.idsWithEffects(among: scopes.keys)
    if withEffects.count < scopes.count {
      let idle = scopes.filter { id, scope in !hasSomethingToEnd(id, scope, withEffects: withEffects) }
      for id in idle.keys { scopes[id] = nil }
    }
    hasScopes = !scopes.isEmpty
  }

  /// Whether the scope `id` still has effects running (`withEffects`) or operator state held.
  private func hasSomethingToEnd(
    _ id: AnyHashableSendable, _ scope: Scope, withEffects: Set<AnyHashableSendable>
  ) -> Bool {
    withEffects.contains(id) || scope.slots.contains { operatorStates[$0] != nil }
  }

  // MARK: Effects

  /// The one place where an ``Emission`` becomes running tasks.
  ///
  /// Cancellations first (``Emission/cancel(id:)`` and `cancelInFlight`), so that they only
  /// reach effects that were running before; then the new effects. `group` is created on the
  /// first effect if the caller has none.
  private func run(_ emission: Emission<State>, group: inout EffectGroup?, origin: Action) {
    if case .none = emission.storage { return }
    var cancelled: [AnyHashableSendable] = []
    collectCancellations(emission, into: &cancelled)
    registry.cancel(ids: cancelled)
    startEffects(emission, ids: [], group: &group, origin: origin)
  }

  private func collectCancellations(_ emission: Emission<State>, into ids: inout [AnyHashableSendable]) {
    switch emission.storage {
    case .none, .run, .operatorState:
      break
    case .merge(let children):
      for child in children { collectCancellations(child, into: &ids) }
    case .cancellable(let id, let cancelInFlight, let child):
      if cancelInFlight { ids.append(id) }
      collectCancellations(child, into: &ids)
    case .lifetime(_, _, let child):
      collectCancellations(child, into: &ids)
    case .cancel(let id):
      ids.append(id)
    }
  }

  private func startEffects(
    _ emission: Emission<State>, ids: [AnyHashableSendable], group: inout EffectGroup?, origin: Action
  ) {
    switch emission.storage {
    case .none, .cancel, .operatorState:
      break  // operator state was resolved before the emission got here
    case .merge(let children):
      for child in children { startEffects(child, ids: ids, group: &group, origin: origin) }
    case .cancellable(let id, _, let child):
      startEffects(child, ids: ids + [id], group: &group, origin: origin)
    case .lifetime(let id, let isAlive, let child):
      // A child removed in the step that returned its effects never starts them.
      guard isAlive(_state) else { return }
      if scopes[id] == nil {
        scopes[id] = Scope(isAlive: isAlive)
        hasScopes = true
      }
      startEffects(child, ids: ids + [id], group: &group, origin: origin)
    case .run(let operation):
      let owner = group ?? registry.makeGroup()
      group = owner
      start(operation, ids: ids, group: owner, origin: origin)
    }
  }

  private func start(
    _ operation: Emission<State>.Operation, ids: [AnyHashableSendable], group: EffectGroup, origin: Action
  ) {
    guard let key = registry.reserve(group: group, ids: ids, origin: origin) else { return }
    let registry = self.registry
    let snapshot = state
    let dynamicState = DynamicState<State> { @MainActor [weak self] in self?.state ?? snapshot }
    let send = Send<State> { @MainActor [weak self] reduce in
      guard let self, registry.isLive(key) else { return }
      self.apply(reduce, group: group, origin: origin)
    }
    let callSite = operation.callSite
    let report: @Sendable (any Error) async -> Void = { @MainActor [weak self] error in
      self?.onEffectFailure(origin, error, callSite)
    }
    let task = Self.startTask(
      priority: operation.priority, registry: registry, key: key, work: operation.work,
      state: dynamicState, send: send, report: report
    )
    registry.attach(task, to: key)
  }

  /// Starts the task from a nonisolated context so that the work runs on the cooperative pool,
  /// not on the main actor.
  nonisolated private static func startTask(
    priority: TaskPriority?,
    registry: EffectRegistry,
    key: UInt64,
    work: @escaping @Sendable (DynamicState<State>, Send<State>) async throws -> Void,
    state: DynamicState<State>,
    send: Send<State>,
    report: @escaping @Sendable (any Error) async -> Void
  ) -> Task<Void, Never> {
    Task(priority: priority) {
      defer { registry.finish(key) }
      guard !Task.isCancelled, registry.isLive(key) else { return }
      do {
        try await work(state, send)
      } catch {
        guard !Task.isCancelled, registry.isLive(key) else { return }
        await report(error)
      }
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

  private static func reportEffectFailure(_ action: Action, _ error: any Error, at callSite: CallSite) {
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

  // MARK: Observation

  /// Identifies an observer added with ``addObserver(_:)``.
  public struct ObserverID: Hashable, Sendable {
    let rawValue: Int
  }

  /// Calls `onChange` with the new state after every change, from actions and from effects.
  ///
  /// Observers are called in the order they were added, synchronously, on the main actor. An
  /// observer may send actions; they are queued (see ``send(_:)``).
  @discardableResult
  public func addObserver(_ onChange: @escaping @MainActor (State) -> Void) -> ObserverID {
    addObserver(withSource: { state, _ in onChange(state) })
  }

  /// Like ``addObserver(_:)``, and also says where each change came from: the action being
  /// handled, or an effect of an earlier action (identified by its ``EventTask/id``).
  ///
  /// `uno-host` uses it to tag every change with the request that caused it.
  @discardableResult
  public func addObserver(
    withSource onChange: @escaping @MainActor (State, StateChangeSource) -> Void
  ) -> ObserverID {
    nextObserverID += 1
    let id = ObserverID(rawValue: nextObserverID)
    observers.append(Observer(id: id, onChange: onChange))
    return id
  }

  /// Stops calling the observer `id`.
  public func removeObserver(_ id: ObserverID) {
    observers.removeAll { $0.id == id }
  }

  @inlinable
  func publish(_ source: StateChangeSource) {
    let observers = self.observers
    for observer in observers { observer.onChange(state, source) }
  }

  // MARK: Diagnostics

  /// What the runtime tracks right now.
  public struct Diagnostics: Sendable, Equatable, CustomStringConvertible {
    /// Effects that have started and not finished (cancelled ones included until they return).
    public var runningEffects: Int
    /// Event tasks whose effects have not all finished.
    public var openEventTasks: Int
    /// Effect identities with at least one running effect.
    public var cancellationIDs: Int
    /// Actions waiting to be handled.
    public var queuedActions: Int
    /// Operator-state slots held (see ``Emission/withOperatorState(id:_:)``).
    public var operatorStates: Int
    /// Child scopes (a row of a `forEach`, an optional or enum child) with running effects or
    /// operator state, whose removal the runtime watches for (see ``Emission/tied(to:while:)``).
    public var childScopes: Int = 0

    /// Whether nothing is tracked: no running effect, open event task, id or queued action.
    public var isIdle: Bool {
      runningEffects == 0 && openEventTasks == 0 && cancellationIDs == 0 && queuedActions == 0
    }

    public var description: String {
      "\(runningEffects) running effects, \(openEventTasks) open event tasks, "
        + "\(cancellationIDs) cancellation ids, \(queuedActions) queued actions, "
        + "\(operatorStates) operator states, \(childScopes) child scopes"
    }
  }

  /// What the runtime tracks right now. Once every effect has finished, everything but the state
  /// is zero.
  public var diagnostics: Diagnostics {
    let counts = registry.counts
    return Diagnostics(
      runningEffects: counts.effects, openEventTasks: counts.groups, cancellationIDs: counts.ids,
      queuedActions: queue.count - queueHead, operatorStates: operatorStates.count,
      childScopes: childScopeCount
    )
  }

  /// The watched child scopes that still have something to end: a scope whose effects finished
  /// is forgotten at the next step, and not counted meanwhile.
  private var childScopeCount: Int {
    let withEffects = registry.idsWithEffects(among: scopes.keys)
    return scopes.count { id, scope in hasSomethingToEnd(id, scope, withEffects: withEffects) }
  }

  /// The actions whose effects are still running (and not cancelled), oldest effect first; an
  /// action appears once per running effect.
  ///
  /// Readable from any context (the effect registry is locked), for instance from a deinit.
  nonisolated public var actionsWithRunningEffects: [Action] {
    registry.runningEffectOrigins.compactMap { $0 as? Action }
  }
}

/// Which runtimes bind their dependency values around a step.
@usableFromInline
enum DependencyBinding {
  /// How many runtime steps with bound dependency values are under way on the main actor. While
  /// one is, every runtime binds its own, so that a runtime whose action is sent from inside
  /// another's step (by an observer) never sees the other's values.
  @MainActor @usableFromInline static var depth = 0

  /// Whether `values` override any dependency, that is, were captured inside a
  /// `withDependencies` scope. Reads swift-dependencies' private `storage` by reflection, once per
  /// runtime; if a later version renames it, the answer is `true`: always binding is correct,
  /// only slower.
  static func overridesAnything(_ values: DependencyValues) -> Bool {
    for child in Mirror(reflecting: values).children where child.label == "storage" {
      if let storage = child.value as? [ObjectIdentifier: any Sendable] { return !storage.isEmpty }
    }
    return true
  }
}
