import Dependencies
import Foundation
import UnoComposition
import UnoCore

/// What the detail can present over itself.
@Interactor
public enum DetailDestination {
  /// The form, on a copy of the standup.
  case edit(StandupFormInteractor)
  /// "Delete this standup?": Delete, or Cancel.
  case alert(AlertState<Alert>)

  /// What the alert's buttons do.
  public enum Alert: Sendable, Equatable, Codable {
    /// Deletes the standup.
    case confirmDeletion
  }
}
extension DetailDestination.State: Equatable, Codable {}
extension DetailDestination.Action: Equatable, Codable {}

/// One standup, its past meetings, and what can be done with it.
public struct StandupDetailState: Sendable, Equatable, Codable {
  /// The standup: a reference into the list's value, so that a change here is the list's.
  @Shared public var standup: Standup
  /// The form or the alert presented over the detail, if any.
  public var destination: DetailDestination.State?

  /// A detail of `standup`.
  public init(standup: Shared<Standup>, destination: DetailDestination.State? = nil) {
    self._standup = standup
    self.destination = destination
  }
}

/// What the detail can be asked to do.
@CasePathable
public enum StandupDetailAction: Sendable, Equatable, Codable {
  /// Presents the form on a copy of the standup.
  case editTapped
  /// Writes the form's standup through the shared reference and closes the form.
  case saveEditTapped
  /// Closes the form; the standup is unchanged.
  case cancelEditTapped
  /// Asks whether to delete the standup.
  case deleteTapped
  /// Starts recording a meeting (its parent pushes the record screen).
  case recordTapped
  /// Opens a past meeting (its parent pushes it).
  case meetingTapped(id: UUID)
  /// An action of the form, or a button of the alert.
  case destination(DetailDestination.Action)
}

/// The detail's logic. Confirming the deletion removes the standup from the list (the same
/// shared value, ``SharedKey/standups``) and dismisses the detail.
@Interactor<StandupDetailState, StandupDetailAction>
public struct StandupDetailInteractor: Sendable {
  @Dependency(\.dismiss) var dismiss

  /// A detail.
  public init() {}

  /// Editing, deleting; recording and opening meetings are the parent's.
  public var body: some InteractorOf<Self> {
    Interact { state, action in  // pushed with its standup
      switch action {
      case .editTapped:
        state.destination = .edit(StandupFormState(standup: state.standup))
        return .state
      case .saveEditTapped:
        guard case .edit(let form)? = state.destination else { return .state }
        var edited = form.cleaned
        // The form edits a copy; the meetings recorded meanwhile are kept.
        edited.meetings = state.standup.meetings
        state.$standup.withLock { $0 = edited }
        state.destination = nil
        return .state
      case .cancelEditTapped:
        state.destination = nil
        return .state
      case .deleteTapped:
        state.destination = .alert(.deletion(of: state.standup))
        return .state
      case .destination(.alert(.confirmDeletion)):
        // The alert is closed already: any of its buttons closes it.
        let id = state.standup.id
        @Shared(.standups) var standups: IdentifiedArrayOf<Standup> = []
        $standups.withLock { _ = $0.remove(id: id) }
        return .perform { _, _ in await dismiss() }
      case .recordTapped, .meetingTapped, .destination:
        return .state
      }
    }
    .when(stateIs: \.destination, actionIs: \.destination) { DetailDestination() }
  }
}

extension AlertState where Action == DetailDestination.Alert {
  /// "Delete “Morning sync”?": Delete, or Cancel.
  public static func deletion(of standup: Standup) -> Self {
    AlertState(
      title: "Delete “\(standup.title)”?",
      message: "Its meetings are deleted too.",
      buttons: [
        ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
        ButtonState(role: .cancel, label: "Cancel"),
      ]
    )
  }
}
