/// Where a state change came from, as reported by
/// ``InteractorRuntime/addObserver(withSource:)``.
public enum StateChangeSource: Hashable, Sendable {
  /// The action being handled right now (the `send` in progress, or an action queued behind it).
  case action
  /// A write from an effect of the action whose ``EventTask`` has this ``EventTask/id``.
  case effect(of: EventTask.ID)
  /// A shared value (``Shared``) the state holds was changed outside this runtime's steps: by
  /// another runtime that holds it, or by an effect writing it directly. Like an effect's write,
  /// it belongs to no action of this runtime.
  case sharedValue
  /// The state was set back to an earlier one (``InteractorRuntime/rewind(to:)``: the
  /// inspector, or a replay).
  case rewind
}
