import Clocks
import ConcurrencyExtras
import Foundation
import IssueReporting
import Testing
import UnoComposition

struct Row: Sendable, Equatable, Identifiable {
  var id: Int
  var count = 0
}

@CasePathable
enum RowAction: Sendable, Equatable {
  case increment
  /// Increments 1s later; cancels an earlier one of the same row (id "later", cancelInFlight).
  case incrementLater
  /// Reads the row 1s later and records what it saw.
  case readLater
  /// Debounced by 1s: the last of a burst increments.
  case debouncedIncrement
  /// Throttled by 1s: holds an operator-state slot while its interval runs.
  case throttledIncrement
  /// Asks the parent to remove this row (the parent hears the action after the row).
  case delete
  /// Starts an effect and asks the parent to remove the row, in one step.
  case incrementLaterAndDelete
}

struct RowInteractor: Interactor {
  typealias DomainState = Row
  typealias Action = RowAction
  let clock: TestClock<Duration>
  let reads: LockIsolated<[Int]>

  @InteractorBuilder<Row, RowAction>
  var body: some InteractorOf<Self> {
    Interact(initialValue: Row(id: 0)) { [clock, reads] state, action in
      let deadline = clock.now.advanced(by: .seconds(1))
      switch action {
      case .increment:
        state.count += 1
        return .state
      case .incrementLater, .incrementLaterAndDelete:
        return .perform { _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { $0.count += 1 }
        }
        .cancellable(id: "later", cancelInFlight: true)
      case .readLater:
        return .perform { state, _ in
          try await clock.sleep(toDeadline: deadline)
          let count = await state.count
          reads.withValue { $0.append(count) }
        }
      case .delete, .debouncedIncrement, .throttledIncrement:
        return .state
      }
    }
    OnAction(\.debouncedIncrement) {
      Debounce(for: .seconds(1), clock: clock) { BumpRow() }
    }
    OnAction(\.throttledIncrement) {
      Throttle(for: .seconds(1), clock: clock, latest: true) { BumpRow() }
    }
  }
}

/// Increments the row's count, whatever the (payload-less) action.
struct BumpRow: Interactor {
  typealias DomainState = Row
  typealias Action = Void

  var body: some InteractorOf<Self> {
    Interact(initialValue: Row(id: 0)) { state, _ in
      state.count += 1
      return .state
    }
  }
}

struct ListState: Sendable, Equatable {
  var rows: IdentifiedArrayOf<Row> = []
  var heard: [String] = []
}

@CasePathable
enum ListAction: Sendable {
  case row(IdentifiedAction<Int, RowAction>)
  case add(Int)
  case remove(Int)
  /// Removes the row 1s later, from an effect's write.
  case removeLater(Int)
  case removeAll
  /// Removes one row and appends another, in one step: as many ids as before.
  case swap(remove: Int, add: Int)
  /// The same rows in a new array (the same ids, in storage of their own).
  case rebuild
}

struct ListInteractor: Interactor {
  typealias DomainState = ListState
  typealias Action = ListAction
  let clock: TestClock<Duration>
  let reads: LockIsolated<[Int]>

  var body: some InteractorOf<Self> {
    Interact(initialValue: ListState()) { [clock] state, action in
      switch action {
      case .row(.element(let id, let rowAction)):
        // The row has handled the action already: the parent sees its new state.
        state.heard.append("\(id):\(rowAction):\(state.rows[id: id]?.count ?? -1)")
        if rowAction == .delete || rowAction == .incrementLaterAndDelete { state.rows.remove(id: id) }
        return .state
      case .add(let id):
        state.rows.append(Row(id: id))
        return .state
      case .remove(let id):
        state.rows.remove(id: id)
        return .state
      case .removeLater(let id):
        let deadline = clock.now.advanced(by: .seconds(1))
        return .perform { _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { $0.rows.remove(id: id) }
        }
      case .removeAll:
        state.rows.removeAll()
        return .state
      case .swap(let removed, let added):
        state.rows.remove(id: removed)
        state.rows.append(Row(id: added))
        return .state
      case .rebuild:
        state.rows = IdentifiedArray(uniqueElements: Array(state.rows))
        return .state
      }
    }
    .forEach(stateIs: \.rows, actionIs: \.row) {
      RowInteractor(clock: clock, reads: reads)
    }
  }
}

@MainActor
@Suite struct ForEachTests {
  let clock = TestClock()
  let reads = LockIsolated<[Int]>([])

  func makeRuntime(rows: [Int] = [1, 2, 3]) -> InteractorRuntime<ListState, ListAction> {
    let runtime = InteractorRuntime(ListInteractor(clock: clock, reads: reads))
    for id in rows { runtime.send(.add(id)) }
    return runtime
  }

