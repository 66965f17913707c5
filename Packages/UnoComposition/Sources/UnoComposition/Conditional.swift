import UnoCore

/// One of two interactors, chosen when the body is built: what `if`/`else` and `switch` produce
/// in a builder block.
///
/// ```swift
/// var body: some InteractorOf<Self> {
///   if useNewRanking {
///     NewRanking()
///   } else {
///     OldRanking()
///   }
/// }
/// ```
///
/// Its ``initialValue`` is the chosen branch's.
public enum ConditionalInteractor<First: Interactor, Second: Interactor<First.DomainState, First.Action>>:
  Interactor, _OptionalInitialValue
{
  public typealias DomainState = First.DomainState
  public typealias Action = First.Action
  public typealias Body = Never

  case first(First)
  case second(Second)

  public var _initialValueIfPresent: DomainState? {
    switch self {
    case .first(let first): return initialValueIfPresent(first)
    case .second(let second): return initialValueIfPresent(second)
    }
  }

  public var initialValue: DomainState {
    guard let value = _initialValueIfPresent else { missingInitialValue(Self.self) }
    return value
  }

  @inlinable
  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    switch self {
    case .first(let first): return first.interact(state: &state, action: action)
    case .second(let second): return second.interact(state: &state, action: action)
    }
  }
}

/// An interactor that may be absent: what an `if` without `else` produces in a builder block.
/// When absent, it does nothing and has no initial value.
public struct OptionalInteractor<Wrapped: Interactor>: Interactor, _OptionalInitialValue {
  public typealias DomainState = Wrapped.DomainState
  public typealias Action = Wrapped.Action
  public typealias Body = Never

  @usableFromInline let wrapped: Wrapped?

  @inlinable
  public init(_ wrapped: Wrapped?) {
    self.wrapped = wrapped
  }

  public var _initialValueIfPresent: DomainState? {
    wrapped.flatMap(initialValueIfPresent)
  }

  public var initialValue: DomainState {
    guard let value = _initialValueIfPresent else { missingInitialValue(Self.self) }
    return value
  }

  @inlinable
  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    wrapped?.interact(state: &state, action: action) ?? .state
  }
}
