import Testing
import UnoCore

/// An interactor whose state is a log of everything that happened to it, so that tests can see
/// order and loss.
struct Journal: Interactor {
  typealias DomainState = State
  struct State: Sendable, Equatable { var entries: [Int] = [] }
  enum Action: Sendable {
    /// Appends `n` now.
    case record(Int)
    /// Appends `-n` later, from an effect.
    case recordLater(Int)
  }

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .record(let n):
        state.entries.append(n)
        return .state
      case .recordLater(let n):
        return .perform { _, send in
          await send { $0.entries.append(-n) }
        }
      }
    }
  }
}

@MainActor
@Suite struct RuntimeOrderingTests {
  @Test func tenThousandActionsInterleavedWithEffectSends() async {
    let runtime = InteractorRuntime(Journal())
    let log = StateLog(runtime)
    var tasks: [EventTask] = []
    var effectCount = 0
    for i in 1...10_000 {
      runtime.send(.record(i))
      if i.isMultiple(of: 3) {
        tasks.append(runtime.send(.recordLater(i)))
        effectCount += 1
      }
      // Let effects land between actions.
      if i.isMultiple(of: 50) { await Task.yield() }
    }
    for task in tasks { await task.finish() }

    let entries = runtime.state.entries
    // Every action and every effect write landed exactly once.
    #expect(entries.count == 10_000 + effectCount)
    // Actions were applied in the order sent.
    #expect(entries.filter { $0 > 0 } == Array(1...10_000))
    // Each effect wrote after the action that started it, and exactly once.
    let positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1, $0) })
    for n in stride(from: 3, through: 10_000, by: 3) {
      #expect(positions[-n]! > positions[n]!)
    }
    // Observers saw every change once, in order: one call per action and one per effect write;
    // each call shows the previous state plus at most the one entry that change made, and the
    // last call shows the current state.
    #expect(log.states.count == 10_000 + 2 * effectCount)
    var previous = 0
    var mismatches = 0
    for state in log.states {
      let count = state.entries.count
      if !(count == previous || (count == previous + 1 && state.entries.last == entries[count - 1])) {
        mismatches += 1
      }
      previous = count
    }
    #expect(mismatches == 0)
    #expect(log.states.last == runtime.state)
  }

  @Test func actionSentByObserverIsQueuedAndHandledNext() {
    let runtime = InteractorRuntime(Journal())
    var seen: [[Int]] = []
    var queuedTask: EventTask?
    runtime.addObserver { state in
      seen.append(state.entries)
      if state.entries == [1] {
        queuedTask = runtime.send(.record(2))
        // Not handled yet: the current change is still being published.
        #expect(runtime.state.entries == [1])
        #expect(runtime.diagnostics.queuedActions == 1)
      }
    }
    let second = StateLog(runtime)
    runtime.send(.record(1))
    // Handled before the outer send returned, after every observer heard about [1].
    #expect(runtime.state.entries == [1, 2])
    #expect(seen == [[1], [1, 2]])
    #expect(second.states.map(\.entries) == [[1], [1, 2]])
    #expect(queuedTask?.hasEffects == false)
    #expect(runtime.diagnostics.queuedActions == 0)
  }

  @Test func observersLearnWhereEachChangeCameFrom() async {
    let runtime = InteractorRuntime(Journal())
    var sources: [StateChangeSource] = []
    runtime.addObserver(withSource: { _, source in sources.append(source) })
    runtime.send(.record(1))
    let first = runtime.send(.recordLater(1))
    let second = runtime.send(.recordLater(2))
    await first.finish()
    await second.finish()
    #expect(first.id != nil && first.id != second.id)
    #expect(Array(sources.prefix(3)) == [.action, .action, .action])
    #expect(Set(sources.dropFirst(3)) == [.effect(of: first.id!), .effect(of: second.id!)])
    #expect(sources.count == 5)
    #expect(runtime.send(.record(3)).id == nil)
  }

  @Test func removedObserverIsNotCalled() {
    let runtime = InteractorRuntime(Journal())
    var calls = 0
    let id = runtime.addObserver { _ in calls += 1 }
    runtime.send(.record(1))
    runtime.removeObserver(id)
    runtime.send(.record(2))
    #expect(calls == 1)
  }

  @Test func explicitInitialState() {
    let runtime = InteractorRuntime(initialState: .init(entries: [42]), interactor: Journal())
    runtime.send(.record(1))
    #expect(runtime.state.entries == [42, 1])
  }

  @Test func actionWithoutEffectsReturnsEmptyTask() async {
    let runtime = InteractorRuntime(Journal())
    let task = runtime.send(.record(1))
    #expect(!task.hasEffects)
    #expect(!task.isCancelled)
    await task.finish()
    let effectful = runtime.send(.recordLater(1))
    #expect(effectful.hasEffects)
    await effectful.finish()
    #expect(runtime.state.entries == [1, -1])
  }
}
