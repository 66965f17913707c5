import Clocks
import Dependencies
import Foundation
import UnoComposition
import UnoCore

/// Which todos the list shows.
public enum Filter: String, Sendable, Equatable, Codable, CaseIterable {
  /// Every todo.
  case all
  /// The ones not done.
  case active
  /// The ones done.
  case completed
}

/// The Todos feature's domain state.
public struct TodosState: Sendable, Equatable, Codable {
  /// The list, in its order; completed todos sort to the bottom after a toggle.
  public var todos: IdentifiedArrayOf<Todo>
  /// Which todos are shown.
  public var filter: Filter
  /// The editor, while one todo's title is being edited.
  public var editor: EditorState?
  /// What went wrong loading or saving, in plain words; `nil` when all is well.
  public var status: String?
  /// Whether changes are saved. `false` when the saved data exists but could not be read or
  /// moved aside: saving would overwrite it.
  public var savesChanges: Bool

  /// A state: by default an empty list that saves its changes.
  nonisolated public init(
    todos: IdentifiedArrayOf<Todo> = [], filter: Filter = .all, editor: EditorState? = nil,
    status: String? = nil, savesChanges: Bool = true
  ) {
    self.todos = todos
    self.filter = filter
    self.editor = editor
    self.status = status
    self.savesChanges = savesChanges
  }

  /// The state a session opens with: the list `store` has saved, or an empty list and a status
  /// that says why (the store keeps data it cannot read; see ``TodosStoreError``).
  public static func loaded(from store: TodosStore) -> TodosState {
    do {
      return TodosState(todos: IdentifiedArray(uniqueElements: uniqued(try store.load())))
    } catch let error as TodosStoreError {
      if case .inaccessible = error { return TodosState(status: error.description, savesChanges: false) }
      return TodosState(status: error.description)
    } catch {
      return TodosState(status: "The saved todos could not be read (\(error)).", savesChanges: false)
    }
  }

  /// The todos the filter shows, in order.
  public var visibleTodos: [Todo] {
    switch filter {
    case .all: Array(todos)
    case .active: todos.filter { !$0.isComplete }
    case .completed: todos.filter(\.isComplete)
    }
  }
}

/// The first todo of each id, in order: a file edited by hand may repeat one.
private func uniqued(_ todos: [Todo]) -> [Todo] {
  var seen: Set<UUID> = []
  return todos.filter { seen.insert($0.id).inserted }
}

/// What the Todos feature can be asked to do.
@CasePathable
public enum TodosAction: Sendable, Equatable, Codable {
  /// Adds a todo at the top (a blank title is refused), its id from the `uuid` dependency.
  case add(title: String)
  /// Deletes the todos with these ids.
  case delete(ids: [UUID])
  /// Moves the todos at these offsets of the whole list to an offset, as SwiftUI's `onMove`.
  case move(from: [Int], to: Int)
  /// Shows all, active or completed todos.
  case filterPicked(Filter)
  /// Deletes every completed todo.
  case clearCompleted
  /// An action of one row: `.todo(row: .element(id: id, action: .toggle))`.
  case todo(row: IdentifiedAction<UUID, TodoAction>)
  /// Opens the editor on a todo.
  case openEditor(id: UUID)
  /// Closes the editor without saving; whatever it still has running is cancelled.
  case closeEditor
  /// An action of the editor.
  case editor(action: EditorAction)
}

/// The Todos feature: a list of rows (`forEach`), an optional editor (`when`), completed todos
/// sorted to the bottom a second after the last toggle, and the list saved shortly after each
/// change.
@Interactor<TodosState, TodosAction>
public struct TodosInteractor: Sendable {
  /// The state a runtime of this interactor starts from.
  public let initialState: TodosState
  @Dependency(\.uuid) var uuid
  @Dependency(\.continuousClock) var clock

  /// A Todos feature starting from `initialState` (see ``TodosState/loaded(from:)``).
  @MainActor public init(initialState: TodosState = TodosState()) {
    self.initialState = initialState
  }

  enum Sort: Hashable, Sendable { case id }
  enum Save: Hashable, Sendable { case id }

  /// How long after the last toggle completed todos sort down.
  static let sortDelay = Duration.seconds(1)
  /// How long after the last change the list is saved.
  static let saveDelay = Duration.milliseconds(300)

