import Dependencies
import Foundation
import UnoComposition
import UnoCore

/// The list of standups, kept in the file of ``SharedKey/standups``, and the form that adds one.
///
/// `Codable`, so that a session can be recorded: a decoded list (a recording's state, when it is
/// replayed) is a shared value of its own, not the file's.
public struct StandupsListState: Sendable, Equatable, Codable {
  /// Every standup, shared with every screen that shows one.
  @Shared public var standups: IdentifiedArrayOf<Standup>
  /// The form of a new standup, while it is open.
  public var addForm: StandupFormState?

  /// The list as ``SharedKey/standups`` keeps it (read where the `standupsFile` and
  /// `sharedStore` dependencies are those of the caller).
  public init(addForm: StandupFormState? = nil) {
    self._standups = Shared(wrappedValue: [], .standups)
    self.addForm = addForm
  }
}

/// What the list can be asked to do.
@CasePathable
public enum StandupsListAction: Sendable, Equatable, Codable {
  /// Opens the form of a new standup.
  case addTapped
  /// Adds the form's standup to the list and closes the form.
  case saveAddTapped
  /// Closes the form; the draft is discarded.
  case cancelAddTapped
  /// Opens a standup (its parent pushes the detail).
  case standupTapped(id: UUID)
  /// An action of the form.
  case addForm(StandupFormAction)
}

/// The list's logic.
@Interactor<StandupsListState, StandupsListAction>
public struct StandupsListInteractor: Sendable {
  @Dependency(\.uuid) var uuid

  /// A list.
  public init() {}

  /// Adding a standup through the form.
  public var body: some InteractorOf<Self> {
    Interact(initialValue: StandupsListState()) { state, action in
      switch action {
      case .addTapped:
        state.addForm = StandupFormState(standup: Standup(id: uuid()))
        return .state
      case .saveAddTapped:
        guard let form = state.addForm else { return .state }
        // An id the list already holds is never overwritten: a new one is drawn.
        var standup = form.cleaned
        if state.standups[id: standup.id] != nil { standup = standup.withID(uuid()) }
        state.$standups.withLock { _ = $0.append(standup) }
        state.addForm = nil
        return .state
      case .cancelAddTapped:
        state.addForm = nil
        return .state
      case .standupTapped, .addForm:
        return .state
      }
    }
    .when(stateIs: \.addForm, actionIs: \.addForm) { StandupFormInteractor() }
  }
}

extension Standup {
  func withID(_ id: UUID) -> Standup {
    Standup(
      id: id, attendees: attendees, duration: duration, meetings: meetings, theme: theme, title: title)
  }
}
