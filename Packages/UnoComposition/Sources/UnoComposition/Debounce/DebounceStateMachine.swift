/// What one ``Debounce`` remembers between actions, in one runtime (and scope): the action
/// waiting for its deadline, and which timer waits for it. Pure: each event returns what its
/// driver does next (see docs/guides/Debounce.md).
///
/// A timer is one effect that sleeps until the pending action's deadline. Every action of a
/// burst moves the deadline, and the burst's actions adopt the same timer one after the other,
/// so that a burst starts one effect, not one per action. Timers are numbered, so that a timer
/// that is no longer the pending action's (it was cancelled, or it already fired) never takes it.
///
/// A timer that took its action is *firing* until its write reaches the runtime. An action that
/// arrives meanwhile revokes that action and waits on the same timer, whose write then hands
/// nothing to the child: an action reaches the child only if no newer one was handled before it
/// did, and since one timer at a time has a write on its way, the child sees actions in the
/// order they came.
struct DebounceStateMachine<Instant: InstantProtocol, Action: Sendable>: OperatorStateMachine {
  private var pending: (action: Action, deadline: Instant, timer: Int)?
  private var firing: Int?
  private var timersStarted = 0

  /// What the driver does for a new action.
  enum ActionArrived: Equatable {
    /// Try to adopt the timer with this number, then call ``adoptionTried(timer:adopted:action:deadline:)``.
    case adoptTimer(Int)
    /// Start the timer with this number: no timer waits or fires.
    case startTimer(Int)
  }

  /// What the driver does once it tried to adopt the waiting timer.
  enum AdoptionTried: Equatable {
    /// The adopted timer now waits for the new action; nothing to start.
    case keepTimer
    /// Start the timer with this number: the one that was waiting was cancelled, or its write
    /// landed meanwhile.
    case startTimer(Int)
  }

  /// What a timer does when its deadline has come.
  enum TimerWoke {
    /// Sleep again: a later action moved the deadline.
    case sleep(until: Instant)
    /// Hand this action to the child: the deadline passed with no newer action.
    case fire(Action)
    /// Return: the pending action is another timer's, or there is none.
    case stop
  }

  /// An action arrived, with the deadline fixed when it was handled.
  mutating func actionArrived(_ action: Action, deadline: Instant) -> ActionArrived {
    if let timer = pending?.timer ?? firing { return .adoptTimer(timer) }
    return .startTimer(startTimer(for: action, deadline: deadline))
  }

  /// The runtime tried to adopt `timer` for the action that ``actionArrived(_:deadline:)`` was
  /// told of, and did so if `adopted`.
  mutating func adoptionTried(timer: Int, adopted: Bool, action: Action, deadline: Instant) -> AdoptionTried {
    guard adopted, pending?.timer == timer || firing == timer else {
      return .startTimer(startTimer(for: action, deadline: deadline))
    }
    // A fire on its way is revoked: this newer action waits on the same timer instead.
    (pending, firing) = ((action, deadline, timer), nil)
    return .keepTimer
  }

  /// `timer` slept until `deadline`, and the clock now says `now`: whichever is later is the
  /// time reached. (`now` alone would not do: a clock may wake a sleeper a moment before its
  /// deadline, and `deadline` alone would make a timer that fell behind a burst of actions,
  /// whose deadlines have all passed, sleep once for each of them.)
  mutating func timerWoke(_ timer: Int, at deadline: Instant, now: Instant) -> TimerWoke {
    guard let waiting = pending, waiting.timer == timer else { return .stop }
    if waiting.deadline > max(deadline, now) { return .sleep(until: waiting.deadline) }
    pending = nil
    firing = timer
    return .fire(waiting.action)
  }

  /// The write of `timer`, which fired, reached the runtime: whether it hands its action to the
  /// child (no newer action came first; one that did revoked it).
  mutating func fireLanded(_ timer: Int) -> Bool {
    guard firing == timer else { return false }
    firing = nil
    return true
  }

  private mutating func startTimer(for action: Action, deadline: Instant) -> Int {
    let timer = timersStarted
    timersStarted += 1
    (pending, firing) = ((action, deadline, timer), nil)
    return timer
  }
}

extension DebounceStateMachine.TimerWoke: Equatable where Action: Equatable {}
