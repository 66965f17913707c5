// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Foundation
  import Testing

  /// Todos' file survives a host killed at any moment: SIGKILL in the middle of a burst of saves,
  /// many times over, always leaves a `todos.json` that holds a whole list, old or new.
  @Suite struct TodosCrashTests {
    struct Document: Codable {
      struct Todo: Codable, Hashable {
        var id: UUID
        var title: String
        var isComplete: Bool
      }
      var version: Int
      var todos: [Todo]
    }

    @Test func aHostKilledWhileSavingNeverLeavesABrokenFile() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "todos-crash-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let file = directory.appendingPathComponent("todos.json")
      // A long list, so that each save takes a while and a kill can land in the middle of one.
      let todos = (0..<3_000).map { Document.Todo(id: UUID(), title: "Todo number \($0)", isComplete: false) }
      try JSONEncoder().encode(Document(version: 1, todos: todos)).write(to: file)
      let ids = Set(todos.map(\.id))
      // A burst of toggles ~320 ms apart: each is saved 300 ms after it, the sort a second later.
      let savedVersions = try await killWhileSaving(
        feature: "todos", in: directory, file: file, rounds: 12, killAfter: 300...2_200, pause: 290...340,
        burst: { _, _ in
          let id = todos.randomElement()!.id
          return [
            #"{"op":"send","session":1,"action":{"todo":{"row":{"element":{"id":"\#(id)","action":{"toggle":{}}}}}}}"#
          ]
        },
        check: { round, data, toggled in
          // Whatever the moment, the file is one whole list: it decodes, and it holds every todo.
          let document = try #require(
            try? JSONDecoder().decode(Document.self, from: data), "round \(round): todos.json is broken")
          #expect(document.version == 1)
          #expect(document.todos.count == todos.count, "round \(round), after \(toggled) toggles")
          #expect(Set(document.todos.map(\.id)) == ids)
        })
      // The hosts did save between the kills: the test killed writers, not idle processes.
      #expect(savedVersions.count > 3)
    }
  }
#endif
