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
  public typealias Handler = @MainActor @Sendable (inout State, Action) -> Emission<State>

  /// The state the feature starts from, evaluated each time it is read.
  ///
  /// An `Interact` made without one (``init(handler:)``) stops the program when this
  /// is read, saying where it was written and what to do.
  @inlinable public var initialValue: State {
    guard let makeInitialValue else { missingInitialValue(of: State.self) }
    return makeInitialValue()
  }
  @usableFromInline let makeInitialValue: (@MainActor @Sendable () -> State)?
  @usableFromInline let handler: Handler

  /// Whether it has an initial value of its own.
  public var hasInitialValue: Bool { makeInitialValue != nil }

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
  public init(
    initialValue: @autoclosure @escaping @MainActor @Sendable () -> State, handler: @escaping Handler
  ) {
    self.makeInitialValue = initialValue
    self.handler = handler
  }

  /// Creates an interactor from a handler, for a child whose state its parent always gives (a
  /// child under `when`, `forEach` or a stack): it has no initial value of its own, so it need
  /// not invent one it never starts from.
  ///
  /// ```swift
  /// var body: some InteractorOf<Self> {
  ///   Interact { state, action in   // the parent opens the editor with its state
  ///     ...
  ///   }
  /// }
  /// ```
  ///
  /// Starting a runtime, a test harness or a view model from it (or from a feature whose initial
  /// value is its) stops the program with a message naming its state's type. Start those from an
  /// explicit state instead (`InteractorRuntime(initialState:interactor:)`).
  ///
  /// - Parameter handler: Handles one action: mutates the state in place and returns an
  ///   ``Emission``.
  @inlinable
  public init(handler: @escaping Handler) {
    self.makeInitialValue = nil
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
    AnyInteractor(initialValue: makeInitialValue, interact: handler)
  }
}

/// Stops the program: something read the initial value of an interactor made without one (an
/// ``Interact`` made with ``Interact/init(handler:)``, or what erases or composes one).
@usableFromInline
func missingInitialValue<State>(of _: State.Type) -> Never {
  fatalError(
    """
    An interactor over '\(State.self)' has no initial value: it was made with \
    'Interact { state, action in ... }', for a child whose state its parent always gives. \
    Something read its initial value: a runtime, test harness or view model was started from it \
    (or from a feature whose initial value is its).

    Start it from an explicit state ('InteractorRuntime(initialState:interactor:)', \
    'InteractorTestHarness(initialState:_:)'), or give it one: 'Interact(initialValue: ...) { ... }'.
    """)
}
