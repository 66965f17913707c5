import ConcurrencyExtras
import Dependencies
import IssueReporting

/// Where the storages of keyed shared values live: one per process, and one of its own for each
/// test (the `sharedStore` dependency), so that tests running at once never share a value by
/// accident.
///
/// Keyed values stay for the life of their store: a value that no state holds any more is
/// still there for the next holder of its key.
public final class SharedStore: Sendable {
  private let storages = Locked<[AnyHashableSendable: any AnySharedStorage]>([:])
  private let saves = Locked<SaveTracking>(SaveTracking())

  /// An empty store: each key's value is loaded, or made, by the first holder of the key.
  public init() {}

  /// The storage for `id`, made by `make` if there is none. A key reused with another value
  /// type is a programming error, reported, and given a storage of its own.
  func storage<Value: Sendable>(
    for id: AnyHashableSendable, as _: Value.Type, make: () -> SharedStorage<Value>
  ) -> SharedStorage<Value> {
    storages.withLock { storages in
      if let existing = storages[id] {
        if let typed = existing as? SharedStorage<Value> { return typed }
        reportLibraryIssue(
          """
          The shared key '\(existing.name)' is used with two value types: \
          \(type(of: existing.currentValue)) and \(Value.self). Each holder of a key must declare \
          the same type; this holder gets a value of its own, shared with nobody.
          """)
        return make()
      }
      let storage = make()
      storages[id] = storage
      return storage
    }
  }

  // MARK: Saves

  struct SaveTracking {
    var running = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  /// Counts a save (scheduled or writing) until `end` is called.
  func saveBegan() {
    saves.withLock { $0.running += 1 }
  }

  func saveEnded() {
    let waiters = saves.withLock { saves -> [CheckedContinuation<Void, Never>] in
      saves.running -= 1
      guard saves.running == 0 else { return [] }
      defer { saves.waiters.removeAll() }
      return saves.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns when no save of a persisted value of this store is scheduled or writing: every
  /// change made before the call is on disk (or reported as not saved). A save waits on the
  /// clock dependency: in a test with a test clock, advance it first.
  ///
  /// ```swift
  /// await clock.advance(by: .milliseconds(100))
  /// await sharedStore.waitForSaves()
  /// ```
  public func waitForSaves() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = saves.withLock { saves -> Bool in
        if saves.running == 0 { return true }
        saves.waiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Saves every persisted value with a save pending now, without waiting for its delay, and
  /// returns when they are written: what a program does before it exits.
  public func flush() async {
    let persisted = storages.withLock { Array($0.values) }
    for storage in persisted {
      storage.flushPendingSave()
    }
    await waitForSaves()
  }
}

extension SharedStore: DependencyKey {
  /// One store for the process.
  public static let liveValue = SharedStore()
  /// A store of its own for each test.
  public static var testValue: SharedStore { SharedStore() }
}

extension DependencyValues {
  /// Where keyed shared values live; see ``SharedStore``.
  public var sharedStore: SharedStore {
    get { self[SharedStore.self] }
    set { self[SharedStore.self] = newValue }
  }
}
