import Foundation
import Testing
import TodosFeature
import UnoTesting

/// What must hold of Todos after any action, in any order.
@MainActor
let todosInvariants: [Invariant<TodosState>] = [
  Invariant("ids are unique") { Set($0.todos.ids).count == $0.todos.count },
  Invariant("the filter shows exactly the todos it names") { state in
    let shown = state.visibleTodos
    switch state.filter {
    case .all: return shown.count == state.todos.count
    case .active:
      return shown.count == state.todos.filter { !$0.isComplete }.count
        && !shown.contains(where: \.isComplete)
    case .completed: return shown.allSatisfy(\.isComplete)
    }
  },
  Invariant("the editor edits a todo that exists") { state in
    state.editor.map { state.todos[id: $0.todoID] != nil } ?? true
  },
  Invariant("no todo has a blank title") { state in
    state.todos.allSatisfy { !$0.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
  },
]

@MainActor
@Suite struct TodosExplorationTests {
  @Test func anyOrderOfActionsKeepsTheListConsistent() async {
    let saved = LockIsolatedSaves()
    let failure = await explore(
      TodosInteractor(), runs: 100, steps: 30, seed: 2026,
      // A move to an offset the list does not have, and opening the editor on a todo that is not
      // there, are reported to the sender on purpose: bad input, not a bug.
      allowingIssues: { $0.contains("was dropped") },
      withDependencies: {
        $0.uuid = .incrementing
        $0.todosStore = .inMemory([], saved: saved)
      },
      invariants: todosInvariants)
    #expect(failure == nil)
    // The runs reached the list: they added, and saved.
    #expect(!saved.saves.isEmpty)
  }
}
