import Dependencies
import Foundation
import UnoComposition
import UnoPresentation

// The view models a navigation-stack Standups app draws from: the app's (the list, the stack),
// one per pushed screen, and one per presented form. Each is observed field by field, so that a
// tick of the recording redraws the record screen only. No SwiftUI here: a SwiftUI app adds its
// views on top (docs/presentation-guide.md, "Child view models").

/// What a navigation-stack app shows: the list, its add form, and every screen of the stack with
/// what it shows and presents, so that each screen draws from a view model of its own.
///
/// ``StandupsViewState`` is what a host shows (the top screen only); this is the same content,
/// screen by screen, made by the same code.
public struct StandupsStackViewState: Sendable, Equatable {
  /// A pushed screen: a screen view model's view state.
  public struct Screen: Sendable, Equatable, Identifiable {
    /// Its id in the stack, which its actions are addressed to.
    public var id: StackElementID
    /// "Standup: Morning sync", "Recording: Morning sync", "Meeting: 2026-11-24 09:30".
    public var title: String
    /// "detail", "record" or "meeting".
    public var kind: String
    /// The standup, on a detail screen.
    public var detail: StandupsViewState.Detail?
    /// The meeting being recorded, on a record screen.
    public var recording: StandupsViewState.Recording?
    /// The past meeting, on a meeting screen.
    public var meeting: StandupsViewState.PastMeeting?
    /// The form presented over a detail screen.
    public var form: StandupsViewState.Form?
    /// The alert over a detail screen, or the end-meeting dialog over a record screen.
    public var alert: StandupsViewState.Alert?
  }

  /// The list's rows.
  public var list: [StandupsViewState.Row] = []
  /// The form that adds a standup, while it is open.
  public var addForm: StandupsViewState.Form?
  /// The pushed screens, bottom first.
  public var path: [Screen] = []

  /// An empty list.
  public init() {}
}

/// Maps the app's domain state to every screen's view state.
@ViewStateReducer<StandupsAppState, StandupsStackViewState>
public struct StandupsStackViewStateReducer: Sendable {
  /// A reducer.
  public init() {}

  /// The list, its form, and the screens.
  public var body: some ViewStateReducerOf<Self> {
    BuildViewState { state in
      var view = StandupsStackViewState()
      view.list = StandupsViewState.Row.rows(of: state.list)
      view.addForm = state.list.addForm.map { .init($0, purpose: "New standup") }
      view.path = state.path.ids.compactMap { id in state.path[id: id].map { .init(id: id, $0) } }
      return view
    }
  }
}

/// The app's view model, for a navigation stack.
public typealias StandupsStackViewModel = ViewModel<
  StandupsAppAction, StandupsAppState, StandupsStackViewState
>

/// A pushed screen's view model: what the screen shows, and its actions (`.detail(.editTapped)`,
/// `.record(.nextTapped)`, …), which the app hears as `.path(.element(id:action:))`.
public typealias StandupsScreenViewModel = ChildViewModel<Path.Action, StandupsStackViewState.Screen>

/// A standup form's view model (adding a standup, or editing one over its detail).
public typealias StandupFormViewModel = ChildViewModel<StandupFormAction, StandupsViewState.Form>

extension StandupsAppInteractor {
  /// A view model of the app for a navigation stack. Its list is the shared value of
  /// ``SharedKey/standups`` as the dependencies `prepareDependencies` sets leave it.
  @MainActor
  public static func makeStackViewModel(
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil
  ) -> StandupsStackViewModel {
    makeViewModel(
      StandupsStackViewStateReducer(), empty: StandupsStackViewState(),
      withDependencies: prepareDependencies, reportsReinitialization: reportsReinitialization)
  }
}

extension ViewModel where Action == StandupsAppAction, ViewState == StandupsStackViewState {
  /// The pushed screens' view models, bottom first, by stack id.
  public var screenViewModels: IdentifiedArray<StackElementID, StandupsScreenViewModel> {
    scope(rows: \.path, action: \.path)
  }

  /// The stack's path, for a `NavigationStack`: the back button pops.
  public var pathBinding: ViewBinding<[StandupsScreenViewModel]> {
    navigationPath(rows: \.path, action: \.path)
  }

  /// The add form's view model while it is open.
  public var addFormViewModel: StandupFormViewModel? {
    scope(state: \.addForm, action: \.list.addForm)
  }
}

extension ChildViewModel where Action == Path.Action, ViewState == StandupsStackViewState.Screen {
  /// The edit form's view model while it is open over this detail screen.
  public var editFormViewModel: StandupFormViewModel? {
    scope(state: \.form, action: \.detail.destination.edit)
  }
}

extension ChildViewModel where Action == StandupFormAction, ViewState == StandupsViewState.Form {
  /// The title field: each edit is sent as a binding action.
  public var titleBinding: ViewBinding<String> {
    binding(\.title) { .binding(.set(\.standup.title, $0)) }
  }

  /// The length in whole minutes.
  public var minutesBinding: ViewBinding<Int> {
    binding(\.minutes) { .binding(.set(\.minutes, $0)) }
  }
}
