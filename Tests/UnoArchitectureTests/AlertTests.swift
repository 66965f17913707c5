import Foundation
import Testing
import UnoArchitecture
import UnoArchitectureTesting

// Alerts and confirmation dialogs as state: cases of an `@Interactor enum` destination with no
// interactor to write, closed by any button, the parent hearing the button's action.

@Interactor
enum DocumentDestination {
  case editor(NoteEditor)
  case alert(AlertState<Alert>)
  case dialog(ConfirmationDialogState<Dialog>)

  @CasePathable enum Alert: Sendable, Equatable, Codable { case confirmDeletion }
  @CasePathable enum Dialog: Sendable, Equatable, Codable { case save, discard }
}
extension DocumentDestination.State: Equatable, Codable {}
extension DocumentDestination.Action: Equatable, Codable {}

struct DocumentState: Sendable, Equatable {
  var isDeleted = false
  var log: [String] = []
  var destination: DocumentDestination.State?
}

@CasePathable
enum DocumentAction: Sendable, Equatable {
  case deleteTapped
  case closeTapped
  case destination(DocumentDestination.Action)
}

let deletionAlert = AlertState<DocumentDestination.Alert>(
  title: "Delete?",
  message: "The document will be gone.",
  buttons: [
    ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
    ButtonState(role: .cancel, label: "Cancel"),
  ]
)

let closingDialog = ConfirmationDialogState<DocumentDestination.Dialog>(
  title: "Close?", titleVisibility: .visible,
  buttons: [
    ButtonState(action: .save, label: "Save"),
    ButtonState(role: .destructive, action: .discard, label: "Discard"),
    ButtonState(role: .cancel, label: "Keep editing"),
  ]
)

@Interactor<DocumentState, DocumentAction>
struct Document: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: DocumentState()) { state, action in
      switch action {
      case .deleteTapped:
        state.destination = .alert(deletionAlert)
        return .state
      case .closeTapped:
        state.destination = .dialog(closingDialog)
        return .state
      case .destination(.alert(.confirmDeletion)):
        // Closed before the parent hears the press.
        state.log.append("destination when heard: \(String(describing: state.destination))")
        state.isDeleted = true
        return .state
      case .destination(.dialog(let choice)):
        state.log.append("dialog: \(choice.map { "\($0)" } ?? "none")")
        return .state
      case .destination:
        return .state
      }
    }
    .when(stateIs: \.destination, actionIs: \.destination) { DocumentDestination() }
  }
}

@MainActor
@Suite struct AlertTests {
  @Test func aButtonWithAnActionClosesTheAlertAndTheParentHearsIt() async {
    let harness = await InteractorTestHarness(Document())
    harness.send(.deleteTapped) { $0.destination = .alert(deletionAlert) }
    harness.send(.destination(.alert(.confirmDeletion))) {
      $0.destination = nil
      $0.isDeleted = true
      $0.log = ["destination when heard: nil"]
    }
  }

  @Test func aButtonWithoutAnActionOnlyClosesIt() async {
    let harness = await InteractorTestHarness(Document())
    harness.send(.deleteTapped) { $0.destination = .alert(deletionAlert) }
    harness.send(.destination(.alert(nil))) { $0.destination = nil }
  }

  @Test func everyButtonOfADialogClosesIt() async {
    for (press, heard) in [
      (DocumentDestination.Dialog?.some(.save), "dialog: save"), (.discard, "dialog: discard"),
      (nil, "dialog: none"),
    ] {
      let harness = await InteractorTestHarness(Document())
      harness.send(.closeTapped) { $0.destination = .dialog(closingDialog) }
      harness.send(.destination(.dialog(press))) {
        $0.destination = nil
        $0.log = [heard]
      }
    }
  }

  @Test func anInteractorCaseIsNotClosedByItsActions() async {
    let harness = await InteractorTestHarness(
      initialState: DocumentState(destination: .editor(NoteEditorState())), Document())
    harness.send(.destination(.editor(.typed("Hi")))) {
      $0.destination = .editor(NoteEditorState(text: "Hi"))
    }
  }

  @Test func aPressWhenNothingIsPresentedIsReportedAndChangesNothing() async {
    let harness = await InteractorTestHarness(Document())
    withKnownIssue {
      harness.send(.destination(.alert(.confirmDeletion))) { _ in }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("while that optional state was nil")
    }
  }

  @Test func alertsAndDialogsAreCodable() throws {
    let states: [DocumentDestination.State] = [.alert(deletionAlert), .dialog(closingDialog)]
    for state in states {
      let data = try JSONEncoder().encode(state)
      #expect(try JSONDecoder().decode(DocumentDestination.State.self, from: data) == state)
    }
    let json = String(decoding: try JSONEncoder().encode(deletionAlert.buttons[0]), as: UTF8.self)
    #expect(json.contains(#""label":"Delete""#) && json.contains(#""role":"destructive""#))
    let actions: [DocumentDestination.Action] = [.alert(.confirmDeletion), .alert(nil), .dialog(.discard)]
    for action in actions {
      #expect(
        try JSONDecoder().decode(DocumentDestination.Action.self, from: JSONEncoder().encode(action))
          == action)
    }
  }

  @Test func theDefaultsOfADialogAndAButton() {
    let dialog = ConfirmationDialogState<Int>(title: "T")
    #expect(dialog.titleVisibility == .automatic && dialog.message == nil && dialog.buttons.isEmpty)
    let button = ButtonState<Int>(label: "OK")
    #expect(button.role == nil && button.action == nil)
  }
}