  @Test func aRowActionChangesThatRowAndThenTheParentHearsIt() {
    let runtime = makeRuntime()
    runtime.send(.row(.element(id: 2, action: .increment)))
    runtime.send(.row(.element(id: 2, action: .increment)))
    runtime.send(.row(.element(id: 3, action: .increment)))
    #expect(runtime.state.rows.map(\.count) == [0, 2, 1])
    #expect(runtime.state.heard == ["2:increment:1", "2:increment:2", "3:increment:1"])
  }

  @Test func anActionForAMissingElementIsDroppedAndReported() {
    let runtime = makeRuntime()
    withKnownIssue {
      runtime.send(.row(.element(id: 9, action: .increment)))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("id '9'") && text.contains("forEach") && text.contains("dropped")
        && text.contains("increment") && text.contains("(written at UnoCompositionTests/ForEachTests.swift:")
    }
    #expect(runtime.state.rows.map(\.count) == [0, 0, 0])
    #expect(runtime.state.heard.isEmpty)
  }

  @Test func aRowsEffectsReadAndWriteTheirOwnRowWhereverItMoved() async {
    let runtime = makeRuntime()
    let write = runtime.send(.row(.element(id: 2, action: .incrementLater)))
    let read = runtime.send(.row(.element(id: 2, action: .readLater)))
    // Other rows change, and the row moves, while the effects wait.
    runtime.send(.remove(1))
    runtime.send(.add(1))
    runtime.send(.row(.element(id: 2, action: .increment)))
    runtime.send(.row(.element(id: 3, action: .increment)))
    await clock.advance(by: .seconds(1))
    await write.finish()
    await read.finish()
    #expect(runtime.state.rows.ids == [2, 3, 1])
    #expect(runtime.state.rows.map(\.count) == [2, 1, 0])
    #expect(reads.value == [1] || reads.value == [2])  // read before or after the write, same step
  }

  @Test func twoRowsNeverCancelEachOthersEffects() async {
    let runtime = makeRuntime()
    // Both rows start an effect with the id "later" and cancelInFlight.
    let first = runtime.send(.row(.element(id: 1, action: .incrementLater)))
    let second = runtime.send(.row(.element(id: 2, action: .incrementLater)))
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(!first.isCancelled && !second.isCancelled)
    #expect(runtime.state.rows.map(\.count) == [1, 1, 0])
    // Within one row, cancelInFlight still works.
    let again = runtime.send(.row(.element(id: 1, action: .incrementLater)))
    let latest = runtime.send(.row(.element(id: 1, action: .incrementLater)))
    await clock.advance(by: .seconds(1))
    await again.finish()
    await latest.finish()
    #expect(runtime.state.rows.map(\.count) == [2, 1, 0])
  }

  @Test func twoRowsNeverDebounceEachOther() async {
    let runtime = makeRuntime()
    let first = runtime.send(.row(.element(id: 1, action: .debouncedIncrement)))
    let second = runtime.send(.row(.element(id: 2, action: .debouncedIncrement)))
    let third = runtime.send(.row(.element(id: 2, action: .debouncedIncrement)))
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    await third.finish()
    // Row 1's debounce was not restarted by row 2's burst; row 2's burst counted once.
    #expect(runtime.state.rows.map(\.count) == [1, 1, 0])
  }

  @Test func removingARowByAParentActionCancelsItsEffectsInThatStep() async {
    let runtime = makeRuntime()
    let task = runtime.send(.row(.element(id: 2, action: .incrementLater)))
    #expect(runtime.diagnostics.childScopes == 1)
    runtime.send(.remove(2))
    // Cancelled in the step that removed the row, before any time passed.
    #expect(task.isCancelled)
    await task.finish()
    await clock.advance(by: .seconds(1))
    #expect(runtime.state.rows.map(\.count) == [0, 0])
    #expect(runtime.diagnostics.isIdle)
    #expect(runtime.diagnostics.childScopes == 0)
  }

