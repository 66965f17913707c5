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
/// - **Shared with other processes.** A change another process (or an editor) makes to the file
///   is loaded, merged into the value in memory (changes not saved yet stay), and published by
///   every runtime that holds it as a change from outside; this process's own saves are not
///   loaded back. A save takes the file's lock, reads it, and, if another process wrote it since
///   this one last read or wrote it, saves the three-way merge of the two (collections of
///   identified elements merged by id, the saving process winning a conflict on one field; see
///   ``SharedFileSystem/exclusively`` and docs/guides/SharedState.md for what it can still lose).
///   A file that another process left undecodable is moved aside and reported, and the value in
///   memory stays.
/// - **Tests never touch the disk**: the file system is the `sharedFileSystem` dependency
///   (``SharedFileSystem``), in memory and empty in each test; a test's write to it is a write by
///   someone else.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey, CustomStringConvertible,
  _SavesUnderItsLock
{
  /// The file.
  public let url: URL
  let files: SharedFileSystem
  /// What this key knows of the file: made with the key, used by the storage that the first key
  /// of a URL makes (a store keeps the key it made the storage with).
  let file: FileState<Value>

  /// A key for the JSON file at `url`, read and written through the `sharedFileSystem`
  /// dependency in force here.
  public init(url: URL) {
    @Dependency(\.sharedFileSystem) var files
    self.url = url
    self.files = files
    self.file = FileState()
  }

  public var id: FileStorageKeyID { FileStorageKeyID(path: url.standardizedFileURL.path) }

  /// Saves wait 100 ms after a change, so that a burst of changes is one write.
  public var saveDelay: Duration { .milliseconds(100) }

  public var description: String { "fileStorage(\(url.path))" }

  /// The value in the file, `nil` when there is none. A file that does not decode is moved aside,
  /// kept and reported, and the value starts from its default; a file that cannot be read, or
  /// moved aside, throws (and nothing is saved over it).
  public func load() throws -> Value? {
    var value: Value?
    try files.exclusively(url) {
      files.removeLeftovers(url)
      guard let data = try files.read(url) else { return }
      value = try decodeOrSetAside(data)
    }
    return value
  }

  /// Writes `value`, merged with what another process saved since this one last read or wrote
  /// the file, under the file's lock.
  public func save(_ value: Value) throws {
    try save(reading: { value })
  }

  /// The save, reading the value under the file's lock: a change loaded from the file (which
  /// happens under that lock) is then always in what it saves.
  func save(reading read: () -> Value) throws {
    try files.exclusively(url) {
      let ours = try Self.encode(read())
      var data = ours
      var merged: Value?
      if let current = try files.read(url), current != file.base,
        let theirs = try decodeOrSetAside(current)
      {
        let value = try Self.merge(base: file.base, ours: ours, theirs: Self.encode(theirs))
        data = try Self.encode(value)
        merged = value
      }
      file.base = data
      try files.write(data, url)
      // What the other process saved, into the value in memory, keeping what changed there
      // since this save read it.
      if let merged { mergeIntoMemory(file.subscriber, since: ours, theirs: merged, data) }
    }
  }

  /// Watches the file: a change written by someone else is loaded and merged into the value.
  public func subscribe(_ subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    file.subscriber = subscriber
    let (files, url, key) = (files, url, self)
    let subscription = files.watch(url) { key.reload(into: subscriber) }
    // A change between the load and the watch.
    reload(into: subscriber)
    return subscription
  }

  /// Reads the file after a change may have been made to it, and tells `subscriber` if its
  /// content is not what this process last read or wrote.
  func reload(into subscriber: SharedSubscriber<Value>) {
    do {
      try files.exclusively(url) {
        let base = file.base
        guard let data = try files.read(url), data != base else { return }
        guard let theirs = try decodeOrSetAside(data) else { return }
        file.base = data
        mergeIntoMemory(subscriber, since: base, theirs: theirs, data)
      }
    } catch {
      subscriber.yield(throwing: error)
    }
  }

  /// Makes the value in memory the file's (`theirs`, encoded as `data`), keeping what changed in
  /// memory since it was `base`: the content memory and file last had in common, `nil` when they
  /// had none (the file did not exist), in which case both sides are kept whole.
  private func mergeIntoMemory(
    _ subscriber: SharedSubscriber<Value>?, since base: Data?, theirs: Value, _ data: Data
  ) {
    subscriber?.update(orYield: theirs) { current in
      guard let now = try? Self.encode(current), now != base,
        let result = try? Self.merge(base: base, ours: now, theirs: data)
      else { return current = theirs }
      current = result
    }
  }

  /// The value in `data`; or, when it does not decode, the file moved aside (kept, reported) and
  /// `nil`. Throws when moving it aside fails.
  private func decodeOrSetAside(_ data: Data) throws -> Value? {
    do {
      return try JSONDecoder().decode(Value.self, from: data)
    } catch {
      let reason = AtomicFile.describe(error)
      let aside: URL
      do {
        aside = try files.setAside(url)
      } catch {
        throw FileStorageError(
          description: """
            The shared file '\(url.path)' could not be decoded as \(Value.self) (\(reason)), and \
            moving it aside failed (\(AtomicFile.describe(error))). Nothing will be saved over the \
            file, so that it is not lost.
            """)
      }
      file.base = nil
      reportLibraryIssue(
        """
        The shared file '\(url.path)' could not be decoded as \(Value.self) (\(reason)). It was \
        moved aside to '\(aside.path)' and kept; the value in memory stays as it was (its default \
        at launch) and is saved to a new file.
        """)
      return nil
    }
  }

  static func encode(_ value: Value) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(value)
  }

  /// The three-way merge of three encodings of the value (``JSONMerge``), decoded.
  static func merge(base: Data?, ours: Data, theirs: Data) throws -> Value {
    let options: JSONSerialization.ReadingOptions = [.fragmentsAllowed]
    let merged = JSONMerge.merge(
      base: try base.map { try JSONSerialization.jsonObject(with: $0, options: options) },
      ours: try JSONSerialization.jsonObject(with: ours, options: options),
      theirs: try JSONSerialization.jsonObject(with: theirs, options: options))
    let data = try JSONSerialization.data(withJSONObject: merged, options: [.fragmentsAllowed])
    return try JSONDecoder().decode(Value.self, from: data)
  }
}

/// What tells files apart: their standardized paths.
public struct FileStorageKeyID: Hashable, Sendable {
  let path: String
}

/// A file that could not be used, with what happened and what to do.
struct FileStorageError: Error, CustomStringConvertible {
  let description: String
}

/// What one storage's key knows of its file: the content it last read or wrote (the base of a
/// merge, and how it tells its own saves from others' writes), and whom to tell of changes.
final class FileState<Value: Sendable>: Sendable {
  private let state = Locked<(base: Data?, subscriber: SharedSubscriber<Value>?)>((nil, nil))

  var base: Data? {
    get { state.withLock { $0.base } }
    set { state.withLock { $0.base = newValue } }
  }

  var subscriber: SharedSubscriber<Value>? {
    get { state.withLock { $0.subscriber } }
    set { state.withLock { $0.subscriber = newValue } }
  }
}

extension SharedReaderKey {
  /// A value kept in the JSON file at `url`; see ``FileStorageKey``.
  public static func fileStorage<Value>(_ url: URL) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url)
  }
}
