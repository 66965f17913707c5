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

struct RowLeafState: Sendable, Equatable, Identifiable {
  var id: Int
  var hits = 0
}

@Interactor<RowLeafState, LeafAction>
struct RowLeaf: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: RowLeafState(id: 0)) { state, _ in
      state.hits += 1
      return .state
    }
  }
}

/// The shape of a real app's root: twelve children, eight `when`s (both forms), four `forEach`s
/// and four optional `when`s (both forms), in one body.
struct RealApp: Sendable, Equatable {
  var values = [Int](repeating: 0, count: 12)
  var l0 = Leaf(), l1 = Leaf(), l2 = Leaf(), l3 = Leaf()
  var l4 = Leaf(), l5 = Leaf(), l6 = Leaf(), l7 = Leaf()
  var list0: IdentifiedArrayOf<RowLeafState> = [RowLeafState(id: 1)]
  var list1: IdentifiedArrayOf<RowLeafState> = []
  var list2: IdentifiedArrayOf<RowLeafState> = []
  var list3: IdentifiedArrayOf<RowLeafState> = []
  var o0: Leaf? = Leaf(), o1: Leaf? = Leaf(), o2: Leaf?, o3: Leaf?
  var changes = 0
}

@CasePathable
enum RealAppAction: Sendable {
  case bump(Int)
  case a0(LeafAction), a1(LeafAction), a2(LeafAction), a3(LeafAction)
  case a4(LeafAction), a5(LeafAction), a6(LeafAction), a7(LeafAction)
  case row0(IdentifiedAction<Int, LeafAction>), row1(IdentifiedAction<Int, LeafAction>)
  case row2(IdentifiedAction<Int, LeafAction>), row3(IdentifiedAction<Int, LeafAction>)
  case o0(LeafAction), o1(LeafAction), o2(LeafAction), o3(LeafAction)
  case changed(Leaf)
}

@Interactor<RealApp, RealAppAction>
struct RealAppBump: Sendable {
  let index: Int
  var body: some InteractorOf<Self> {
    Interact(initialValue: RealApp()) { [index] state, action in
      switch action {
      case .bump(let amount): state.values[index] += amount
      case .changed where index == 0: state.changes += 1
      default: break
      }
      return .state
    }
  }
}

@Interactor<RealApp, RealAppAction>
struct RealAppChildren: Sendable {
  var body: some InteractorOf<Self> {
    RealAppBump(index: 0)
    RealAppBump(index: 1)
    RealAppBump(index: 2)
    RealAppBump(index: 3)
    RealAppBump(index: 4)
    RealAppBump(index: 5)
    RealAppBump(index: 6)
    RealAppBump(index: 7)
    RealAppBump(index: 8)
    RealAppBump(index: 9)
    RealAppBump(index: 10)
    RealAppBump(index: 11)
  }
}

@Interactor<RealApp, RealAppAction>
struct RealAppInteractor: Sendable {
  var body: some InteractorOf<Self> {
    RealAppChildren()
      .when(stateIs: \.l0, actionIs: \.a0, stateAction: \.changed) { LeafInteractor() }
      .when(stateIs: \.l1, actionIs: \.a1) { LeafInteractor() }
      .when(stateIs: \.l2, actionIs: \.a2, stateAction: \.changed) { LeafInteractor() }
      .when(stateIs: \.l3, actionIs: \.a3) { LeafInteractor() }
      .when(stateIs: \.l4, actionIs: \.a4, stateAction: \.changed) { LeafInteractor() }
      .when(stateIs: \.l5, actionIs: \.a5) { LeafInteractor() }
      .when(stateIs: \.l6, actionIs: \.a6, stateAction: \.changed) { LeafInteractor() }
      .when(stateIs: \.l7, actionIs: \.a7) { LeafInteractor() }
      .forEach(stateIs: \.list0, actionIs: \.row0) { RowLeaf() }
      .forEach(stateIs: \.list1, actionIs: \.row1) { RowLeaf() }
      .forEach(stateIs: \.list2, actionIs: \.row2) { RowLeaf() }
      .forEach(stateIs: \.list3, actionIs: \.row3) { RowLeaf() }
      .when(stateIs: \.o0, actionIs: \.o0, stateAction: \.changed) { LeafInteractor() }
      .when(stateIs: \.o1, actionIs: \.o1) { LeafInteractor() }
      .when(stateIs: \.o2, actionIs: \.o2, stateAction: \.changed) { LeafInteractor() }
      .when(stateIs: \.o3, actionIs: \.o3) { LeafInteractor() }
  }
}

@MainActor
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

  @Test func aRealAppsRootRoutesToEveryKindOfChild() {
    let app = RealAppInteractor()
    var state = app.initialValue
    _ = app.interact(state: &state, action: .bump(3))
    _ = app.interact(state: &state, action: .a1(.hit))
    _ = app.interact(state: &state, action: .a2(.hit))
    _ = app.interact(state: &state, action: .row0(.element(id: 1, action: .hit)))
    _ = app.interact(state: &state, action: .o1(.hit))
    #expect(state.values == [Int](repeating: 3, count: 12))
    #expect(state.l1.hits == 1 && state.l2.hits == 1)
    #expect(state.list0[id: 1]?.hits == 1)
    #expect(state.o1?.hits == 1)
    #expect(state.changes == 1)  // only the stateAction form of `when` sent `.changed`
  }
}
