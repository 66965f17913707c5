import Clocks
import ConcurrencyExtras
import Dependencies
import UnoCore

/// Another name for ``Debounce``, after the seed design's `DebounceInteractor`.
public typealias DebounceInteractor = Debounce

/// Passes only the last action of a burst to its child, `duration` after the burst ends.
///
/// ```swift
/// var body: some InteractorOf<Self> {
///   Debounce(for: .milliseconds(300)) {
///     SearchInteractor()
///   }
/// }
/// ```
///
/// Each action restarts the wait (measured from when the action was handled); when it elapses,
/// the child handles that last action against the state as it is *then*, and the child's effects
/// join the debounced action's `EventTask`: its `finish()` waits for them and its `cancel()` drops
/// the pending action or cancels them. An action reaches the child only if no newer one was
/// handled before it did.
///
/// A burst shares one timer, which each of its actions adopts in turn
/// (`Emission.adopt(id:then:)`): an earlier action's task finishes when the next action
/// arrives, and a burst of any length starts one task.
///
/// Without a `clock`, it waits on the `continuousClock` dependency, read when each action is
/// handled, so a test overrides it like any dependency:
///
/// ```swift
/// let harness = await InteractorTestHarness(Feature(), withDependencies: {
///   $0.continuousClock = clock  // a TestClock
/// })
/// ```
///
/// A clock can also be given explicitly:
///
/// ```swift
/// let clock = TestClock()
/// Debounce(for: .seconds(1), clock: clock) { SearchInteractor() }
/// ```
///
/// ## Identity
///
/// An interactor value is an immutable description, built again whenever its parent's body is,
/// so a debounce keeps no pending work in a stored property. Its pending action is kept by the
/// runtime (operator state, and the timer effect), identified by where the `Debounce` is written
/// (file, line, column) and, inside `Interactor.when(stateIs:actionIs:stateAction:_:)`,
/// by the scope. Two debounces written at different places never interfere.
///
/// Give a debounce an `id` when several are created at the same place for different purposes
/// (for instance in a `for` loop), or when another action must drop its pending action: the `id`
/// then *is* its identity, and ``UnoCore/Emission/cancelDebounce(id:)-(HashableSendable)`` cancels it.
///
/// ```swift
/// OnAction(\.queryChanged) {
///   Debounce(for: .milliseconds(300), id: SearchDebounce.id) { RunSearch() }
/// }
/// // ...and in the handler of `.submit`, which searches at once:
/// return .merge(.cancelDebounce(id: SearchDebounce.id), search(query))
/// ```
@MainActor
public struct Debounce<C: Clock, Child: Interactor>: Interactor {
  public typealias DomainState = Child.DomainState
  public typealias Action = Child.Action
  public typealias Body = Never

  let duration: C.Duration
  /// The clock: the one given, or the `continuousClock` dependency as it is when called.
  var clock: @Sendable () -> C
  /// Erased with its body built once (see `Interactor.eraseToAnyInteractor()`).
  let child: AnyInteractor<Child.DomainState, Child.Action>
  /// The debounce's identity: the `id` given, or else where the debounce is written. Its timers
  /// run under it (so that `cancelDebounce(id:)` reaches them) and its operator state is kept
  /// under it.
  let id: AnyHashableSendable

  /// Debounces `child` on `clock`.
  ///
  /// - Parameters:
  ///   - duration: How long a burst must be quiet before its last action reaches the child.
  ///   - clock: The clock to wait on.
  ///   - id: The debounce's identity, for several created at one place or to cancel it with
  ///     ``UnoCore/Emission/cancelDebounce(id:)-(HashableSendable)``; `nil` identifies it by where it is written.
  ///   - fileID: The file of the call, where misuse is reported; the compiler fills it in.
  ///   - line: The line of the call, for the same reports.
  ///   - column: The column of the call, for the same reports.
  ///   - child: The interactor that receives the debounced actions.
  public init<State, Action>(
    for duration: C.Duration,
    clock: C,
    id: (any Hashable & Sendable)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<State, Action> _ child: () -> Child
  ) where Child: Interactor<State, Action> {
    self.duration = duration
    self.clock = { clock }
    self.child = child().eraseToAnyInteractor()
    // An explicit id is wrapped so that `cancelDebounce(id:)` finds it and a plain effect with
    // the same id does not.
    self.id =
      id.map { AnyHashableSendable(DebounceID(AnyHashableSendable($0))) }
      ?? AnyHashableSendable(OperatorID(fileID: fileID, line: line, column: column, id: nil))
  }

