import Dependencies
import Foundation
import UnoComposition
import UnoCore

/// The screens that can be pushed over the list.
@Interactor
public enum Path {
  /// A standup.
  case detail(StandupDetailInteractor)
  /// Recording one of its meetings.
  case record(RecordMeetingInteractor)
  /// One of its past meetings.
  case meeting(MeetingInteractor)
}
extension Path.State: Equatable, Codable {}
extension Path.Action: Equatable, Codable {}

/// The whole app: the list at the root, and the screens pushed over it.
public struct StandupsAppState: Sendable, Equatable, Codable {
  /// The list.
  public var list: StandupsListState
  /// The screens over the list, bottom first.
  public var path: StackState<Path.State>

  /// The app at its list (read where the caller's dependencies are in force: the list is the
  /// shared value of ``SharedKey/standups``).
  public init(list: StandupsListState = StandupsListState(), path: StackState<Path.State> = []) {
    self.list = list
    self.path = path
  }
}

/// What the app can be asked to do.
@CasePathable
public enum StandupsAppAction: Sendable, Equatable, Codable {
  /// An action of the list.
  case list(StandupsListAction)
  /// An action of a pushed screen, or a push or a pop.
  case path(StackAction<Path.State, Path.Action>)
}

/// The Standups app: choosing a standup pushes its detail (holding a reference into the list's
/// shared value); the detail pushes the record screen (which starts at once) and past meetings.
@Interactor<StandupsAppState, StandupsAppAction>
public struct StandupsAppInteractor: Sendable {
  /// The state a runtime of this interactor starts from, made each time it is read, with the
  /// dependencies in force there: a runtime or a test harness reads it inside its own, so the
  /// list's file storage takes their clock and file system.
  @MainActor public var initialState: StandupsAppState { makeInitialState() }
  private let makeInitialState: @MainActor @Sendable () -> StandupsAppState

  /// The app, starting from `initialState`, which is made when a runtime starts.
  @MainActor public init(
    initialState: @autoclosure @escaping @MainActor @Sendable () -> StandupsAppState = StandupsAppState()
  ) {
    self.makeInitialState = initialState
  }

  /// Navigation between the screens.
  public var body: some InteractorOf<Self> {
    StartingPushedRecordings {
      Interact(initialValue: makeInitialState()) { state, action in
        switch action {
        case .list(.standupTapped(let id)):
          guard let standup = Shared(state.list.$standups[id: id]) else {
            // Not dropped in silence: the sender hears that nothing opened.
            CallSite().reportIssue(
              "'standupTapped' of \(id) was dropped: the list holds no standup with that id.")
            return .state
          }
          state.path.append(.detail(StandupDetailState(standup: standup)))
          return .state
        case .path(.element(let id, .detail(.recordTapped))):
          guard case .detail(let detail)? = state.path[id: id] else { return .state }
          // Only the top screen is tapped: a tap on a detail under another screen (a view still on
          // screen as a push landed) would record over a screen of another standup.
          guard state.path.ids.last == id else {
            CallSite().reportIssue(
              "'recordTapped' of screen \(id) was dropped: it is not the top screen, so nothing was pushed.")
            return .state
          }
          state.path.append(.record(RecordMeetingState(standup: detail.$standup)))
          return .state
        case .path(.element(let id, .detail(.meetingTapped(let meetingID)))):
          // A screen that is not there, or not a detail, was reported by the stack already.
          guard case .detail(let detail)? = state.path[id: id] else { return .state }
          guard state.path.ids.last == id else {
            CallSite().reportIssue(
              "'meetingTapped' of screen \(id) was dropped: it is not the top screen, so nothing was pushed.")
            return .state
          }
          guard let meeting = detail.standup.meetings[id: meetingID] else {
            CallSite().reportIssue(
              "'meetingTapped' of \(meetingID) was dropped: the standup shown has no meeting with that id.")
            return .state
          }
          state.path.append(.meeting(MeetingState(meeting: meeting, standup: detail.standup)))
          return .state
        case .list, .path:
          return .state
        }
      }
      .when(stateIs: \.list, actionIs: \.list) { StandupsListInteractor() }
      .forEach(stateIs: \.path, actionIs: \.path) { Path() }
    }
  }
}

/// Runs `content`; when that pushed a record screen, sends it `start` in the same step, so that
/// recording begins as the screen appears and the action that pushed it lasts until the meeting
/// ends (its effects are the screen's, and die with it).
struct StartingPushedRecordings<Content: Interactor<StandupsAppState, StandupsAppAction>>: Interactor {
  typealias DomainState = StandupsAppState
  typealias Action = StandupsAppAction
  typealias Body = Never

  let content: AnyInteractor<StandupsAppState, StandupsAppAction>

  @MainActor init(@InteractorBuilder<StandupsAppState, StandupsAppAction> content: () -> Content) {
    self.content = content().eraseToAnyInteractor()
  }

  var initialValue: StandupsAppState { content.initialValue }

  func interact(state: inout StandupsAppState, action: StandupsAppAction) -> Emission<StandupsAppState> {
    let before = state.path.ids.last
    let emission = content.interact(state: &state, action: action)
    guard let pushed = state.path.ids.last, pushed != before, case .record? = state.path[id: pushed]
    else { return emission }
    return .merge(
      emission, content.interact(state: &state, action: .path(.element(id: pushed, action: .record(.start)))))
  }
}
