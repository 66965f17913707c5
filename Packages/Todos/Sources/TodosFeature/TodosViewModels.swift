import Foundation
import UnoComposition
import UnoPresentation

// The view models a Todos screen draws from: the list's, one per row, and the editor's. Each is
// observed field by field, so that a toggle redraws its row only. No SwiftUI here: a SwiftUI app
// adds its views on top (docs/presentation-guide.md, "Child view models").

/// The Todos screen's view model (made by ``TodosInteractor/makeViewModel(withDependencies:reportsReinitialization:)``).
public typealias TodosViewModel = ViewModel<TodosAction, TodosState, TodosViewState>

/// A row's view model: its title and checkbox, and its actions (`toggle`, `rename`), which the
/// list hears as `.todo(row: .element(id:action:))`.
public typealias TodoRowViewModel = ChildViewModel<TodoAction, TodosViewState.Row>

/// The editor's view model, while it is open: what is typed, its warning and error.
public typealias TodoEditorViewModel = ChildViewModel<EditorAction, TodosViewState.Editor>

extension ViewModel where Action == TodosAction, ViewState == TodosViewState {
  /// The view models of the rows the filter shows, in their order, by todo id: the same object
  /// for a todo while it is shown.
  ///
  /// ```swift
  /// ForEach(viewModel.rowViewModels) { TodoRowView(viewModel: $0) }
  /// ```
  public var rowViewModels: IdentifiedArray<UUID, TodoRowViewModel> {
    scope(rows: \.rows, action: \.todo)
  }

  /// The editor's view model while the editor is open, `nil` otherwise.
  public var editorViewModel: TodoEditorViewModel? {
    scope(state: \.editor, action: \.editor)
  }

  /// The editor, for a sheet: setting it to `nil` (a swipe down) closes the editor.
  public var editorPresentation: ViewBinding<TodoEditorViewModel?> {
    presentationBinding(state: \.editor, action: \.editor, dismiss: .closeEditor)
  }
}

extension ChildViewModel where Action == TodoAction, ViewState == TodosViewState.Row {
  /// The checkbox: setting it toggles the todo.
  public var isCompleteBinding: ViewBinding<Bool> {
    binding(\.isComplete) { _ in .toggle }
  }
}

extension ChildViewModel where Action == EditorAction, ViewState == TodosViewState.Editor {
  /// The title field: each edit is sent as `titleChanged`.
  public var titleBinding: ViewBinding<String> {
    binding(\.title) { .titleChanged(title: $0) }
  }
}
