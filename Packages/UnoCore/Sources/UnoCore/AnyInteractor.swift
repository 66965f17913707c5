/// A type-erased interactor.
///
/// Erasing keeps the wrapped interactor's ``Interactor/initialValue``, so a view model or test
/// harness built from an `AnyInteractor` starts where the original would:
///
/// ```swift
/// let erased = CounterInteractor().eraseToAnyInteractor()
/// erased.initialValue  // CounterState(count: 0)
/// ```
public struct AnyInteractor<State: Sendable, Action: Sendable>: Interactor {
  /// The wrapped interactor's initial value, read from it each time.
  @MainActor @inlinable public var initialValue: State {
    guard let _initialValue else { missingInitialValue(of: State.self) }
    return _initialValue()
  }
  /// `nil` when the wrapped interactor has no initial value (kept in the closure's optional
  /// rather than in a flag of its own: a flag made every view model's send 7% slower).
  @usableFromInline let _initialValue: (@MainActor @Sendable () -> State)?
  @usableFromInline let _interact: @MainActor @Sendable (inout State, Action) -> Emission<State>

  /// Whether the wrapped interactor has an initial value of its own: an ``Interact`` made without
  /// one (for a child whose parent always gives its state) has none, and neither has a composed
  /// interactor whose body is such an `Interact` (even if it declares an `initialValue` of its
  /// own: give the `Interact` the value instead). Reading ``initialValue`` then stops the
  /// program; messages that would show it check this first.
  public var hasInitialValue: Bool { _initialValue != nil }

  /// Erases `base`. If `base` is composed (it has a ``Interactor/body``), the body is built now,
  /// once, and every action goes to that body: see ``Interactor/eraseToAnyInteractor()``.
  @MainActor @inlinable
  public init<Base: Interactor<State, Action>>(_ base: Base) {
    self = base.eraseToAnyInteractor()
  }

  /// Creates an interactor from an initial value and a closure, like ``Interact``.
  @inlinable
  public init(
    initialValue: @autoclosure @escaping @MainActor @Sendable () -> State,
    interact: @escaping @MainActor @Sendable (inout State, Action) -> Emission<State>
  ) {
    self.init(initialValue: Optional(initialValue), interact: interact)
  }

  @inlinable
  init(
    initialValue: (@MainActor @Sendable () -> State)?,
    interact: @escaping @MainActor @Sendable (inout State, Action) -> Emission<State>
  ) {
    self._initialValue = initialValue
    self._interact = interact
  }

  @MainActor @inlinable
  public func interact(state: inout State, action: Action) -> Emission<State> {
    _interact(&state, action)
  }

  /// Returns itself: erasing twice wraps once.
  @inlinable
  public func eraseToAnyInteractor() -> Self { self }
}

extension Interactor {
  /// Wraps this interactor in an ``AnyInteractor``, keeping its ``initialValue``.
  ///
  /// ```swift
  /// let viewModel = ViewModel(
  ///   initialValue: CounterViewState(),
  ///   CounterInteractor().eraseToAnyInteractor(),
  ///   CounterViewStateReducer().eraseToAnyViewStateReducer()
  /// )
  /// ```
  @MainActor @inlinable
  public func eraseToAnyInteractor() -> AnyInteractor<DomainState, Action> {
    AnyInteractor(initialValue: initialValue) { state, action in
      self.interact(state: &state, action: action)
    }
  }
}

extension Interactor where Body: Interactor<DomainState, Action> {
  /// Wraps this composed interactor in an ``AnyInteractor`` whose body is built once, now.
  ///
  /// A body is a description: building it can cost far more than handling an action (key path
  /// literals, case key paths and child interactors are created each time). The runtime and the
  /// composition operators erase what they hold with this method, so a feature's body is built
  /// once per runtime, not once per action. A body must therefore describe the same interactor
  /// every time it is built, which it does when it depends only on the interactor's stored
  /// properties.
  ///
  /// A feature may contain itself (a comment's replies, a folder's folders): its body holds a
  /// `forEach`, a `when` or a destination whose child is the feature again. Building that body
  /// erases the child, which would build the child's body, and so on without end. So an
  /// interactor met again while its own body is being built is erased lazily: its body is built
  /// when it first handles an action or is asked for its initial value, one level at a time.
  @MainActor @inlinable
  public func eraseToAnyInteractor() -> AnyInteractor<DomainState, Action> {
    guard let erased = BodyConstruction.buildingBody(of: Self.self, { eagerlyErased() }) else {
      return AnyInteractor(lazilyErasing: self)
    }
    return erased
  }

  /// ``eraseToAnyInteractor()`` with the body built now.
  @MainActor @inlinable
  func eagerlyErased() -> AnyInteractor<DomainState, Action> {
    let body = self.body.eraseToAnyInteractor()
    let initialValue: (@MainActor @Sendable () -> DomainState)?
    if body.hasInitialValue {
      initialValue = { @MainActor @Sendable in self.initialValue }
    } else {
      initialValue = nil
    }
    return AnyInteractor(initialValue: initialValue, interact: body._interact)
  }
}

/// The composed interactors whose bodies are being built on this thread or task, innermost last
/// (see ``Interactor/eraseToAnyInteractor()``).
@usableFromInline
enum BodyConstruction {
  @TaskLocal static var building: [ObjectIdentifier] = []

  /// `build()` with `type` marked as being built, or `nil` when it already is: the type
  /// contains itself.
  @usableFromInline
  static func buildingBody<Result>(of type: Any.Type, _ build: () -> Result) -> Result? {
    let id = ObjectIdentifier(type)
    let outer = building
    guard !outer.contains(id) else { return nil }
    return $building.withValue(outer + [id], operation: build)
  }
}

/// An interactor erased when it is first used (see ``Interactor/eraseToAnyInteractor()``).
@usableFromInline
final class LazilyErased<State: Sendable, Action: Sendable>: Sendable {
  private let make: @MainActor @Sendable () -> AnyInteractor<State, Action>
  private let made = Locked<AnyInteractor<State, Action>?>(nil)

  @usableFromInline
  init(_ make: @escaping @MainActor @Sendable () -> AnyInteractor<State, Action>) {
    self.make = make
  }

  /// The erased interactor, made by the first caller. It is made outside the lock (making it
  /// may make other lazy ones); if two threads make it at once, the first one stored is kept.
  @MainActor @usableFromInline
  var interactor: AnyInteractor<State, Action> {
    if let made = made.withLock({ $0 }) { return made }
    let new = make()
    return made.withLock { stored in
      if let stored { return stored }
      stored = new
      return new
    }
  }
}

extension AnyInteractor {
  /// Erases `base`, a composed interactor met again while its own body is being built, by
  /// building its body when it is first used.
  ///
  /// Whether `base` has an initial value is not known until its body is built, so the erased
  /// interactor says it has one; reading it builds the body, and stops the program as any
  /// missing initial value does when `base` has none.
  @MainActor @usableFromInline
  init<Base: Interactor<State, Action>>(lazilyErasing base: Base) where Base.Body: Interactor<State, Action> {
    let lazy = LazilyErased<State, Action> { base.eagerlyErased() }
    self.init(
      initialValue: { @MainActor @Sendable in lazy.interactor.initialValue },
      interact: { state, action in lazy.interactor.interact(state: &state, action: action) })
  }
}
