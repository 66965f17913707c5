import Clocks
import ConcurrencyExtras
import IssueReporting
import Testing
import UnoComposition

struct Tally: Sendable, Equatable {
  var value = 0
}

@CasePathable
enum TallyAction: Sendable {
  case increment
  /// Increments 1s later (by the clock), with the mutation form; cancels an earlier one.
  case incrementLater
  /// Replaces the child state 1s later with the whole-state form, from a fresh read.
  case setLater(Int)
  /// Reads the child state 1s later and records it.
  case readLater
}

struct TallyInteractor: Interactor {
  typealias DomainState = Tally
  typealias Action = TallyAction
  let clock: TestClock<Duration>
  let reads: LockIsolated<[Int]>

  var body: some InteractorOf<Self> {
    Interact(initialValue: Tally()) { [clock, reads] state, action in
      let deadline = clock.now.advanced(by: .seconds(1))
      switch action {
      case .increment:
        state.value += 1
        return .state
      case .incrementLater:
        return .perform { _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { $0.value += 1 }
        }
        .cancellable(id: "later", cancelInFlight: true)
      case .setLater(let value):
        return .perform { state, send in
          try await clock.sleep(toDeadline: deadline)
          var current = await state.current
          current.value = value
          await send(current)
        }
      case .readLater:
        return .perform { state, _ in
          try await clock.sleep(toDeadline: deadline)
          let value = await state.value
          reads.withValue { $0.append(value) }
        }
      }
    }
  }
}

struct Pair: Sendable, Equatable {
  var left = Tally()
  var right = Tally()
  var other = 0
  var changes: [String] = []
}

@CasePathable
enum PairAction: Sendable {
  case left(TallyAction)
  case right(TallyAction)
  case leftChanged(Tally)
  case rightChanged(Tally)
  case bumpOther
}

struct PairInteractor: Interactor {
  typealias DomainState = Pair
  typealias Action = PairAction
  let clock: TestClock<Duration>
  let reads: LockIsolated<[Int]>

  var body: some InteractorOf<Self> {
    Interact(initialValue: Pair()) { state, action in
      switch action {
      case .leftChanged(let tally): state.changes.append("left=\(tally.value)")
      case .rightChanged(let tally): state.changes.append("right=\(tally.value)")
      case .bumpOther: state.other += 1
      case .left, .right: state.changes.append("parent saw a child action")
      }
      return .state
    }
    .when(stateIs: \.left, actionIs: \.left, stateAction: \.leftChanged) {
      TallyInteractor(clock: clock, reads: reads)
    }
    .when(stateIs: \.right, actionIs: \.right, stateAction: \.rightChanged) {
      TallyInteractor(clock: clock, reads: reads)
    }
  }
}

@MainActor
@Suite struct WhenKeyPathTests {
  let clock = TestClock()
  let reads = LockIsolated<[Int]>([])

  @Test func childActionChangesChildStateAndParentHearsIt() {
    let runtime = InteractorRuntime(PairInteractor(clock: clock, reads: reads))
    runtime.send(.left(.increment))
    runtime.send(.right(.increment))
    runtime.send(.left(.increment))
    runtime.send(.bumpOther)
    #expect(runtime.state.left.value == 2)
    #expect(runtime.state.right.value == 1)
    #expect(runtime.state.other == 1)
    #expect(runtime.state.changes == ["left=1", "right=1", "left=2"])
  }

  @Test func childEffectWritesIntoTheParentsCurrentState() async {
    let runtime = InteractorRuntime(PairInteractor(clock: clock, reads: reads))
    let task = runtime.send(.left(.incrementLater))
    runtime.send(.bumpOther)
    runtime.send(.left(.increment))
    await clock.advance(by: .seconds(1))
    await task.finish()
    // The effect's write kept what actions did meanwhile, and the parent heard about it.
    #expect(runtime.state.other == 1)
    #expect(runtime.state.left.value == 2)
    // The parent hears the child state after every child action (here 0, then 1) and after the
    // effect's write (2).
    #expect(runtime.state.changes == ["left=0", "left=1", "left=2"])
  }

