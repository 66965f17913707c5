import Dependencies
import Dispatch
import Foundation

/// The files that ``FileStorageKey`` reads and writes: the disk, or, in tests, files in memory.
///
/// A dependency client (`sharedFileSystem`), so that tests never touch the disk: each test gets
/// an empty in-memory file system of its own, which it can seed before the state is made and read
/// after a save.
///
/// ```swift
/// @Test func loadsSavedStandups() async throws {
///   @Dependency(\.sharedFileSystem) var files
///   try files.write(JSONEncoder().encode([Standup.mock]), .standups)
///   let harness = await InteractorTestHarness(StandupsList())
///   #expect(harness.runtime.state.standups == [.mock])
/// }
/// ```
public struct SharedFileSystem: Sendable {
  /// The contents of the file at the URL, or `nil` if there is none.
  public var read: @Sendable (URL) throws -> Data?
  /// Replaces the file at the URL with the data, atomically (``AtomicFile/replace(with:)``).
  public var write: @Sendable (Data, URL) throws -> Void
  /// Moves an unreadable file aside, keeping it, and returns where it went.
  public var setAside: @Sendable (URL) throws -> URL
  /// Removes the temporary files that a killed save left beside the file.
  public var removeLeftovers: @Sendable (URL) -> Void
  /// Runs the closure while no other process (and no other save of this one) reads or writes
  /// the file through this method: a save's read, merge and write.
  public var exclusively: @Sendable (URL, () throws -> Void) throws -> Void
  /// Calls the closure when the file may have been written by someone else, until the
  /// subscription is cancelled.
  public var watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription

  /// A file system of your own. Without `exclusively`, the closure runs under a lock of this
  /// process only; without `watch`, nothing is watched.
  public init(
    read: @escaping @Sendable (URL) throws -> Data?,
    write: @escaping @Sendable (Data, URL) throws -> Void,
    setAside: @escaping @Sendable (URL) throws -> URL,
    removeLeftovers: @escaping @Sendable (URL) -> Void,
    exclusively: (@Sendable (URL, () throws -> Void) throws -> Void)? = nil,
    watch: @escaping @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription = { _, _ in
      SharedSubscription {}
    }
  ) {
    self.read = read
    self.write = write
    self.setAside = setAside
    self.removeLeftovers = removeLeftovers
    if let exclusively {
      self.exclusively = exclusively
    } else {
      let lock = Locked(())
      self.exclusively = { _, body in try lock.withLock { _ in try body() } }
    }
    self.watch = watch
  }
}

extension SharedFileSystem {
  /// The disk, through ``AtomicFile``.
  public static let disk = SharedFileSystem(
    read: { try AtomicFile(url: $0).read() },
    write: { data, url in try AtomicFile(url: url).replace(with: data) },
    setAside: { try AtomicFile(url: $0).setAside() },
    removeLeftovers: { AtomicFile(url: $0).removeLeftovers() },
    exclusively: { url, body in try FileCoordination.exclusively(url, body) },
    watch: { url, onChange in FileCoordination.watch(url, onChange) }
  )

  /// Files in memory, starting with `files`: what every test gets. A write tells the watchers of
  /// the file, as another process's write to a file on disk does.
  public static func inMemory(_ files: [URL: Data] = [:]) -> SharedFileSystem {
    let storage = Locked<[String: Data]>(
      Dictionary(uniqueKeysWithValues: files.map { ($0.key.standardizedFileURL.path, $0.value) }))
    let watchers = Locked<[String: [UUID: @Sendable () -> Void]]>([:])
    return SharedFileSystem(
      read: { url in storage.withLock { $0[url.standardizedFileURL.path] } },
      write: { data, url in
        let path = url.standardizedFileURL.path
        storage.withLock { $0[path] = data }
        // Told later, on another thread, as the disk's watch tells: the writer may hold the
        // file's lock, which a watcher takes to read the file. In a task, so that what the
        // watcher reports belongs to the writer's test.
        for watcher in watchers.withLock({ Array(($0[path] ?? [:]).values) }) {
          Task { watcher() }
        }
      },
      setAside: { url in
        try storage.withLock { files in
          let path = url.standardizedFileURL.path
          guard let data = files.removeValue(forKey: path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
          }
          var aside = path + ".corrupt"
          while files[aside] != nil { aside += "-1" }
          files[aside] = data
          return URL(fileURLWithPath: aside)
        }
      },
      removeLeftovers: { _ in },
      watch: { url, onChange in
        let (path, id) = (url.standardizedFileURL.path, UUID())
        watchers.withLock { $0[path, default: [:]][id] = onChange }
        return SharedSubscription { watchers.withLock { _ = $0[path]?.removeValue(forKey: id) } }
      }
    )
  }
}

extension SharedFileSystem: DependencyKey {
  public static let liveValue = SharedFileSystem.disk
  /// Each test: an empty in-memory file system of its own.
  public static var testValue: SharedFileSystem { .inMemory() }
}

extension DependencyValues {
  /// The files ``FileStorageKey`` reads and writes; see ``SharedFileSystem``.
  public var sharedFileSystem: SharedFileSystem {
    get { self[SharedFileSystem.self] }
    set { self[SharedFileSystem.self] = newValue }
  }
}
