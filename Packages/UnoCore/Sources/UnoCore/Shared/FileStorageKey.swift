import Dependencies
import Dispatch
import Foundation
import IssueReporting

/// A value kept in a JSON file: loaded once per process for every holder of the file's URL,
/// saved after changes.
///
/// ```swift
/// extension URL {
///   static let standups = URL(fileURLWithPath: "standups.json")
/// }
/// @Shared(.fileStorage(.standups)) var standups: IdentifiedArrayOf<Standup> = []
/// ```
///
/// - **Saved at most once per 100 ms.** The first change after a save starts a 100 ms wait on
///   the `continuousClock` dependency; the save then writes the value as it is, so a burst of
///   changes is one write. ``SharedStore/waitForSaves()`` returns when the saves under way are
///   written; ``SharedStore/flush()`` writes the pending ones at once (before a program exits).
/// - **Crash-safe.** The file is replaced atomically (``AtomicFile``): a kill at any moment
///   leaves the previous save or the new one, whole.
/// - **An unreadable file is kept.** A file that does not decode is moved aside
///   (`standups.json.corrupt-<timestamp>`), the issue is reported (a test failure in tests, a
///   warning elsewhere) with where it went, and the value starts from its default. A file that
///   cannot even be read is reported too, and nothing is ever saved over it.
/// - **Tests never touch the disk**: the file system is the `sharedFileSystem` dependency
///   (``SharedFileSystem``), in memory and empty in each test.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  /// The file.
  public let url: URL

  public func _storage(in store: SharedStore, default: () -> Value) -> _SharedStorageHandle<Value> {
    @Dependency(\.sharedFileSystem) var files
    @Dependency(\.continuousClock) var clock
    let url = self.url
    return _SharedStorageHandle(
      storage: store.storage(for: "file:" + url.standardizedFileURL.path, as: Value.self) {
        let (initial, canSave) = Self.load(url, files: files, default: `default`)
        let saver = FileSaver<Value>(url: url, files: files, clock: clock, store: store, canSave: canSave)
        return SharedStorage(initial, name: "fileStorage(\(url.path))", persistence: saver)
      })
  }

  /// The value in the file, or the default; and whether saving over the file is allowed.
  static func load(_ url: URL, files: SharedFileSystem, default: () -> Value) -> (Value, Bool) {
    files.removeLeftovers(url)
    let data: Data
    do {
      guard let read = try files.read(url) else { return (`default`(), true) }
      data = read
    } catch {
      reportIssue(
        """
        The shared file '\(url.path)' could not be read (\(AtomicFile.describe(error))). The value \
        starts from its default, and nothing will be saved over the file, so that it is not lost. \
        Check its permissions, then start again.
        """)
      return (`default`(), false)
    }
    do {
      return (try JSONDecoder().decode(Value.self, from: data), true)
    } catch {
      let reason = AtomicFile.describe(error)
      do {
        let aside = try files.setAside(url)
        reportIssue(
          """
          The shared file '\(url.path)' could not be decoded as \(Value.self) (\(reason)). It was \
          moved aside to '\(aside.path)' and kept; the value starts from its default and is saved \
          to a new file.
          """)
        return (`default`(), true)
      } catch {
        reportIssue(
          """
          The shared file '\(url.path)' could not be decoded as \(Value.self) (\(reason)), and \
          moving it aside failed (\(AtomicFile.describe(error))). The value starts from its \
          default, and nothing will be saved over the file, so that it is not lost.
          """)
        return (`default`(), false)
      }
    }
  }
}

extension SharedKey {
  /// A value kept in the JSON file at `url`; see ``FileStorageKey``.
  public static func fileStorage<Value>(_ url: URL) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url)
  }
}

/// Saves one file's value: at most once per 100 ms, on a serial queue of its own (a save blocks
/// in `write` and `fsync`, which must not hold a thread of the cooperative pool).
final class FileSaver<Value: Codable & Sendable>: SharedPersistence, Sendable {
  static var delay: Duration { .milliseconds(100) }
  let url: URL
  let files: SharedFileSystem
  let clock: any Clock<Duration>
  let store: SharedStore
  let canSave: Bool
  /// The wait before the next save, while one is scheduled.
  private let scheduled = Locked<Task<Void, Never>?>(nil)
  private let queue = DispatchQueue(label: "UnoCore.FileStorageKey.save")

  init(url: URL, files: SharedFileSystem, clock: any Clock<Duration>, store: SharedStore, canSave: Bool) {
    self.url = url
    self.files = files
    self.clock = clock
    self.store = store
    self.canSave = canSave
  }

  func valueChanged(_ storage: SharedStorage<Value>) {
    guard canSave else { return }
    scheduled.withLock { scheduled in
      guard scheduled == nil else { return }
      store.saveBegan()
      scheduled = startSave(of: storage)
    }
  }

  /// The save, 100 ms after now. The deadline is fixed here, when the change is made, not when
  /// the task first runs: a test that advances its clock right after the change must not find the
  /// wait starting later (``Clock/sleep(toDeadline:)``).
  private func startSave(of storage: SharedStorage<Value>) -> Task<Void, Never> {
    let clock = AnyClock(self.clock)
    let deadline = clock.now.advanced(by: Self.delay)
    return Task { [weak storage] in
      // Cancelled by `flush`: save at once.
      try? await clock.sleep(toDeadline: deadline)
      self.scheduled.withLock { $0 = nil }
      guard let storage else { return self.store.saveEnded() }
      await self.save(storage.value)
      self.store.saveEnded()
    }
  }

  func flush() {
    scheduled.withLock { $0?.cancel() }
  }

  private func save(_ value: Value) async {
    let (url, files) = (self.url, self.files)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.async {
        do {
          let encoder = JSONEncoder()
          encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
          try files.write(try encoder.encode(value), url)
        } catch {
          reportIssue(
            """
            The shared file '\(url.path)' could not be saved (\(AtomicFile.describe(error))). The \
            value in memory is unchanged; the next change tries again.
            """)
        }
        continuation.resume()
      }
    }
  }
}
