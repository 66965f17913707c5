import ConcurrencyExtras
import UnoCore

/// The name the README uses for ``Debounce``.
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
/// Each action restarts the wait (measured from when the action was handled); when it elapses, the child handles that last action against the
/// state as it is *then*, and the child's effects join the debounced action's ``EventTask``: its
/// `finish()` waits for them and its `cancel()` drops the pending action or cancels them.
///
/// The clock is injected, so tests use a test clock instead of waiting:
///
/// ```swift
/// let clock = TestClock()
/// Debounce(for: .seconds(1), clock: clock) { SearchInteractor() }
/// ```
///
/// ## Identity
///
/// An interactor value is an immutable description, built again whenever its parent's body is,
/// so a debounce keeps no pending work in a stored property. Its
/// pending action is an effect of the runtime, identified by where the `Debounce` is written
/// (file, line, column) and, inside ``Interactor/when(stateIs:actionIs:stateAction:_:)-(WritableKeyPath<DomainState,ChildState>&Sendable,_,_,_)``,
/// by the scope. Two debounces written at different places never interfere. Debounces created at
/// the same place for different purposes (for instance in a `for` loop) need an `id`.
public struct Debounce<C: Clock, Child: Interactor>: Interactor {
  public typealias DomainState = Child.DomainState
  public typealias Action = Child.Action
  public typealias Body = Never

  let duration: C.Duration
  let clock: C
  /// Erased with its body built once (see ``Interactor/eraseToAnyInteractor()``).
  let child: AnyInteractor<Child.DomainState, Child.Action>
  let id: OperatorID

  /// Debounces `child` on `clock`.
  ///
  /// - Parameters:
  ///   - duration: How long a burst must be quiet before its last action reaches the child.
  ///   - clock: The clock to wait on.
  ///   - id: Distinguishes debounces written at the same place; `nil` is enough otherwise.
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
    self.clock = clock
    self.child = child().eraseToAnyInteractor()
    self.id = OperatorID(fileID: fileID, line: line, column: column, id: id)
  }

  /// Debounces `child` on the continuous clock.
  public init<State, Action>(
    for duration: Duration,
    id: (any Hashable & Sendable)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @InteractorBuilder<State, Action> _ child: () -> Child
  ) where C == ContinuousClock, Child: Interactor<State, Action> {
    self.init(
      for: duration, clock: ContinuousClock(), id: id, fileID: fileID, line: line, column: column, child
    )
  }

  public var initialValue: DomainState { child.initialValue }

  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    // The deadline is fixed when the action is handled, not when the effect's task first runs.
    let deadline = clock.now.advanced(by: duration)
    let (clock, child) = (self.clock, self.child)
    return .perform { _, send in
      try await clock.sleep(toDeadline: deadline)
      await send.reduce { state in child.interact(state: &state, action: action) }
    }
    .cancellable(id: id, cancelInFlight: true)
  }
}
