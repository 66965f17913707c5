import ConcurrencyExtras
import Testing
import UnoArchitecture
import UnoCore

struct Suspends: Interactor {
  typealias DomainState = Int
  typealias Action = Int
  let started: Counter
  let ended: Counter

  var body: some InteractorOf<Self> {
    Interact(initialValue: 0) { [started, ended] state, _ in
      state += 1
      return .perform { _, _ in
        started.increment()
        try? await Task.sleep(for: .seconds(3600))  // suspended until cancelled
        ended.increment()
      }
    }
  }
}

final class Counter: Sendable {
  private let count = LockIsolated(0)
  var value: Int { count.value }
  func increment() { count.withValue { $0 += 1 } }
}

/// Holds a weak reference.
final class Weak<T: AnyObject> {
  weak var value: T?
  init(_ value: T) { self.value = value }
}

@MainActor
@Suite struct LeakTests {
  @Test func tenThousandViewModelsWithSuspendedEffectsAreFreedAndEndEveryEffect() async {
    let started = Counter()
    let ended = Counter()
    var viewModels: [DirectViewModel<Int, Int>] = []
    var tasks: [EventTask] = []
    for _ in 0..<10_000 {
      let viewModel = DirectViewModel<Int, Int>(
        0, Suspends(started: started, ended: ended).eraseToAnyInteractor())
      tasks.append(viewModel.sendViewEvent(1))
      viewModels.append(viewModel)
    }
    let weakReferences = viewModels.map(Weak.init)
    #expect(viewModels.allSatisfy { $0.viewState == 1 })
    viewModels = []
    #expect(weakReferences.allSatisfy { $0.value == nil })
    // Every event task completes: each effect task has ended. An effect whose view model was
    // released before its task first ran never runs at all (it was cancelled before it started);
    // every one that did start was woken by the cancellation and ran to its end.
    for task in tasks { await task.finish() }
    #expect(ended.value == started.value)
    #expect(tasks.allSatisfy { $0.isCancelled })
  }
}
