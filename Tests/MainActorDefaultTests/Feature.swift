// A feature written as the README and the guides write it, in a module compiled as a new Xcode
// project compiles an app's code: default actor isolation `MainActor`, Swift 6, and Approachable
// Concurrency's `NonisolatedNonsendingByDefault` and `InferIsolatedConformances` (the target's
// settings in Package.swift). Nothing here is annotated for those settings: every type below is
// main-actor isolated, and every conformance it declares is isolated to the main actor.
import Foundation
import UnoArchitecture

struct Row: Equatable, Identifiable, Codable, Sendable {
  var id: Int
  var title = ""
  var isDone = false
}

@CasePathable
enum RowAction: Equatable, Sendable {
  case toggle
  case rename(String)
}

@Interactor<Row, RowAction>
struct RowInteractor {
  var body: some InteractorOf<Self> {
    Interact { row, action in
      switch action {
      case .toggle: row.isDone.toggle()
      case .rename(let title): row.title = title
      }
      return .state
    }
  }
}

struct EditorState: Equatable, Sendable {
  var text = ""
  var saving = false
}

@CasePathable
enum EditorAction: Equatable, Codable, Sendable {
  case typed(String)
  case save
  case saved
}

@Interactor<EditorState, EditorAction>
struct EditorInteractor {
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: EditorState()) { state, action in
      switch action {
      case .typed(let text):
        state.text = text
        return .state
      case .save:
        state.saving = true
        return .perform { [clock] _, send in
          try await clock.sleep(for: .seconds(1))
          await send { $0.saving = false }
        }
        .cancellable(id: SaveID.id, cancelInFlight: true)
      case .saved:
        return .cancel(id: SaveID.id)
      }
    }
  }
}

enum SaveID: Hashable { case id }

enum ConfirmDeletion: Equatable, Sendable { case confirm }

/// What the list presents: an editor, or an alert that asks before deleting every row.
@Interactor
enum Destination {
  case edit(EditorInteractor)
  case alert(AlertState<ConfirmDeletion>)
}
extension Destination.State: Equatable {}
extension Destination.Action: Equatable {}

/// Where an effect ran, as the effect saw it.
struct EffectReport: Equatable, Sendable {
  /// The actor the effect's work ran on (`#isolation`), when it ran on one.
  var workActor: String?
  /// Whether the effect's work ran on the main thread.
  var workOnMainThread: Bool
  /// The actor the effect's write ran on.
  var writeActor: String?
}

/// The name of `actor`'s type, or `nil` for none.
nonisolated func name(of actor: (any Actor)?) -> String? {
  actor.map { String(describing: type(of: $0)) }
}

struct ListState: Equatable, Sendable {
  var counter = 0
  var rows: IdentifiedArrayOf<Row> = []
  var editor: EditorState?
  var destination: Destination.State?
  var report: EffectReport?
  var nextID = 0

  init() {}
}

@CasePathable
enum ListAction: Equatable, Sendable {
  case add(String)
  case row(IdentifiedAction<Row.ID, RowAction>)
  case openEditor
  case editor(EditorAction)
  case editTapped
  case deleteTapped
  case destination(Destination.Action)
  case measure
}

@Interactor<ListState, ListAction>
struct ListInteractor {
  var body: some InteractorOf<Self> {
    Interact(initialValue: ListState()) { state, action in
      switch action {
      case .add(let title):
        state.rows.append(Row(id: state.nextID, title: title))
        state.nextID += 1
        return .state
      case .row, .editor, .destination(.edit):
        return .state
      case .editTapped:
        state.destination = .edit(EditorState())
        return .state
      case .openEditor:
        state.editor = EditorState()
        return .state
      case .deleteTapped:
        state.destination = .alert(
          AlertState(
            title: "Delete?", buttons: [ButtonState(role: .destructive, action: .confirm, label: "Delete")]))
        return .state
      case .destination(.alert(.confirm)):
        state.rows.removeAll()
        return .state
      case .destination(.alert):
        return .state
      case .measure:
        // The effect's own work, then its write: where each ran.
        return .perform { _, send in
          // With `NonisolatedNonsendingByDefault`, `#isolation` in a closure that runs on its
          // caller's actor is that actor; in one that runs on no actor, `nil`.
          let (workActor, workOnMainThread) = (name(of: #isolation), Thread.isMainThread)
          await send { state in
            state.report = EffectReport(
              workActor: workActor, workOnMainThread: workOnMainThread, writeActor: name(of: #isolation))
          }
        }
      }
    }
    .forEach(stateIs: \.rows, actionIs: \.row) { RowInteractor() }
    .when(stateIs: \.editor, actionIs: \.editor) { EditorInteractor() }
    .when(stateIs: \.destination, actionIs: \.destination) { Destination() }
  }
}

/// A search box that searches once typing pauses, or at once on submit: the debounce's id and the
/// `cancelDebounce(id:)` that drops its pending search are an id declared here, whose `Hashable`
/// conformance is main-actor isolated.
enum TypingDebounce: Hashable { case id }

struct TypingState: Equatable, Sendable {
  var query = ""
  var searched: [String] = []
}

@CasePathable
enum TypingAction: Equatable, Sendable {
  case typed(String)
  case submit
}

@Interactor<TypingState, TypingAction>
struct TypingInteractor {
  var body: some InteractorOf<Self> {
    Interact(initialValue: TypingState()) { state, action in
      switch action {
      case .typed(let query):
        state.query = query
        return .state
      case .submit:
        state.searched.append(state.query)
        return .cancelDebounce(id: TypingDebounce.id)
      }
    }
    OnAction(\.typed) {
      Debounce(for: .seconds(1), id: TypingDebounce.id) {
        UnoArchitecture.Interact<TypingState, String> { state, _ in
          state.searched.append(state.query)
          return .state
        }
      }
    }
  }
}

/// A form whose fields are bindings.
struct ProfileState: Equatable, Sendable {
  var name = ""
  var age = 0
}

extension ProfileState: BindableState {
  static let bindableFields: BindableFields<Self> = [.field("name", \.name), .field("age", \.age)]
}

@CasePathable
enum ProfileAction: Equatable, Sendable {
  case binding(BindingAction<ProfileState>)
  case clearTapped
}

// In an extension: in the enum's declaration, a protocol that refines `Sendable` would make the
// enum nonisolated, and `@CasePathable`'s expansion is then refused (docs/new-projects.md).
extension ProfileAction: BindableAction {}

@Interactor<ProfileState, ProfileAction>
struct ProfileInteractor {
  var body: some InteractorOf<Self> {
    BindingInteractor()
    Interact(initialValue: ProfileState()) { state, action in
      switch action {
      case .binding(\.age):
        state.age = max(0, state.age)
        return .state
      case .binding:
        return .state
      case .clearTapped:
        state = ProfileState()
        return .state
      }
    }
  }
}

/// What a counter shows: a helper of the module, main-actor isolated like every declaration here.
func label(of count: Int) -> String { "Count: \(count)" }

struct LabeledState: Equatable, Sendable {
  var count = 0
  var label = ""
}

enum LabeledAction: Equatable, Sendable { case increment }

/// A feature that reacts to a change of its state with `onChange`, whose closure calls a helper
/// of the module, as `Interact`'s does.
@Interactor<LabeledState, LabeledAction>
struct LabeledCounter {
  var body: some InteractorOf<Self> {
    Interact(initialValue: LabeledState()) { state, action in
      state.count += 1
      return .state
    }
    .onChange(of: \.count) { _, state in
      state.label = label(of: state.count)
      return .state
    }
  }
}
