@_spi(Internals) import UnoCore

/// A stateful time operator's rules: a pure value whose events change it and return what the
/// operator's driver does next (``DebounceStateMachine``, ``ThrottleStateMachine``). It starts
/// empty, before the operator's first action.
protocol OperatorStateMachine: Sendable {
  init()
}

/// Where a stateful time operator (``Debounce``, ``Throttle``) keeps its state machine, in one
/// runtime and scope: the one way operators of this library keep state between actions.
///
/// - **In the runtime**, in the operator's slot (`Emission.withOperatorState(id:_:)`): an
///   interactor is an immutable description, built again with its parent's body, so it cannot
///   keep state in a stored property. The slot is per runtime and qualified by the scope, and it
///   goes when the scope does.
/// - **A reference in the slot**: a step leaves the slot as it found it. A machine kept as a value
///   would be copied out of the slot and boxed into it again at every action, since each is larger
///   than an existential's inline buffer.
/// - **The machine behind a lock**: the runtime's steps (on the main actor) and the operator's
///   timers (on the pool) both drive it, each event one short critical section that returns what
///   to do. A timer asks "fire or sleep again?" where it wakes, without a hop to the main actor;
///   what it then does to the state goes through its `Send`, as any effect's write does.
///
/// The lock is UnoCore's `Locked` (a pthread mutex), not `Synchronization.Mutex`, whose
/// futex-based lock ThreadSanitizer does not see on Linux: it reported every access as a race.
final class OperatorMachine<Machine: OperatorStateMachine>: Sendable {
  private let machine = Locked(Machine())

  /// The machine in an operator's slot (`Emission.withOperatorState(id:_:)`), put there on the
  /// operator's first action.
  ///
  /// ```swift
  /// return .withOperatorState(id: id) { (state, slot: inout OperatorMachine<Rules>?) in
  ///   let machine = OperatorMachine.inSlot(&slot)
  ///   switch machine.handle({ $0.actionArrived(at: clock.now) }) { … }
  /// }
  /// ```
  @inline(__always)
  static func inSlot(_ slot: inout OperatorMachine?) -> OperatorMachine {
    if let machine = slot { return machine }
    let machine = OperatorMachine()
    slot = machine
    return machine
  }

  /// Applies `event` to the machine and returns what it says to do.
  @inline(__always)
  func handle<Result>(_ event: (inout Machine) -> Result) -> Result {
    machine.withLock(event)
  }
}
