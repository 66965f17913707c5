/// A pure map from rich domain state to the simple state a view renders.
///
/// One tenet of Uno is that view state is simple: strings, numbers, flags, rows. A view-state
/// reducer turns an accumulated domain model into those rendering instructions:
///
/// ```swift
/// @ViewStateReducer<CounterState, CounterViewState>
/// struct CounterViewStateReducer: Sendable {
///   var body: some ViewStateReducerOf<Self> {
///     BuildViewState { domainState in
///       CounterViewState(
///         count: domainState.count,
///         displayText: "Count: \(domainState.count)"
///       )
///     }
///   }
/// }
/// ```
///
/// It is synchronous and runs on the main actor after every domain change, so keep it cheap.
public protocol ViewStateReducer<DomainState, ViewState>: Sendable {
  /// The domain state read.
  associatedtype DomainState
  /// The view state written.
  associatedtype ViewState
  /// The type of ``body``; `Never` for primitive reducers.
  associatedtype Body: ViewStateReducer

  /// The reducer this one is made of, built with ``ViewStateReducerBuilder``.
  @MainActor
  var body: Body { get }

  /// Updates `viewState` from `domainState`.
  @MainActor
  func reduce(_ domainState: DomainState, into viewState: inout ViewState)
}

/// A convenience for naming a reducer with the same types as another.
public typealias ViewStateReducerOf<R: ViewStateReducer> = ViewStateReducer<R.DomainState, R.ViewState>

@MainActor
extension ViewStateReducer where Body: ViewStateReducer<DomainState, ViewState> {
  /// Forwards to ``body``.
  @inlinable
  public func reduce(_ domainState: DomainState, into viewState: inout ViewState) {
    body.reduce(domainState, into: &viewState)
  }
}

@MainActor
extension ViewStateReducer where Body == Never {
  /// A primitive reducer has no body.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. A primitive view-state reducer implements \
      'reduce(_:into:)'; a composed one implements 'body'.
      """
    )
  }
}

extension Never: ViewStateReducer {
  public typealias DomainState = Never
  public typealias ViewState = Never
  // Declared here so that it does not compete with the `Interactor` default of the same name.
  public var body: Never {
    switch self {}
  }
  public func reduce(_ domainState: Never, into viewState: inout Never) {}
}

/// The primitive view-state reducer: a closure.
///
/// ```swift
/// BuildViewState { (domain: SearchState) in
///   SearchViewState(title: domain.query.isEmpty ? "Search" : domain.query, rows: ...)
/// }
/// ```
@MainActor
public struct BuildViewState<DomainState, ViewState>: ViewStateReducer {
  public typealias Body = Never
  @usableFromInline let _reduce: @MainActor @Sendable (DomainState, inout ViewState) -> Void

  /// Builds the whole view state from the domain state.
  nonisolated public init(_ build: @escaping @MainActor @Sendable (DomainState) -> ViewState) {
    self._reduce = { domainState, viewState in viewState = build(domainState) }
  }

  /// Updates the view state in place from the domain state.
  nonisolated public init(_ reduce: @escaping @MainActor @Sendable (DomainState, inout ViewState) -> Void) {
    self._reduce = reduce
  }

  @inlinable
  public func reduce(_ domainState: DomainState, into viewState: inout ViewState) {
    _reduce(domainState, &viewState)
  }
}

/// A type-erased view-state reducer.
@MainActor
public struct AnyViewStateReducer<DomainState, ViewState>: ViewStateReducer {
  public typealias Body = Never
  @usableFromInline let _reduce: @MainActor @Sendable (DomainState, inout ViewState) -> Void

  /// Erases `base`.
  nonisolated public init<Base: ViewStateReducer<DomainState, ViewState>>(_ base: Base) {
    if let base = base as? Self {
      self = base
      return
    }
    self._reduce = { domainState, viewState in base.reduce(domainState, into: &viewState) }
  }

  @inlinable
  public func reduce(_ domainState: DomainState, into viewState: inout ViewState) {
    _reduce(domainState, &viewState)
  }
}

@MainActor
extension ViewStateReducer {
  /// Wraps this reducer in an ``AnyViewStateReducer``.
  nonisolated public func eraseToAnyViewStateReducer() -> AnyViewStateReducer<DomainState, ViewState> {
    AnyViewStateReducer(self)
  }
}

/// Builds a view-state reducer from the reducers listed in a block; they run in order, each
/// updating the view state the previous one left.
///
/// ```swift
/// @ViewStateReducerBuilder<Domain, View>
/// var body: some ViewStateReducerOf<Self> {
///   TitleReducer()
///   RowsReducer()
/// }
/// ```
@resultBuilder
@MainActor
public enum ViewStateReducerBuilder<DomainState, ViewState> {
  /// A view-state reducer written in the block, as it is.
  @inlinable
  public static func buildExpression<R: ViewStateReducer<DomainState, ViewState>>(_ reducer: R) -> R {
    reducer
  }

  /// The first view-state reducer of a block, as it is.
  @inlinable
  public static func buildPartialBlock<R: ViewStateReducer<DomainState, ViewState>>(first: R) -> R {
    first
  }

  /// The reducers of a block so far and the next one, run in the order they are written
  /// (``CombinedViewStateReducer``).
  @inlinable
  public static func buildPartialBlock<
    R0: ViewStateReducer<DomainState, ViewState>, R1: ViewStateReducer<DomainState, ViewState>
  >(accumulated: R0, next: R1) -> CombinedViewStateReducer<R0, R1> {
    CombinedViewStateReducer(accumulated, next)
  }
}

/// Two view-state reducers run in order. A builder block with several children makes one.
public struct CombinedViewStateReducer<
  R0: ViewStateReducer, R1: ViewStateReducer<R0.DomainState, R0.ViewState>
>: ViewStateReducer {
  public typealias DomainState = R0.DomainState
  public typealias ViewState = R0.ViewState
  public typealias Body = Never

  @usableFromInline let r0: R0
  @usableFromInline let r1: R1

  /// Runs `r0`, then `r1`, on the same view state.
  @inlinable
  public init(_ r0: R0, _ r1: R1) {
    self.r0 = r0
    self.r1 = r1
  }

  @inlinable
  public func reduce(_ domainState: DomainState, into viewState: inout ViewState) {
    r0.reduce(domainState, into: &viewState)
    r1.reduce(domainState, into: &viewState)
  }
}
