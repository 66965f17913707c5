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
    var generator = SystemRandomNumberGenerator()
    var savedVersions: Set<Data> = [try Data(contentsOf: file)]

    for round in 0..<10 {
      let host = try HostProcess(["--data-dir", directory.path])
      await host.write(#"{"op":"open","feature":"standups"}"# + "\n")
      _ = await host.readLine()  // opened: the list is loaded
      // A burst of new standups ~110 ms apart: each change is saved at most 100 ms after it.
      let killAfter = Duration.milliseconds(Int.random(in: 150...1_500, using: &generator))
      let start = ContinuousClock.now
      var added = 0
      while ContinuousClock.now - start < killAfter {
        await host.write(#"{"op":"send","session":1,"action":{"list":"addTapped"}}"# + "\n")
        await host.write(
          #"{"op":"send","session":1,"action":{"list":{"addForm":{"titleChanged":{"title":"Added \#(round).\#(added)"}}}}}"#
            + "\n")
        await host.write(#"{"op":"send","session":1,"action":{"list":"saveAddTapped"}}"# + "\n")
        added += 1
        try await Task.sleep(for: .milliseconds(Int.random(in: 90...130, using: &generator)))
      }
      host.process.send(SIGKILL)
      _ = await host.readToEnd()

      // Whatever the moment, the file is one whole list: it decodes and holds every standup it
      // started with.
      let data = try Data(contentsOf: file)
      savedVersions.insert(data)
      let saved = try #require(
        try? JSONDecoder().decode([Standup].self, from: data), "round \(round): standups.json is broken")
      #expect(ids.isSubset(of: Set(saved.map(\.id))), "round \(round), after \(added) adds")
      // Nothing was ever found unreadable and moved aside.
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(!names.contains { $0.contains(".corrupt-") })
    }
    // The hosts did save between the kills: the test killed writers, not idle processes.
    #expect(savedVersions.count > 3)
  }
}
