/// What a ``Throttle`` remembers between actions, and its rules, with no clock, task or runtime:
/// each event returns what the throttle must do, so the rules can be read (and tested) on their
/// own. ``Throttle`` is the driver: it keeps the machine in the runtime (``OperatorMachine``), reads
/// the clock, and turns the returned actions into child calls and waiting effects.
///
/// The rules are the table in docs/guides/Throttle.md.
struct ThrottleStateMachine<Instant: InstantProtocol>: OperatorStateMachine {
  /// The running interval: when it ends, and the ticket of the action waiting for its end.
  private var interval: (end: Instant, waiting: Int?)?
  /// Tickets are never reused, so that a waiting action that lost its place can never be
  /// mistaken for a newer one.
  private var nextTicket = 0

  /// What to do with an action that arrived.
  enum ActionArrived: Equatable {
    /// No interval was running: the action reaches the child now, and one started.
    case passNow
    /// The action waits until the running interval ends at `until`, holding `ticket`.
    case wait(ticket: Int, until: Instant)
    /// The action is dropped: an earlier one waits, and the throttle keeps the first.
    case drop
  }

  /// What to do when a waiting action's interval ended.
  enum IntervalEnded: Equatable {
    /// The action still holds its place: it reaches the child, and a new interval started.
    case pass
    /// A newer action took its place: nothing happens.
    case drop
  }

  /// An action arrived at `now`.
  ///
  /// - Parameter latest: Whether a newer action takes the place of one already waiting.
  mutating func actionArrived(at now: Instant, duration: Instant.Duration, latest: Bool) -> ActionArrived {
    guard var running = interval, now < running.end else {
      interval = (end: now.advanced(by: duration), waiting: nil)
      return .passNow
    }
    if !latest && running.waiting != nil { return .drop }
    let ticket = nextTicket
    nextTicket += 1
    running.waiting = ticket
    interval = running
    return .wait(ticket: ticket, until: running.end)
  }

  /// The interval that the action holding `ticket` waited for ended; it is `now`.
  mutating func intervalEnded(ticket: Int, at now: Instant, duration: Instant.Duration) -> IntervalEnded {
    guard interval?.waiting == ticket else { return .drop }
    interval = (end: now.advanced(by: duration), waiting: nil)
    return .pass
  }
}
