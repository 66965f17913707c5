import Clocks
import IdentifiedCollections
import IssueReporting
import Testing
import UnoComposition

// The one child step, as each of the three operators that take it uses it: `when` over an
// optional, `forEach` over a collection, `forEach` over a stack: the child changed in place, its
// effects reading and writing it, and dying with it.

struct StepCount: Sendable, Equatable, Identifiable {
  var id: Int
  var count = 0
}

@CasePathable
enum StepCounterAction: Sendable, Equatable {
  case increment
  /// Writes one second later, even if cancelled by then (the sleep's error is ignored).
  case incrementLaterEvenIfCancelled
}

struct StepCounter: Interactor {
  typealias DomainState = StepCount
  typealias Action = StepCounterAction
  let clock: TestClock<Duration>

  var body: some InteractorOf<Self> {
    Interact(initialValue: StepCount(id: 0)) { [clock] state, action in
      switch action {
      case .increment:
        state.count += 1
        return .state
      case .incrementLaterEvenIfCancelled:
        return .perform { _, send in
          try? await clock.sleep(for: .seconds(1))
          await send { $0.count += 1 }
        }
      }
    }
  }
}

struct StepHolders: Sendable, Equatable {
  var optional: StepCount?
  var rows: IdentifiedArrayOf<StepCount> = []
  var stack = StackState<StepCount>()
  /// The child's state as the parent heard it after each child step (`stateAction`).
  var heard: [Int] = []
}

@CasePathable
enum StepHoldersAction: Sendable, Equatable {
  case optional(StepCounterAction)
  case optionalChanged(StepCount)
  case rows(IdentifiedAction<Int, StepCounterAction>)
  case stack(StackAction<StepCount, StepCounterAction>)
  case removeAll
}

struct StepHoldersInteractor: Interactor {
  typealias DomainState = StepHolders
  typealias Action = StepHoldersAction
  let clock: TestClock<Duration>

  var body: some InteractorOf<Self> {
    Interact(initialValue: StepHolders()) { state, action in
      switch action {
      case .optionalChanged(let tally):
        state.heard.append(tally.count)
      case .removeAll:
        state.optional = nil
        state.rows.removeAll()
        state.stack.removeAll()
      case .optional, .rows, .stack:
        break
      }
      return .state
    }
    .when(stateIs: \.optional, actionIs: \.optional, stateAction: \.optionalChanged) {
      StepCounter(clock: clock)
    }
    .forEach(stateIs: \.rows, actionIs: \.rows) { StepCounter(clock: clock) }
    .forEach(stateIs: \.stack, actionIs: \.stack) { StepCounter(clock: clock) }
  }
}

@MainActor
@Suite struct ChildStepTests {
  let clock = TestClock()

  func makeRuntime() -> InteractorRuntime<StepHolders, StepHoldersAction> {
    var initial = StepHolders()
    initial.optional = StepCount(id: 1)
    initial.rows = [StepCount(id: 2)]
    initial.stack.append(StepCount(id: 3))
    return InteractorRuntime(initialState: initial, interactor: StepHoldersInteractor(clock: clock))
  }

  @Test func eachOperatorRunsItsChildInPlaceAndScopesItsEffects() async {
    let runtime = makeRuntime()
    let screen = runtime.state.stack.ids[0]
    runtime.send(.optional(.increment))
    runtime.send(.rows(.element(id: 2, action: .increment)))
    runtime.send(.stack(.element(id: screen, action: .increment)))
    let effects = [
      runtime.send(.optional(.incrementLaterEvenIfCancelled)),
      runtime.send(.rows(.element(id: 2, action: .incrementLaterEvenIfCancelled))),
      runtime.send(.stack(.element(id: screen, action: .incrementLaterEvenIfCancelled))),
    ]
    await clock.advance(by: .seconds(1))
    for effect in effects { await effect.finish() }
    #expect(runtime.state.optional?.count == 2)
    #expect(runtime.state.rows[id: 2]?.count == 2)
    #expect(runtime.state.stack[id: screen]?.count == 2)
    // The parent heard the optional child's state after its action, after the action that
    // started its effect, and after the effect's write.
    #expect(runtime.state.heard == [1, 1, 2])
  }

  @Test func aChildsEffectsDieWithItUnderEachOperatorEvenIfTheyIgnoreCancellation() async {
    let runtime = makeRuntime()
    let screen = runtime.state.stack.ids[0]
    let effects = [
      runtime.send(.optional(.incrementLaterEvenIfCancelled)),
      runtime.send(.rows(.element(id: 2, action: .incrementLaterEvenIfCancelled))),
      runtime.send(.stack(.element(id: screen, action: .incrementLaterEvenIfCancelled))),
    ]
    #expect(runtime.diagnostics.childScopes == 3)
    runtime.send(.removeAll)
    // Every child's effect was cancelled in the step that removed it...
    #expect(effects.allSatisfy { $0.isCancelled })
    #expect(runtime.diagnostics.childScopes == 0)
    let before = runtime.state
    // ...so their writes, made anyway, are dropped (`Send`), and reach no other child.
    await clock.advance(by: .seconds(1))
    for effect in effects { await effect.finish() }
    #expect(runtime.state == before)
    #expect(runtime.diagnostics.isIdle)
  }
}
