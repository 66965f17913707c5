// The public names that The Composable Architecture (and swift-navigation, which it re-exports)
// declares and UnoArchitecture declares too. That library does not build on this machine, so
// this module stands in for it: an app file that imports both must be able to pick ours with
// the module's name (`UnoArchitecture.Send`), and the library's own code, inlined or expanded
// from its macros in the app, must not be taken for these.
import Dependencies

public struct Send<Action> {}
public struct StackState<Element> {}
public enum StackAction<State, Action> {}
public struct StackElementID {}
public struct StackElementIDGenerator {}
public enum IdentifiedAction<ID, Action> {}
public struct AlertState<Action> {}
public struct ConfirmationDialogState<Action> {}
public struct ButtonState<Action> {}
public struct BindingAction<Root> {}
public protocol BindableAction {}
public struct Shared<Value> {}
public struct SharedReader<Value> {}
public protocol SharedKey {}
public protocol SharedReaderKey {}
public struct InMemoryKey<Value> {}
public struct FileStorageKey<Value> {}
public struct DismissEffect: Sendable { public init() {} }
public struct Empty {}
public struct Merge {}
public struct InteractorBuilder<State, Action> {}
public struct ViewStateReducerBuilder<State, ViewState> {}
public enum Interactor {}
public struct Emission {}
public struct CallSite {}

extension DependencyValues {
  public var dismiss: ReferenceNames.DismissEffect {
    get { ReferenceNames.DismissEffect() }
    set {}
  }
}
