import Clocks
import Dependencies
import Foundation
import UnoComposition
import UnoCore

/// The answers to "end the meeting?".
@CasePathable
public enum EndMeetingAction: Sendable, Equatable, Codable {
  /// Saves the meeting and leaves.
  case saveAndEnd
  /// Leaves without saving it.
  case discard
  /// Goes on recording.
  case resume
}

/// Recording a meeting: whose turn it is, how long is left, what was said.
public struct RecordMeetingState: Sendable, Equatable, Codable {
  /// The standup: a reference into the list's value; the meeting is saved into it.
  @Shared public var standup: Standup
  /// Whole seconds since the meeting started (not counting while the end-meeting dialog is
  /// shown).
  public var secondsElapsed: Int
  /// Who speaks: an index into the standup's attendees.
  public var speakerIndex: Int
  /// What the speech client has heard so far.
  public var transcript: String
  /// Why there is no transcript, when the speech client cannot make one.
  public var transcriptStatus: String?
  /// "End the meeting?", while it is asked: save and end, discard (unless the last speaker asked
  /// to go on), or resume.
  public var endMeeting: ConfirmationDialogState<EndMeetingAction>?

  /// A meeting of `standup` about to start.
  public init(
    standup: Shared<Standup>, secondsElapsed: Int = 0, speakerIndex: Int = 0, transcript: String = "",
    transcriptStatus: String? = nil, endMeeting: ConfirmationDialogState<EndMeetingAction>? = nil
  ) {
    self._standup = standup
    self.secondsElapsed = secondsElapsed
    self.speakerIndex = speakerIndex
    self.transcript = transcript
    self.transcriptStatus = transcriptStatus
    self.endMeeting = endMeeting
  }

  /// Whole seconds each attendee speaks (at least one).
  public var secondsPerAttendee: Int {
    max(1, Int(standup.durationPerAttendee.components.seconds))
  }

  /// Whole seconds the meeting lasts.
  public var durationSeconds: Int { secondsPerAttendee * max(1, standup.attendees.count) }
}

/// What the record screen can be asked to do.
@CasePathable
public enum RecordMeetingAction: Sendable, Equatable, Codable {
  /// Starts the timer and the transcript. The app sends it when it pushes the screen; sending it
  /// again restarts both.
  case start
  /// The next attendee speaks; on the last one, asks whether to end the meeting.
  case nextTapped
  /// Asks whether to end the meeting: save, discard, or resume.
  case endTapped
  /// A button of "end the meeting?" (`nil`: a button without an action; none has one).
  case endMeeting(EndMeetingAction?)
}

/// The record screen's logic: a timer on the `continuousClock` dependency, a transcript from the
/// `speechClient` dependency, and the meeting saved (date from `date`, id from `uuid`) at the top
/// of the standup's history when it ends. Leaving the screen, however it is left, cancels both
/// effects in that step.
@Interactor<RecordMeetingState, RecordMeetingAction>
public struct RecordMeetingInteractor: Sendable {
  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.speechClient) var speechClient
  @Dependency(\.uuid) var uuid

  /// A record screen.
  public init() {}

  enum Timer: Hashable, Sendable { case id }
  enum Transcript: Hashable, Sendable { case id }

  /// The timer, the speakers, the transcript and ending.
  public var body: some InteractorOf<Self> {
    Interact { state, action in  // pushed with its standup
      switch action {
      case .start:
        return .merge(timer(), transcribe())
      case .nextTapped:
        guard state.endMeeting == nil else { return .state }
        if state.speakerIndex < state.standup.attendees.count - 1 {
          state.speakerIndex += 1
          state.secondsElapsed = state.speakerIndex * state.secondsPerAttendee
        } else {
          state.endMeeting = .endMeeting(isDiscardable: false)
        }
        return .state
      case .endTapped:
        state.endMeeting = .endMeeting(isDiscardable: true)
        return .state
      // The dialog is closed already: any of its buttons closes it.
      case .endMeeting(.saveAndEnd):
        return end(&state)
      case .endMeeting(.discard):
        return leave()
      case .endMeeting(.resume), .endMeeting(nil):
        return .state
      }
    }
    .when(stateIs: \.endMeeting, actionIs: \.endMeeting)
  }

  /// One tick a second; the speaker changes when their time is up, and the meeting ends by itself
  /// when the last one's is.
  ///
  /// Each tick's deadline is counted from the moment `start` is handled, not from when the effect
  /// first runs, so that a test clock advanced right after `start` is never early.
  func timer() -> Emission<RecordMeetingState> {
    let clock = AnyClock(self.clock)
    let start = clock.now
    return .perform { _, send in
      for tick in 1... {
        try await clock.sleep(toDeadline: start.advanced(by: .seconds(tick)))
        await send.reduce { state in
          guard state.endMeeting == nil else { return .state }
          state.secondsElapsed += 1
          if state.secondsElapsed >= state.durationSeconds { return end(&state) }
          if state.secondsElapsed % state.secondsPerAttendee == 0 {
            state.speakerIndex = min(state.speakerIndex + 1, max(0, state.standup.attendees.count - 1))
          }
          return .state
        }
      }
    }
    .cancellable(id: Timer.id, cancelInFlight: true)
  }

  /// The speech client's transcript, as it grows.
  func transcribe() -> Emission<RecordMeetingState> {
    let speechClient = self.speechClient
    return .perform { _, send in
      do {
        for try await transcript in try await speechClient.transcripts() {
          await send { $0.transcript = transcript }
        }
      } catch is CancellationError {
      } catch {
        await send { $0.transcriptStatus = "\(error)" }
      }
    }
    .cancellable(id: Transcript.id, cancelInFlight: true)
  }

  /// Saves the meeting at the top of the standup's history and leaves the screen.
  @MainActor func end(_ state: inout RecordMeetingState) -> Emission<RecordMeetingState> {
    let meeting = Meeting(id: uuid(), date: now, transcript: state.transcript)
    state.$standup.withLock { _ = $0.meetings.insert(meeting, at: 0) }
    return leave()
  }

  /// Leaves the screen, and stops the timer and the transcript in the same step: the screen goes
  /// only when `dismiss()` has run, and a tick in between (the clock moved on as "save and end" was
  /// pressed) would have ended the meeting a second time, saving it twice and dismissing a screen
  /// already gone.
  func leave() -> Emission<RecordMeetingState> {
    .merge(.cancel(id: Timer.id), .cancel(id: Transcript.id), .perform { _, _ in await dismiss() })
  }
}

extension ConfirmationDialogState where Action == EndMeetingAction {
  /// "End the meeting?": save and end, discard (when `isDiscardable`), or resume.
  public static func endMeeting(isDiscardable: Bool) -> Self {
    var buttons: [ButtonState<EndMeetingAction>] = [ButtonState(action: .saveAndEnd, label: "Save and end")]
    if isDiscardable { buttons.append(ButtonState(role: .destructive, action: .discard, label: "Discard")) }
    buttons.append(ButtonState(role: .cancel, action: .resume, label: "Resume"))
    return ConfirmationDialogState(
      title: "End the meeting?", titleVisibility: .visible,
      message: isDiscardable ? "You are ending the meeting early." : "Every attendee has spoken.",
      buttons: buttons)
  }
}