  @Test func childWholeStateSendReplacesOnlyTheChildPart() async {
    let runtime = InteractorRuntime(PairInteractor(clock: clock, reads: reads))
    let task = runtime.send(.right(.setLater(41)))
    runtime.send(.bumpOther)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(runtime.state.right.value == 41)
    #expect(runtime.state.other == 1)
    #expect(runtime.state.changes == ["right=0", "right=41"])
  }

  @Test func childDynamicStateReadsTheChildPartOfTheCurrentState() async {
    let runtime = InteractorRuntime(PairInteractor(clock: clock, reads: reads))
    let task = runtime.send(.left(.readLater))
    runtime.send(.left(.increment))
    runtime.send(.left(.increment))
    runtime.send(.right(.increment))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(reads.value == [2])
  }

  @Test func theSameChildInTwoScopesKeepsItsEffectIDsApart() async {
    let runtime = InteractorRuntime(PairInteractor(clock: clock, reads: reads))
    // Both start an effect with the id "later" and cancelInFlight. Scoped ids keep them apart.
    let left = runtime.send(.left(.incrementLater))
    let right = runtime.send(.right(.incrementLater))
    await clock.advance(by: .seconds(1))
    await left.finish()
    await right.finish()
    #expect(runtime.state.left.value == 1)
    #expect(runtime.state.right.value == 1)
    // Within one scope, cancelInFlight still works.
    let first = runtime.send(.left(.incrementLater))
    let second = runtime.send(.left(.incrementLater))
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(runtime.state.left.value == 2)
  }
}

@CasePathable
enum Screen: Sendable, Equatable {
  case loading
  case loaded(Tally)
}

@CasePathable
enum ScreenAction: Sendable {
  case finishLoading
  case reset
  case loaded(TallyAction)
  case loadedChanged(Tally)
}

struct ScreenInteractor: Interactor {
  typealias DomainState = Screen
  typealias Action = ScreenAction
  let clock: TestClock<Duration>
  let heard: LockIsolated<[Int]>

  var body: some InteractorOf<Self> {
    Interact(initialValue: Screen.loading) { [heard] state, action in
      switch action {
      case .finishLoading: state = .loaded(Tally())
      case .reset: state = .loading
      case .loadedChanged(let tally): heard.withValue { $0.append(tally.value) }
      case .loaded: break
      }
      return .state
    }
    .when(stateIs: \.loaded, actionIs: \.loaded, stateAction: \.loadedChanged) {
      TallyInteractor(clock: clock, reads: LockIsolated([]))
    }
  }
}

@MainActor
@Suite struct WhenCasePathTests {
  let clock = TestClock()

  @Test func childRunsWhileTheCaseIsActive() async {
    let heard = LockIsolated<[Int]>([])
    let runtime = InteractorRuntime(ScreenInteractor(clock: clock, heard: heard))
    runtime.send(.finishLoading)
    runtime.send(.loaded(.increment))
    let task = runtime.send(.loaded(.incrementLater))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(runtime.state == .loaded(Tally(value: 2)))
    #expect(heard.value == [1, 1, 2])
  }

  @Test func leavingTheCaseCancelsTheChildsEffectsInThatStep() async {
    let heard = LockIsolated<[Int]>([])
    let runtime = InteractorRuntime(ScreenInteractor(clock: clock, heard: heard))
    runtime.send(.finishLoading)
    let task = runtime.send(.loaded(.incrementLater))
    runtime.send(.reset)
    #expect(task.isCancelled)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(runtime.state == .loading)
    #expect(runtime.diagnostics.isIdle)
    // Entering the case again starts a fresh child, whose effects run.
    runtime.send(.finishLoading)
    let again = runtime.send(.loaded(.incrementLater))
    await clock.advance(by: .seconds(1))
    await again.finish()
    #expect(runtime.state == .loaded(Tally(value: 1)))
    #expect(!again.isCancelled)
  }

  @Test func childActionWhileTheCaseIsInactiveIsDroppedAndReported() {
    let heard = LockIsolated<[Int]>([])
    let runtime = InteractorRuntime(ScreenInteractor(clock: clock, heard: heard))
    withKnownIssue {
      runtime.send(.loaded(.increment))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains(".when(stateIs: .loaded)") && text.contains("'.loading'")
        && text.contains("increment")
    }
    #expect(runtime.state == .loading)
    #expect(heard.value.isEmpty)
  }
}
