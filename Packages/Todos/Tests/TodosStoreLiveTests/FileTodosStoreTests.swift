import Foundation
import Testing
import TodosFeature
import TodosStoreLive

@Suite struct FileTodosStoreTests {
  let directory: URL = FileManager.default.temporaryDirectory.appendingPathComponent(
    "todos-store-tests-\(UUID().uuidString)")
  var file: URL { directory.appendingPathComponent("todos.json") }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test func aMissingFileIsAnEmptyList() throws {
    #expect(try TodosStore.file(in: directory).load() == [])
  }

  @Test func whatIsSavedLoadsAgainAndNoTemporaryFileIsLeft() async throws {
    let store = TodosStore.file(in: directory)
    let todos = [Todo(id: UUID(), title: "Milk"), Todo(id: UUID(), title: "Eggs", isComplete: true)]
    try await store.save(todos)
    try await store.save(Array(todos.reversed()))
    #expect(try TodosStore.file(in: directory).load() == todos.reversed())
    #expect(try contents() == ["todos.json"])
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    #expect(json?["version"] as? Int == 1)
  }

  @Test func openingTheStoreRemovesTheTemporaryFilesOfKilledSavesAndNothingElse() async throws {
    let store = TodosStore.file(in: directory)
    try await store.save([Todo(id: UUID(), title: "Milk")])
    let leftovers = [".todos.json.\(UUID().uuidString).tmp", ".todos.json.\(UUID().uuidString).tmp"]
    let kept = [
      ".todos.json.not-a-uuid.tmp", "todos.json.\(UUID().uuidString).tmp", ".todos.json..tmp", "notes.tmp",
    ]
    for name in leftovers + kept {
      try Data("partial".utf8).write(to: directory.appendingPathComponent(name))
    }
    #expect(try TodosStore.file(in: directory).load().map(\.title) == ["Milk"])
    #expect(try contents() == (kept + ["todos.json"]).sorted())
  }

  @Test func aFileThatDoesNotDecodeIsMovedAsideNeverOverwritten() async throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let garbage = Data(#"{"todos": [ {"id": "not a uuid""#.utf8)
    try garbage.write(to: file)
    let store = TodosStore.file(in: directory)
    var keptAt = ""
    do {
      _ = try store.load()
      Issue.record("a broken file loaded")
    } catch let TodosStoreError.unreadable(_, path) {
      keptAt = path
    }
    #expect(keptAt.hasPrefix(file.path + ".corrupt-"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: keptAt)) == garbage)
    // Saving afterwards writes a new file beside the kept one, which stays as it was.
    try await store.save([Todo(id: UUID(), title: "Fresh")])
    #expect(try store.load().map(\.title) == ["Fresh"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: keptAt)) == garbage)
    #expect(try contents().count == 2)
  }

  @Test func aFileFromANewerVersionIsKeptAsideToo() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(#"{"version": 2, "todos": []}"#.utf8).write(to: file)
    #expect(throws: TodosStoreError.self) { try TodosStore.file(in: directory).load() }
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(try contents().first?.hasPrefix("todos.json.corrupt-") == true)
  }

  @Test func aFileThatCannotBeReadIsLeftAlone() throws {
    // A directory where the file should be: it can be neither read nor replaced by a file.
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    do {
      _ = try TodosStore.file(in: directory).load()
      Issue.record("a directory loaded as todos")
    } catch let error as TodosStoreError {
      guard case .inaccessible(_, let path) = error else {
        Issue.record("expected inaccessible, got \(error)")
        return
      }
      #expect(path == file.path)
      #expect(error.description.contains("Nothing will be saved over them"))
    }
    var isDirectory: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  @Test func twoSessionsSavingAtOnceLeaveOneCompleteList() async throws {
    let (first, second) = (TodosStore.file(in: directory), TodosStore.file(in: directory))
    let a = (0..<200).map { Todo(id: UUID(), title: "a\($0)") }
    let b = (0..<300).map { Todo(id: UUID(), title: "b\($0)") }
    await withTaskGroup(of: Void.self) { group in
      for round in 0..<8 {
        group.addTask { try? await first.save(round.isMultiple(of: 2) ? a : b) }
        group.addTask { try? await second.save(round.isMultiple(of: 2) ? b : a) }
      }
    }
    let loaded = try TodosStore.file(in: directory).load()
    #expect(loaded == a || loaded == b)
    #expect(try contents() == ["todos.json"])
  }
}
