import Testing
import UnoCore

/// Counts actions in an operator-state slot (not in the domain state) and records every third.
struct EveryThird: Interactor {
  typealias DomainState = [Int]
  typealias Action = Int
  typealias Body = Never
  var initialValue: [Int] { [] }

  func interact(state: inout [Int], action: Int) -> Emission<[Int]> {
    .withOperatorState(id: "every-third") { (state, seen: inout Int?) in
      let count = (seen ?? 0) + 1
      if count == 3 {
        state.append(action)
        seen = nil  // frees the slot
      } else {
        seen = count
      }
      return .state
    }
  }
}

@MainActor
@Suite struct OperatorStateTests {
  @Test func slotsPersistAcrossActionsAndNilFreesThem() {
    let runtime = InteractorRuntime(EveryThird())
    let log = StateLog(runtime)
    runtime.send(1)
    #expect(runtime.diagnostics.operatorStates == 1)
    runtime.send(2)
    runtime.send(3)
    #expect(runtime.state == [3])
    #expect(runtime.diagnostics.operatorStates == 0)
    for i in 4...9 { runtime.send(i) }
    #expect(runtime.state == [3, 6, 9])
    // The change made by the operator step was published with its action.
    #expect(log.states.last == [3, 6, 9])
    #expect(log.states.count == 9)
  }

  @Test func slotsArePerRuntime() {
    let first = InteractorRuntime(EveryThird())
    let second = InteractorRuntime(EveryThird())
    first.send(1)
    first.send(2)
    second.send(1)
    first.send(3)
    #expect(first.state == [3])
    #expect(second.state == [])
  }

  @Test func effectWritesCanUseOperatorStateToo() async {
    let runtime = InteractorRuntime(
      Interact<[Int], Int>(initialValue: []) { _, action in
        .perform { _, send in
          await send.reduce { _ in
            .withOperatorState(id: "from-effect") { (state, slot: inout Int?) in
              slot = (slot ?? 0) + action
              state.append(slot!)
              return .state
            }
          }
        }
      }
    )
    await runtime.send(5).finish()
    await runtime.send(2).finish()
    #expect(runtime.state == [5, 7])
  }
}
