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
/// puts ``InteractorBuilder`` on `body`, and adds the conformance. In a struct with a `body`, it
/// also adds `typealias Interact = UnoCore.Interact<State, Action>`: inside the struct, `Interact`
/// is the struct's own, with its state and actions known to the compiler before it checks the
/// operators chained on it, so that a body with many children type-checks in milliseconds
/// (docs/performance.md, "Compile time"). An `Interact` for another state, written inline in a
/// child's closure, is then written `UnoCore.Interact { … }`. A struct that implements
/// `interact(state:action:)` instead of `body` gets `typealias Body = Never` and must implement
/// `initialValue`.
@attached(member, names: named(DomainState), named(Action), named(Body), named(Interact))
@attached(memberAttribute)
@attached(extension, conformances: Interactor)
public macro Interactor<State, Action>() =
  #externalMacro(module: "UnoCompositionMacros", type: "InteractorMacro")

/// Declares an enum of child interactors, one per case: the destinations a screen presents, or
/// the screens of a navigation stack.
///
/// ```swift
/// @Interactor
/// enum Destination {
///   case edit(EditInteractor)
///   case confirmDeletion(ConfirmInteractor)
///   case record(RecordMeetingInteractor)
/// }
/// extension Destination.State: Equatable, Codable {}
/// extension Destination.Action: Equatable, Codable {}
///
/// struct DetailState: Equatable { var destination: Destination.State? }
/// @CasePathable enum DetailAction { case editTapped; case destination(Destination.Action) }
///
/// // in the parent's body: present it with the optional `when`
/// .when(stateIs: \.destination, actionIs: \.destination) { Destination() }
/// ```
///
/// The macro generates, inside the enum:
/// - `State` and `Action`, `CasePathable` and `Sendable` enums with one case per child, carrying
///   that child's state and action;
/// - the `body` that routes each case's actions to its child while the state is in that case,
///   so that changing the state to another case cancels the old case's effects in that step;
/// - `init()`, so that a parent writes `Destination()`; each child is made with its `init()`;
///
/// and the `Interactor` conformance.
///
/// `State` and `Action` are `Equatable`, `Hashable` or `Codable` when you say so, with a one-line
/// extension in the enum's file, as above: the compiler then writes the conformance from the
/// children's, and fails there if a child's state or action lacks it. (A macro sees only syntax,
/// not whether the children's types conform, so it cannot add the conformance only when they do.)
///
/// A case must carry exactly one interactor, without a label; the enum cannot be generic.
@attached(member, names: named(State), named(Action), named(DomainState), named(init), named(body))
@attached(extension, conformances: Interactor)
public macro Interactor() =
  #externalMacro(module: "UnoCompositionMacros", type: "InteractorEnumMacro")
