import Clocks
import Dependencies
import Dispatch
import Foundation
import IssueReporting

/// What connects a keyed storage to its key: the load's outcome, the saves (delayed, one at a
/// time, off the main actor), the changes the key's subscription tells, and the errors of each,
/// kept for ``Shared/loadError`` and ``Shared/saveError`` and reported once.
///
/// One per keyed storage, made by ``SharedReaderKey/resolve(default:)``; every key, Uno's and a
/// team's own, goes through it.
final class SharedKeySource<Value: Sendable>: Sendable {
  /// The key's save, for a ``SharedKey``; `nil` for a reader key. Its argument reads the value:
  /// a key that takes a lock of its own reads it under that lock (``FileStorageKey``).
  let save: (@Sendable (() -> Value) throws -> Void)?
  let saveDelay: Duration
  /// The `continuousClock` in force where the storage was made: the clock of the saves that are
  /// scheduled where none is in force (see ``startSave(of:)``).
  let clock: any Clock<Duration>
  let store: SharedStore
  /// How the key names the value, for messages.
  let name: String
  private let state = Locked<State>(State())
  /// Saves block (a file's `write` and `fsync`): never on a thread of the cooperative pool.
  private let queue = DispatchQueue(label: "UnoCore.SharedKey.save")

  struct State {
    var loadError: (any Error)?
    var saveError: (any Error)?
    /// The wait before the next save, while one is scheduled.
    var scheduled: Task<Void, Never>?
    /// The key's subscription, for the life of the storage.
    var subscription: SharedSubscription?
  }

  init(
    name: String, save: (@Sendable (() -> Value) throws -> Void)?, saveDelay: Duration,
    clock: any Clock<Duration>, store: SharedStore
  ) {
    self.name = name
    self.save = save
    self.saveDelay = saveDelay
    self.clock = clock
    self.store = store
  }

  var loadError: (any Error)? { state.withLock { $0.loadError } }
  var saveError: (any Error)? { state.withLock { $0.saveError } }

  func keep(_ subscription: SharedSubscription) {
    state.withLock { $0.subscription = subscription }
  }

  /// The load failed, or the key told of a change it could not read: kept, and reported unless
  /// the error before it is not over. Saves stop until a load succeeds, so that a storage that
  /// could not be read is not written over.
  func loadFailed(_ error: any Error) {
    let isNew = state.withLock { state -> Bool in
      defer { state.loadError = error }
      return state.loadError == nil
    }
    guard isNew else { return }
    reportLibraryIssue(
      """
      The shared value '\(name)' could not be read (\(Self.describe(error))). The value in \
      memory stays as it is, and is not saved over the storage until it can be read again. The \
      error is on the reference: '$value.loadError'.
      """)
  }

  /// A value was read from the storage: the load error, if any, is over.
  func loaded() {
    state.withLock { $0.loadError = nil }
  }

  /// Called after every change made through a reference, outside the storage's lock. The save
  /// reads the value when it runs, so that two changes told out of order still save the latest.
  func valueChanged(_ storage: SharedStorage<Value>) {
    guard save != nil else { return }
    state.withLock { state in
      guard state.scheduled == nil, state.loadError == nil else { return }
      store.saveBegan()
      state.scheduled = startSave(of: storage)
    }
  }

  /// The save, `saveDelay` after now. The deadline is fixed here, when the change is made, not
  /// when the task first runs: a test that advances its clock right after the change must not
  /// find the wait starting later.
  private func startSave(of storage: SharedStorage<Value>) -> Task<Void, Never> {
    // Without a delay the clock is not asked (a test of a key without one sets no clock).
    var wait: (clock: AnyClock<Duration>, deadline: AnyClock<Duration>.Instant)?
    if saveDelay > .zero, let clock = Self.saveClock(madeWith: self.clock) {
      let clock = AnyClock(clock)
      wait = (clock, clock.now.advanced(by: saveDelay))
    }
    return Task { [weak storage] in
      // Cancelled by `flush`: save at once.
      if let wait { try? await wait.clock.sleep(toDeadline: wait.deadline) }
      self.state.withLock { $0.scheduled = nil }
      guard let storage else { return self.store.saveEnded() }
      await self.write(storage)
      self.store.saveEnded()
    }
  }

  /// The clock a save scheduled now waits on: the `continuousClock` in force where the change
  /// is made (a test harness's, for a value made before the harness and written by its
  /// actions), else `madeWith`, the one in force where the storage was made; `nil` when neither
  /// is a clock (both are a test's unimplemented clock: a value made and written in a test
  /// outside any dependency context), and the save then waits for nothing.
  static func saveClock(madeWith: any Clock<Duration>) -> (any Clock<Duration>)? {
    @Dependency(\.continuousClock) var inForce
    if !(inForce is UnimplementedClock<Duration>) { return inForce }
    if !(madeWith is UnimplementedClock<Duration>) { return madeWith }
    return nil
  }

  /// Starts the save that waits out its delay at once, if one does.
  func flush() {
    state.withLock { $0.scheduled?.cancel() }
  }

  /// A key's own error as it describes itself; a file's as ``AtomicFile`` does.
  static func describe(_ error: any Error) -> String {
    switch error {
    case is DecodingError, is CocoaError, is POSIXError: return AtomicFile.describe(error)
    case let error as any CustomStringConvertible: return error.description
    default: return AtomicFile.describe(error)
    }
  }

  private func write(_ storage: SharedStorage<Value>) async {
    guard let save else { return }
    let failure = await withCheckedContinuation {
      (continuation: CheckedContinuation<(any Error)?, Never>) in
      queue.async {
        do {
          try save { storage.value }
          continuation.resume(returning: nil)
        } catch {
          continuation.resume(returning: error)
        }
      }
    }
    let isNew = state.withLock { state -> Bool in
      defer { state.saveError = failure }
      return failure != nil && state.saveError == nil
    }
    // Reported here, in the task that scheduled the save (a test's issue belongs to its test),
    // not on the queue.
    if let failure, isNew {
      reportLibraryIssue(
        """
        The shared value '\(name)' could not be saved (\(Self.describe(failure))). The value in \
        memory is unchanged; the next change tries again. The error is on the reference \
        ('$value.saveError') until a save succeeds.
        """)
    }
  }
}
