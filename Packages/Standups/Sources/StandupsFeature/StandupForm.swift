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

  /// The length of a meeting in whole minutes, at least one: what the form's stepper binds.
  public var minutes: Int {
    get { Int(standup.duration.components.seconds / 60) }
    set { standup.duration = .seconds(max(1, newValue) * 60) }
  }

  /// The name of the attendee with `id` (`""` when there is none): what an attendee's text field
  /// binds, `viewModel.binding(\.[attendeeName: id])`. Setting it for an id that is not there
  /// changes nothing.
  public subscript(attendeeName id: UUID) -> String {
    get { standup.attendees[id: id]?.name ?? "" }
    set { standup.attendees[id: id]?.name = newValue }
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

/// The form's fields, as bindings name them in JSON: `{"binding":{"title":"Morning sync"}}`,
/// `{"binding":{"minutes":10}}`, `{"binding":{"theme":"orange"}}`, and the attendees, names
/// included, as a whole: `{"binding":{"attendees":[{"id":"…","name":"Blob"}]}}`.
extension StandupFormState: BindableState {
  public static let bindableFields: BindableFields<Self> = [
    .field("title", \.standup.title),
    .field("minutes", \.minutes),
    .field("theme", \.standup.theme),
    .field("attendees", \.standup.attendees, typeName: "[Attendee]"),
  ]
}

/// What the form can be asked to do. Its fields are bindings (``BindingAction``): the title, the
/// minutes, the theme, and the attendees with their names (one attendee's name in code:
/// `.binding(.set(\.[attendeeName: id], "Blob"))`).
@CasePathable
public enum StandupFormAction: Sendable, Equatable, Codable {
  /// A field was edited.
  case binding(BindingAction<StandupFormState>)
  /// Adds an attendee at the end, with an id from the `uuid` dependency.
  case attendeeAdded(name: String)
  /// Removes an attendee; the last one is kept, blank.
  case attendeeRemoved(id: UUID)
}

extension StandupFormAction: BindableAction {}

/// The form's logic.
@Interactor<StandupFormState, StandupFormAction>
public struct StandupFormInteractor: Sendable {
  @Dependency(\.uuid) var uuid

  /// A form.
  public init() {}

  /// Editing the draft: the bindings set the fields, then a standup always keeps one attendee.
  public var body: some InteractorOf<Self> {
    BindingInteractor()
    Interact { state, action in  // presented with its draft
      switch action {
      case .binding:
        break
      case .attendeeAdded(let name):
        state.standup.attendees.append(Attendee(id: uuid(), name: name))
      case .attendeeRemoved(let id):
        state.standup.attendees.remove(id: id)
      }
      if state.standup.attendees.isEmpty {
        state.standup.attendees.append(Attendee(id: uuid()))
      }
      return .state
    }
  }
}
