import Dependencies
import Foundation
import TodosFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

extension TodosStore {
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

extension TodosStore: DependencyKey {
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
struct TodosDocument: Codable {
  var version = 1
  var todos: [Todo]
}

/// One `todos.json`, read and written as the store describes.
struct TodosFile: Sendable {
  let url: URL
  /// Where saves run, one at a time (two sessions may save at once): a serial queue of its own,
  /// because a save blocks in `write` and `fsync` (for long on a busy disk), and a blocked thread
  /// of Swift's cooperative pool would starve every other task of the process.
  private static let queue = DispatchQueue(label: "TodosStoreLive.save")

  init(url: URL) { self.url = url }

  func load() throws -> [Todo] {
    removeLeftovers()
    let data: Data
    do {
      guard FileManager.default.fileExists(atPath: url.path) else { return [] }
      data = try Data(contentsOf: url)
    } catch {
      throw TodosStoreError.inaccessible(reason: describe(error), path: url.path)
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
      let reason = describe(error)
      let aside = url.path + ".corrupt-" + timestamp()
      do {
        try FileManager.default.moveItem(atPath: url.path, toPath: aside)
      } catch {
        throw TodosStoreError.inaccessible(
          reason: "\(reason); moving it aside failed too: \(describe(error))", path: url.path)
      }
      throw TodosStoreError.unreadable(reason: reason, keptAt: aside)
    }
  }

  func save(_ todos: [Todo]) async throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(TodosDocument(todos: todos))
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      Self.queue.async {
        continuation.resume(with: Result { try replace(with: data) })
      }
    }
  }

  /// Removes the temporary files of saves that a kill cut short: only names of the exact form
  /// `.todos.json.<UUID>.tmp` that ``replace(with:)`` writes. On the save queue, so that no save
  /// of this process is midway.
  private func removeLeftovers() {
    let directory = url.deletingLastPathComponent()
    Self.queue.sync {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
      for name in names where Self.isLeftover(name) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
      }
    }
  }

  /// Whether `name` is a temporary file of ``replace(with:)``.
  static func isLeftover(_ name: String) -> Bool {
    let (prefix, suffix) = (".todos.json.", ".tmp")
    guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
      return false
    }
    return UUID(uuidString: String(name.dropFirst(prefix.count).dropLast(suffix.count))) != nil
  }

  /// Replaces the file with `data`, atomically: a temporary file beside it, flushed, renamed.
  private func replace(with data: Data) throws {
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".todos.json.\(UUID().uuidString).tmp")
    try write(data, to: temporary)
    guard rename(temporary.path, url.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
  }

  /// Writes `data` to a new file at `url` and flushes it to disk.
  private func write(_ data: Data, to url: URL) throws {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    var offset = 0
    try data.withUnsafeBytes { bytes in
      while offset < bytes.count {
        let written = Glibc_write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        offset += written
      }
    }
    guard fsync(fd) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }
}

/// The C `write`, named so that it does not collide with methods called `write`.
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}

/// "20261123T195612.123Z", for the name of a file moved aside.
private func timestamp() -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(identifier: "UTC")
  formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
  return formatter.string(from: Date())
}

private func describe(_ error: any Error) -> String {
  if let error = error as? DecodingError {
    switch error {
    case .dataCorrupted(let context): return "not valid: \(context.debugDescription)"
    case .keyNotFound(let key, _): return "missing '\(key.stringValue)'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
    @unknown default: return "\(error)"
    }
  }
  return (error as NSError).localizedDescription
}
