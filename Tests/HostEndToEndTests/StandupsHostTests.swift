// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// Standups through the real uno-host: a person at the terminal, a program over JSON lines, and
  /// what every run leaves in the data directory for the next.
  @Suite struct StandupsHostTests {
    static func dataDirectory() throws -> URL {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "standups-host-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      return directory
    }

    static func typing(_ lines: [String], in directory: URL) async throws -> String {
      let (output, status) = try await HostProcess.run(
        ["run", "standups", "--format", "pretty", "--data-dir", directory.path] + HostProcess.patientDrain,
        input: lines.map { $0 + "\n" }.joined())
      #expect(status == 0)
      return output.joined(separator: "\n")
    }

    struct Saved: Decodable {
      struct Meeting: Decodable { var transcript: String }
      struct Attendee: Decodable { var name: String }
      var title: String
      var durationSeconds: Int
      var attendees: [Attendee]
      var meetings: [Meeting]
    }

    static func saved(in directory: URL) throws -> [Saved] {
      try JSONDecoder().decode(
        [Saved].self, from: Data(contentsOf: directory.appendingPathComponent("standups.json")))
    }

    @Test func aPersonAddsThenEditsAcrossThreeRunsAndEachStartsFromWhatTheLastSaved() async throws {
      let directory = try Self.dataDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }

      let first = try await Self.typing(
        ["add", "title Morning sync", "attendee Blob", "attendee Blob Jr", "minutes 10", "save"],
        in: directory)
      #expect(first.contains(#"summary: "Morning sync: 2 attendees, 10 min""#))
      #expect(try Self.saved(in: directory).map(\.title) == ["Morning sync"])

      let second = try await Self.typing(
        ["open 1", "edit", "title Design", "remove 1", "save"], in: directory)
      #expect(second.contains(#"title: "Standup: Morning sync""#))
      #expect(second.contains("alert: nil") || second.contains("form: nil"))
      let saved = try Self.saved(in: directory)
      #expect(saved.map(\.title) == ["Design"])
      #expect(saved.first?.attendees.map(\.name) == ["Blob Jr"])
      #expect(saved.first?.durationSeconds == 600)

      let third = try await Self.typing(["state"], in: directory)
      #expect(third.contains(#"summary: "Design: 1 attendee, 10 min""#))
    }

    @Test func deletingShowsAnAlertWhoseButtonsArePressedByLabelOrNumber() async throws {
      let directory = try Self.dataDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let output = try await Self.typing(
        [
          "add", "title Design", "attendee Blob", "save", "open 1", "delete", "press Cancel", "delete",
          "press Nope", "press 1",
        ], in: directory)
      #expect(output.contains(#"title: "Delete “Design”?""#))
      #expect(output.contains(#""1. Delete (destructive)""#) && output.contains(#""2. Cancel (cancel)""#))
      #expect(output.contains("'Nope' is not a button of what is shown; its buttons: 1. Delete, 2. Cancel."))
      // "Cancel" only closed the alert; "1" deleted the standup.
      #expect(try Self.saved(in: directory).isEmpty)
    }

    @Test func endingAMeetingEarlyShowsADialogAndItsShortCommandsPressItsButtons() async throws {
      let directory = try Self.dataDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let output = try await Self.typing(
        [
          "add", "title Sync", "attendee Blob", "save", "open 1", "record", "end", "resume", "end",
          "press discard", "press 1",
        ], in: directory)
      #expect(output.contains(#"kind: "dialog""#) && output.contains(#"title: "End the meeting?""#))
      #expect(output.contains(#""2. Discard (destructive)""#))
      #expect(output.contains("No alert or dialog is shown: there is no button to press."))
      #expect(try Self.saved(in: directory).first?.meetings.isEmpty == true)
    }

    @Test func pressingSaveAndEndOnTheDialogSavesTheMeeting() async throws {
      let directory = try Self.dataDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      _ = try await Self.typing(
        ["add", "title Sync", "attendee Blob", "save", "open 1", "record", "end", "press Save and end"],
        in: directory)
      #expect(try Self.saved(in: directory).first?.meetings.count == 1)
    }

    @Test func overJSONABindingSetsAFieldAndABadOneIsAnErrorNamingTheFields() async throws {
      let directory = try Self.dataDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let (lines, status) = try await HostProcess.run(
        ["serve", "--data-dir", directory.path] + HostProcess.patientDrain,
        input: [
          #"{"op":"open","feature":"standups"}"#,
          #"{"op":"send","session":1,"action":{"list":"addTapped"},"id":"open"}"#,
          #"{"op":"send","session":1,"action":{"list":{"addForm":{"binding":{"title":"Sync"}}}},"id":"title"}"#,
          #"{"op":"send","session":1,"action":{"list":{"addForm":{"binding":{"minutes":12}}}},"id":"minutes"}"#,
          #"{"op":"send","session":1,"action":{"list":{"addForm":{"binding":{"colour":"red"}}}},"id":"unknown"}"#,
          #"{"op":"send","session":1,"action":{"list":{"addForm":{"binding":{"minutes":"ten"}}}},"id":"type"}"#,
          #"{"op":"send","session":1,"action":{"list":"saveAddTapped"},"id":"save"}"#,
          #"{"op":"features","id":"features"}"#,
        ].map { $0 + "\n" }.joined())
      #expect(status == 0)
      let unknown = try #require(lines.first { $0.contains(#""id":"unknown""#) })
      #expect(unknown.contains(#""code":"invalid_payload""#))
      #expect(
        unknown.contains(
          "'colour' is not a bindable field of StandupFormState. Bindable fields: title, minutes, theme, attendees."
        ))
      let type = try #require(lines.first { $0.contains(#""id":"type""#) })
      #expect(type.contains("The field 'minutes' of StandupFormState expects Int"))
      // Neither bad binding changed anything: the saved standup has the good ones.
      let saved = try Self.saved(in: directory)
      #expect(saved.map(\.title) == ["Sync"] && saved.map(\.durationSeconds) == [720])
      let features = try #require(lines.first { $0.contains(#""id":"features""#) })
      #expect(
        features.contains(
          #""bindable":["title: String","minutes: Int","theme: Theme","attendees: [Attendee]"]"#))
    }

    @Test func helpAndMistakesSpeakToAPersonWithoutSwiftInternals() async throws {
      let directory = try Self.dataDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let output = try await Self.typing(
        ["help", "open 1", "next", "title Sync", "add", "minutes ten", "fly", "cancel", "back"], in: directory
      )
      #expect(output.contains("Short commands:"))
      #expect(output.contains("press <button>"))
      #expect(
        output.contains(
          "  open <n>         Opens the nth standup of the list, or the nth meeting of a detail.")
      )
      #expect(output.contains("There are no standups yet: 'add' one."))
      #expect(output.contains("'next' works while a meeting is recorded: 'record' one first."))
      #expect(output.contains("No form is open: 'add' a standup, or 'edit' the one shown."))
      #expect(output.contains("'minutes' takes a whole number of minutes, e.g. 'minutes 5'."))
      #expect(output.contains("There is no command or action 'fly' in standups."))
      #expect(output.contains("The list is the first screen: there is no way back."))
      for word in ["_0", "StackElementID", "IdentifiedArray", "Shared<"] {
        #expect(!output.contains(word), "'\(word)' shown to a person")
      }
    }

    @Test func anActionForAScreenThatIsNotThereIsAnErrorForItsSender() async throws {
      let directory = try Self.dataDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let (lines, status) = try await HostProcess.run(
        ["serve", "--data-dir", directory.path] + HostProcess.patientDrain,
        input: [
          #"{"op":"open","feature":"standups"}"#,
          #"{"op":"send","session":1,"action":{"path":{"element":{"id":7,"action":{"detail":"editTapped"}}}},"id":"stale"}"#,
          #"{"op":"send","session":1,"action":{"list":"addTapped"},"id":"after"}"#,
        ].map { $0 + "\n" }.joined())
      #expect(status == 0)
      let error = try #require(lines.first { $0.contains(#""id":"stale""#) })
      #expect(error.contains(#""type":"error""#))
      #expect(error.contains(#""code":"not_applied""#))
      #expect(
        error.contains(
          "the action 'path.detail.editTapped' of feature 'standups' was not applied: An action for the screen #7 was dropped: "
            + "the stack holds no such screen (it holds [])."))
      // In plain words: the Swift behind it is for the feature's authors, in the host's log.
      for word in ["StandupsFeature", "forEach", ".swift"] { #expect(!error.contains(word)) }
      #expect(!lines.contains { $0.contains(#""request":"stale""#) })  // no state, no finished
      // The session goes on.
      #expect(
        lines.contains { $0.contains(#""request":"after""#) && $0.contains(#""purpose":"New standup""#) })
    }

    @Test func aProgramRecordsAMeetingAndItsRequestFinishesWhenTheMeetingEndsOnTheLiveClock() async throws {
      let directory = try Self.dataDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let id = "5D000000-0000-0000-0000-000000000000"
      // Two attendees, two seconds: one second each.
      try Data(
        #"""
        [{"id":"\#(id)","title":"Quick","durationSeconds":2,"theme":"teal",
          "attendees":[{"id":"A0000000-0000-0000-0000-000000000001","name":"Blob"},
                       {"id":"A0000000-0000-0000-0000-000000000002","name":"Blob Jr"}],
          "meetings":[]}]
        """#.utf8
      ).write(to: directory.appendingPathComponent("standups.json"))
      let (lines, status) = try await HostProcess.run(
        ["serve", "--data-dir", directory.path] + HostProcess.patientDrain,
        input: [
          #"{"op":"open","feature":"standups"}"#,
          #"{"op":"send","session":1,"action":{"list":{"standupTapped":{"id":"\#(id)"}}},"id":"open"}"#,
          // A fresh process: the detail is the first screen pushed, id 0; the record screen is 1.
          #"{"op":"send","session":1,"action":{"path":{"element":{"id":0,"action":{"detail":"recordTapped"}}}},"id":"record"}"#,
        ].map { $0 + "\n" }.joined())
      #expect(status == 0)
      let finished = try #require(
        lines.firstIndex { $0.contains(#""type":"finished""#) && $0.contains(#""request":"record""#) })
      // The meeting ends by dismissing the record screen, and a screen's effects end with it: the
      // request reports them as cancelled, after the state that shows the meeting saved.
      #expect(lines[finished].contains(#""cancelled":true"#))
      // Before it: the meeting saved, the record screen gone, the detail on top showing the meeting.
      let before = lines[..<finished].last { $0.contains(#""type":"state""#) } ?? ""
      #expect(before.contains(#""top":"detail""#))
      #expect(before.contains("(0 words)"))
      #expect(lines.contains { $0.contains("There is no speech recognition here") })
      let saved = try Self.saved(in: directory)
      #expect(saved.first?.meetings.count == 1)
      #expect(saved.first?.meetings.first?.transcript == "")
    }
  }
#endif
