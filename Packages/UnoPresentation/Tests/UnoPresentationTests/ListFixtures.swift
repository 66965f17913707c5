import Observation
import UnoComposition
import UnoPresentation

/// A list with a title, a counter, rows and an optional editor: the parent of the child view
/// model tests.
struct Item: Sendable, Equatable, Identifiable {
  var id: Int
  var name: String
  var done = false
}

@CasePathable
enum ItemAction: Sendable, Equatable {
  case toggle
  case rename(String)
  /// Renames the row from an effect, off the main actor.
  case renameLater(String)
}

@Interactor<Item, ItemAction>
struct ItemInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact { state, action in
      switch action {
      case .toggle:
        state.done.toggle()
        return .state
      case .rename(let name):
        state.name = name
        return .state
      case .renameLater(let name):
        return .perform { _, send in await send { $0.name = name } }
      }
    }
  }
}

struct EditorItem: Sendable, Equatable {
  var itemID: Int
  var draft: String
}

@CasePathable
enum EditorItemAction: Sendable, Equatable {
  case typed(String)
}

@Interactor<EditorItem, EditorItemAction>
struct EditorItemInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact { state, action in
      switch action {
      case .typed(let text):
        state.draft = text
        return .state
      }
    }
  }
}

struct ListState: Sendable, Equatable {
  var title = "Items"
  var count = 0
  var items: IdentifiedArrayOf<Item> = []
  var editor: EditorItem?
}

@CasePathable
enum ListAction: Sendable, Equatable {
  case setTitle(String)
  case bump
  case add(Item)
  case remove(id: Int)
  /// Replaces the whole list in one step.
  case replace([Item])
  case open(id: Int)
  case close
  case item(IdentifiedAction<Int, ItemAction>)
  case editor(EditorItemAction)
}

@Interactor<ListState, ListAction>
struct ListInteractor: Sendable {
  var initial = ListState()

  var body: some InteractorOf<Self> {
    Interact(initialValue: initial) { state, action in
      switch action {
      case .setTitle(let title):
        state.title = title
      case .bump:
        state.count += 1
      case .add(let item):
        state.items.append(item)
      case .remove(let id):
        state.items.remove(id: id)
      case .replace(let items):
        state.items = IdentifiedArray(uniqueElements: items)
      case .open(let id):
        state.editor = state.items[id: id].map { EditorItem(itemID: $0.id, draft: $0.name) }
      case .close:
        state.editor = nil
      case .item, .editor:
        break
      }
      return .state
    }
    .forEach(stateIs: \.items, actionIs: \.item) { ItemInteractor() }
    .when(stateIs: \.editor, actionIs: \.editor) { EditorItemInteractor() }
  }
}

/// What the list shows: every field is `Equatable`, but `note`, which is not.
struct ListViewState: Sendable, Equatable {
  struct Row: Sendable, Equatable, Identifiable {
    var id: Int
    var name: String
    var done: Bool
  }
  struct Editor: Sendable, Equatable, Identifiable {
    var id: Int
    var draft: String
  }
  /// Not `Equatable`: told of every change.
  struct Note: Sendable {
    var text: String
  }

  var title = ""
  var count = 0
  var rows: [Row] = []
  var editor: Editor?
  var note = Note(text: "")

  static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.title, lhs.count, lhs.rows, lhs.editor, lhs.note.text)
      == (rhs.title, rhs.count, rhs.rows, rhs.editor, rhs.note.text)
  }
}

extension ListViewState {
  init(_ state: ListState) {
    self.init(
      title: state.title, count: state.count,
      rows: state.items.map { Row(id: $0.id, name: $0.name, done: $0.done) },
      editor: state.editor.map { Editor(id: $0.itemID, draft: $0.draft) },
      note: Note(text: "\(state.count)"))
  }
}

typealias ListViewModel = ViewModel<ListAction, ListState, ListViewState>

@MainActor
func makeListViewModel(rows: Int = 3) -> ListViewModel {
  let initial = ListState(
    items: IdentifiedArray(uniqueElements: (0..<rows).map { Item(id: $0, name: "item \($0)") }))
  return ViewModel(
    initialValue: ListViewState(initial),
    ListInteractor(initial: initial).eraseToAnyInteractor(),
    BuildViewState { ListViewState($0) }.eraseToAnyViewStateReducer()
  )
}

/// Counts the times `read`'s observation is told of a change; each `track()` observes once more
/// (as a view does by drawing again).
@MainActor
final class Observed {
  private(set) var told = 0
  private let read: @MainActor () -> Void
  private let again: Bool

  /// Observes `read`; with `again`, observes it again each time it is told, from within the
  /// telling.
  init(again: Bool = false, _ read: @escaping @MainActor () -> Void) {
    self.read = read
    self.again = again
    track()
  }

  func track() {
    withObservationTracking {
      read()
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.told += 1
        if self.again { self.track() }
      }
    }
  }
}
