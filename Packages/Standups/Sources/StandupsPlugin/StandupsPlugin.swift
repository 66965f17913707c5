import Dependencies
import Foundation
import SpeechClientLive
import StandupsFeature
import UnoPlugin

/// Standups, as a host loads it: the standups kept in `standups.json` in the host's data
/// directory (`--data-dir`), the live clock, dates and ids, and short commands for a person at a
/// terminal.
public let standupsPlugin = FeaturePlugin(
  name: "standups",
  summary: "Standups: a list, a detail per standup, recording meetings on a timer; kept in a file.",
  actions: [
    .init(StandupsAppAction.list(.addTapped), summary: "Opens the form of a new standup."),
    .init(
      .list(.addForm(.binding(.set(\.standup.title, "Morning sync")))),
      summary: "Sets a field of the new standup's form (a binding).", bindings: StandupFormState.self),
    .init(.list(.addForm(.attendeeAdded(name: "Blob"))), summary: "Adds an attendee to the new standup."),
    .init(.list(.saveAddTapped), summary: "Adds the new standup to the list."),
    .init(.list(.cancelAddTapped), summary: "Discards the new standup."),
    .init(.list(.standupTapped(id: exampleID)), summary: "Opens a standup: pushes its detail."),
    .init(
      .path(.element(id: 0, action: .detail(.editTapped))),
      summary: "Opens the form on a copy of the standup."),
    .init(
      .path(.element(id: 0, action: .detail(.destination(.edit(.binding(.set(\.minutes, 10))))))),
      summary: "Sets a field of the edit form (a binding).", bindings: StandupFormState.self),
    .init(.path(.element(id: 0, action: .detail(.saveEditTapped))), summary: "Saves the edit into the list."),
    .init(
      .path(.element(id: 0, action: .detail(.deleteTapped))), summary: "Shows the alert \"Delete?\"."),
    .init(
      .path(.element(id: 0, action: .detail(.destination(.alert(.confirmDeletion))))),
      summary: "Presses \"Delete\": deletes the standup and closes the detail."),
    .init(
      .path(.element(id: 0, action: .detail(.destination(.alert(nil))))),
      summary: "Presses \"Cancel\": closes the alert."),
    .init(
      .path(.element(id: 0, action: .detail(.recordTapped))),
      summary: "Pushes the record screen and starts the meeting; it lasts until the meeting ends."),
    .init(.path(.element(id: 1, action: .record(.nextTapped))), summary: "The next attendee speaks."),
    .init(
      .path(.element(id: 1, action: .record(.endTapped))), summary: "Shows the dialog \"End the meeting?\"."),
    .init(
      .path(.element(id: 1, action: .record(.endMeeting(.saveAndEnd)))),
      summary: "Presses \"Save and end\": saves the meeting and leaves."),
    .init(
      .path(.element(id: 0, action: .detail(.meetingTapped(id: exampleID)))), summary: "Opens a past meeting."
    ),
    .init(.path(.popFrom(id: 0)), summary: "Pops the screen with this id and every screen above it."),
  ],
  commands: standupsCommands,
  makeViewModel: {
    // A host runs features live, even inside a test process; the standups are the file in the
    // host's data directory, as the host set it for this session.
    StandupsAppInteractor.makeViewModel(
      withDependencies: {
        $0.context = .live
        $0.standupsFile = $0.hostDataDirectory.appendingPathComponent("standups.json")
      },
      reportsReinitialization: false
    )
  }
)

/// The id the examples use: a standup's and a meeting's actions take the id shown in the view.
private let exampleID = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
