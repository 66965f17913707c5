import Clocks
import Foundation
import Testing
import UnoArchitecture
import UnoArchitectureTesting

// A feature that contains itself, as the reference library's "Recursion" case study writes it: a
// row whose rows are run by the same interactor, through `forEach`; and a node whose optional
// child is the same feature again, through `when`. Making either must not build an endless chain
// of bodies (each level is built when it is first used).

struct Nested: Sendable, Equatable, Identifiable {
  let id: Int
  var name = ""
  var rows: IdentifiedArrayOf<Nested> = []
}

@CasePathable
indirect enum NestedAction: Sendable, Equatable {
  case addRowButtonTapped
  case nameTextFieldChanged(String)
  case onDelete(IndexSet)
  case rows(IdentifiedAction<Nested.ID, NestedAction>)
}

@Interactor<Nested, NestedAction>
struct NestedInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: Nested(id: 0)) { state, action in
      switch action {
      case .addRowButtonTapped:
        state.rows.append(Nested(id: (state.rows.ids.max() ?? 0) + 1))
        return .state
      case .nameTextFieldChanged(let name):
        state.name = name
        return .state
      case .onDelete(let offsets):
        state.rows.remove(atOffsets: offsets)
        return .state
      case .rows:
        return .state
      }
    }
    .forEach(stateIs: \.rows, actionIs: \.rows) { NestedInteractor() }
  }
}

/// A node with an optional child of its own kind, whose child counts down in an effect.
struct Node: Sendable, Equatable {
  var depth = 0
  var ticks = 0
  var child: Box?

  /// An optional of a struct that holds itself needs a level of indirection.
  struct Box: Sendable, Equatable {
    private var storage: [Node]
    init(_ node: Node) { storage = [node] }
    var node: Node {
      get { storage[0] }
      set { storage[0] = newValue }
    }
  }
}

extension Node {
  var childNode: Node? {
    get { child?.node }
    set { child = newValue.map(Box.init) }
  }
}

@CasePathable
indirect enum NodeAction: Sendable, Equatable {
  case open
  case close
  case tick
  case child(NodeAction)
}

@Interactor<Node, NodeAction>
struct NodeInteractor: Sendable {
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: Node()) { [clock] state, action in
      switch action {
      case .open:
        state.childNode = Node(depth: state.depth + 1)
        return .state
      case .close:
        state.childNode = nil
        return .state
      case .tick:
        return .perform { _, send in
          try await clock.sleep(for: .seconds(1))
          await send { $0.ticks += 1 }
        }
      case .child:
        return .state
      }
    }
    .when(stateIs: \.childNode, actionIs: \.child) { NodeInteractor() }
  }
}

@MainActor
struct RecursionTests {
  @Test func addsARowThreeLevelsDownRenamesItAndDeletesRows() async {
    let harness = await InteractorTestHarness(NestedInteractor())
    harness.send(.addRowButtonTapped) { $0.rows = [Nested(id: 1)] }
    harness.send(.rows(.element(id: 1, action: .addRowButtonTapped))) {
      $0.rows[id: 1]?.rows = [Nested(id: 1)]
    }
    harness.send(.rows(.element(id: 1, action: .rows(.element(id: 1, action: .addRowButtonTapped))))) {
      $0.rows[id: 1]?.rows[id: 1]?.rows = [Nested(id: 1)]
    }
    let deepest = NestedAction.rows(
      .element(
        id: 1, action: .rows(.element(id: 1, action: .rows(.element(id: 1, action: .addRowButtonTapped))))))
    harness.send(deepest) {
      $0.rows[id: 1]?.rows[id: 1]?.rows[id: 1]?.rows = [Nested(id: 1)]
    }
    harness.send(
      .rows(
        .element(
          id: 1,
          action: .rows(
            .element(id: 1, action: .rows(.element(id: 1, action: .nameTextFieldChanged("Leaf")))))))
    ) {
      $0.rows[id: 1]?.rows[id: 1]?.rows[id: 1]?.name = "Leaf"
    }
    harness.send(.addRowButtonTapped) { $0.rows.append(Nested(id: 2)) }
    harness.send(.rows(.element(id: 1, action: .onDelete([0])))) {
      $0.rows[id: 1]?.rows = []
    }
    harness.send(.onDelete([0, 1])) { $0.rows = [] }
  }

  @Test func anActionForADeletedDeepRowIsReportedNotApplied() async {
    let harness = await InteractorTestHarness(NestedInteractor())
    harness.send(.addRowButtonTapped) { $0.rows = [Nested(id: 1)] }
    harness.send(.rows(.element(id: 1, action: .addRowButtonTapped))) {
      $0.rows[id: 1]?.rows = [Nested(id: 1)]
    }
    harness.send(.rows(.element(id: 1, action: .onDelete([0])))) { $0.rows[id: 1]?.rows = [] }
    withKnownIssue {
      harness.send(
        .rows(.element(id: 1, action: .rows(.element(id: 1, action: .nameTextFieldChanged("Gone"))))))
    } matching: { issue in
      issue.description.contains("there is no element with that id")
    }
    #expect(harness.currentState.rows[id: 1]?.rows == [])
  }

  @Test func aFeatureThatPresentsItselfRunsAtEveryDepthWithItsEffects() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      NodeInteractor(), withDependencies: { $0.continuousClock = clock })
    harness.send(.open) { $0.childNode = Node(depth: 1) }
    harness.send(.child(.open)) { $0.childNode?.childNode = Node(depth: 2) }
    harness.send(.child(.child(.open))) { $0.childNode?.childNode?.childNode = Node(depth: 3) }
    let tick = harness.send(.child(.child(.child(.tick))))
    await clock.advance(by: .seconds(1))
    await harness.receive { $0.childNode?.childNode?.childNode?.ticks = 1 }
    await tick.finish()
    // Closing a level cancels the effects of every level under it.
    harness.send(.child(.child(.child(.tick))))
    harness.send(.child(.close)) { $0.childNode?.childNode = nil }
    await harness.finish()
  }
}

@MainActor
struct FinishTests {
  @Test func finishWaitsForEveryRunningEffect() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      NodeInteractor(), withDependencies: { $0.continuousClock = clock })
    harness.send(.tick)
    harness.send(.tick)
    await clock.advance(by: .seconds(1))
    await harness.receive { $0.ticks = 1 }
    await harness.receive { $0.ticks = 2 }
    await harness.finish()
    #expect(harness.currentState.ticks == 2)
  }

  @Test func finishFailsNamingTheActionWhoseEffectStillRuns() async {
    let clock = TestClock()
    // The harness's timeouts on a clock that never waits: `finish` gives up at once.
    let harness = await InteractorTestHarness(
      NodeInteractor(), exhaustivity: .off, withDependencies: { $0.continuousClock = clock },
      clock: ImmediateClock())
    harness.send(.tick)
    await withKnownIssue {
      await harness.finish(timeout: .seconds(1))
    } matching: { issue in
      let text = issue.description
      return text.contains("'finish' waited") && text.contains("1 effect(s) still running")
        && text.contains("NodeAction.tick")
    }
    // The effect is still there: the end of the test does not wait for it.
    await clock.advance(by: .seconds(1))
    await harness.finish()
  }
}
