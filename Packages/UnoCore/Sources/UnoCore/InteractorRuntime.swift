import ConcurrencyExtras
import Dependencies
import IssueReporting
import Synchronization

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
///
/// ## How the code is laid out
///
/// Every change of state, from an action or from an effect, is one `step` (this file).
/// The other files hold one job each: taking actions in and queueing them
/// (`InteractorRuntime+Actions.swift`), turning an emission into running tasks
/// (`InteractorRuntime+Effects.swift`), running the parts of a concatenated emission one after
/// the other (`InteractorRuntime+Sequence.swift`), ending the effects of child features that are
/// gone (`InteractorRuntime+Scopes.swift`), telling the other holders of a shared value of its
/// changes (`InteractorRuntime+Shared.swift`), observers (`InteractorRuntime+Observation.swift`),
/// what the runtime tracks (`InteractorRuntime+Diagnostics.swift`), recording, replaying and
/// rewinding its changes (`Recording/`), and its session with an inspector (`Inspection/`).
@MainActor
public final class InteractorRuntime<State: Sendable, Action: Sendable> {
  /// The current state.
  ///
  /// Read it between steps (an observer, a view, a test), not from inside the interactor while it
  /// changes the state: that stops the program, as a simultaneous access would.
  @inlinable public var state: State {
    if isChangingState { Self.stateUsedWhileChanging("read") }
    return _state
  }
  /// The state, without dynamic exclusivity checks: they were 40% of the instructions of a
  /// state-only send (`swift_beginAccess`, the thread-local access set, `swift_endAccess`).
  ///
  /// Safe because every access is instantaneous, but the two that hand `_state` `inout` to user
  /// code: the interactor's change (``step(_:_:_:)``) and an operator's step (the walk of an
  /// emission). Around those, ``isChangingState`` is set, and the ways user code could reach
  /// `_state` meanwhile, ``state`` and a rewind, stop with a message instead (a send is queued, an
  /// effect's write waits for the main actor). The runtime is main-actor isolated, so no other
  /// thread reaches it.
  @exclusivity(unchecked) @usableFromInline var _state: State

  /// Stops the program: the state was `what` (read, rewound) while user code changes it.
  @usableFromInline
  static func stateUsedWhileChanging(_ what: StaticString) -> Never {
    preconditionFailure(
      """
      The state of an InteractorRuntime<\(State.self), \(Action.self)> was \(what) while its \
      interactor changes it: the change is not finished, so there is no state to use. \
      An interactor reads the state it is given ('state' in 'Interact { state, action in … }'); \
      read 'runtime.state' from an observer, a view, or an effect's 'DynamicState'.
      """)
  }

