import Foundation

extension TodosState {
  /// What must hold of the list after any action, in any order: the exploration test checks them
  /// after every step, and so does `uno-host explore todos` (the plugin declares them).
  public static let invariants: [(name: String, holds: @MainActor @Sendable (TodosState) -> Bool)] = [
    ("ids are unique", { Set($0.todos.ids).count == $0.todos.count }),
    (
      "the filter shows exactly the todos it names",
      { state in
        let shown = state.visibleTodos
        switch state.filter {
        case .all: return shown.count == state.todos.count
        case .active:
          return shown.count == state.todos.filter { !$0.isComplete }.count
            && !shown.contains(where: \.isComplete)
        case .completed: return shown.allSatisfy(\.isComplete)
        }
      }
    ),
    (
      "the editor edits a todo that exists",
      { state in state.editor.map { state.todos[id: $0.todoID] != nil } ?? true }
    ),
    (
      "no todo has a blank title",
      { state in
        state.todos.allSatisfy { !$0.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
      }
    ),
  ]
}
