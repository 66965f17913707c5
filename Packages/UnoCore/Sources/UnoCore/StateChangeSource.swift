/// Where a state change came from, as reported by
/// ``InteractorRuntime/addObserver(withSource:)``.
public enum StateChangeSource: Hashable, Sendable {
  /// The action being handled right now (the `send` in progress, or an action queued behind it).
  case action
  /// A write from an effect of the action whose ``EventTask`` has this ``EventTask/id``.
  case effect(of: EventTask.ID)
}
