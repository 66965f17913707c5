import Dependencies
import Foundation
import UnoComposition
import UnoPresentation

/// What a Todos screen shows.
public struct TodosViewState: Sendable, Equatable, Codable {
  /// One row of the list: a row view model's view state (`rowViewModels`).
  public struct Row: Sendable, Equatable, Codable, Identifiable {
    /// The todo's id, to address its actions.
    public var id: UUID
    /// Its title.
    public var title: String
    /// "[x]" or "[ ]".
    public var checkbox: String
    /// Whether it is done.
    public var isComplete: Bool
  }

  /// The editor's fields, while it is open: the editor view model's view state
  /// (`editorViewModel`).
  public struct Editor: Sendable, Equatable, Codable, Identifiable {
    /// The todo being edited.
    public var todoID: UUID
    /// The title as typed.
    public var title: String
    /// A warning about the title, or "".
    public var warning: String
    /// Why saving was refused, or "".
    public var error: String
    /// The todo being edited: an editor opened on another todo is another editor.
    public var id: UUID { todoID }
  }

  /// The rows the filter shows.
  public var rows: [Row] = []
  /// "2 of 5 left".
  public var counts = "0 of 0 left"
  /// "all", "active" or "completed".
  public var filter = "all"
  /// The editor, while open.
  public var editor: Editor?
  /// What went wrong loading or saving, in plain words, or "".
  public var status = ""

  /// An empty list.
  public init() {}
}

/// Maps the Todos domain state to what a screen shows.
@ViewStateReducer<TodosState, TodosViewState>
public struct TodosViewStateReducer: Sendable {
  /// A reducer.
  public init() {}

  /// Rows, counts, filter, editor and status.
  public var body: some ViewStateReducerOf<Self> {
    BuildViewState { state in
      var view = TodosViewState()
      view.rows = state.visibleTodos.map { todo in
        .init(
          id: todo.id, title: todo.title, checkbox: todo.isComplete ? "[x]" : "[ ]",
          isComplete: todo.isComplete)
      }
      let left = state.todos.count { !$0.isComplete }
      view.counts = "\(left) of \(state.todos.count) left"
      view.filter = state.filter.rawValue
      view.editor = state.editor.map {
        .init(todoID: $0.todoID, title: $0.title, warning: $0.warning ?? "", error: $0.error ?? "")
      }
      view.status = state.status ?? ""
      return view
    }
  }
}

extension TodosInteractor {
  /// A view model for the Todos screen. Its list is loaded from the `todosStore` dependency (as
  /// `prepareDependencies` leaves it) when it is made.
  @MainActor
  public static func makeViewModel(
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil
  ) -> ViewModel<TodosAction, TodosState, TodosViewState> {
    let initial = Dependencies.withDependencies(prepareDependencies ?? { _ in }) {
      @Dependency(\.todosStore) var store
      return TodosState.loaded(from: store)
    }
    let reducer = TodosViewStateReducer()
    var initialView = TodosViewState()
    reducer.reduce(initial, into: &initialView)
    return ViewModel(
      initialValue: initialView,
      TodosInteractor(initialState: initial).eraseToAnyInteractor(),
      reducer.eraseToAnyViewStateReducer(),
      withDependencies: prepareDependencies,
      reportsReinitialization: reportsReinitialization
    )
  }
}
