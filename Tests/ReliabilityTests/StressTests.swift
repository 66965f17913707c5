import Testing
import UnoArchitecture

/// Eight effects write concurrently while actions keep arriving.
struct Tally: Interactor {
  struct State: Sendable, Equatable {
    var counts = [Int](repeating: 0, count: 8)
    var lastSequence = [Int](repeating: -1, count: 8)
    var outOfOrder = 0
    var ticks = 0
  }
  enum Action: Sendable {
    case start(updates: Int)
    case tick
  }
  typealias DomainState = State

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .tick:
        state.ticks += 1
        return .state
      case .start(let updates):
        return .merge(
          (0..<8).map { effect in
            .perform { _, send in
              for sequence in 0..<updates {
                await send { state in
                  if state.lastSequence[effect] != sequence - 1 { state.outOfOrder += 1 }
                  state.lastSequence[effect] = sequence
                  state.counts[effect] += 1
                }
              }
            }
          }
        )
      }
    }
  }
}

@MainActor
@Suite struct StressTests {
  @Test func everyMutationFromEightConcurrentEffectsLandsInOrder() async {
    let updates = 100_000
    let runtime = InteractorRuntime(Tally())
    let effects = runtime.send(.start(updates: updates))
    var ticks = 0
    while runtime.state.counts.reduce(0, +) < 8 * updates {
      runtime.send(.tick)
      ticks += 1
      await Task.yield()
    }
    await effects.finish()
    #expect(runtime.state.counts == [Int](repeating: updates, count: 8))
    #expect(runtime.state.outOfOrder == 0)
    #expect(runtime.state.ticks == ticks)
    #expect(runtime.diagnostics.isIdle)
  }
}
