import Observation
import Synchronization

/// The box that every holder of one shared value points to: the value, behind a lock, and what
/// must happen after it changes (tell the runtimes that hold it, save it).
///
/// Internal: features reach it through ``Shared``.
@usableFromInline
protocol AnySharedStorage: AnyObject, Sendable {
  /// The value now, for a snapshot (``SharedSnapshot``).
  var currentValue: any Sendable { get }
  /// Registers a read of the value with the Observation framework.
  func observationAccess()
  /// How a message names the value: its key (`inMemory("count")`, `fileStorage(…/standups.json)`)
  /// or `Shared(value:)`.
  var name: String { get }
  /// Marks a main-actor delivery of a change as scheduled; `false` if one already was.
  func scheduleDelivery() -> Bool
  /// Called by the scheduled delivery before it delivers: changes after this schedule another.
  func deliveryStarted()
  /// Starts a save that waits out its delay at once (``SharedStore/flush()``); nothing for a
  /// value that is not persisted.
  func flushPendingSave()
  /// Sets the value to `value`, one this storage had (a snapshot kept it): a change like any
  /// other, told to the holders and saved. Does nothing if `value` is not of the storage's type.
  @MainActor func restore(_ value: any Sendable)
  /// The error of the key's last load (or of a change it told and could not read), while there
  /// is one.
  var loadError: (any Error)? { get }
  /// The error of the key's last save, until one succeeds.
  var saveError: (any Error)? { get }
}

/// How many storages are alive in the process. While none is, no state can hold a shared value:
/// a runtime created then does not track shared values (it checks this count once, when it is
/// created, and later steps read ``sharedStoragesEverExisted``).
@usableFromInline
enum SharedStorageCount {
  @usableFromInline static let live = Atomic<Int>(0)
  /// Whether ``sharedStoragesEverExisted`` has been set, or is being set (at most one task does
  /// it).
  static let announced = Atomic<Bool>(false)

  /// Counts a new storage; the first one also sets ``sharedStoragesEverExisted``, on the main
  /// actor (where runtimes read it in every step).
  static func storageCreated() {
    live.add(1, ordering: .relaxed)
    guard !announced.load(ordering: .relaxed),
      announced.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
    else { return }
    Task { @MainActor in sharedStoragesEverExisted = true }
  }
}

/// Whether a shared storage has been created in this process: read by every step of a runtime
/// that does not track shared values yet, so a main-actor global with a constant initializer (a
/// plain load; the atomic count behind a lazily initialized static cost a call and a check). It
/// is set shortly after the first storage is created; a runtime created meanwhile checks the
/// count itself when it is created.
@MainActor @usableFromInline var sharedStoragesEverExisted = false

@usableFromInline
final class SharedStorage<Value: Sendable>: AnySharedStorage, Observable, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the mutable state (`_value`, `deliveryScheduled`,
  // `followers` and `nextFollower`) is only read or written between `mutex.lock()` and
  // `mutex.unlock()`; `name` and `source` are constants, `source` is `Sendable`. The exclusivity
  // checks of the mutable properties are off for the same reason: the mutex already makes every
  // access exclusive, and a read of `_value` is on the path of every shared field a feature reads.
  @usableFromInline let mutex = PthreadMutex()
  @exclusivity(unchecked) @usableFromInline var _value: Value
  /// Whether a main-actor delivery of a change made off the main actor is already scheduled
  /// (changes coalesce into it).
  @exclusivity(unchecked) var deliveryScheduled = false
  /// Who follows the value outside any runtime (``Shared/values``): told of each change under the
  /// lock, so in the order of the changes.
  @exclusivity(unchecked) var followers: [Int: @Sendable (Value) -> Void] = [:]
  @exclusivity(unchecked) var nextFollower = 0
  @usableFromInline let name: String
  /// The key's side of the value (its saves, its errors), for a keyed value.
  let source: SharedKeySource<Value>?
  /// What makes ``Shared`` observable (the Observation framework): a read through a reference
  /// registers an access to ``value``, a change tells the observers of it.
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.value`, made once: a key path literal into a generic class is instantiated by the runtime
  /// at each use, which cost a shared read twenty times its time.
  @usableFromInline let valueKeyPath: KeyPath<SharedStorage, Value> & Sendable = \.value

  init(_ value: Value, name: String, source: SharedKeySource<Value>? = nil) {
    self._value = value
    self.name = name
    self.source = source
    SharedStorageCount.storageCreated()
  }

  deinit {
    SharedStorageCount.live.subtract(1, ordering: .relaxed)
  }

  /// The value now.
  @inlinable var value: Value {
    mutex.lock()
    defer { mutex.unlock() }
    return _value
  }

  @usableFromInline var currentValue: any Sendable { value }

  /// Registers a read of the value with the Observation framework (a view's `body`, a
  /// `withObservationTracking` block): nothing but a thread-local read when none is tracking.
  @inlinable func observationAccess() {
    registrar.access(self, keyPath: valueKeyPath)
  }

  /// Changes the value under the lock, then tells whoever must know: the followers (under the
  /// lock), the key's saves (unless `save` is `false`: a change the key itself told of) and the
  /// runtimes that hold it (see ``SharedDelivery``).
  func modify<R, E: Error>(
    isolation: isolated (any Actor)?, save: Bool = true, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R {
    let outcome: Result<R, E>
    // Outside the lock: an observer's `onChange` runs here, and may read the value.
    registrar.willSet(self, keyPath: valueKeyPath)
    defer { registrar.didSet(self, keyPath: valueKeyPath) }
    mutex.lock()
    do throws(E) {
      outcome = .success(try body(&_value))
    } catch {
      outcome = .failure(error)
    }
    if !followers.isEmpty {
      let value = _value
      for follower in followers.values { follower(value) }
    }
    mutex.unlock()
    let result = try outcome.get()
    if save { source?.valueChanged(self) }
    SharedDelivery.changed(self, isolation: isolation)
    return result
  }

  /// Calls `follower` with the value now, then with the value after each change, until the
  /// returned removal is called. `follower` runs under the storage's lock: it must not block.
  func follow(_ follower: @escaping @Sendable (Value) -> Void) -> @Sendable () -> Void {
    mutex.lock()
    defer { mutex.unlock() }
    let id = nextFollower
    nextFollower += 1
    followers[id] = follower
    follower(_value)
    return { [weak self] in
      guard let self else { return }
      self.mutex.lock()
      defer { self.mutex.unlock() }
      self.followers[id] = nil
    }
  }

  /// Marks a main-actor delivery as scheduled; `false` if one already was.
  @usableFromInline func scheduleDelivery() -> Bool {
    mutex.lock()
    defer { mutex.unlock() }
    if deliveryScheduled { return false }
    deliveryScheduled = true
    return true
  }

  @usableFromInline func flushPendingSave() {
    source?.flush()
  }

  @usableFromInline var loadError: (any Error)? { source?.loadError }
  @usableFromInline var saveError: (any Error)? { source?.saveError }

  /// The key told of a change made elsewhere: `update` makes the new value from the value now,
  /// told to the holders like any change, and not saved back.
  func changedElsewhere(_ update: (inout Value) -> Void) {
    source?.loaded()
    modify(isolation: nil, save: false, update)
  }

  @MainActor @usableFromInline func restore(_ value: any Sendable) {
    guard let value = value as? Value else { return }
    modify(isolation: MainActor.shared) { $0 = value }
  }

  /// Called by the scheduled delivery before it delivers: changes after this schedule another.
  @usableFromInline func deliveryStarted() {
    mutex.lock()
    defer { mutex.unlock() }
    deliveryScheduled = false
  }
}
