import Foundation
import TodosFeature
import UnoComposition
import UnoPlugin

/// The short commands of `uno-host run todos`: a row is named by its number in the list shown
/// (the `[n]` of `rows`, counted from 0 as the view prints it), not by its id.
let todosCommands: [FeatureCommand<TodosAction, TodosState>] = [
  .init("toggle", argument: "n", summary: "Checks or unchecks row n.") {
    state, argument throws(FeatureCommandError) in
    .todo(row: .element(id: try row(state, argument, for: "toggle").id, action: .toggle))
  },
  .init("rename", argument: "n title", summary: "Renames row n.") {
    state, argument throws(FeatureCommandError) in
    let (number, title) = split(argument)
    guard let title, !title.isEmpty else {
      throw FeatureCommandError(
        "'rename' takes a row number and the new title, e.g. 'rename 0 Buy oat milk'.")
    }
    return .todo(row: .element(id: try row(state, number, for: "rename").id, action: .rename(title: title)))
  },
  .init("delete", argument: "n", summary: "Deletes row n.") { state, argument throws(FeatureCommandError) in
    .delete(ids: [try row(state, argument, for: "delete").id])
  },
  .init("edit", argument: "n", summary: "Opens the editor on row n.") {
    state, argument throws(FeatureCommandError) in
    .openEditor(id: try row(state, argument, for: "edit").id)
  },
  .init("filter", argument: "all|active|completed", summary: "Shows all, active or completed todos.") {
    _, argument throws(FeatureCommandError) in
    guard let filter = argument.flatMap({ Filter(rawValue: $0) }) else {
      throw FeatureCommandError(
        "'filter' takes one of: \(Filter.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    return .filterPicked(filter)
  },
]

/// The todo shown at row `argument` (a number from 0, as the view's `rows` prints it).
private func row(
  _ state: TodosState, _ argument: String?, for command: String
) throws(FeatureCommandError) -> Todo {
  let rows = state.visibleTodos
  guard !rows.isEmpty else {
    throw FeatureCommandError("There are no rows to \(command): 'add' a todo first, e.g. 'add Buy milk'.")
  }
  guard let number = argument.flatMap({ Int($0) }), rows.indices.contains(number) else {
    throw FeatureCommandError(
      "'\(command)' takes the number of a row, from 0 to \(rows.count - 1), as the list shows it (rows: [0], [1], …)."
    )
  }
  return rows[number]
}

/// "2 Buy oat milk" → ("2", "Buy oat milk").
private func split(_ argument: String?) -> (String?, String?) {
  guard let argument else { return (nil, nil) }
  let parts = argument.split(separator: " ", maxSplits: 1)
  return (parts.first.map(String.init), parts.count > 1 ? String(parts[1]) : nil)
}
