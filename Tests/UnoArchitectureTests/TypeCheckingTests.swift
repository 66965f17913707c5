import Testing
import UnoArchitecture

// Compile-time tests: these bodies must type-check quickly. The test target is built with
// -warn-long-expression-type-checking and -warnings-as-errors, so a slow one fails the build.

struct Wide: Sendable, Equatable {
  var values = [Int](repeating: 0, count: 12)
}

@Interactor<Wide, Int>
struct Bump: Sendable {
  let index: Int
  var body: some InteractorOf<Self> {
    Interact(initialValue: Wide()) { [index] state, amount in
      state.values[index] += amount
      return .state
    }
  }
}

@Interactor<Wide, Int>
struct TwelveChildren: Sendable {
  var body: some InteractorOf<Self> {
    Bump(index: 0)
    Bump(index: 1)
    Bump(index: 2)
    Bump(index: 3)
    Bump(index: 4)
    Bump(index: 5)
    Bump(index: 6)
    Bump(index: 7)
    Bump(index: 8)
    Bump(index: 9)
    Bump(index: 10)
    Bump(index: 11)
  }
}

struct Leaf: Sendable, Equatable {
  var hits = 0
}

@CasePathable
enum LeafAction: Sendable {
  case hit
}

@Interactor<Leaf, LeafAction>
struct LeafInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: Leaf()) { state, _ in
      state.hits += 1
      return .state
    }
  }
}

struct Eight: Sendable, Equatable {
  var l0 = Leaf(), l1 = Leaf(), l2 = Leaf(), l3 = Leaf()
  var l4 = Leaf(), l5 = Leaf(), l6 = Leaf(), l7 = Leaf()
  var changes = 0
}

@CasePathable
enum EightAction: Sendable {
  case a0(LeafAction), a1(LeafAction), a2(LeafAction), a3(LeafAction)
  case a4(LeafAction), a5(LeafAction), a6(LeafAction), a7(LeafAction)
  case changed(Leaf)
}

@Interactor<Eight, EightAction>
struct EightWhens: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: Eight()) { state, action in
      if case .changed = action { state.changes += 1 }
      return .state
    }
    .when(stateIs: \.l0, actionIs: \.a0, stateAction: \.changed) { LeafInteractor() }
    .when(stateIs: \.l1, actionIs: \.a1, stateAction: \.changed) { LeafInteractor() }
    .when(stateIs: \.l2, actionIs: \.a2, stateAction: \.changed) { LeafInteractor() }
    .when(stateIs: \.l3, actionIs: \.a3, stateAction: \.changed) { LeafInteractor() }
    .when(stateIs: \.l4, actionIs: \.a4, stateAction: \.changed) { LeafInteractor() }
    .when(stateIs: \.l5, actionIs: \.a5, stateAction: \.changed) { LeafInteractor() }
    .when(stateIs: \.l6, actionIs: \.a6, stateAction: \.changed) { LeafInteractor() }
    .when(stateIs: \.l7, actionIs: \.a7, stateAction: \.changed) { LeafInteractor() }
  }
}

@Suite struct TypeCheckingTests {
  @Test func twelveChildrenEachHandleTheAction() {
    var state = TwelveChildren().initialValue
    _ = TwelveChildren().interact(state: &state, action: 2)
    #expect(state.values == [Int](repeating: 2, count: 12))
  }

  @Test func eightWhensRouteToTheirLeaf() {
    var state = EightWhens().initialValue
    _ = EightWhens().interact(state: &state, action: .a7(.hit))
    _ = EightWhens().interact(state: &state, action: .a0(.hit))
    #expect(state.l7.hits == 1)
    #expect(state.l0.hits == 1)
    #expect(state.l3.hits == 0)
    #expect(state.changes == 2)
  }
}
