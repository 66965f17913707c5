import CasePaths

/// An action of a navigation stack: one screen's action, or a push or a pop from outside the
/// features (a view, the host).
///
/// The parent's action carries it in a case, and
/// `Interactor.forEach(stateIs:actionIs:fileID:filePath:line:column:_:)` over a ``StackState``
/// handles it:
///
/// ```swift
/// @CasePathable
/// enum AppAction {
///   case list(ListAction)
///   case path(StackAction<Path.State, Path.Action>)
/// }
///
/// runtime.send(.path(.element(id: 0, action: .detail(.editTapped))))
/// runtime.send(.path(.push(id: 1, state: .meeting(MeetingState(meeting)))))
/// runtime.send(.path(.popFrom(id: 1)))
/// ```
///
/// It is `Equatable`, `Hashable` and `Codable` when its state and action are. Encoded, it reads
/// `{"element":{"id":0,"action":…}}`, `{"push":{"id":1,"state":…}}` and `{"popFrom":{"id":1}}`.
@CasePathable
public enum StackAction<State: Sendable, Action: Sendable>: Sendable {
  /// The action `action` for the screen with `id`.
  case element(id: StackElementID, action: Action)
  /// Pushes a screen in `state` on top, with `id` (which must not be in the stack yet).
  case push(id: StackElementID, state: State)
  /// Pops the screen with `id` and every screen above it.
  case popFrom(id: StackElementID)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Decodable where State: Decodable, Action: Decodable {}
extension StackAction: Encodable where State: Encodable, Action: Encodable {}
