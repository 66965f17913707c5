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

/// The floor of `J1WithDependency` (not the library): the same child, bound by hand to values
/// made once, with the least any per-step override can do. Each step reads the values in force
/// (an override must honour the values around it: the runtime's, a test's, an outer override's)
/// and binds its own with `DependencyValues.$_current.withValue`, the one way to make
/// `@Dependency` inside the child read them.
public struct J1WithBoundDependency: Interactor {
  public init() {}
  public var body: some Interactor<R1, B1> {
    Interact(initialValue: R1()) { state, action in
      if case .root = action { state.changes &+= 1 }
      return .state
    }
    .when(stateIs: \.inner, actionIs: \.inner) { BoundCount() }
  }
}

/// `CountInteractor`, run with values made once bound around each step, after reading the values
/// in force: `J1WithBoundDependency`'s child.
public struct BoundCount: Interactor {
  public typealias DomainState = Count
  public typealias Action = Step
  public typealias Body = Never
  let base = CountInteractor()
  let values: DependencyValues = {
    var values = DependencyValues._current
    values.uuid = .incrementing
    return values
  }()
  public init() {}
  public var initialValue: Count { base.initialValue }
  public func interact(state: inout Count, action: Step) -> Emission<Count> {
    bound(values, keeping: DependencyValues._current) { base.interact(state: &state, action: action) }
  }
}

/// `body` with `values` bound, `inForce` kept alive meanwhile: through a nonisolated function, as
/// the library's override binds its values, so that no closure given to the standard library is
/// main-actor isolated (such a closure checks its executor at each call: docs/performance.md).
func bound<Result>(
  _ values: DependencyValues, keeping inForce: DependencyValues, _ body: () -> Result
) -> Result {
  withExtendedLifetime(inForce) { DependencyValues.$_current.withValue(values, operation: body) }
}
