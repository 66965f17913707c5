import Testing
import UnoArchitecture
import UnoArchitectureTesting

// The README's quick start, compiled and run through `import UnoArchitecture` alone.

struct CounterState: Sendable, Equatable {
  var count = 0
}

enum CounterAction: Sendable {
  case increment
  case decrement
  case incrementLater
}

struct CounterInteractor: Interactor {
  typealias DomainState = CounterState
  typealias Action = CounterAction

  var body: some InteractorOf<Self> {
    Interact(initialValue: CounterState()) { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .state
      case .decrement:
        state.count -= 1
        return .state
      case .incrementLater:
        return .perform { _, send in
          await send { $0.count += 1 }
        }
      }
    }
  }
}

@MainActor
@Suite struct QuickStartTests {
  @Test func readmeQuickStart() async {
    let runtime = InteractorRuntime(CounterInteractor())
    var seen: [Int] = []
    runtime.addObserver { seen.append($0.count) }
    runtime.send(.increment)
    runtime.send(.increment)
    runtime.send(.decrement)
    await runtime.send(.incrementLater).finish()
    #expect(runtime.state.count == 2)
    #expect(seen == [1, 2, 1, 1, 2])
  }
}

// Step 4, as a free function (no @MainActor), verbatim.
@Test func counting() async {
  let harness = await InteractorTestHarness(CounterInteractor())
  await harness.send(.increment) { $0.count = 1 }
  await harness.send(.incrementLater) { _ in }  // nothing yet: an effect will write
  await harness.receive { $0.count = 2 }  // the effect's write
}
