import Dependencies
import Foundation
import TodosFeature
import UnoCore

nonisolated extension TodosStore {
  /// The list kept in `todos.json` in `directory` (created if missing).
  ///
  /// - **Written atomically.** A save writes a temporary file in the same directory, flushes it
  ///   to disk, and renames it over `todos.json`: a crash at any moment leaves either the old list
  ///   or the new one, never part of a file. Saves within one process are serialized.
  /// - **An unreadable file is never overwritten.** If `todos.json` does not decode, it is moved
  ///   aside to `todos.json.corrupt-<timestamp>` and ``TodosStoreError/unreadable(reason:keptAt:)``
  ///   says where; the list starts empty and later saves write a new `todos.json`. If it cannot
  ///   even be read or moved, ``TodosStoreError/inaccessible(reason:path:)`` is thrown and the
  ///   feature saves nothing.
  /// - **No leftovers.** A process killed during a save leaves its temporary file; opening the
  ///   store removes those (`.todos.json.<UUID>.tmp`, that exact pattern, nothing else), after any
  ///   save of this process has finished.
  /// - **Several sessions, one file.** Each session saves its whole list; the last save wins. The
  ///   file is always one session's complete list; the other session's changes since its own last
  ///   save are not merged in.
  public static func file(in directory: URL) -> TodosStore {
    let file = TodosFile(url: directory.appendingPathComponent("todos.json"))
    return TodosStore(load: { try file.load() }, save: { todos in try await file.save(todos) })
  }
}

nonisolated extension TodosStore: DependencyKey {
  /// The file store in the default data directory (`$XDG_DATA_HOME/uno-host`, else
  /// `~/.local/share/uno-host`). uno-host's plugin uses the directory of `--data-dir` instead.
  public static var liveValue: TodosStore {
    let environment = ProcessInfo.processInfo.environment
    let base =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
    return .file(in: base.appendingPathComponent("uno-host"))
  }
}

/// What `todos.json` holds.
nonisolated struct TodosDocument: Codable {
  var version = 1
  var todos: [Todo]
}

/// One `todos.json`, read and written as the store describes, through UnoCore's ``AtomicFile``
/// (the crash-safe file that shared file storage uses too).
nonisolated struct TodosFile: Sendable {
  let file: AtomicFile
  var url: URL { file.url }
  /// Where saves run, one at a time (two sessions may save at once): a serial queue of its own,
  /// because a save blocks in `write` and `fsync` (for long on a busy disk), and a blocked thread
  /// of Swift's cooperative pool would starve every other task of the process.
  private static let queue = DispatchQueue(label: "TodosStoreLive.save")

  init(url: URL) { self.file = AtomicFile(url: url) }

  func load() throws -> [Todo] {
    // Our own leftovers (`.todos.json.<UUID>.tmp`), on the save queue, so that no save of this
    // process is midway.
    Self.queue.sync { file.removeLeftovers() }
    let data: Data
    do {
      guard let read = try file.read() else { return [] }
      data = read
    } catch {
      throw TodosStoreError.inaccessible(reason: AtomicFile.describe(error), path: url.path)
    }
    do {
      let document = try JSONDecoder().decode(TodosDocument.self, from: data)
      guard document.version == 1 else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: [], debugDescription: "version \(document.version) is newer than this program knows"))
      }
      return document.todos
    } catch {
      let reason = AtomicFile.describe(error)
      let aside: URL
      do {
        aside = try file.setAside()
      } catch {
        throw TodosStoreError.inaccessible(
          reason: "\(reason); moving it aside failed too: \(AtomicFile.describe(error))", path: url.path)
      }
      throw TodosStoreError.unreadable(reason: reason, keptAt: aside.path)
    }
  }

  func save(_ todos: [Todo]) async throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(TodosDocument(todos: todos))
    let file = self.file
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      Self.queue.async {
        continuation.resume(with: Result { try file.replace(with: data) })
      }
    }
  }
}
