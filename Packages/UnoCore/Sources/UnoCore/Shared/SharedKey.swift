import ConcurrencyExtras
import Dependencies

extension SharedReaderKey {
  /// A reference to the whole value of this key's storage, in the store of the dependency
  /// context in force: the storage already there for the key, or a new one loaded by the key
  /// (starting from `default` when it holds nothing) and subscribed to its changes.
  func resolve(default: () -> Value) -> SharedReference<Value> {
    resolve(save: nil, saveDelay: .zero, default: `default`)
  }

  func resolve(
    save: (@Sendable (() -> Value) throws -> Void)?, saveDelay: Duration, default: () -> Value
  ) -> SharedReference<Value> {
    @Dependency(\.sharedStore) var store
    @Dependency(\.continuousClock) var clock
    let name = String(describing: self)
    var made: SharedStorage<Value>?
    let storage = store.storage(for: AnyHashableSendable(id), as: Value.self) {
      let source = SharedKeySource<Value>(
        name: name, save: save, saveDelay: saveDelay, clock: clock, store: store)
      var initial: Value?
      do {
        initial = try load()
      } catch {
        source.loadFailed(error)
      }
      let storage = SharedStorage(initial ?? `default`(), name: name, source: source)
      made = storage
      return storage
    }
    if let made, let source = made.source {
      // Outside the store's lock: a key may tell of a change at once.
      source.keep(
        subscribe(
          SharedSubscriber(
            onUpdate: { [weak made] update in made?.changedElsewhere(update) },
            onError: { [weak source] error in source?.loadFailed(error) })))
    }
    return SharedPath.whole(storage)
  }
}

extension SharedKey {
  /// A reference to the whole value of this key's storage, saved by the key after changes.
  func resolve(default: () -> Value) -> SharedReference<Value> {
    // A key whose storage is the store itself has nothing to save: no save is scheduled.
    let key = self
    let save: (@Sendable (() -> Value) throws -> Void)?
    if self is any _StoredInTheStore {
      save = nil
    } else if let reading = self as? any _SavesUnderItsLock<Value> {
      save = { @Sendable read in try reading.save(reading: read) }
    } else {
      save = { @Sendable read in try key.save(read()) }
    }
    return resolve(save: save, saveDelay: saveDelay, default: `default`)
  }
}

/// A key that reads the value to save under a lock of its own (``FileStorageKey``: the file's),
/// so that a change it loads under that lock is in the value it saves.
protocol _SavesUnderItsLock<Value>: Sendable {
  associatedtype Value
  func save(reading value: () -> Value) throws
}

/// A key whose value lives in the ``SharedStore`` itself (``InMemoryKey``): its changes schedule
/// no save.
protocol _StoredInTheStore {}

/// A value kept in memory under a name, for the life of the process (in a test, of the test).
///
/// ```swift
/// @Shared(.inMemory("count")) var count = 0
/// ```
///
/// A ``SharedKey`` whose storage is the ``SharedStore`` itself: it loads nothing and saves
/// nothing.
public struct InMemoryKey<Value: Sendable>: SharedKey, CustomStringConvertible, _StoredInTheStore {
  /// The name the value is kept under.
  public let name: String

  public var id: InMemoryKeyID { InMemoryKeyID(name: name) }

  /// Nothing is stored but the value itself: the first reference's default starts it.
  public func load() -> Value? { nil }

  /// Nothing to write: the value lives in the store.
  public func save(_ value: Value) {}

  public var description: String { "inMemory(\"\(name)\")" }
}

/// What tells in-memory values apart: their names.
public struct InMemoryKeyID: Hashable, Sendable {
  let name: String
}

extension SharedReaderKey {
  /// A value kept in memory under `name`, for the life of the process; see ``InMemoryKey``.
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name: name)
  }
}
