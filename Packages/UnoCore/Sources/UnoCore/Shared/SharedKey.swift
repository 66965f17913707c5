import Dependencies

/// Names a shared value and says where it lives: ``inMemory(_:)`` or ``fileStorage(_:)``.
///
/// Every ``Shared`` made with the same key in one process (in a test: in one test) refers to
/// one value:
///
/// ```swift
/// @Shared(.inMemory("count")) var count = 0
/// ```
///
/// Name a key once, typed, with a static member:
///
/// ```swift
/// extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<Standup>> {
///   static var standups: Self { .fileStorage(URL(fileURLWithPath: "standups.json")) }
/// }
///
/// @Shared(.standups) var standups = []
/// ```
public protocol SharedKey<Value>: Sendable {
  /// The type of the value the key names.
  associatedtype Value: Sendable

  /// The value's storage in the current ``SharedStore`` (the `sharedStore` dependency): the one
  /// already there for this key, or a new one starting from `default`. Implemented by the keys
  /// Uno provides.
  func _storage(in store: SharedStore, default: () -> Value) -> _SharedStorageHandle<Value>
}

/// A storage, as a key hands it over. Only the keys Uno provides make one.
public struct _SharedStorageHandle<Value: Sendable>: Sendable {
  let storage: SharedStorage<Value>
}

extension SharedKey {
  /// A reference to the whole value of this key's storage, in the store of the dependency
  /// context in force.
  func resolve(default: () -> Value) -> SharedReference<Value> {
    @Dependency(\.sharedStore) var store
    let storage = _storage(in: store, default: `default`).storage
    return SharedPath.whole(storage)
  }
}

/// A value kept in memory under a name, for the life of the process (in a test, of the test).
///
/// ```swift
/// @Shared(.inMemory("count")) var count = 0
/// ```
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The name the value is kept under.
  public let name: String

  public func _storage(in store: SharedStore, default: () -> Value) -> _SharedStorageHandle<Value> {
    _SharedStorageHandle(
      storage: store.storage(for: "inMemory:" + name, as: Value.self) {
        SharedStorage(`default`(), name: "inMemory(\"\(name)\")")
      })
  }
}

extension SharedKey {
  /// A value kept in memory under `name`, for the life of the process; see ``InMemoryKey``.
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name: name)
  }
}
