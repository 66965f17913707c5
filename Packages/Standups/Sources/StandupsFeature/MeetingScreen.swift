import Dependencies
import Foundation
import UnoComposition
import UnoCore

/// A past meeting: when, who attended, what was said.
public struct MeetingState: Sendable, Equatable, Codable {
  /// The meeting.
  public var meeting: Meeting
  /// The standup it belongs to, as it was when the meeting was opened.
  public var standup: Standup

  /// A screen of `meeting` of `standup`.
  public init(meeting: Meeting, standup: Standup) {
    self.meeting = meeting
    self.standup = standup
  }
}

/// What the meeting screen can be asked to do.
@CasePathable
public enum MeetingAction: Sendable, Equatable, Codable {
  /// Closes the screen.
  case closeTapped
}

/// The meeting screen's logic: it closes itself.
@Interactor<MeetingState, MeetingAction>
public struct MeetingInteractor: Sendable {
  @Dependency(\.dismiss) var dismiss

  /// A meeting screen.
  public init() {}

  /// Closing.
  public var body: some InteractorOf<Self> {
    Interact { _, action in  // pushed with its meeting
      switch action {
      case .closeTapped: .perform { _, _ in await dismiss() }
      }
    }
  }
}
