import UnoCore

/// Two interactors that handle every action in turn: the second sees the state the first left;
/// their emissions run together.
///
/// A builder block with several children is a chain of `Merge`s:
///
/// ```swift
/// var body: some InteractorOf<Self> {
///   AnalyticsInteractor()   // sees the action first
///   FeatureInteractor()     // then this one, with the state analytics left
/// }
/// ```
///
/// Its ``initialValue`` is the first child's, or the second's when the first has none.
@MainActor
public struct Merge<I0: Interactor, I1: Interactor<I0.DomainState, I0.Action>>: Interactor,
  _OptionalInitialValue
{
  public typealias DomainState = I0.DomainState
  public typealias Action = I0.Action
  public typealias Body = Never

  // The children as written (asked for their initial values) and erased with their bodies built
  // once (they handle the actions; see `Interactor.eraseToAnyInteractor()`).
  @usableFromInline let i0: I0
  @usableFromInline let i1: I1
  @usableFromInline let run0: AnyInteractor<DomainState, Action>
  @usableFromInline let run1: AnyInteractor<DomainState, Action>

  /// Merges two interactors.
  @inlinable
  public init(_ i0: I0, _ i1: I1) {
    self.i0 = i0
    self.i1 = i1
    self.run0 = i0.eraseToAnyInteractor()
    self.run1 = i1.eraseToAnyInteractor()
  }

  public var _initialValueIfPresent: DomainState? {
    initialValueIfPresent(i0) ?? initialValueIfPresent(i1)
  }

  public var initialValue: DomainState {
    guard let value = _initialValueIfPresent else { missingInitialValue(Self.self) }
    return value
  }

  @inlinable
  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    let first = run0.interact(state: &state, action: action)
    let second = run1.interact(state: &state, action: action)
    return first.merging(with: second)
  }
}

/// Any number of interactors of one type that handle every action in turn, like ``Merge``.
///
/// A `for … in` loop in a builder block makes one:
///
/// ```swift
/// var body: some InteractorOf<Self> {
///   for rule in rules {
///     ValidationInteractor(rule: rule)
///   }
/// }
/// ```
///
/// Its ``initialValue`` is the first child's that has one.
@MainActor
public struct MergeMany<Element: Interactor>: Interactor, _OptionalInitialValue {
  public typealias DomainState = Element.DomainState
  public typealias Action = Element.Action
  public typealias Body = Never

  @usableFromInline let interactors: [Element]
  /// `interactors`, erased with their bodies built once.
  @usableFromInline let runs: [AnyInteractor<DomainState, Action>]

  /// Merges the interactors, in order.
  @inlinable
  public init(_ interactors: [Element]) {
    self.interactors = interactors
    self.runs = interactors.map { $0.eraseToAnyInteractor() }
  }

  public var _initialValueIfPresent: DomainState? {
    for interactor in interactors {
      if let value = initialValueIfPresent(interactor) { return value }
    }
    return nil
  }

  public var initialValue: DomainState {
    guard let value = _initialValueIfPresent else { missingInitialValue(Self.self) }
    return value
  }

  @inlinable
  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    var emissions: [Emission<DomainState>] = []
    for interactor in runs {
      let emission = interactor.interact(state: &state, action: action)
      if !emission.isEmpty { emissions.append(emission) }
    }
    return .merge(emissions)
  }
}