  /// Debounces `child` on the `continuousClock` dependency (the continuous clock live), read
  /// each time an action is handled.
  ///
  /// That read costs about a microsecond (swift-dependencies casts the stored clock to
  /// `any Clock<Duration>`, which the Swift runtime does slowly), more than the rest of the
  /// debounce. Where bursts of thousands of actions a second matter, give the debounce its clock,
  /// for instance one the feature is made with:
  ///
  /// ```swift
  /// struct Search: Interactor {
  ///   let clock: AnyClock<Duration>  // AnyClock(ContinuousClock()); in a test, of a TestClock
  ///   var body: some InteractorOf<Self> {
  ///     Debounce(for: .milliseconds(300), clock: clock) { RunSearch() }
  ///   }
  /// }
  /// ```
  public init<State, Action>(
    for duration: Duration,
    id: (any Hashable & Sendable)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<State, Action> _ child: () -> Child
  ) where C == AnyClock<Duration>, Child: Interactor<State, Action> {
    self.init(
      for: duration, clock: AnyClock(ContinuousClock()), id: id, fileID: fileID, line: line,
      column: column, child
    )
    self.clock = continuousClockInForce
  }

  public var initialValue: DomainState { child.initialValue }

  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    // The deadline is fixed when the action is handled, not when the effect's task first runs.
    let clock = self.clock()
    let deadline = clock.now.advanced(by: duration)
    let (child, id) = (self.child, self.id)
    // The slot is keyed by the debounce's own id (operator state has a table of its own), and
    // its timers by the slot's object: ids that wrap no other type-erased id, since comparing
    // nested ones on every action cost more than the rest of the debounce (docs/performance-history.md,
    // "The debounce without a task per action").
    return .withOperatorState(id: id) { (_, slot: inout Timers?) in
      let timers = Timers.inSlot(&slot)
      @MainActor func start(_ timer: Int) -> Emission<DomainState> {
        Self.timer(timer, until: deadline, of: timers, clock: clock, child: child, id: id)
      }
      switch timers.handle({ $0.actionArrived(action, deadline: deadline) }) {
      case .startTimer(let timer):
        return start(timer)
      case .adoptTimer(let timer):
        // The burst's timer becomes this action's; its deadline moves once it is adopted.
        return .adopt(id: DebounceTimerID(timers: ObjectIdentifier(timers), timer: timer)) { adopted in
          let tried = timers.handle {
            $0.adoptionTried(timer: timer, adopted: adopted, action: action, deadline: deadline)
          }
          switch tried {
          case .keepTimer: return .state
          case .startTimer(let timer): return start(timer)
          }
        }
      }
    }
  }

  /// A debounce's machine, in its slot: the runtime's steps and the timers both drive it.
  typealias Timers = OperatorMachine<DebounceStateMachine<C.Instant, Action>>

  /// The effect that waits for a burst's deadline, however often the burst's actions move it,
  /// then hands the burst's last action to the child.
  static func timer(
    _ timer: Int, until deadline: C.Instant, of timers: Timers, clock: C,
    child: AnyInteractor<DomainState, Action>, id: AnyHashableSendable
  ) -> Emission<DomainState> {
    .perform { _, send in
      var deadline = deadline
      while true {
        try await clock.sleep(toDeadline: deadline)
        let now = clock.now
        switch timers.handle({ $0.timerWoke(timer, at: deadline, now: now) }) {
        case .sleep(let later):
          deadline = later
        case .fire(let action):
          // Unless a newer action revoked it before the write lands; that action then waits on
          // this timer, and the loop asks again.
          await send.reduce { state in
            guard timers.handle({ $0.fireLanded(timer) }) else { return .state }
            return child.interact(state: &state, action: action)
          }
        case .stop:
          return
        }
      }
    }
    .cancellable(id: DebounceTimerID(timers: ObjectIdentifier(timers), timer: timer))
    .cancellable(id: id)
  }
}

/// The id of one of a debounce's timers, which the next action of its burst adopts: the
/// machine in the debounce's slot (one per runtime and scope, for as long as the slot
/// lives) and the timer's number.
struct DebounceTimerID: Hashable, Sendable {
  let timers: ObjectIdentifier
  let timer: Int
}

/// The effect id of a debounce given an explicit `id`.
struct DebounceID: Hashable, Sendable {
  let id: AnyHashableSendable
  init(_ id: AnyHashableSendable) { self.id = id }
}

extension Emission {
  /// Cancels the pending action of the ``Debounce`` created with `id`, if one is waiting: the
  /// action is dropped and never reaches the debounce's child. Effects the child already started
  /// are not affected.
  ///
  /// Return it from an action that makes the pending one moot, such as a submit that searches at
  /// once. Like `Emission.cancel(id:)`, it reaches the debounce in the same scope as the emission.
  public static func cancelDebounce(id: some Hashable & Sendable) -> Self {
    .cancel(id: DebounceID(AnyHashableSendable(id)))
  }

  /// Cancels the pending action of the ``Debounce`` created with `id`, an id whose `Hashable`
  /// conformance is main-actor isolated (declared in a module whose default isolation is
  /// `MainActor`). Behaves as ``cancelDebounce(id:)-(HashableSendable)``.
  @MainActor @_disfavoredOverload
  public static func cancelDebounce<ID: Hashable>(id: ID) -> Self {
    .cancelDebounce(id: _MainActorHashable(id))
  }
}
