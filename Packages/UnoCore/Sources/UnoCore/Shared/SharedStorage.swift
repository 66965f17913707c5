import Synchronization

/// The box that every holder of one shared value points to: the value, behind a lock, and what
/// must happen after it changes (tell the runtimes that hold it, save it).
///
/// Internal: features reach it through ``Shared``.
@usableFromInline
protocol AnySharedStorage: AnyObject, Sendable {
  /// The value now, for a snapshot (``SharedSnapshot``).
  var currentValue: any Sendable { get }
  /// How a message names the value: its key (`inMemory("count")`, `fileStorage(…/standups.json)`)
  /// or `Shared(value:)`.
  var name: String { get }
  /// Marks a main-actor delivery of a change as scheduled; `false` if one already was.
  func scheduleDelivery() -> Bool
  /// Called by the scheduled delivery before it delivers: changes after this schedule another.
  func deliveryStarted()
}

/// How many storages are alive in the process. While none is, no state can hold a shared value,
/// and runtimes skip every shared-state check (one atomic load per step).
@usableFromInline
enum SharedStorageCount {
  @usableFromInline static let live = Atomic<Int>(0)
}

final class SharedStorage<Value: Sendable>: AnySharedStorage, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the mutable state (`value` and whether a delivery is
  // scheduled) lives in `locked`, a pthread mutex that every access goes through; `name` and
  // `persistence` are constants, `persistence` is `Sendable`.
  struct Locked_: Sendable {
    var value: Value
    /// Whether a main-actor delivery of a change made off the main actor is already scheduled
    /// (changes coalesce into it).
    var deliveryScheduled = false
  }
  let locked: Locked<Locked_>
  let name: String
  /// Saves the value after changes, for a persisted key (``FileStorageKey``).
  let persistence: (any SharedPersistence<Value>)?

  init(_ value: Value, name: String, persistence: (any SharedPersistence<Value>)? = nil) {
    self.locked = Locked(Locked_(value: value))
    self.name = name
    self.persistence = persistence
    SharedStorageCount.live.add(1, ordering: .relaxed)
  }

  deinit {
    SharedStorageCount.live.subtract(1, ordering: .relaxed)
  }

  var value: Value { locked.withLock { $0.value } }
  var currentValue: any Sendable { value }

  /// Changes the value under the lock, then tells whoever must know: the runtimes that hold it
  /// (see ``SharedDelivery``) and the persistence.
  func modify<R, E: Error>(
    isolation: isolated (any Actor)?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    let (outcome, newValue) = locked.withLock { state -> (Result<R, E>, Value) in
      do throws(E) {
        return (.success(try body(&state.value)), state.value)
      } catch {
        return (.failure(error), state.value)
      }
    }
    _ = newValue
    let result = try outcome.get()
    persistence?.valueChanged(self)
    SharedDelivery.changed(self, isolation: isolation)
    return result
  }

  /// Marks a main-actor delivery as scheduled; `false` if one already was.
  func scheduleDelivery() -> Bool {
    locked.withLock { state in
      if state.deliveryScheduled { return false }
      state.deliveryScheduled = true
      return true
    }
  }

  /// Called by the scheduled delivery before it delivers: changes after this schedule another.
  func deliveryStarted() {
    locked.withLock { $0.deliveryScheduled = false }
  }
}

/// What saves a persisted shared value (``FileStorageKey``'s file).
protocol SharedPersistence<Value>: Sendable {
  associatedtype Value: Sendable
  /// Called after every change, outside the storage's lock. A save reads the value when it runs,
  /// so that two changes told out of order still save the latest.
  func valueChanged(_ storage: SharedStorage<Value>)
}
