import Dependencies
import Foundation
import TodosFeature
import TodosStoreLive
import UnoPlugin

/// Todos, as a host loads it: the list kept in `todos.json` in the host's data directory
/// (`--data-dir`), the live clock and random ids.
public let todosPlugin = FeaturePlugin(
  name: "todos",
  summary: "A todo list: rows to check and rename, an editor, kept in a file that survives restarts.",
  actions: [
    .init(TodosAction.add(title: "Buy milk"), summary: "Adds a todo at the top."),
    .init(.delete(ids: [exampleID]), summary: "Deletes the todos with these ids."),
    .init(
      .move(from: [2], to: 0), summary: "Moves the todos at these offsets of the whole list to an offset."),
    .init(.filterPicked(.active), summary: "Shows all, active or completed todos."),
    .init(.clearCompleted, summary: "Deletes every completed todo."),
    .init(.todo(row: .element(id: exampleID, action: .toggle)), summary: "Checks or unchecks a row."),
    .init(
      .todo(row: .element(id: exampleID, action: .rename(title: "Buy oat milk"))), summary: "Renames a row."),
    .init(.openEditor(id: exampleID), summary: "Opens the editor on a todo."),
    .init(.closeEditor, summary: "Closes the editor without saving."),
    .init(.editor(action: .titleChanged(title: "Buy oat milk")), summary: "Edits the title in the editor."),
    .init(.editor(action: .save), summary: "Saves the editor's title into its todo and closes it."),
    .init(.editor(action: .cancel), summary: "Closes the editor without saving."),
  ],
  commands: todosCommands,
  invariants: TodosState.invariants.map { FeatureInvariant($0.name, $0.holds) },
  makeViewModel: {
    // A host runs features live, even inside a test process; the store is the file in the
    // host's data directory, as the host set it for this session.
    TodosInteractor.makeViewModel(
      withDependencies: {
        $0.context = .live
        $0.todosStore = .file(in: $0.hostDataDirectory)
      },
      reportsReinitialization: false
    )
  }
)

/// The id the examples use: a row's actions take the id shown in its view state.
private let exampleID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
