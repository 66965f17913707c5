import UnoComposition
import UnoCore
import UnoPresentation

struct CountInteractor: Interactor {
  typealias DomainState = Count
  typealias Action = Step
  var body: some InteractorOf<Self> {
    Interact(initialValue: Count()) { state, action in
      reduce(&state, action)
      return .state
    }
  }
}

/// Ten children merged.
struct MergeTen: Interactor {
  typealias DomainState = Count
  typealias Action = Step
  var body: some InteractorOf<Self> {
    MergeMany((0..<10).map { _ in CountInteractor() })
  }
}

/// One level of `When` nesting: a parent whose child lives in `inner`.
struct Nest<Inner: Sendable & Equatable>: Sendable, Equatable {
  var inner: Inner
  var changes = 0
}

@CasePathable
enum NestAction<InnerAction: Sendable, Inner: Sendable>: Sendable {
  case inner(InnerAction)
  case changed(Inner)
  case root
}

struct Nested<Child: Interactor>: Interactor where Child.DomainState: Equatable {
  typealias DomainState = Nest<Child.DomainState>
  typealias Action = NestAction<Child.Action, Child.DomainState>
  let child: Child

  var body: some InteractorOf<Self> {
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

typealias L1 = Nested<CountInteractor>
typealias L2 = Nested<L1>
typealias L3 = Nested<L2>
typealias L4 = Nested<L3>
typealias L5 = Nested<L4>
typealias L6 = Nested<L5>
typealias L7 = Nested<L6>
typealias L8 = Nested<L7>
typealias L9 = Nested<L8>
typealias L10 = Nested<L9>

func whenTenDeep() -> L10 {
  L10(
    child: L9(
      child: L8(
        child: L7(child: L6(child: L5(child: L4(child: L3(child: L2(child: L1(child: CountInteractor()))))))))
    ))
}

let leafAction = L10.Action.inner(
  .inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.inner(.increment))))))))))

struct CountView: Sendable, Equatable {
  var text = ""
}

/// An effect round trip: spawn, send, state updated.
struct RoundTrip: Interactor {
  typealias DomainState = Count
  typealias Action = Int
  var body: some InteractorOf<Self> {
    Interact(initialValue: Count()) { _, effects in
      .merge((0..<effects).map { _ in .perform { _, send in await send { $0.value &+= 1 } } })
    }
  }
}

struct Debounced: Interactor {
  typealias DomainState = Count
  typealias Action = Step
  var body: some InteractorOf<Self> {
    Debounce(for: .zero) { CountInteractor() }
  }
}
