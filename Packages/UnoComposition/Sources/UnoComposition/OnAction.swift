import CasePaths
import UnoCore

/// Runs a child only for the actions of one case, with the case's payload as the child's action.
/// Other actions do not reach the child at all.
///
/// Its main use is to give an operator such as ``Debounce`` only the actions it is about, so that
/// unrelated actions do not restart it:
///
/// ```swift
/// var body: some InteractorOf<Self> {
///   SearchEditing()                        // every action
///   OnAction(\.queryChanged) {             // only .queryChanged(query), as `query`
///     Debounce(for: .milliseconds(300), clock: clock) {
///       RunSearch(client: client)          // an Interactor<SearchState, String>
///     }
///   }
/// }
/// ```
///
/// The child works on the whole state and its effects are not scoped. `OnAction` has no initial
/// value of its own: in a block it defers to its siblings.
@MainActor
public struct OnAction<State: Sendable, Action: Sendable, ChildAction: Sendable, Child: Interactor>:
  Interactor,
  _OptionalInitialValue
where Child.DomainState == State, Child.Action == ChildAction {
  public typealias DomainState = State
  public typealias Body = Never

  let toChildAction: AnyCasePath<Action, ChildAction>
  /// Erased with its body built once (see `Interactor.eraseToAnyInteractor()`).
  let child: AnyInteractor<State, ChildAction>

  /// Runs `child` for the actions that `toChildAction` extracts.
  public init(
    _ toChildAction: CaseMember<Action, ChildAction>,
    @InteractorBuilder<State, ChildAction> _ child: () -> Child
  ) {
    self.toChildAction = CaseMembers.casePath(toChildAction)
    self.child = child().eraseToAnyInteractor()
  }

  public var _initialValueIfPresent: State? { nil }

  /// `OnAction` has no initial value of its own: reading it is a programming error.
  public var initialValue: State { missingInitialValue(Self.self) }

  public func interact(state: inout State, action: Action) -> Emission<State> {
    guard let childAction = toChildAction.extract(from: action) else { return .state }
    return child.interact(state: &state, action: childAction)
  }
}
