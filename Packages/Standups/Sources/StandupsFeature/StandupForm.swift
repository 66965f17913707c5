import Dependencies
import Foundation
import UnoComposition
import UnoCore

/// The form that makes a new standup or edits one: a draft, not the standup itself. Its parent
/// decides what "save" and "cancel" do.
public struct StandupFormState: Sendable, Equatable, Codable {
  /// The draft.
  public var standup: Standup

  /// A form on `standup`; a standup without attendees gets one, blank, to fill in (a standup
  /// always keeps at least one).
  public init(standup: Standup) {
    self.standup = standup
    if self.standup.attendees.isEmpty {
      @Dependency(\.uuid) var uuid
      self.standup.attendees.append(Attendee(id: uuid()))
    }
  }

  /// The draft as a parent saves it: attendees without a name dropped, at least one kept, the
  /// title trimmed.
  public var cleaned: Standup {
    var standup = self.standup
    standup.title = standup.title.trimmingCharacters(in: .whitespacesAndNewlines)
    standup.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
    if standup.attendees.isEmpty, let first = self.standup.attendees.first {
      standup.attendees.append(first)
    }
    return standup
  }
}

/// What the form can be asked to do.
@CasePathable
public enum StandupFormAction: Sendable, Equatable, Codable {
  /// The title was edited.
  case titleChanged(title: String)
  /// The length of a meeting, in whole minutes (at least one).
  case durationChanged(minutes: Int)
  /// The colour was picked.
  case themeChanged(theme: Theme)
  /// Adds an attendee at the end, with an id from the `uuid` dependency.
  case attendeeAdded(name: String)
  /// Renames an attendee.
  case attendeeRenamed(id: UUID, name: String)
  /// Removes an attendee; the last one is kept, blank.
  case attendeeRemoved(id: UUID)
}

/// The form's logic.
@Interactor<StandupFormState, StandupFormAction>
public struct StandupFormInteractor: Sendable {
  @Dependency(\.uuid) var uuid

  /// A form.
  public init() {}

  /// Editing the draft.
  public var body: some InteractorOf<Self> {
    Interact { state, action in  // presented with its draft
      switch action {
      case .titleChanged(let title):
        state.standup.title = title
      case .durationChanged(let minutes):
        state.standup.duration = .seconds(max(1, minutes) * 60)
      case .themeChanged(let theme):
        state.standup.theme = theme
      case .attendeeAdded(let name):
        state.standup.attendees.append(Attendee(id: uuid(), name: name))
      case .attendeeRenamed(let id, let name):
        state.standup.attendees[id: id]?.name = name
      case .attendeeRemoved(let id):
        state.standup.attendees.remove(id: id)
        if state.standup.attendees.isEmpty {
          state.standup.attendees.append(Attendee(id: uuid()))
        }
      }
      return .state
    }
  }
}
