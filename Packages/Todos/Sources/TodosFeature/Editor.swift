import Foundation
import UnoComposition
import UnoCore

/// The editor of one todo's title: an optional child of the list, present while open.
public struct EditorState: Sendable, Equatable, Codable {
  /// The todo being edited.
  public var todoID: UUID
  /// The title as typed so far.
  public var title: String
  /// The other todos' titles, to warn about a duplicate.
  public var otherTitles: Set<String>
  /// A warning, shown after typing pauses: the title is another todo's.
  public var warning: String?
  /// Why saving was refused, if it was.
  public var error: String?

  /// An editor of `todoID`, starting from `title`.
  public init(
    todoID: UUID, title: String, otherTitles: Set<String> = [], warning: String? = nil, error: String? = nil
  ) {
    self.todoID = todoID
    self.title = title
    self.otherTitles = otherTitles
    self.warning = warning
    self.error = error
  }
}

/// What the editor can be asked to do.
@CasePathable
public enum EditorAction: Sendable, Equatable, Codable {
  /// The title was edited. Half a second after typing pauses, the editor checks it against the
  /// other todos'.
  case titleChanged(title: String)
  /// Saves the title into its todo and closes the editor (a blank title is refused).
  case save
  /// Closes the editor without saving.
  case cancel
}

/// The editor's logic. Its parent, ``TodosInteractor``, hears `save` and `cancel` after it and
/// closes it; closing it cancels the duplicate check still waiting.
@Interactor<EditorState, EditorAction>
public struct EditorInteractor: Sendable {
  @Dependency(\.continuousClock) var clock

  /// An editor.
  public init() {}

  enum DuplicateCheck: Hashable, Sendable { case id }

  /// Editing, validating, and the debounced duplicate check.
  public var body: some InteractorOf<Self> {
    Interact { state, action in  // the parent opens the editor with its state
      switch action {
      case .titleChanged(let title):
        state.title = title
        state.error = nil
        state.warning = nil
        let clock = AnyClock(self.clock)
        let deadline = clock.now.advanced(by: .milliseconds(500))
        return .perform { editor, send in
          try await clock.sleep(toDeadline: deadline)
          let (title, others) = await (editor.title, editor.otherTitles)
          let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
          guard others.contains(trimmed) else { return }
          await send { $0.warning = "Another todo is called “\(trimmed)”." }
        }
        .cancellable(id: DuplicateCheck.id, cancelInFlight: true)
      case .save:
        if state.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
          state.error = "A todo needs a title."
        }
        return .state
      case .cancel:
        return .state
      }
    }
  }
}
