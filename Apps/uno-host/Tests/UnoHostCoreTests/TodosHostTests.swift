import BundledFeatures
import Foundation
import Testing
import UnoPlugin

@testable import UnoHostCore

/// Todos in a host: the data directory comes from the host, and sessions share the file.
@MainActor
@Suite struct TodosHostTests {
  struct Saved: Decodable {
    struct Todo: Decodable { var title: String }
    var todos: [Todo]
  }

  @Test func twoTodosSessionsShareOneFileLastSaveWins() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "todos-host-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var lines: [String] = []
    let host = ProtocolHost(
      registry: try makeRegistry(), sessionDependencies: { $0.hostDataDirectory = directory },
      output: { lines.append($0) })
    func send(_ line: String) { host.handle(line: Array(line.utf8)) }
    func saved() throws -> [String] {
      try JSONDecoder().decode(
        Saved.self, from: Data(contentsOf: directory.appendingPathComponent("todos.json"))
      )
      .todos.map(\.title)
    }

    send(#"{"op":"open","feature":"todos"}"#)
    send(#"{"op":"open","feature":"todos"}"#)
    send(#"{"op":"send","session":1,"action":{"add":{"title":"From one"}},"id":"a"}"#)
    #expect(await host.drain(timeout: .seconds(60)))  // its save has run
    #expect(try saved() == ["From one"])
    // Session 2 loaded the file before session 1 saved: its list does not have "From one", and
    // its save replaces the file with its own whole list.
    send(#"{"op":"send","session":2,"action":{"add":{"title":"From two"}},"id":"b"}"#)
    #expect(await host.drain(timeout: .seconds(60)))
    #expect(try saved() == ["From two"])
    // A session opened now sees what was saved last.
    send(#"{"op":"open","feature":"todos","id":"third"}"#)
    #expect(lines.last?.contains(#""title":"From two""#) == true)
    #expect(lines.last?.contains("From one") == false)
    host.closeAll()
  }

  @Test func aCorruptFileIsKeptAsideAndTheSessionSaysSo() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "todos-host-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: directory.appendingPathComponent("todos.json"))
    var lines: [String] = []
    let host = ProtocolHost(
      registry: try makeRegistry(), sessionDependencies: { $0.hostDataDirectory = directory },
      output: { lines.append($0) })
    host.handle(line: Array(#"{"op":"open","feature":"todos"}"#.utf8))
    #expect(lines.first?.contains("The saved todos could not be read") == true)
    #expect(lines.first?.contains("todos.json.corrupt-") == true)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names.count == 1 && names[0].hasPrefix("todos.json.corrupt-"))
    host.closeAll()
  }
}
