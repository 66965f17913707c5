import UnoCore

@MainActor
extension Interactor {
  /// Runs `perform` right after this interactor whenever a step changed the value at `toValue`:
  /// a step of this interactor's, or a later write of one of its effects.
  ///
  /// ```swift
  /// var body: some InteractorOf<Self> {
  ///   BindingInteractor()
  ///   Interact { state, action in … }
  /// }
  /// .onChange(of: \.minutes) { oldValue, state in
  ///   state.minutes = max(1, state.minutes)
  ///   return .state
  /// }
  /// ```
  ///
  /// - `perform` receives the value before the step and the state after it (`inout`, so that it
  ///   may change it further), and returns an `Emission` that runs with the step's.
  /// - It runs once per step in which the value changed, after the whole interactor it is attached
  ///   to: attached to a builder block that starts with `BindingInteractor()`, it sees the
  ///   bindings' changes. A change that `perform` itself makes does not run it again in that step.
  /// - The writes of the effects this interactor returns (and of those `perform` returns) are
  ///   steps it watches too; a change made by another interactor of the parent is not.
  /// - Cost: one read of the value before the step and one `==` after it.
  public func onChange<Value: Equatable & Sendable>(
    of toValue: KeyPath<DomainState, Value>,
    _ perform:
      @escaping @MainActor @Sendable (_ oldValue: Value, _ state: inout DomainState) -> Emission<DomainState>
  ) -> OnChange<Self, Value> {
    OnChange(base: self, toValue: toValue, perform: perform)
  }
}

/// An interactor that runs a closure when a value of its state changes: made by
/// `onChange(of:_:)`.
@MainActor
public struct OnChange<Base: Interactor, Value: Equatable & Sendable>: Interactor, _OptionalInitialValue {
  public typealias DomainState = Base.DomainState
  public typealias Action = Base.Action
  public typealias Body = Never

  let base: Base
  /// `base`, erased with its body built once (see `Interactor.eraseToAnyInteractor()`).
  @usableFromInline let run: AnyInteractor<DomainState, Action>
  @usableFromInline let toValue: _MainActorKeyPath<KeyPath<DomainState, Value>>
  /// The value's byte offset in the state when it is a stored property
  /// (`MemoryLayout.offset(of:)`): read there, without the key path runtime.
  @usableFromInline let offset: Int?
  @usableFromInline let perform: @MainActor @Sendable (Value, inout DomainState) -> Emission<DomainState>

  init(
    base: Base, toValue: KeyPath<DomainState, Value>,
    perform: @escaping @MainActor @Sendable (Value, inout DomainState) -> Emission<DomainState>
  ) {
    (self.base, self.run, self.toValue, self.perform) = (
      base, base.eraseToAnyInteractor(), _MainActorKeyPath(toValue), perform
    )
    self.offset = MemoryLayout<DomainState>.offset(of: toValue)
  }

  public var initialValue: DomainState { base.initialValue }

  public var _initialValueIfPresent: DomainState? { initialValueIfPresent(base) }

  // Inlinable, as `When` is, so that the step is specialised for the feature's types where it is
  // built: run generically, it paid a metadata lookup for every generic call.
  @inlinable
  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    let emission = watching(&state) { run.interact(state: &$0, action: action) }
    guard !emission.isEmpty else { return emission }
    let watch = self
    return emission.intercepted(steps: { state, step in watch.watching(&state, step) })
  }

  /// Runs `step`, then `perform` if the value changed.
  @inlinable
  func watching(
    _ state: inout DomainState, _ step: (inout DomainState) -> Emission<DomainState>
  ) -> Emission<DomainState> {
    let oldValue = value(in: &state)
    let emission = step(&state)
    guard value(in: &state) != oldValue else { return emission }
    return emission.merging(with: perform(oldValue, &state))
  }

  /// The watched value, read through its offset when it has one.
  @inlinable
  func value(in state: inout DomainState) -> Value {
    guard let offset else { return state[keyPath: toValue.keyPath] }
    return withStoredProperty(of: &state, at: offset, as: Value.self) { $0 }
  }
}
