import Foundation
import UnoComposition
import UnoCore

/// One todo: a row of the list.
nonisolated public struct Todo: Sendable, Equatable, Codable, Identifiable {
  /// Its identity, from the `uuid` dependency when it is added.
  public var id: UUID
  /// What is to be done.
  public var title: String
  /// Whether it is done.
  public var isComplete: Bool

  /// A todo; not complete unless said.
  public init(id: UUID, title: String, isComplete: Bool = false) {
    self.id = id
    self.title = title
    self.isComplete = isComplete
  }
}

/// What a row can be asked to do.
@CasePathable
public enum TodoAction: Sendable, Equatable, Codable {
  /// Checks or unchecks the row.
  case toggle
  /// Gives the row a new title (blank titles are ignored).
  case rename(title: String)
}

/// One row's logic, run for each todo by ``TodosInteractor``'s `forEach`.
@Interactor<Todo, TodoAction>
public struct TodoInteractor: Sendable {
  /// A row.
  public init() {}

  /// Toggling and renaming.
  public var body: some InteractorOf<Self> {
    Interact { state, action in  // each row's state is the list's
      switch action {
      case .toggle:
        state.isComplete.toggle()
      case .rename(let title):
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { state.title = trimmed }
      }
      return .state
    }
  }
}
