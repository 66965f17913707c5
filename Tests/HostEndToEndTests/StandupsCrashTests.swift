// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// Standups' file survives a host killed at any moment, as Todos' does (`TodosCrashTests`):
  /// SIGKILL in the middle of a burst of saves, many times over, always leaves a `standups.json` that
  /// holds a whole list, old or new.
  @Suite struct StandupsCrashTests {
    struct Standup: Codable, Hashable {
      struct Attendee: Codable, Hashable {
        var id: UUID
        var name: String
      }
      var id: UUID
      var title: String
      var durationSeconds: Int
      var theme: String
      var attendees: [Attendee]
      var meetings: [String]
    }

    @Test func aHostKilledWhileSavingNeverLeavesABrokenFile() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "standups-crash-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent("standups.json")
      // A long list, so that each save takes a while and a kill can land in the middle of one.
      let standups = (0..<2_000).map {
        Standup(
          id: UUID(), title: "Standup number \($0)", durationSeconds: 300, theme: "teal",
          attendees: [.init(id: UUID(), name: "Attendee of \($0)")], meetings: [])
      }
      try JSONEncoder().encode(standups).write(to: file)
      let ids = Set(standups.map(\.id))
      // A burst of new standups ~110 ms apart: each change is saved at most 100 ms after it.
      let savedVersions = try await killWhileSaving(
        feature: "standups", in: directory, file: file, rounds: 10, killAfter: 150...1_500, pause: 90...130,
        burst: { round, index in
          [
            #"{"op":"send","session":1,"action":{"list":"addTapped"}}"#,
            #"{"op":"send","session":1,"action":{"list":{"addForm":{"binding":{"title":"Added \#(round).\#(index)"}}}}}"#,
            #"{"op":"send","session":1,"action":{"list":"saveAddTapped"}}"#,
          ]
        },
        check: { round, data, added in
          // Whatever the moment, the file is one whole list: it decodes and holds every standup it
          // started with.
          let saved = try #require(
            try? JSONDecoder().decode([Standup].self, from: data), "round \(round): standups.json is broken")
          #expect(ids.isSubset(of: Set(saved.map(\.id))), "round \(round), after \(added) adds")
        })
      // The hosts did save between the kills: the test killed writers, not idle processes.
      #expect(savedVersions.count > 3)
    }
  }
#endif
