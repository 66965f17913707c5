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
  public let initialValue: State
  @usableFromInline let _interact: @Sendable (inout State, Action) -> Emission<State>

  /// Erases `base`, capturing its initial value.
  public init<Base: Interactor<State, Action>>(_ base: Base) {
    if let base = base as? Self {
      self = base
      return
    }
    self.initialValue = base.initialValue
    self._interact = { state, action in base.interact(state: &state, action: action) }
  }

  /// Creates an interactor from an initial value and a closure, like ``Interact``.
  public init(
    initialValue: State,
    interact: @escaping @Sendable (inout State, Action) -> Emission<State>
  ) {
    self.initialValue = initialValue
    self._interact = interact
  }

  @inlinable
  public func interact(state: inout State, action: Action) -> Emission<State> {
    _interact(&state, action)
  }
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
  public func eraseToAnyInteractor() -> AnyInteractor<DomainState, Action> {
    AnyInteractor(self)
  }
}
