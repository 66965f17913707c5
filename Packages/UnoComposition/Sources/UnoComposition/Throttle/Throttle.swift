import Clocks
import Dependencies
import UnoCore

/// Passes at most one action per interval to its child.
///
/// ```swift
/// var body: some InteractorOf<Self> {
///   OnAction(\.scrolled) {
///     Throttle(for: .milliseconds(100), clock: clock, latest: true) {
///       LoadVisiblePage(client: client)
///     }
///   }
/// }
/// ```
///
/// - The first action when no interval is running reaches the child **at once**, while the
///   action is handled, and starts an interval of `duration`.
/// - Actions during the interval wait for its end. Then one of them reaches the child (the
///   latest with `latest: true`, the first with `latest: false`) and starts a new interval; the
///   others are dropped.
/// - A waiting action belongs to its own `EventTask`: `finish()` returns once it has reached the
///   child and the child's effects are done (or once it was superseded), and `cancel()` drops it.
/// - Like ``Debounce``, a throttle keeps nothing in stored properties: its interval lives in the
///   runtime (in its operator-state slot, `Emission.withOperatorState(id:_:)`), identified by where the `Throttle` is
///   written and, inside `when`, by the scope. Throttles written at the same place for different
///   purposes (a `for` loop) take an `id`, which, as with ``Debounce``, is then the throttle's
///   identity wherever it is written.
@MainActor
public struct Throttle<C: Clock, Child: Interactor>: Interactor {
  public typealias DomainState = Child.DomainState
  public typealias Action = Child.Action
  public typealias Body = Never

  let duration: C.Duration
  /// Read when an action is handled: the `continuousClock` dependency of the runtime for the
  /// form without a clock, the given clock otherwise.
  var clock: @Sendable () -> C
  let latest: Bool
  /// Erased with its body built once (see `Interactor.eraseToAnyInteractor()`).
  let child: AnyInteractor<Child.DomainState, Child.Action>
  let id: OperatorID

  /// Throttles `child` on `clock`.
  ///
  /// - Parameters:
  ///   - duration: The interval.
  ///   - clock: The clock that measures it.
  ///   - latest: Whether the action that ends an interval is the latest one (`true`) or the first
  ///     one (`false`) received during it.
  ///   - id: The throttle's identity, for several created at one place; `nil` identifies it by
  ///     where it is written. Two throttles given the same `id` share their interval.
  ///   - fileID: The file of the call, where misuse is reported; the compiler fills it in.
  ///   - line: The line of the call, for the same reports.
  ///   - column: The column of the call, for the same reports.
  ///   - child: The interactor that receives the throttled actions.
  public init<State, Action>(
    for duration: C.Duration,
    clock: C,
    latest: Bool,
    id: (any Hashable & Sendable)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<State, Action> _ child: () -> Child
  ) where Child: Interactor<State, Action> {
    self.duration = duration
    self.clock = { clock }
    self.latest = latest
    self.child = child().eraseToAnyInteractor()
    self.id = OperatorID(fileID: fileID, line: line, column: column, id: id)
  }

  /// Throttles `child` on the `continuousClock` dependency (the continuous clock, unless a test
  /// or a host overrides it), read when each action is handled, as ``Debounce`` reads it.
  public init<State, Action>(
    for duration: Duration,
    latest: Bool,
    id: (any Hashable & Sendable)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<State, Action> _ child: () -> Child
  ) where C == AnyClock<Duration>, Child: Interactor<State, Action> {
    self.init(
      for: duration, clock: AnyClock(ContinuousClock()), latest: latest, id: id, fileID: fileID,
      line: line, column: column, child
    )
    self.clock = continuousClockInForce
  }

  public var initialValue: DomainState { child.initialValue }

  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    let (clock, duration, latest, child, id) = (self.clock(), self.duration, self.latest, self.child, self.id)
    return .withOperatorState(id: id) {
      (state, slot: inout OperatorMachine<ThrottleStateMachine<C.Instant>>?) in
      let intervals = OperatorMachine.inSlot(&slot)
      let now = clock.now
      switch intervals.handle({ $0.actionArrived(at: now, duration: duration, latest: latest) }) {
      case .passNow:
        return child.interact(state: &state, action: action)
      case .drop:
        return .state
      case .wait(let ticket, let end):
        return .perform { _, send in
          try await clock.sleep(toDeadline: end)
          await send.reduce { state in
            let now = clock.now
            guard intervals.handle({ $0.intervalEnded(ticket: ticket, at: now, duration: duration) }) == .pass
            else { return .state }
            return child.interact(state: &state, action: action)
          }
        }
        .cancellable(id: WaitingAction(operator: id), cancelInFlight: latest)
      }
    }
  }
}

/// The effect id of a throttle's waiting action.
struct WaitingAction: Hashable, Sendable {
  let `operator`: OperatorID
}
