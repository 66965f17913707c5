import UnoComposition
import UnoCore

/// A form of one field, set by a binding or by a plain action: what a binding costs a send,
/// against the action a form without bindings would have for the same field.
public struct FormField: Sendable, Equatable {
  public init() {}
  public var value = 0
}

@CasePathable
public enum FormFieldAction: BindableAction, Sendable {
  case binding(BindingAction<FormField>)
  case set(Int)
}

public struct BoundForm: Interactor {
  public init() {}
  public typealias DomainState = FormField
  public typealias Action = FormFieldAction
  @InteractorBuilder<FormField, FormFieldAction>
  public var body: some InteractorOf<Self> {
    BindingInteractor()
    Interact(initialValue: FormField()) { state, action in
      if case .set(let value) = action { state.value = value }
      return .state
    }
  }
}

/// `CountInteractor` with an `onChange` of its value: the cost of watching a field.
public struct WatchedCount: Interactor {
  public init() {}
  public typealias DomainState = Count
  public typealias Action = Step
  public var body: some InteractorOf<Self> {
    CountInteractor()
      .onChange(of: \.value) { _, _ in .state }
  }
}
