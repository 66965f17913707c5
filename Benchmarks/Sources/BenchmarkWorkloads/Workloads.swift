import UnoComposition
import UnoCore
import UnoPresentation

public struct CountInteractor: Interactor {
  public init() {}
  public typealias DomainState = Count
  public typealias Action = Step
  public var body: some InteractorOf<Self> {
    Interact(initialValue: Count()) { state, action in
      reduce(&state, action)
      return .state
    }
  }
}

/// Ten children merged.
public struct MergeTen: Interactor {
  public init() {}
  public typealias DomainState = Count
  public typealias Action = Step
  public var body: some InteractorOf<Self> {
    MergeMany((0..<10).map { _ in CountInteractor() })
  }
}

/// One level of `When` nesting: a parent whose child lives in `inner`.
public struct Nest<Inner: Sendable & Equatable>: Sendable, Equatable {
  public var inner: Inner
  public var changes = 0
}

@CasePathable
public enum NestAction<InnerAction: Sendable, Inner: Sendable>: Sendable {
  case inner(InnerAction)
  case changed(Inner)
  case root
}

public struct Nested<Child: Interactor>: Interactor where Child.DomainState: Equatable {
  public typealias DomainState = Nest<Child.DomainState>
  public typealias Action = NestAction<Child.Action, Child.DomainState>
  let child: Child

  public var body: some InteractorOf<Self> {
    Interact(initialValue: Nest(inner: child.initialValue)) { state, action in
      switch action {
      case .root: state.changes &+= 1
      case .changed: break
      case .inner: break
      }
      return .state
    }
    .when(stateIs: \.inner, actionIs: \.inner, stateAction: \.changed) { child }
  }
}

public typealias L1 = Nested<CountInteractor>
public typealias L2 = Nested<L1>
public typealias L3 = Nested<L2>
public typealias L4 = Nested<L3>
public typealias L5 = Nested<L4>
public typealias L6 = Nested<L5>
public typealias L7 = Nested<L6>
public typealias L8 = Nested<L7>
public typealias L9 = Nested<L8>
public typealias L10 = Nested<L9>

public func whenTenDeep() -> L10 {
  L10(
    child: L9(
      child: L8(
        child: L7(child: L6(child: L5(child: L4(child: L3(child: L2(child: L1(child: CountInteractor()))))))))
    ))
}

public let leafAction = L10.Action.inner(
  .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))

public struct CountView: Sendable, Equatable {
  public init(text: String = "") { self.text = text }
  public var text = ""
}

/// An effect round trip: spawn, send, state updated.
public struct RoundTrip: Interactor {
  public init() {}
  public typealias DomainState = Count
  public typealias Action = Int
  public var body: some InteractorOf<Self> {
    Interact(initialValue: Count()) { _, effects in
      effects == 1
        ? .perform { _, send in await send { $0.value &+= 1 } }
        : .merge((0..<effects).map { _ in .perform { _, send in await send { $0.value &+= 1 } } })
    }
  }
}

public struct Debounced: Interactor {
  public init() {}
  public typealias DomainState = Count
  public typealias Action = Step
  public var body: some InteractorOf<Self> {
    Debounce(for: .zero) { CountInteractor() }
  }
}

/// ``Debounced`` with its clock given, instead of read from the `continuousClock` dependency each
/// time an action is handled (about a microsecond a read; see docs/performance-history.md, "One effect
/// without a plan list, and the clock a debounce reads"): the operator's own cost.
public struct DebouncedOnGivenClock: Interactor {
  public init() {}
  public typealias DomainState = Count
  public typealias Action = Step
  public var body: some InteractorOf<Self> {
    Debounce(for: .zero, clock: ContinuousClock()) { CountInteractor() }
  }
}

/// What a debounce does for each action, without the operator: restart one effect
/// (`cancelInFlight`) that waits until a deadline on the continuous clock, then increments.
public struct RestartedEffect: Interactor {
  public init() {}
  public typealias DomainState = Count
  public typealias Action = Step
  public var body: some InteractorOf<Self> {
    Interact(initialValue: Count()) { _, _ in
      let clock = ContinuousClock()
      let deadline = clock.now
      return .perform { _, send in
        try await clock.sleep(until: deadline)
        await send { $0.value &+= 1 }
      }
      .cancellable(id: "restart", cancelInFlight: true)
    }
  }
}

/// The view-model workload: the counter, with a reducer that formats its value.
@MainActor
public func makeCountViewModel() -> ViewModel<Step, Count, CountView> {
  ViewModel(
    initialValue: CountView(), CountInteractor().eraseToAnyInteractor(),
    BuildViewState<Count, CountView> { CountView(text: String($0.value)) }.eraseToAnyViewStateReducer(),
    reportsReinitialization: false
  )
}

/// The host workload's request line: one Counter `increment` to session 1.
public let counterSendLine = Array(#"{"op":"send","session":1,"action":"increment","id":"r"}"#.utf8)
