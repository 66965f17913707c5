/// Where a ``Shared`` reads and writes: a storage, and a path into its value (the whole value, a
/// member, an element of a collection). Internal; the concrete path is ``SharedPath``.
@usableFromInline
class SharedReference<Value: Sendable>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the base class's one stored property is a constant of a
  // `Sendable` type; subclasses say why theirs is safe.

  /// The storage itself when this reference is its whole value (not a member, not an element):
  /// reading it then takes the storage's lock and nothing else, specialised where it is read.
  /// Kept here rather than beside the reference in ``Shared``, so that a state that holds a shared
  /// value holds one object reference for it (copying a state, as publishing it does, retains
  /// each).
  ///
  /// Unmanaged, so that reading a shared field retains nothing (the retain and release were a
  /// sixth of a send that reads one: docs/performance-history.md, "Shared state"). Why that is
  /// safe: the subclass holds the
  /// same storage strongly (``SharedPath``'s `root`) for the reference's whole life, and the
  /// reference is alive wherever this is read (through the ``Shared`` that holds it).
  @usableFromInline final let wholeStorage: Unmanaged<SharedStorage<Value>>?

  init(wholeStorage: SharedStorage<Value>?) {
    self.wholeStorage = wholeStorage.map { .passUnretained($0) }
  }

  /// The storage the path starts from: what a runtime holds, what a snapshot keeps.
  var storage: any AnySharedStorage { fatalError("abstract") }

  /// The value now, `nil` when the path leads nowhere (an element removed from its collection).
  func load() -> Value? { fatalError("abstract") }

  /// The value the path reads from `root`, a value of the storage (a snapshot of it).
  func load(fromRoot root: any Sendable) -> Value? { fatalError("abstract") }

  /// Calls `follower` with the value through the path now and after each change of the storage
  /// (`nil`: the path leads nowhere), until the returned removal is called.
  func follow(_ follower: @escaping @Sendable (Value?) -> Void) -> @Sendable () -> Void {
    fatalError("abstract")
  }

  /// Changes the value under the storage's lock; `nil` (and `body` not run) when the path leads
  /// nowhere.
  func modify<R, E: Error>(
    isolation: isolated (any Actor)?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R? {
    fatalError("abstract")
  }

  /// Changes the value inside `root`, a snapshot of the storage's value; `nil` when the path leads
  /// nowhere.
  func modify<R, E: Error>(root: inout any Sendable, _ body: (inout Value) throws(E) -> R) throws(E) -> R? {
    fatalError("abstract")
  }

  /// A reference one step further: `get` reads the child from this value (`nil`: no child),
  /// `set` writes it back.
  func appending<Child: Sendable>(
    _ step: SharedStep<Value, Child>
  ) -> SharedReference<Child> {
    fatalError("abstract")
  }
}

/// One step of a path into a shared value: how to read a child of a value and how to change it
/// in place. A key path is a step that always succeeds; an element of a collection, one that
/// fails when the element is gone.
struct SharedStep<Parent, Child>: Sendable {
  let get: @Sendable (Parent) -> Child?
  /// Runs the closure on the child in place; `false` (closure not run) when there is none.
  let modify: @Sendable (inout Parent, (inout Child) -> Void) -> Bool

  static func keyPath(_ keyPath: WritableKeyPath<Parent, Child> & Sendable) -> Self {
    SharedStep(
      get: { $0[keyPath: keyPath] },
      modify: { parent, body in
        body(&parent[keyPath: keyPath])
        return true
      }
    )
  }
}

extension SharedPath where Root == Value {
  /// The path to the whole value of `storage`.
  static func whole(_ storage: SharedStorage<Value>) -> SharedPath {
    SharedPath(
      root: storage, get: { $0 },
      modify: { value, body in
        body(&value)
        return true
      }, isWhole: true)
  }
}

/// A path from a storage of `Root` to a `Value` in it.
final class SharedPath<Root: Sendable, Value: Sendable>: SharedReference<Value>, @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: every stored property is a constant of a `Sendable` type.
  let root: SharedStorage<Root>
  let get: @Sendable (Root) -> Value?
  let modifyInRoot: @Sendable (inout Root, (inout Value) -> Void) -> Bool
  /// `isWhole`: whether the path is the storage's whole value (``whole(_:)``).
  init(
    root: SharedStorage<Root>, get: @escaping @Sendable (Root) -> Value?,
    modify: @escaping @Sendable (inout Root, (inout Value) -> Void) -> Bool, isWhole: Bool = false
  ) {
    self.root = root
    self.get = get
    self.modifyInRoot = modify
    super.init(wholeStorage: isWhole ? root as? SharedStorage<Value> : nil)
  }

  override var storage: any AnySharedStorage { root }

  override func load() -> Value? {
    get(root.value)
  }

  override func load(fromRoot value: any Sendable) -> Value? {
    (value as? Root).flatMap(get)
  }

  override func follow(_ follower: @escaping @Sendable (Value?) -> Void) -> @Sendable () -> Void {
    let get = self.get
    return root.follow { follower(get($0)) }
  }

  override func modify<R, E: Error>(
    isolation: isolated (any Actor)?, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R? {
    let modifyInRoot = self.modifyInRoot
    return try root.modify(isolation: isolation) { (rootValue: inout Root) throws(E) -> R? in
      try Self.run(body) { apply in modifyInRoot(&rootValue, apply) }
    }
  }

  override func modify<R, E: Error>(
    root value: inout any Sendable, _ body: (inout Value) throws(E) -> R
  ) throws(E) -> R? {
    guard var rootValue = value as? Root else { return nil }
    let result = try Self.run(body) { apply in modifyInRoot(&rootValue, apply) }
    value = rootValue
    return result
  }

  override func appending<Child: Sendable>(_ step: SharedStep<Value, Child>) -> SharedReference<Child> {
    let (get, modifyInRoot) = (self.get, self.modifyInRoot)
    return SharedPath<Root, Child>(
      root: root,
      get: { root in get(root).flatMap(step.get) },
      modify: { root, body in
        var found = false
        let reached = modifyInRoot(&root) { value in found = step.modify(&value, body) }
        return reached && found
      }
    )
  }

  /// Runs a throwing `body` through `modify`, whose closure cannot throw: the error is carried
  /// out and thrown again.
  private static func run<R, E: Error>(
    _ body: (inout Value) throws(E) -> R, through modify: ((inout Value) -> Void) -> Bool
  ) throws(E) -> R? {
    var outcome: Result<R, E>?
    // `modify` runs the closure at most once, before it returns: `body` does not escape.
    withoutActuallyEscaping(body) { body in
      _ = modify { value in
        do throws(E) { outcome = .success(try body(&value)) } catch { outcome = .failure(error) }
      }
    }
    switch outcome {
    case .none: return nil
    case .success(let result): return result
    case .failure(let error): throw error
    }
  }
}