  // The step and the effect path (planning, the walk of an emission, starting tasks) are
  // `@inlinable`, so that they are specialised for the feature's concrete types where they are
  // called; what is rare (reporting, diagnostics, ending scopes) stays behind non-inlinable
  // functions.
  @usableFromInline let interactor: AnyInteractor<State, Action>
  /// The dependency values in force when the runtime was created (swift-dependencies'
  /// `withDependencies`), bound around every step, so that every action and every effect of this
  /// runtime, however late it runs, sees them, and no other runtime does.
  ///
  /// A test may replace them between steps (``replaceDependencies(_:)``); effects already running
  /// keep the values they started with. No dynamic exclusivity checks: main-actor isolated, and
  /// every access is an instantaneous read or a whole assignment.
  @exclusivity(unchecked) @usableFromInline var dependencies: DependencyValues
  /// Whether `dependencies` override anything. Binding a task-local costs more than a whole
  /// state-only send, so a runtime created outside any `withDependencies` (whose values are the
  /// defaults) binds them only when another runtime's values may be bound around it.
  @exclusivity(unchecked) @usableFromInline var bindsDependencies: Bool
  /// Prints every change when set (the `_changeTracer` dependency where the runtime is created:
  /// uno-host's `--trace`): the steps of ``interactor``, which then runs through it, and the
  /// changes no interactor makes.
  @usableFromInline let tracer: ChangeTrace<State>?
  /// Keeps every change while recording (``record(limit:feature:clock:)``); `nil` otherwise.
  @exclusivity(unchecked) @usableFromInline var recorder: Recorder? {
    didSet { recorderInStep = recorder.map(Unmanaged.passUnretained) }
  }
  /// ``recorder``, as a step and a change from outside reach it: unretained, through
  /// `elapsed(of:)` and `append(to:…)`.
  /// Safe because the runtime owns the recorder, and only ``record(limit:feature:clock:)`` and
  /// ``stopRecording()`` replace it, never a call into it (the step's calls are the recorder's
  /// `elapsed()` and `append`). Retaining and releasing it around each call cost a fifth of what
  /// recording adds to a send. (Read with `if let`, not `Optional.map`: in unspecialised code, a
  /// view model's send, `map` cost a generic lookup at every step.)
  @exclusivity(unchecked) @usableFromInline var recorderInStep: Unmanaged<Recorder>?
  /// This runtime's session with an inspector (`UnoInspection.connect`), retained: made when
  /// the runtime is, if a hub is installed; released in `deinit` or by ``inspect(as:)``. Read
  /// unretained by the step, as ``recorderInStep``, and for the same reason: safe because only
  /// the runtime replaces it, never during a step. Kept in ``inspectionLink``, with whether a
  /// connection follows it.
  @inlinable var inspection: Unmanaged<InspectionSession<State, Action>>? {
    get { inspectionLink.session }
    set { inspectionLink.session = newValue }
  }
  /// ``inspection`` and whether a connection follows it, in one word the step tests.
  @exclusivity(unchecked) @usableFromInline var inspectionLink = InspectionLink<State, Action>()
  @usableFromInline let registry = EffectRegistry()
  /// Where this runtime's effects run: `nil`, the cooperative pool, in an app; a test harness's
  /// executor in a test (`InteractorTestHarness`), which knows when every effect is suspended.
  /// Set before the first action; effects already running keep theirs.
  @_spi(Internals) public var effectExecutor: (any TaskExecutor)? {
    get { _effectExecutor }
    set {
      _effectExecutor = newValue
      registry.marksCancellations.store(newValue != nil, ordering: .relaxed)
    }
  }
  @exclusivity(unchecked) @usableFromInline var _effectExecutor: (any TaskExecutor)?
  /// Called with an effect's unhandled error, its action, and where the effect was written.
  @usableFromInline let onEffectFailure: @MainActor (Action, any Error, CallSite) -> Void
  /// Told of every effect failure too (``addEffectFailureObserver(_:)``).
  var effectFailureObservers: [@MainActor (String, EventTask.ID) -> Void] = []
  var nextObserverID = 0

