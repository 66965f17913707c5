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
@MainActor
public struct ConditionalInteractor<First: Interactor, Second: Interactor<First.DomainState, First.Action>>:
  Interactor, _OptionalInitialValue
{
  public typealias DomainState = First.DomainState
  public typealias Action = First.Action
  public typealias Body = Never

  @usableFromInline
  enum Branch: Sendable {
    case first(First)
    case second(Second)
  }

  @usableFromInline let branch: Branch
  /// The chosen branch, erased with its body built once (see `Interactor.eraseToAnyInteractor()`).
  @usableFromInline let run: AnyInteractor<DomainState, Action>

  /// The first branch (`if`) was taken.
  @inlinable
  public static func first(_ first: First) -> Self {
    Self(branch: .first(first), run: first.eraseToAnyInteractor())
  }

  /// The second branch (`else`) was taken.
  @inlinable
  public static func second(_ second: Second) -> Self {
    Self(branch: .second(second), run: second.eraseToAnyInteractor())
  }

  @usableFromInline
  init(branch: Branch, run: AnyInteractor<DomainState, Action>) {
    self.branch = branch
    self.run = run
  }

  public var _initialValueIfPresent: DomainState? {
    switch branch {
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
    run.interact(state: &state, action: action)
  }
}

/// An interactor that may be absent: what an `if` without `else` produces in a builder block.
/// When absent, it does nothing and has no initial value.
@MainActor
public struct OptionalInteractor<Wrapped: Interactor>: Interactor, _OptionalInitialValue {
  public typealias DomainState = Wrapped.DomainState
  public typealias Action = Wrapped.Action
  public typealias Body = Never

  @usableFromInline let wrapped: Wrapped?
  /// `wrapped`, erased with its body built once (see `Interactor.eraseToAnyInteractor()`).
  @usableFromInline let run: AnyInteractor<DomainState, Action>?

  /// An interactor that runs `wrapped` when there is one, and otherwise leaves the state and
  /// emits nothing.
  @inlinable
  public init(_ wrapped: Wrapped?) {
    self.wrapped = wrapped
    self.run = wrapped?.eraseToAnyInteractor()
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
    run?.interact(state: &state, action: action) ?? .state
  }
}
