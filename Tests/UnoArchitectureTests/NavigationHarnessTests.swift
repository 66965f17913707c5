import Clocks
import Foundation
import Testing
import UnoArchitecture
import UnoArchitectureTesting

// A list that pushes a note's screen; the screen presents an editor destination; both close
// themselves with `dismiss`. Driven through the test harness, as docs/guides/Navigation.md shows.

struct NoteEditorState: Sendable, Equatable, Codable {
  var text = ""
}

@CasePathable
enum NoteEditorAction: Sendable, Equatable, Codable {
  case typed(String)
  case done
}

@Interactor<NoteEditorState, NoteEditorAction>
struct NoteEditor: Sendable {
  @Dependency(\.dismiss) var dismiss

  var body: some InteractorOf<Self> {
    Interact(initialValue: NoteEditorState()) { [dismiss] state, action in
      switch action {
      case .typed(let text):
        state.text = text
        return .state
      case .done:
        return .perform { _, _ in await dismiss() }
      }
    }
  }
}

@Interactor
enum NoteDestination {
  case editor(NoteEditor)
}
extension NoteDestination.State: Equatable, Codable {}
extension NoteDestination.Action: Equatable, Codable {}

struct NoteScreenState: Sendable, Equatable, Codable {
  var title: String
  var destination: NoteDestination.State?
}

@CasePathable
enum NoteScreenAction: Sendable, Equatable, Codable {
  case editTapped
  case closeTapped
  case destination(NoteDestination.Action)
}

@Interactor<NoteScreenState, NoteScreenAction>
struct NoteScreen: Sendable {
  @Dependency(\.dismiss) var dismiss

  var body: some InteractorOf<Self> {
    Interact(initialValue: NoteScreenState(title: "")) { [dismiss] state, action in
      switch action {
      case .editTapped:
        state.destination = .editor(NoteEditorState(text: state.title))
        return .state
      case .closeTapped:
        return .perform { _, _ in await dismiss() }
      case .destination:
        return .state
      }
    }
    .when(stateIs: \.destination, actionIs: \.destination) { NoteDestination() }
  }
}

@Interactor
enum NotePath {
  case note(NoteScreen)
}
extension NotePath.State: Equatable, Codable {}
extension NotePath.Action: Equatable, Codable {}

struct NotesState: Sendable, Equatable {
  var titles = ["Groceries", "Ideas"]
  var path = StackState<NotePath.State>()
}

@CasePathable
enum NotesAction: Sendable {
  case open(Int)
  case path(StackAction<NotePath.State, NotePath.Action>)
}

@Interactor<NotesState, NotesAction>
struct Notes: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: NotesState()) { state, action in
      switch action {
      case .open(let index):
        state.path.append(.note(NoteScreenState(title: state.titles[index])))
        return .state
      case .path(.element(id: _, action: .note(.destination(.editor(.typed(let text)))))):
        // The editor has changed its own state; the list keeps its copy of the title in step.
        if let index = state.titles.firstIndex(where: { text.hasPrefix($0) }) { state.titles[index] = text }
        return .state
      case .path:
        return .state
      }
    }
    .forEach(stateIs: \.path, actionIs: \.path) { NotePath() }
  }
}

@MainActor
@Suite struct NavigationHarnessTests {
  @Test func pushPresentEditAndDismissStepByStep() async {
    let harness = await InteractorTestHarness(Notes())
    harness.send(.open(0)) { $0.path[id: 0] = .note(NoteScreenState(title: "Groceries")) }
    harness.send(.open(1)) { $0.path[id: 1] = .note(NoteScreenState(title: "Ideas")) }
    harness.send(.path(.element(id: 1, action: .note(.editTapped)))) {
      $0.path[id: 1, case: \.note]?.destination = .editor(NoteEditorState(text: "Ideas"))
    }
    harness.send(.path(.element(id: 1, action: .note(.destination(.editor(.typed("Ideas: a tree house")))))))
    {
      $0.path[id: 1, case: \.note]?.destination?.modify(\.editor) { $0.text = "Ideas: a tree house" }
      $0.titles[1] = "Ideas: a tree house"
    }
    // The editor dismisses itself: the destination goes, the screen under it stays.
    harness.send(.path(.element(id: 1, action: .note(.destination(.editor(.done)))))) { _ in }
    await harness.receive { $0.path[id: 1, case: \.note]?.destination = nil }
    // The screen dismisses itself: it is popped, the one under it stays.
    harness.send(.path(.element(id: 1, action: .note(.closeTapped)))) { _ in }
    await harness.receive { $0.path.removeLast() }
    #expect(harness.currentState.path.ids == [0])
    // A pop from outside, as a view's back button sends it.
    harness.send(.path(.popFrom(id: 0))) { $0.path[id: 0] = nil }
  }
}
