import Dependencies
import Foundation
import UnoComposition
import UnoPresentation

/// What the Standups app shows: which screens are stacked, and what the one on top shows.
///
/// Only the top screen's part is set (`list`, `detail`, `recording` or `meeting`), and `form` or
/// `alert` when one is presented over it.
public struct StandupsViewState: Sendable, Equatable, Codable {
  /// One screen of the stack: the list (no id) or a pushed screen (its stack id, which its
  /// actions are addressed to).
  public struct Screen: Sendable, Equatable, Codable {
    /// The pushed screen's id in the stack (`{"path":{"element":{"id":…}}}`); `nil` for the list.
    public var id: Int?
    /// What it is: "Standups", "Standup: Morning sync", "Recording: Morning sync", "Meeting".
    public var title: String
  }

  /// A standup in the list.
  public struct Row: Sendable, Equatable, Codable {
    /// Its number in the list, from 1 (`open 2`).
    public var number: Int
    /// Its id.
    public var id: UUID
    /// "Morning sync: 3 attendees, 5 min".
    public var summary: String
  }

  /// The detail of a standup.
  public struct Detail: Sendable, Equatable, Codable {
    /// Its title.
    public var title: String
    /// "5 min, 100 s each".
    public var length: String
    /// Its colour.
    public var theme: String
    /// Its attendees' names.
    public var attendees: [String]
    /// Its meetings, newest first: "1. 2026-11-24 09:30 (42 words)".
    public var meetings: [String]
  }

  /// A meeting being recorded.
  public struct Recording: Sendable, Equatable, Codable {
    /// "Blob (2 of 3)".
    public var speaker: String
    /// "1:40 elapsed, 3:20 left".
    public var time: String
    /// What was heard so far.
    public var transcript: String
    /// Why there is no transcript, or "".
    public var transcriptStatus: String
  }

  /// A past meeting.
  public struct PastMeeting: Sendable, Equatable, Codable {
    /// "Morning sync, 2026-11-24 09:30".
    public var title: String
    /// Who attends the standup.
    public var attendees: [String]
    /// What was said, or "(no transcript)".
    public var transcript: String
  }

  /// The form of a standup, while it is open.
  public struct Form: Sendable, Equatable, Codable {
    /// "New standup" or "Edit standup".
    public var purpose: String
    /// The title typed.
    public var title: String
    /// Whole minutes.
    public var minutes: Int
    /// Its colour.
    public var theme: String
    /// The attendees, numbered from 1: "1. Blob" (`remove 1`).
    public var attendees: [String]
  }

  /// An alert or a confirmation dialog, with its buttons.
  public struct Alert: Sendable, Equatable, Codable {
    /// "alert" or "dialog".
    public var kind: String
    /// "Delete “Morning sync”?".
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, numbered from 1, with their role if any: "1. Delete (destructive)" (pressed by
    /// `press Delete` or `press 1`).
    public var buttons: [String]
  }

  /// The screens, bottom first.
  public var screens: [Screen] = []
  /// What is on top: "list", "detail", "record" or "meeting".
  public var top = "list"
  /// The list, when it is on top.
  public var list: [Row]?
  /// The detail, when it is on top.
  public var detail: Detail?
  /// The recording, when it is on top.
  public var recording: Recording?
  /// The past meeting, when it is on top.
  public var meeting: PastMeeting?
  /// The form presented over the top screen, if any.
  public var form: Form?
  /// The alert or dialog shown over the top screen, if any.
  public var alert: Alert?

  /// An empty list.
  public init() {}
}

/// Maps the app's domain state to what it shows.
@ViewStateReducer<StandupsAppState, StandupsViewState>
public struct StandupsViewStateReducer: Sendable {
  /// A reducer.
  public init() {}

