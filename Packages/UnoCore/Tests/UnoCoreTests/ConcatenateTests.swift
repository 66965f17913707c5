import ConcurrencyExtras
import Testing
@_spi(Internals) import UnoCore

/// Parts that log when they start and end; `slow` yields many times before it writes, so that
/// parts run concurrently would write out of order.
struct Sequenced: Interactor {
  typealias DomainState = State
  struct State: Sendable, Equatable {
    var log: [String] = []
  }
  enum Action: Sendable {
    case inOrder
    /// The first part waits on the latch (a cancellation ends the wait), the second writes.
    case firstWaits(Latch)
    /// The same, with the first part cancellable by `ID.first`.
    case firstCancellable(Latch)
    case cancelFirst
    /// The whole sequence under `ID.whole`.
    case whole(Latch)
    case cancelWhole
    case empty
  }
  enum ID { case first, whole }

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .inOrder:
        return .concatenate(slow("1"), write("2"), .merge(write("3a"), slow("3b")), write("4"))
      case .firstWaits(let latch):
        return .concatenate(wait(latch), write("2"))
      case .firstCancellable(let latch):
        return .concatenate(wait(latch).cancellable(id: ID.first), write("2"))
      case .cancelFirst:
        return .cancel(id: ID.first)
      case .whole(let latch):
        return .concatenate(wait(latch), write("2")).cancellable(id: ID.whole)
      case .cancelWhole:
        return .cancel(id: ID.whole)
      case .empty:
        return .concatenate([.state, .state])
      }
    }
  }

  private func write(_ entry: String) -> Emission<State> {
    .perform { _, send in await send { $0.log.append(entry) } }
  }

  private func slow(_ entry: String) -> Emission<State> {
    .perform { _, send in
      for _ in 0..<200 { await Task.yield() }
      await send { $0.log.append(entry) }
    }
  }

  private func wait(_ latch: Latch) -> Emission<State> {
    .perform { _, send in
      await send { $0.log.append("1 started") }
      await latch.wait()
      await send { $0.log.append("1 ended") }
    }
  }
}

@MainActor
@Suite struct ConcatenateTests {
  @Test func partsRunOneAfterTheOtherAndFinishWaitsForTheLast() async {
    let runtime = InteractorRuntime(Sequenced())
    let log = StateLog(runtime)
    let task = runtime.send(.inOrder)
    #expect(task.hasEffects)
    await task.finish()
    // A part starts once every effect of the one before has finished: 3a and 3b run together
    // (in either order), 4 after both.
    let entries = runtime.state.log
    #expect(entries.count == 5)
    #expect(Array(entries.prefix(2)) == ["1", "2"])
    #expect(Set(entries[2..<4]) == ["3a", "3b"])
    #expect(entries.last == "4")
    #expect(log.states.map(\.log.count) == [0, 1, 2, 3, 4, 5])
    #expect(runtime.diagnostics.runningEffects == 0)
  }

  @Test func cancellingTheTaskStopsThePartUnderWayAndStartsNoOther() async {
    let runtime = InteractorRuntime(Sequenced())
    let latch = Latch()
    let task = runtime.send(.firstWaits(latch))
    await runtime.waitUntil { $0.log == ["1 started"] }
    task.cancel()
    await task.finish()
    latch.open()
    await runtime.waitForAllEffects()
    #expect(runtime.state.log == ["1 started"])
  }

  @Test func cancellingAPartByItsIdEndsTheSequence() async {
    let runtime = InteractorRuntime(Sequenced())
    let latch = Latch()
    let task = runtime.send(.firstCancellable(latch))
    await runtime.waitUntil { $0.log == ["1 started"] }
    runtime.send(.cancelFirst)
    await task.finish()
    #expect(!task.isCancelled)
    #expect(runtime.state.log == ["1 started"])
  }

  @Test func anIdOnTheWholeSequenceCancelsItAtWhicheverPart() async {
    let runtime = InteractorRuntime(Sequenced())
    let latch = Latch()
    let task = runtime.send(.whole(latch))
    await runtime.waitUntil { $0.log == ["1 started"] }
    runtime.send(.cancelWhole)
    await task.finish()
    #expect(runtime.state.log == ["1 started"])
    #expect(runtime.diagnostics.runningEffects == 0)
  }

  @Test func aSequenceThatIsNotCancelledRunsToTheEnd() async {
    let runtime = InteractorRuntime(Sequenced())
    let latch = Latch()
    let task = runtime.send(.firstCancellable(latch))
    await runtime.waitUntil { $0.log == ["1 started"] }
    latch.open()
    await task.finish()
    #expect(runtime.state.log == ["1 started", "1 ended", "2"])
  }

  @Test func releasingTheRuntimeStopsTheSequence() async {
    let latch = Latch()
    var runtime: InteractorRuntime<Sequenced.State, Sequenced.Action>? = InteractorRuntime(Sequenced())
    let task = runtime!.send(.firstWaits(latch))
    await runtime!.waitUntil { $0.log == ["1 started"] }
    runtime = nil
    await task.finish()
    #expect(task.isCancelled)
  }

  @Test func emptyAndSinglePartsRunAsTheirParts() {
    #expect(Emission<Int>.concatenate([]).isEmpty)
    #expect(Emission<Int>.concatenate(.state, .state).isEmpty)
    let runtime = InteractorRuntime(Sequenced())
    #expect(!runtime.send(.empty).hasEffects)
    let one = Emission<Int>.perform { _, _ in }
    #expect(!Emission<Int>.concatenate(one).isEmpty)
  }
}

extension InteractorRuntime {
  /// Returns once the state satisfies `predicate`, checking after every change.
  func waitUntil(_ predicate: @escaping (State) -> Bool) async {
    if predicate(state) { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      var resumed = false
      addObserver { state in
        guard !resumed, predicate(state) else { return }
        resumed = true
        continuation.resume()
      }
    }
  }
}
