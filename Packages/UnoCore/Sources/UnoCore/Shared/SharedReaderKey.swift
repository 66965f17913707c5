import Synchronization

/// Names a shared value that a storage of your own holds, for references that read it
/// (``SharedReader``): how to load it and how to hear of changes made elsewhere.
///
/// Implement ``SharedKey`` (which adds ``SharedKey/save(_:)``) for a value that ``Shared`` may
/// also write; implement only this protocol for a value that comes from somewhere your app does not
/// write (a remote configuration, a file another program owns).
///
/// ```swift
/// struct RemoteFlagKey: SharedReaderKey {
///   let name: String
///   var id: String { name }
///   func load() throws -> Bool? { try flags.current()[name] }
///   func subscribe(_ subscriber: SharedSubscriber<Bool>) -> SharedSubscription {
///     let token = flags.onChange { subscriber.yield($0[name] ?? false) }
///     return SharedSubscription { flags.remove(token) }
///   }
/// }
///
/// @SharedReader(RemoteFlagKey(name: "newEditor")) var newEditor = false
/// ```
///
/// Every reference made with keys of equal ``id`` in one ``SharedStore`` (one process; one test)
/// refers to one value: the first one loads it and subscribes, with the key it was made with;
/// later ones get the value as it is.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value the key names.
  associatedtype Value: Sendable
  /// What tells two keys' storages apart.
  associatedtype ID: Hashable & Sendable

  /// Which stored value the key names: keys with equal ids share one value. Two key types should
  /// use two ID types, so that they never meet by accident.
  var id: ID { get }

  /// The value the storage holds, or `nil` if it holds none yet (the reference's default is then
  /// used, and saved by a ``SharedKey``).
  ///
  /// Called once per store, when the first reference to the key is made, on the thread that makes
  /// it. A thrown error is kept on every reference (``Shared/loadError``) and reported; the value
  /// starts from its default and works in memory, and a ``SharedKey`` does not save over a storage
  /// it could not read until a load or a change from elsewhere succeeds.
  func load() throws -> Value?

  /// Starts telling `subscriber` of changes to the stored value made elsewhere (another process,
  /// another device): ``SharedSubscriber/yield(_:)`` with the new value, or
  /// ``SharedSubscriber/yield(throwing:)`` when the storage changed but could not be read.
  ///
  /// Called once, right after ``load()``, for the life of the value's store; the subscription is
  /// cancelled when the store goes. The default tells nothing: the value changes only through its
  /// references.
  func subscribe(_ subscriber: SharedSubscriber<Value>) -> SharedSubscription
}

extension SharedReaderKey {
  public func subscribe(_ subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    SharedSubscription {}
  }
}

/// Names a shared value that a storage of your own holds, for ``Shared`` references that read
/// and write it: ``SharedReaderKey``'s load and subscribe, and ``save(_:)``.
///
/// ```swift
/// struct DefaultsKey: SharedKey {
///   let name: String
///   var id: String { name }
///   func load() throws -> Int? { UserDefaults.standard.object(forKey: name) as? Int }
///   func save(_ value: Int) throws { UserDefaults.standard.set(value, forKey: name) }
/// }
///
/// extension SharedReaderKey where Self == DefaultsKey {
///   static var launches: Self { DefaultsKey(name: "launches") }
/// }
///
/// @Shared(.launches) var launches = 0
/// ```
///
/// ``InMemoryKey`` and ``FileStorageKey`` are keys of this protocol too. The guide
/// (docs/guides/SharedState.md, "Writing a key") has a whole key with its tests.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Writes `value` to the storage.
  ///
  /// Called after a change, ``saveDelay`` later, off the main actor, one save at a time per
  /// value, with the value as it is when the save runs (so a burst of changes is one save). A
  /// thrown error is kept on every reference (``Shared/saveError``, until a save succeeds) and
  /// reported once; the value in memory is unchanged, and the next change tries again.
  func save(_ value: Value) throws

  /// How long after a change the save waits, on the `continuousClock` dependency: the changes
  /// meanwhile are saved together. Zero by default.
  var saveDelay: Duration { get }
}

extension SharedKey {
  public var saveDelay: Duration { .zero }
}

/// What a key's ``SharedReaderKey/subscribe(_:)`` tells of changes made elsewhere.
///
/// Every runtime whose state holds the value publishes the new value as a change from outside
/// (``StateChangeSource/sharedValue``); it is not saved back.
public struct SharedSubscriber<Value: Sendable>: Sendable {
  /// Set by the public initializer: a key's own test hears each value.
  let onValue: (@Sendable (Value) -> Void)?
  let onUpdate: @Sendable ((inout Value) -> Void) -> Void
  let onError: @Sendable (any Error) -> Void

  /// A subscriber that calls `onValue` and `onError`: for testing a key by itself.
  public init(
    onValue: @escaping @Sendable (Value) -> Void,
    onError: @escaping @Sendable (any Error) -> Void = { _ in }
  ) {
    self.onValue = onValue
    self.onUpdate = { _ in }
    self.onError = onError
  }

  init(
    onUpdate: @escaping @Sendable ((inout Value) -> Void) -> Void,
    onError: @escaping @Sendable (any Error) -> Void
  ) {
    self.onValue = nil
    self.onUpdate = onUpdate
    self.onError = onError
  }

  /// The stored value changed to `value`. From any thread.
  public func yield(_ value: Value) {
    if let onValue { return onValue(value) }
    onUpdate { $0 = value }
  }

  /// The stored value changed to `value`: `update` makes the value in memory from what it is
  /// now, under its lock (a key that merges what changed elsewhere into changes not saved yet); a
  /// subscriber made by the public initializer, which has no value in memory, hears `value`. From
  /// any thread.
  func update(orYield value: Value, _ update: (inout Value) -> Void) {
    if let onValue { return onValue(value) }
    onUpdate(update)
  }

  /// The stored value changed but could not be read: the value in memory stays, and the error is
  /// kept (``Shared/loadError``) and reported. From any thread.
  public func yield(throwing error: any Error) { onError(error) }
}

/// Stops a key's subscription: when cancelled, or when released.
public final class SharedSubscription: Sendable {
  private let onCancel: Mutex<(@Sendable () -> Void)?>

  /// A subscription that calls `cancel` once, when cancelled or released.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    onCancel = Mutex(cancel)
  }

  /// Stops the subscription; later calls do nothing.
  public func cancel() {
    let cancel = onCancel.withLock { onCancel in
      defer { onCancel = nil }
      return onCancel
    }
    cancel?()
  }

  deinit { cancel() }
}
