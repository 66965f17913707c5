import Dependencies
import Synchronization
@_spi(Internals) import UnoCore

@MainActor
extension Interactor {
  /// Runs this interactor, and every effect it starts, with one dependency set to `value`; its
  /// parent and siblings keep theirs.
  ///
  /// ```swift
  /// var body: some InteractorOf<Self> {
  ///   Interact { state, action in … }
  ///     .when(stateIs: \.editor, actionIs: \.editor) {
  ///       EditorInteractor()
  ///         .dependency(\.uuid, .incrementing)
  ///     }
  /// }
  /// ```
  ///
  /// The value applies to the interactor's `interact`, to its effects however late they run, to
  /// its operator state (a `Debounce` inside it), and to its initial value. It works wherever the
  /// interactor is placed: under `when`, `forEach` over a list or a stack, or as a case of an
  /// `@Interactor enum`, and it nests: the innermost override of a dependency wins. A test replaces
  /// a dependency for the whole feature with the harness's `withDependencies` instead.
  ///
  /// - Parameters:
  ///   - keyPath: The dependency, as a key path of `DependencyValues`.
  ///   - value: The value the interactor and its effects see.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyOverride<Self> {
    DependencyOverride(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Runs this interactor, and every effect it starts, with one dependency changed by `transform`
  /// from the value in force where it runs; its parent and siblings keep theirs.
  ///
  /// ```swift
  /// RecordMeetingInteractor()
  ///   .transformDependency(\.speechClient) { $0.transcribe = { _ in "hello" } }
  /// ```
  ///
  /// See `dependency(_:_:)` for where the value applies.
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyOverride<Self> {
    DependencyOverride(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// An interactor that runs its base with some dependencies overridden: made by
/// `dependency(_:_:)` and `transformDependency(_:transform:)`.
///
/// Each step reads the dependency values in force (the runtime's, with the overrides of the
/// interactors around this one), applies its overrides, and binds the result around the base's
/// `interact`, around each of the effects it returns, and around the later steps of those effects
/// and of its operators (a `Debounce` inside it), so that they see them however late they run.
/// Several overrides chained on one interactor (`.dependency(\.uuid, …).dependency(\.date, …)`)
/// are one `DependencyOverride`, bound once; as with nested ones, the change written closest to
/// the interactor applies last.
@MainActor
public struct DependencyOverride<Base: Interactor>: Interactor, _OptionalInitialValue {
  public typealias DomainState = Base.DomainState
  public typealias Action = Base.Action
  public typealias Body = Never

  let base: Base
  /// `base`, erased with its body built once (see `Interactor.eraseToAnyInteractor()`).
  @usableFromInline let run: AnyInteractor<DomainState, Action>
  let update: @Sendable (inout DependencyValues) -> Void
  /// The values made from the last values in force, reused while those do not change.
  let cache = DerivedValues()

  init(base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.init(base: base, run: base.eraseToAnyInteractor(), update: update)
  }

  private init(
    base: Base, run: AnyInteractor<DomainState, Action>,
    update: @escaping @Sendable (inout DependencyValues) -> Void
  ) {
    self.base = base
    self.run = run
    self.update = update
  }

  /// Sets one more dependency, in the same override (bound once per step). As if this override
  /// were inside the new one: for a dependency both change, this one's change applies last.
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> Self {
    let update = self.update
    return Self(base: base, run: run) {
      $0[keyPath: keyPath] = value
      update(&$0)
    }
  }

  /// Transforms one more dependency, in the same override (bound once per step).
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> Self {
    let update = self.update
    return Self(base: base, run: run) {
      transform(&$0[keyPath: keyPath])
      update(&$0)
    }
  }

  /// The values in force here, with this interactor's overrides.
  ///
  /// Applying the overrides costs far more than a step (writing a dependency through its key path
  /// reads it first, and an unset dependency is looked up in swift-dependencies' cache under its
  /// lock), while the values in force are nearly always the same ones: the runtime's. So the values
  /// made are kept with the ones they were made from, and reused while those are the same.
  @usableFromInline
  func values() -> DerivedValues.Entry {
    // `self.update` inside the (non-escaping) closure, not copied out before it: a copy retains
    // and releases the closure's context on every step, even when the values are reused.
    cache.entry(for: DependencyValues._current) { base in
      var values = base
      self.update(&values)
      return values
    }
  }

  public var initialValue: DomainState {
    Self.bind(values().derived) { base.initialValue }
  }

  public var _initialValueIfPresent: DomainState? {
    Self.bind(values().derived) { initialValueIfPresent(base) }
  }

  @inlinable
  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    let entry = values()
    let emission = Self.bind(entry.derived) { run.interact(state: &state, action: action) }
    guard !emission.isEmpty else { return emission }
    return emission.intercepted(
      steps: { state, step in Self.bind(entry.derived) { step(&state) } },
      effects: { effect in
        try await DependencyValues.$_current.withValue(entry.derived) { try await effect() }
      }
    )
  }

  /// Runs `body` with `values` bound.
  @usableFromInline
  static func bind<R>(_ values: DependencyValues, _ body: () -> R) -> R {
    DependencyValues.$_current.withValue(values, operation: body)
  }
}

/// The dependency values a ``DependencyOverride`` made from the values in force, and those.
///
/// "The same values in force" is decided by their bits: a `DependencyValues` holds a dictionary
/// (a reference to its storage, copied on write) and a reference to its cache, two words, so two
/// with the same bits hold the same storage and the same cache, and so the same values. An entry
/// keeps the base values too, which keeps their storage alive, so that its address cannot be
/// reused by other values while it is compared against. Values with other bits but the same
/// content only cost a rebuild; so does every call if a later swift-dependencies changes the
/// layout (then nothing is reused, which is correct, only slower).
///
/// The entry made from the first values seen is kept for good: a step finds it with a plain atomic
/// load and one retain, where a lock and a copy of the values cost a step six atomic operations.
/// Those first values are the runtime's in nearly every program; a test that changes its
/// harness's dependencies between steps makes other values, kept one at a time under a lock.
@usableFromInline
final class DerivedValues: Sendable {
  /// Values made from `base`, whose bits are `bits`. Immutable: shared between steps and threads
  /// without a lock.
  @usableFromInline
  final class Entry: Sendable {
    let bits: Bits
    let base: DependencyValues
    /// The values to bind.
    @usableFromInline let derived: DependencyValues

    init(bits: Bits, base: DependencyValues, derived: DependencyValues) {
      self.bits = bits
      self.base = base
      self.derived = derived
    }
  }
  @usableFromInline typealias Bits = (UInt, UInt)
  /// The entry made from the first values seen, set once and released only in `deinit`, so a
  /// reference loaded from it stays valid while this object lives. (`AtomicLazyReference` does the
  /// same, but its `load` is not inlined: it costs a generic metadata lookup on every step.)
  private let first = Atomic<Unmanaged<Entry>?>(nil)
  /// UnoCore's `Locked` (a pthread mutex), not `Synchronization.Mutex`, whose futex calls the
  /// thread sanitizer does not see as ordering what they guard.
  private let last = Locked<Entry?>(nil)

  deinit {
    first.load(ordering: .acquiring)?.release()
  }

  /// The values derived from `base` by `make`, made again only when `base` is not one kept.
  func entry(
    for base: borrowing DependencyValues, _ make: (DependencyValues) -> DependencyValues
  ) -> Entry {
    guard let bits = Self.bits(of: base) else {
      return Entry(bits: (0, 0), base: copy base, derived: make(copy base))
    }
    if let first = first.load(ordering: .acquiring) {
      let entry = first.takeUnretainedValue()
      if entry.bits == bits { return entry }
    } else {
      let made = Entry(bits: bits, base: copy base, derived: make(copy base))
      let retained = Unmanaged.passRetained(made)
      let (stored, other) = first.compareExchange(
        expected: nil, desired: retained, ordering: .acquiringAndReleasing)
      guard !stored, let other else { return made }
      // Another thread stored its entry first: use it if it was made from the same values.
      retained.release()
      let entry = other.takeUnretainedValue()
      return entry.bits == bits ? entry : made
    }
    let kept = last.withLock { last -> Entry? in
      guard let last, last.bits == bits else { return nil }
      return last
    }
    if let kept { return kept }
    let made = Entry(bits: bits, base: copy base, derived: make(copy base))
    last.withLock { $0 = made }
    return made
  }

  /// The two words of `values`, read where they are (borrowed: no copy, no retain); `nil` if it
  /// is not two words.
  private static func bits(of values: borrowing DependencyValues) -> Bits? {
    guard MemoryLayout<DependencyValues>.size == MemoryLayout<Bits>.size else { return nil }
    return withUnsafeBytes(of: values) {
      ($0.load(as: UInt.self), $0.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self))
    }
  }
}
