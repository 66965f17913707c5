/// The primitive interactor: a closure that handles each action.
///
/// `Interact` stores the state a feature starts from and a handler that mutates state and returns
/// an ``Emission``:
///
/// ```swift
/// Interact(initialValue: SearchState()) { state, action in
///   switch action {
///   case .queryChanged(let query):
///     state.query = query
///     return .state
///   case .search:
///     state.isLoading = true
///     let query = state.query
///     return .perform { state, send in
///       let results = try await client.search(query)
///       await send { $0.results = results; $0.isLoading = false }
///     }
///   }
/// }
/// ```
public struct Interact<State: Sendable, Action: Sendable>: Interactor {
  /// The type of the closure that handles each action.
  public typealias Handler = @Sendable (inout State, Action) -> Emission<State>

  /// The state the feature starts from, evaluated each time it is read.
  @inlinable public var initialValue: State { makeInitialValue() }
  @usableFromInline let makeInitialValue: @Sendable () -> State
  @usableFromInline let handler: Handler

  /// Creates an interactor from a handler.
  ///
  /// `initialValue` is evaluated when it is read, not when the body is built: an initial value
  /// that embeds a child's (`Nest(inner: child.initialValue)`) would otherwise build every body
  /// below it each time this body is built.
  ///
  /// - Parameters:
  ///   - initialValue: The state the feature starts from.
  ///   - handler: Handles one action: mutates the state in place and returns an ``Emission``.
  @inlinable
  public init(initialValue: @autoclosure @escaping @Sendable () -> State, handler: @escaping Handler) {
    self.makeInitialValue = initialValue
    self.handler = handler
  }

  @inlinable
  public func interact(state: inout State, action: Action) -> Emission<State> {
    handler(&state, action)
  }

  /// Erases to an ``AnyInteractor`` that calls the handler directly, with no closure around it:
  /// erased `Interact`s are on the path of every action.
  @inlinable
  public func eraseToAnyInteractor() -> AnyInteractor<State, Action> {
    AnyInteractor(initialValue: makeInitialValue(), interact: handler)
  }
}
