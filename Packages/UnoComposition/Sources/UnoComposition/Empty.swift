import UnoCore

/// An interactor that does nothing: it leaves the state alone and starts no effect.
///
/// An empty builder block produces one. It has no initial value of its own; in a block it defers
/// to its siblings.
///
/// ```swift
/// var body: some InteractorOf<Self> {
///   if isEnabled {
///     Feature()
///   } else {
///     Empty()
///   }
/// }
/// ```
@MainActor
public struct Empty<State: Sendable, Action: Sendable>: Interactor, _OptionalInitialValue {
  public typealias DomainState = State
  public typealias Body = Never

  /// Creates an interactor that does nothing.
  @inlinable
  public init() {}

  public var _initialValueIfPresent: State? { nil }

  /// `Empty` has no initial value: reading it is a programming error.
  public var initialValue: State { missingInitialValue(Self.self) }

  @inlinable
  public func interact(state: inout State, action: Action) -> Emission<State> { .state }
}