  /// The list and its rows and editor, with saving after every change to the list.
  public var body: some InteractorOf<Self> {
    SavingChanges(save: save) {
      Interact(initialValue: initialState) { state, action in
        switch action {
        case .add(let title):
          let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
          guard !trimmed.isEmpty else {
            state.status = "A todo needs a title."
            return .state
          }
          if state.status == "A todo needs a title." { state.status = nil }
          // An id the list already holds is skipped, never reused: with the incrementing
          // generator over a loaded list, new ids continue after the loaded ones instead of the
          // insert being refused, which dropped the add without a word.
          var id = uuid()
          var tries = 0
          while state.todos[id: id] != nil, tries <= state.todos.count {
            id = uuid()
            tries += 1
          }
          guard state.todos[id: id] == nil else {
            state.status = "Could not add \"\(trimmed)\": no new id could be made for it."
            return .state
          }
          state.todos.insert(Todo(id: id, title: trimmed), at: 0)
          return .state
        case .delete(let ids):
          for id in ids { state.todos.remove(id: id) }
          if let editor = state.editor, ids.contains(editor.todoID) { state.editor = nil }
          return .state
        case .move(let offsets, let destination):
          let valid = offsets.filter { state.todos.indices.contains($0) }
          guard !valid.isEmpty, (0...state.todos.count).contains(destination) else {
            // Not dropped in silence: the sender hears that nothing moved.
            CallSite().reportIssue(
              """
              'move' from \(offsets.map(String.init).joined(separator: ", ")) to \(destination) was \
              dropped: the list has \(state.todos.count) todo(s), at offsets 0 to \
              \(max(0, state.todos.count - 1)), and a move goes to 0 to \(state.todos.count).
              """)
            return .state
          }
          state.todos.move(fromOffsets: IndexSet(valid), toOffset: destination)
          return .state
        case .filterPicked(let filter):
          state.filter = filter
          return .state
        case .clearCompleted:
          state.todos.removeAll(where: \.isComplete)
          // As `delete` does: an editor of a todo that is gone would save into nothing.
          if let editor = state.editor, state.todos[id: editor.todoID] == nil { state.editor = nil }
          return .state
        case .todo(row: .element(id: _, action: .toggle)):
          // The row has toggled itself; sort once the toggling stops.
          let clock = AnyClock(self.clock)
          let deadline = clock.now.advanced(by: Self.sortDelay)
          let save = self.save
          return .perform { _, send in
            try await clock.sleep(toDeadline: deadline)
            await send.reduce { state in
              let before = state.todos
              state.todos.sortCompletedLast()
              return state.todos == before ? .state : save(state)
            }
          }
          .cancellable(id: Sort.id, cancelInFlight: true)
        case .todo:
          return .state
        case .openEditor(let id):
          guard let todo = state.todos[id: id] else {
            CallSite().reportIssue("'openEditor' of \(id) was dropped: the list holds no todo with that id.")
            return .state
          }
          state.editor = EditorState(
            todoID: id, title: todo.title,
            otherTitles: Set(state.todos.filter { $0.id != id }.map(\.title)))
          return .state
        case .closeEditor, .editor(action: .cancel):
          state.editor = nil  // its running effects are cancelled in this step
          return .state
        case .editor(action: .save):
          // The editor has validated the title already.
          guard let editor = state.editor, editor.error == nil else { return .state }
          let title = editor.title.trimmingCharacters(in: .whitespacesAndNewlines)
          state.todos[id: editor.todoID]?.title = title
          state.editor = nil
          return .state
        case .editor:
          return .state
        }
      }
      .forEach(stateIs: \.todos, actionIs: \.todo) { TodoInteractor() }
      .when(stateIs: \.editor, actionIs: \.editor) { EditorInteractor() }
    }
  }

  /// The debounced save of the list as `state` has it: a burst of changes writes once.
  ///
  /// The store and the clock are read when it is called (while an action is handled or an
  /// effect writes), so that they are the runtime's, not those in force when the body was built.
  var save: @Sendable (TodosState) -> Emission<TodosState> {
    { state in
      guard state.savesChanges else { return .state }
      @Dependency(\.todosStore) var todosStore
      @Dependency(\.continuousClock) var continuousClock
      let (clock, store, todos) = (AnyClock(continuousClock), todosStore, Array(state.todos))
      let deadline = clock.now.advanced(by: Self.saveDelay)
      return .perform { _, send in
        try await clock.sleep(toDeadline: deadline)
        do {
          try await store.save(todos)
          await send { state in
            if state.status?.hasPrefix("Could not save") == true { state.status = nil }
          }
        } catch is CancellationError {
        } catch {
          await send { $0.status = "Could not save the todos: \(error)" }
        }
      }
      .cancellable(id: Save.id, cancelInFlight: true)
    }
  }
}

/// Runs `content`, then schedules a save when the list changed.
struct SavingChanges<Content: Interactor<TodosState, TodosAction>>: Interactor {
  typealias DomainState = TodosState
  typealias Action = TodosAction
  typealias Body = Never

  let save: @Sendable (TodosState) -> Emission<TodosState>
  let content: AnyInteractor<TodosState, TodosAction>

  @MainActor init(
    save: @escaping @Sendable (TodosState) -> Emission<TodosState>,
    @InteractorBuilder<TodosState, TodosAction> content: () -> Content
  ) {
    self.save = save
    self.content = content().eraseToAnyInteractor()
  }

  var initialValue: TodosState { content.initialValue }

  func interact(state: inout TodosState, action: TodosAction) -> Emission<TodosState> {
    let before = state.todos
    let emission = content.interact(state: &state, action: action)
    guard state.todos != before else { return emission }
    return .merge(emission, save(state))
  }
}

extension IdentifiedArray where Element == Todo, ID == UUID {
  /// Moves the completed todos after the others, each group keeping its order.
  mutating func sortCompletedLast() {
    let sorted = filter { !$0.isComplete } + filter(\.isComplete)
    guard sorted.map(\.id) != map(\.id) else { return }
    self = IdentifiedArray(uniqueElements: sorted)
  }
}
