/// A type that handles **actions** by synchronously mutating **domain state** and describing the
/// asynchronous work that should follow as an ``Emission``.
///
/// An interactor is the business logic of a feature. Handling an action never awaits: the
/// interactor mutates `state` in place and returns an ``Emission`` that *describes* effects. An
/// ``InteractorRuntime`` (used by view models, the test harness, the stream form and `uno-host`)
/// executes those effects.
///
/// Most interactors are declared by composing others in ``body``:
///
/// ```swift
/// struct CounterInteractor: Interactor {
///   var body: some InteractorOf<Self> {
///     Interact(initialValue: CounterState()) { state, action in
///       switch action {
///       case .increment:
///         state.count += 1
///         return .state
///       case .decrement:
///         state.count -= 1
///         return .state
///       }
///     }
///   }
/// }
/// ```
///
/// A primitive interactor implements ``interact(state:action:)`` and ``initialValue`` itself and
/// leaves ``Body`` as `Never`.
///
/// Interactors are `Sendable` values: composition operators such as `Debounce` keep a child and
/// call it again later, from an effect.
public protocol Interactor<DomainState, Action>: Sendable {
  /// The state this interactor owns.
  associatedtype DomainState: Sendable

  /// The actions this interactor handles.
  associatedtype Action: Sendable

  /// The type of ``body``; `Never` for primitive interactors.
  associatedtype Body: Interactor

  /// The interactor this one is made of, built with UnoComposition's `InteractorBuilder` where that module is
  /// available. Primitive interactors do not implement it.
  @MainActor
  var body: Body { get }

  /// The state this interactor starts from.
  ///
  /// Composed interactors get a default that returns `body.initialValue`. Primitive interactors
  /// (whose ``Body`` is `Never`) must implement it.
  @MainActor
  var initialValue: DomainState { get }

  /// Handles `action`: mutates `state` in place and returns an ``Emission`` describing the effects
  /// to run next.
  ///
  /// This method must not block or await; asynchronous work belongs in a
  /// ``Emission/perform(priority:fileID:filePath:line:column:_:)`` or ``Emission/observe(priority:fileID:filePath:line:column:_:)`` emission.
  @MainActor
  func interact(state: inout DomainState, action: Action) -> Emission<DomainState>

  /// Wraps this interactor in an ``AnyInteractor``. For a composed interactor the body is built
  /// once, by this call, so that it is not rebuilt for every action. You rarely implement
  /// it: the defaults are right for every interactor.
  @MainActor
  func eraseToAnyInteractor() -> AnyInteractor<DomainState, Action>
}

/// A convenience for naming an interactor with the same state and action types as another.
///
/// ```swift
/// var body: some InteractorOf<Self> { ... }
/// ```
public typealias InteractorOf<I: Interactor> = Interactor<I.DomainState, I.Action>

extension Interactor where Body: Interactor<DomainState, Action> {
  /// Forwards to ``body``.
  @MainActor @inlinable
  public func interact(state: inout DomainState, action: Action) -> Emission<DomainState> {
    body.interact(state: &state, action: action)
  }

  /// Forwards to ``body``.
  @MainActor @inlinable
  public var initialValue: DomainState { body.initialValue }
}

extension Interactor where Body == Never {
  /// A primitive interactor has no body.
  ///
  /// Calling it is a programming error: it means a type declared `Body == Never` but something
  /// asked for its body, for instance a custom interactor that forgot to implement
  /// ``interact(state:action:)``.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. A primitive interactor must implement \
      'interact(state:action:)' and 'initialValue' itself; a composed one must implement 'body'.
      """
    )
  }
}

extension Never: Interactor {
  public typealias DomainState = Never
  public typealias Action = Never
  public typealias Body = Never

  public var initialValue: Never {
    switch self {}
  }

  public func interact(state: inout Never, action: Never) -> Emission<Never> {}
}
