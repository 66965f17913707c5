import CasePaths
import UnoCore

/// Applies every `BindingAction` its feature receives to the state, in the step that receives
/// it, before the interactors after it in the builder hear the action.
///
/// ```swift
/// @Interactor<FormState, FormAction>
/// struct FormInteractor {
///   var body: some InteractorOf<Self> {
///     BindingInteractor()                 // applies every .binding to the state
///     Interact { state, action in
///       switch action {
///       case .binding(\.minutes):         // react to one field after it was set
///         state.minutes = max(1, state.minutes)
///         return .state
///       case .binding:
///         return .state
///       case .addAttendeeTapped:
///         …
///       }
///     }
///   }
/// }
/// ```
///
/// It has no initial value of its own (like ``Empty``): the block's initial value comes from the
/// other interactors in it. Other actions pass through it untouched.
@MainActor
public struct BindingInteractor<State: Sendable, Action: BindableAction>: Interactor, _OptionalInitialValue
where Action.State == State {
  public typealias DomainState = State
  public typealias Body = Never

  /// The `binding` case, found by the case's constructor: one comparison of the enum's tag per
  /// action.
  @usableFromInline let toBinding: BindingCase<Action>

  /// Applies the bindings of `Action`'s `binding` case.
  public init() {
    toBinding = BindingCase()
  }

  public var _initialValueIfPresent: State? { nil }

  /// `BindingInteractor` has no initial value of its own: reading it is a programming error.
  public var initialValue: State { missingInitialValue(Self.self) }

  @inlinable
  public func interact(state: inout State, action: Action) -> Emission<State> {
    _ = toBinding.apply(action, to: &state)
    return .state
  }
}
