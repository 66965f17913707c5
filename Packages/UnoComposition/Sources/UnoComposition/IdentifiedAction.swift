import CasePaths

/// An action addressed to one element of a collection of child features: the element's id and
/// the element's own action.
///
/// The parent's action carries it in a case, and
/// `Interactor.forEach(stateIs:actionIs:_:)` routes it to the element with that id:
///
/// ```swift
/// @CasePathable
/// enum TodosAction {
///   case addButtonTapped
///   case todo(IdentifiedAction<Todo.ID, TodoAction>)
/// }
///
/// runtime.send(.todo(.element(id: todo.id, action: .toggle)))
/// ```
///
/// It is `Equatable`, `Hashable` and `Codable` when its id and action are. Encoded, it reads
/// `{"element":{"id":…,"action":…}}`.
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
  /// The action `action` for the element identified by `id`.
  case element(id: ID, action: Action)

  /// The id of the element the action is addressed to.
  public var id: ID {
    switch self {
    case .element(let id, _): return id
    }
  }

  /// The element's own action.
  public var action: Action {
    switch self {
    case .element(_, let action): return action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}