  @Test func removingARowByAnEffectsWriteCancelsItsEffects() async {
    let runtime = makeRuntime()
    let row = runtime.send(.row(.element(id: 2, action: .readLater)))
    let removal = runtime.send(.removeLater(2))
    // Both effects sleep until the same deadline; whichever runs first, the row is gone by the
    // time the removal's write has been applied, and the read never happens after it.
    await clock.advance(by: .seconds(1))
    await removal.finish()
    await row.finish()
    #expect(runtime.state.rows.ids == [1, 3])
    #expect(reads.value.count <= 1)
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func removingARowByAnEffectsWriteCancelsAWaitingEffect() async {
    let runtime = makeRuntime()
    let removal = runtime.send(.removeLater(2))
    await clock.advance(by: .seconds(1))
    await removal.finish()
    #expect(runtime.state.rows.ids == [1, 3])
    runtime.send(.add(2))
    let task = runtime.send(.row(.element(id: 2, action: .incrementLater)))
    let removeAgain = runtime.send(.removeLater(2))
    await clock.advance(by: .milliseconds(999))
    #expect(!task.isCancelled)
    // The removal is written at 1s by the parent's effect; the row's own write would come at
    // 1s too, unless the removal came first. Advancing to 1s settles both; the row's write
    // never lands in a row that is gone.
    await clock.advance(by: .milliseconds(1))
    await removeAgain.finish()
    await task.finish()
    #expect(runtime.state.rows.ids == [1, 3])
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func aRowThatAsksToBeRemovedTakesItsEffectsWithIt() async {
    let runtime = makeRuntime()
    let task = runtime.send(.row(.element(id: 1, action: .incrementLater)))
    runtime.send(.row(.element(id: 1, action: .delete)))
    #expect(task.isCancelled)
    await task.finish()
    #expect(runtime.state.rows.ids == [2, 3])
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func effectsReturnedInTheStepThatRemovesTheRowNeverStart() async {
    let runtime = makeRuntime()
    let task = runtime.send(.row(.element(id: 1, action: .incrementLaterAndDelete)))
    #expect(!task.hasEffects)
    await task.finish()
    #expect(runtime.state.rows.ids == [2, 3])
    #expect(runtime.diagnostics.isIdle)
    #expect(runtime.diagnostics.childScopes == 0)
  }

  @Test func aRowAddedAgainWithTheSameIDStartsFresh() async {
    let runtime = makeRuntime()
    let old = runtime.send(.row(.element(id: 2, action: .incrementLater)))
    runtime.send(.row(.element(id: 2, action: .throttledIncrement)))
    #expect(runtime.diagnostics.operatorStates == 1)
    runtime.send(.remove(2))
    #expect(runtime.diagnostics.operatorStates == 0)
    runtime.send(.add(2))
    // The old throttle interval is gone: the new row's first throttled action passes at once.
    runtime.send(.row(.element(id: 2, action: .throttledIncrement)))
    #expect(runtime.state.rows[id: 2]?.count == 1)
    await clock.advance(by: .seconds(1))
    await old.finish()
    // The old row's delayed increment never reached the new row.
    #expect(runtime.state.rows[id: 2]?.count == 1)
    #expect(old.isCancelled)
  }

  @Test func aRowRemovedWhileAnotherIsAddedInTheSameStepStillLosesItsEffects() async {
    // The rows are checked when the ids changed; here their number did not.
    let runtime = makeRuntime()
    let removed = runtime.send(.row(.element(id: 2, action: .incrementLater)))
    let kept = runtime.send(.row(.element(id: 3, action: .incrementLater)))
    runtime.send(.swap(remove: 2, add: 4))
    #expect(removed.isCancelled)
    #expect(!kept.isCancelled)
    await clock.advance(by: .seconds(1))
    await kept.finish()
    #expect(runtime.state.rows.map(\.count) == [0, 1, 0])
    #expect(runtime.diagnostics.childScopes == 0)
  }

  @Test func theSameRowsInANewArrayKeepTheirEffects() async {
    let runtime = makeRuntime()
    let tasks = (1...3).map { runtime.send(.row(.element(id: $0, action: .incrementLater))) }
    runtime.send(.rebuild)
    runtime.send(.row(.element(id: 1, action: .increment)))  // a step that leaves the ids alone
    #expect(tasks.allSatisfy { !$0.isCancelled })
    #expect(runtime.diagnostics.childScopes == 3)
    await clock.advance(by: .seconds(1))
    for task in tasks { await task.finish() }
    #expect(runtime.state.rows.map(\.count) == [2, 1, 1])
  }

  @Test func removingEveryRowCancelsEveryRowsEffects() async {
    let runtime = makeRuntime(rows: Array(1...50))
    let tasks = (1...50).map { runtime.send(.row(.element(id: $0, action: .incrementLater))) }
    #expect(runtime.diagnostics.childScopes == 50, "\(runtime.diagnostics)")
    runtime.send(.removeAll)
    #expect(tasks.allSatisfy { $0.isCancelled })
    for task in tasks { await task.finish() }
    #expect(runtime.diagnostics.isIdle)
    #expect(runtime.diagnostics.childScopes == 0)
  }

  @Test func rowActionsAreCodableAndEquatable() throws {
    let action = IdentifiedAction<Int, String>.element(id: 7, action: "toggle")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(action)
    #expect(String(decoding: data, as: UTF8.self) == #"{"element":{"action":"toggle","id":7}}"#)
    #expect(try JSONDecoder().decode(IdentifiedAction<Int, String>.self, from: data) == action)
    #expect(action.id == 7 && action.action == "toggle")
    #expect(IdentifiedAction<Int, String>.allCasePaths.element.extract(from: action)! == (7, "toggle"))
  }
}

/// Effects of many rows write concurrently while rows are removed: nothing is written into a row
/// after it was removed, nothing is reported, and nothing is left behind.
@MainActor
@Suite struct ForEachConcurrencyTests {
  struct Counter: Sendable, Equatable, Identifiable {
    var id: Int
    var writes = 0
  }

  @CasePathable
  enum CounterAction: Sendable { case spin }

  @CasePathable
  enum Action: Sendable {
    case counter(IdentifiedAction<Int, CounterAction>)
    case remove(Int)
  }

  struct State: Sendable, Equatable {
    var counters: IdentifiedArrayOf<Counter> = []
    var removedWith: [Int: Int] = [:]
  }

  struct Feature: Interactor {
    typealias DomainState = State
    typealias Action = ForEachConcurrencyTests.Action

    var body: some InteractorOf<Self> {
      Interact(
        initialValue: State(counters: IdentifiedArray(uniqueElements: (0..<40).map { Counter(id: $0) }))
      ) { state, action in
        switch action {
        case .counter:
          return .state
        case .remove(let id):
          state.removedWith[id] = state.counters[id: id]?.writes
          state.counters.remove(id: id)
          return .state
        }
      }
      .forEach(stateIs: \.counters, actionIs: \.counter) {
        Interact(initialValue: Counter(id: 0)) { _, _ in
          .observe { _, send in
            while !Task.isCancelled {
              await send { $0.writes += 1 }
              await Task.yield()
            }
          }
        }
      }
    }
  }

  @Test func rowsRemovedWhileTheirEffectsWriteGetNoWriteAfterRemoval() async {
    let runtime = InteractorRuntime(Feature())
    // Every change once the list is empty: only the last removal's own.
    var changesOnceEmpty = 0
    runtime.addObserver { state in
      if state.counters.isEmpty { changesOnceEmpty += 1 }
    }
    let tasks = (0..<40).map { runtime.send(.counter(.element(id: $0, action: .spin))) }
    for id in 0..<40 {
      // Let the effects run between removals.
      for _ in 0..<5 { await Task.yield() }
      runtime.send(.remove(id))
      #expect(tasks[id].isCancelled)
    }
    for task in tasks { await task.finish() }
    for _ in 0..<20 { await Task.yield() }
    #expect(runtime.state.counters.isEmpty)
    #expect(changesOnceEmpty == 1)
    // Each row was written by its effect before it was removed (the effects did run).
    #expect(runtime.state.removedWith.values.reduce(0, +) > 0)
    #expect(runtime.diagnostics.isIdle)
    #expect(runtime.diagnostics.childScopes == 0)
  }
}

/// `forEach` inside an optional `when`: rows die with the optional, and with themselves.
@MainActor
@Suite struct ForEachNestingTests {
  struct State: Sendable, Equatable {
    var list: ListState?
  }

  @CasePathable
  enum Action: Sendable {
    case open
    case close
    case list(ListAction)
  }

  struct Feature: Interactor {
    typealias DomainState = State
    typealias Action = ForEachNestingTests.Action
    let clock: TestClock<Duration>

    var body: some InteractorOf<Self> {
      Interact(initialValue: State()) { state, action in
        switch action {
        case .open: state.list = ListState(rows: [Row(id: 1), Row(id: 2)])
        case .close: state.list = nil
        case .list: break
        }
        return .state
      }
      .when(stateIs: \.list, actionIs: \.list) { ListInteractor(clock: clock, reads: LockIsolated([])) }
    }
  }

  let clock = TestClock()

  @Test func closingTheOptionalCancelsTheEffectsOfEveryRowInIt() async {
    let runtime = InteractorRuntime(Feature(clock: clock))
    runtime.send(.open)
    let first = runtime.send(.list(.row(.element(id: 1, action: .incrementLater))))
    let second = runtime.send(.list(.row(.element(id: 2, action: .debouncedIncrement))))
    #expect(runtime.diagnostics.childScopes >= 2)
    runtime.send(.close)
    #expect(first.isCancelled && second.isCancelled)
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(runtime.state.list == nil)
    #expect(runtime.diagnostics.isIdle)
    #expect(runtime.diagnostics.childScopes == 0)
  }

  @Test func aRowInsideTheOptionalStillDiesAlone() async {
    let runtime = InteractorRuntime(Feature(clock: clock))
    runtime.send(.open)
    let removed = runtime.send(.list(.row(.element(id: 1, action: .incrementLater))))
    let kept = runtime.send(.list(.row(.element(id: 2, action: .incrementLater))))
    runtime.send(.list(.remove(1)))
    #expect(removed.isCancelled && !kept.isCancelled)
    await clock.advance(by: .seconds(1))
    await removed.finish()
    await kept.finish()
    #expect(runtime.state.list?.rows.elements == [Row(id: 2, count: 1)])
    #expect(runtime.diagnostics.isIdle)
  }
}
