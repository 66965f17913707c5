import UnoCore

/// Declares a struct as an `Interactor` of `State` and `Action`.
///
/// ```swift
/// @Interactor<CounterState, CounterAction>
/// struct CounterInteractor: Sendable {
///   var body: some InteractorOf<Self> {
///     Interact(initialValue: CounterState()) { state, action in
///       switch action {
///       case .increment: state.count += 1
///       case .decrement: state.count -= 1
///       }
///       return .state
///     }
///   }
/// }
/// ```
///
/// The macro adds the `DomainState` and `Action` typealiases (unless the struct declares them),
/// puts ``InteractorBuilder`` on `body`, and adds the conformance. A struct that implements
/// `interact(state:action:)` instead of `body` gets `typealias Body = Never` and must implement
/// `initialValue`.
@attached(member, names: named(DomainState), named(Action), named(Body))
@attached(memberAttribute)
@attached(extension, conformances: Interactor)
public macro Interactor<State, Action>() =
  #externalMacro(module: "UnoCompositionMacros", type: "InteractorMacro")