  /// The stack, the top screen, and what is presented over it.
  public var body: some ViewStateReducerOf<Self> {
    BuildViewState { state in
      var view = StandupsViewState()
      view.screens = [.init(id: nil, title: "Standups")]
      for id in state.path.ids {
        guard let screen = state.path[id: id] else { continue }
        view.screens.append(.init(id: id.rawValue, title: screen.title))
      }
      guard let topID = state.path.ids.last, let top = state.path[id: topID] else {
        view.top = "list"
        view.list = StandupsViewState.Row.rows(of: state.list)
        view.form = state.list.addForm.map { .init($0, purpose: "New standup") }
        return view
      }
      let screen = StandupsStackViewState.Screen(id: topID, top)
      view.top = screen.kind
      view.detail = screen.detail
      view.recording = screen.recording
      view.meeting = screen.meeting
      view.form = screen.form
      view.alert = screen.alert
      return view
    }
  }
}

extension StandupsViewState.Row {
  /// The list's rows, numbered from 1.
  static func rows(of list: StandupsListState) -> [Self] {
    list.standups.enumerated().map { offset, standup in
      .init(number: offset + 1, id: standup.id, summary: standup.summary)
    }
  }
}

extension StandupsStackViewState.Screen {
  /// What the pushed screen `state`, with stack id `id`, shows and presents.
  init(id: StackElementID, _ state: Path.State) {
    self.init(id: id, title: state.title, kind: "")
    switch state {
    case .detail(let detail):
      kind = "detail"
      self.detail = .init(detail.standup)
      switch detail.destination {
      case .edit(let form)?: self.form = .init(form, purpose: "Edit standup")
      case .alert(let alert)?: self.alert = .init(kind: "alert", alert.title, alert.message, alert.buttons)
      case nil: break
      }
    case .record(let record):
      kind = "record"
      recording = .init(record)
      if let dialog = record.endMeeting {
        alert = .init(kind: "dialog", dialog.title, dialog.message, dialog.buttons)
      }
    case .meeting(let meeting):
      kind = "meeting"
      self.meeting = .init(
        title: "\(meeting.standup.title), \(meeting.meeting.date.formattedForPeople)",
        attendees: meeting.standup.attendees.map(\.name),
        transcript: meeting.meeting.transcript.isEmpty ? "(no transcript)" : meeting.meeting.transcript)
    }
  }
}

extension Path.State {
  var title: String {
    switch self {
    case .detail(let detail): "Standup: \(detail.standup.title)"
    case .record(let record): "Recording: \(record.standup.title)"
    case .meeting(let meeting): "Meeting: \(meeting.meeting.date.formattedForPeople)"
    }
  }
}

extension Standup {
  fileprivate var summary: String {
    let count = attendees.count
    return "\(title.isEmpty ? "(untitled)" : title): \(count) attendee\(count == 1 ? "" : "s"), "
      + lengthText(duration)
  }
}

extension StandupsViewState.Detail {
  init(_ standup: Standup) {
    self.init(
      title: standup.title,
      length: "\(lengthText(standup.duration)), \(standup.durationPerAttendee.components.seconds) s each",
      theme: standup.theme.rawValue,
      attendees: standup.attendees.map(\.name),
      meetings: standup.meetings.enumerated().map { offset, meeting in
        let words = meeting.transcript.split(whereSeparator: \.isWhitespace).count
        return "\(offset + 1). \(meeting.date.formattedForPeople) (\(words) word\(words == 1 ? "" : "s"))"
      })
  }
}

extension StandupsViewState.Recording {
  init(_ record: RecordMeetingState) {
    let attendees = record.standup.attendees
    let name = attendees.indices.contains(record.speakerIndex) ? attendees[record.speakerIndex].name : ""
    let left = max(0, record.durationSeconds - record.secondsElapsed)
    self.init(
      speaker: "\(name.isEmpty ? "(no name)" : name) (\(record.speakerIndex + 1) of \(attendees.count))",
      time: "\(clockText(record.secondsElapsed)) elapsed, \(clockText(left)) left",
      transcript: record.transcript,
      transcriptStatus: record.transcriptStatus ?? "")
  }
}

extension StandupsViewState.Alert {
  init<Action>(
    kind: String, _ title: String, _ message: String?, _ buttons: [ButtonState<Action>]
  ) {
    self.init(
      kind: kind, title: title, message: message,
      buttons: buttons.enumerated().map { offset, button in
        "\(offset + 1). \(button.label)" + (button.role.map { " (\($0.rawValue))" } ?? "")
      })
  }
}

extension StandupsViewState.Form {
  init(_ form: StandupFormState, purpose: String) {
    self.init(
      purpose: purpose,
      title: form.standup.title,
      minutes: form.minutes,
      theme: form.standup.theme.rawValue,
      attendees: form.standup.attendees.enumerated().map { "\($0.offset + 1). \($0.element.name)" })
  }
}

/// "5 min", or "1:30 min" when it is not whole minutes (a file edited by hand).
private func lengthText(_ duration: Duration) -> String {
  let seconds = Int(duration.components.seconds)
  return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(clockText(seconds)) min"
}

private func clockText(_ seconds: Int) -> String {
  "\(seconds / 60):\(String(format: "%02d", seconds % 60))"
}

extension Date {
  /// "2026-11-24 09:30" in UTC: the same in every time zone, so that tests and transcripts agree.
  var formattedForPeople: String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: self)
    return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
  }
}

extension StandupsAppInteractor {
  /// A view model of the app. Its list is the shared value of ``SharedKey/standups`` as the
  /// dependencies `prepareDependencies` sets leave it (the `standupsFile`, the `sharedStore`).
  @MainActor
  public static func makeViewModel(
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil
  ) -> ViewModel<StandupsAppAction, StandupsAppState, StandupsViewState> {
    makeViewModel(
      StandupsViewStateReducer(), empty: StandupsViewState(), withDependencies: prepareDependencies,
      reportsReinitialization: reportsReinitialization)
  }

  /// A view model of the app whose view state `reducer` makes, starting from what it makes of the
  /// app's first state (read with the dependencies `prepareDependencies` sets).
  @MainActor
  static func makeViewModel<Reducer: ViewStateReducer>(
    _ reducer: Reducer, empty: Reducer.ViewState,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)?,
    reportsReinitialization: Bool?
  ) -> ViewModel<StandupsAppAction, StandupsAppState, Reducer.ViewState>
  where Reducer.DomainState == StandupsAppState, Reducer.ViewState: Sendable {
    let initial = Dependencies.withDependencies(prepareDependencies ?? { _ in }) { StandupsAppState() }
    var initialView = empty
    reducer.reduce(initial, into: &initialView)
    return ViewModel(
      initialValue: initialView,
      StandupsAppInteractor(initialState: initial).eraseToAnyInteractor(),
      reducer.eraseToAnyViewStateReducer(),
      withDependencies: prepareDependencies,
      reportsReinitialization: reportsReinitialization
    )
  }
}