  // The bookkeeping of every send has its dynamic exclusivity checks turned off: they were a
  // quarter of a state-only send. Safe because every access to these properties is
  // instantaneous: none is passed `inout` or held while other code runs (`publish` iterates a
  // copy of `observers`; the queue is read and written element by element), and the class is
  // main-actor isolated, so no two accesses can overlap. (`_state`, which user code holds `inout`,
  // has a proof of its own.)
  @exclusivity(unchecked) @usableFromInline var observers: [Observer] = []
  @exclusivity(unchecked) @usableFromInline var isHandling = false
  /// Whether user code holds ``_state`` `inout` right now (see there). Beside ``isHandling``, in
  /// the padding after it: a runtime's size is measured (docs/performance.md, idle view models).
  @exclusivity(unchecked) @usableFromInline var isChangingState = false
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction] = []
  @exclusivity(unchecked) @usableFromInline var queueHead = 0
  /// Actions posted from other contexts (``post(_:isolation:)``), waiting for the main actor.
  let inbox = Locked<[QueuedAction]>([])
  /// The slots of ``Emission/withOperatorState(id:_:)``, by id.
  @usableFromInline var operatorStates: [IDKey: any Sendable] = [:]
  /// Whether the walk under way plans what ``Emission/adopt(id:then:)``'s `then` returned, after
  /// the step's state change was published (operator state is then refused).
  @usableFromInline var isPlanningAfterStep = false
  /// The child scopes (``Emission/tied(to:while:)``) that have effects or operator state, by id:
  /// after every step, the dead ones are ended.
  @usableFromInline var scopes: [AnyHashableSendable: Scope] = [:]
  /// The ``scopes`` in a ``LifetimeGroup`` (the rows of a `forEach`), by group.
  @usableFromInline var scopeGroups: [AnyHashableSendable: ScopeGroup] = [:]
  /// The ``scopes`` in no group, checked after every step.
  @usableFromInline var ungroupedScopes: Set<AnyHashableSendable> = []
  /// ``EffectRegistry/endedEffects`` when the idle scopes were last forgotten (-1: look again).
  @usableFromInline var endedEffectsSeen = 0
  /// Whether ``scopes`` is non-empty, read on the hot path without touching the dictionary.
  @exclusivity(unchecked) @usableFromInline var hasScopes = false
  /// Set once a shared storage exists in the process (`InteractorRuntime+Shared.swift`); `nil`
  /// until then, so that a runtime in a program without shared values pays one check per step.
  @exclusivity(unchecked) @usableFromInline var sharedTracking: SharedTracking?

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
    if InspectionState.isInstalled.load(ordering: .relaxed) { openInspection(named: type(of: interactor)) }
    // Here, not in the designated initializer: inlined where the runtime is created, the delivery
    // of shared changes it registers is specialised for the feature's types.
    trackSharedValuesIfNeeded()
  }

  @usableFromInline
  init(
    initialState: State,
    erased interactor: AnyInteractor<State, Action>,
    onEffectFailure: (@MainActor (_ action: Action, _ error: any Error) -> Void)?
  ) {
    self._state = initialState
    self.dependencies = DependencyValues._current
    self.bindsDependencies = DependencyBinding.overridesAnything(dependencies)
    let tracer = dependencies._changeTracer.map { ChangeTrace(printer: $0, initialState: initialState) }
    self.tracer = tracer
    if let tracer {
      self.interactor = AnyInteractor(initialValue: interactor._initialValue) { state, action in
        tracer.step(&state, action: action) { interactor.interact(state: &$0, action: action) }
      }
    } else {
      self.interactor = interactor
    }
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
    if let inspection = inspectionLink.session { inspection.takeRetainedValue().close() }
  }

  /// The dependency values bound around every step (see ``dependencies``).
  @_spi(Internals) public var dependencyValues: DependencyValues { dependencies }

  /// Replaces the dependency values bound around every later step and seen by the effects those
  /// steps start; effects already running keep theirs. For the test harness, whose
  /// `dependencies` a test may change between steps.
  @_spi(Internals) public func replaceDependencies(_ values: DependencyValues) {
    dependencies = values
    bindsDependencies = DependencyBinding.overridesAnything(values)
  }

  // MARK: The step

  /// What a step handles: an action (sent now, or queued with the group its event task covers),
  /// or a write from a live effect, which belongs to the effect's group.
  @usableFromInline
  enum StepKind {
    case action(queuedAs: EffectGroup?)
    case effect(group: EffectGroup)
  }

  /// The one step every change of state goes through, from an action or from an effect:
  ///
  /// 1. `change` changes the state and returns what to do next;
  /// 2. one walk of that emission runs its operator-state steps and plans its effects
  ///    (``planEffects(_:origin:)``);
  /// 3. observers are told (``publish(_:origin:)``);
  /// 4. the child scopes that are gone are ended (``endDeadScopes()``);
  /// 5. the planned effects start (``runEffects(_:of:_:origin:)``);
  /// 6. if this is the outermost step, the actions queued meanwhile are handled.
  ///
  /// A runtime that tracks shared values (``Shared``) also marks itself as changing around
  /// `change`, and after publishing tells the other holders of the shared values it wrote.
  ///
  /// Inlinable, so that a state-only `send` (no plan, no effects) is specialised where it is
  /// called, and always inlined: the shared-value branches put it past the optimizer's size
  /// threshold, and a state-only send then paid a call and a closure context (25% more, measured).
  @inlinable @inline(__always)
  func step(
    _ origin: Action, _ kind: StepKind, _ change: (inout State) -> Emission<State>
  ) -> EventTask {
    let isOutermost = !isHandling
    isHandling = true
    // A recording times the change from when its step began: an interactor that fixes an
    // effect's deadline from the clock does so before the step ends, and a replay must find
    // that deadline no later than the recording had it (see ``Recording/Entry/elapsed``).
    var began: Duration?
    if let recorder = recorderInStep { began = Self.elapsed(of: recorder) }
    let tracking = unretainedSharedTracking
    var previous: UnsafeMutableRawPointer?
    if tracking != nil { previous = ChangingRuntime.enter(self) }
    isChangingState = true
    let emission = change(&_state)
    isChangingState = false
    if let tracking { SharedTracking.leaveChange(tracking, restoring: previous) }
    let plan = emission.isNone ? nil : planEffects(emission, origin: origin)
    publish(kind, origin: origin, began: began)
    if let tracking {
      if SharedTracking.hasDeferred(tracking) { deliverDeferredSharedChanges(tracking) }
    } else if sharedStoragesEverExisted {
      trackSharedValuesLater()
    }
    if hasScopes { endDeadScopes() }
    let task: EventTask
    if plan == nil, case .action(queuedAs: nil) = kind {
      task = .none
    } else {
      task = runEffects(plan, of: emission, kind, origin: origin)
    }
    if isOutermost {
      if hasQueuedActions || isRepublishPending { drainQueue() }
      isHandling = false
    }
    return task
  }
}
