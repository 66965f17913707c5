import UnoComposition
import UnoCore

/// `J1` with one dependency overridden on its child (`.dependency(_:_:)`): what a child that
/// sees its own value of a dependency costs a send, against `J1`.
public struct J1WithDependency: Interactor {
  public init() {}
  public var body: some Interactor<R1, B1> {
    Interact(initialValue: R1()) { state, action in
      if case .root = action { state.changes &+= 1 }
      return .state
    }
    .when(stateIs: \.inner, actionIs: \.inner) { CountInteractor().dependency(\.uuid, .incrementing) }
  }
}
