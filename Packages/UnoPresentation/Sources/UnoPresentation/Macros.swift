/// Declares a struct as a ``ViewStateReducer`` from `DomainState` to `ViewState`.
///
/// ```swift
/// @ViewStateReducer<CounterState, CounterViewState>
/// struct CounterViewStateReducer: Sendable {
///   var body: some ViewStateReducerOf<Self> {
///     BuildViewState { domainState in
///       CounterViewState(count: domainState.count, displayText: "Count: \(domainState.count)")
///     }
///   }
/// }
/// ```
///
/// The macro adds the `DomainState` and `ViewState` typealiases (unless the struct declares
/// them), puts ``ViewStateReducerBuilder`` on `body`, and adds the conformance. A struct that
/// implements `reduce(_:into:)` instead of `body` gets `typealias Body = Never`.
@attached(member, names: named(DomainState), named(ViewState), named(Body))
@attached(memberAttribute)
@attached(extension, conformances: ViewStateReducer)
public macro ViewStateReducer<DomainState, ViewState>() =
  #externalMacro(module: "UnoPresentationMacros", type: "ViewStateReducerMacro")
