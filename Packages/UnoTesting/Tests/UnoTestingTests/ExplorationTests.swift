import Clocks
import Dependencies
import Testing
@_spi(Internals) import UnoCore
import UnoTesting

/// A list with a bug planted three steps deep: deleting a completed item forgets to count it out
/// of `completedCount`. Only `add`, then `toggle` of that item, then `delete` of it, in that
/// order, reach it.
private struct Checklist: Interactor {
  typealias DomainState = State
  struct Item: Codable, Equatable, Sendable, Identifiable {
    var id: Int
    var done = false
  }
  struct State: Codable, Equatable, Sendable {
    var items: [Item] = []
    var completedCount = 0
    var nextID = 0
  }
  enum Action: Codable, Equatable, Sendable {
    case add
    case toggle(id: Int)
    case delete(id: Int)
    case clear
  }
  /// Whether the bug is fixed.
  var fixed = false

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { [fixed] state, action in
      switch action {
      case .add:
        state.items.append(Item(id: state.nextID))
        state.nextID += 1
      case .toggle(let id):
        guard let index = state.items.firstIndex(where: { $0.id == id }) else { return .state }
        state.items[index].done.toggle()
        state.completedCount += state.items[index].done ? 1 : -1
      case .delete(let id):
        guard let index = state.items.firstIndex(where: { $0.id == id }) else { return .state }
        if fixed, state.items[index].done { state.completedCount -= 1 }
        state.items.remove(at: index)
      case .clear:
        state.items = []
        state.completedCount = 0
      }
      return .state
    }
  }
}

@MainActor private let counted = Invariant<Checklist.State>("completedCount counts the completed items") {
  state in state.completedCount == state.items.filter(\.done).count
}

@MainActor
@Suite struct ExplorationTests {
  @Test func aBugThreeStepsDeepIsFoundAndShrunkToExactlyThoseSteps() async throws {
    var found: ExplorationFailure<Checklist.State, Checklist.Action>?
    await withKnownIssue {
      found = await explore(Checklist(), seed: 42, invariants: [counted])
    }
    let failure = try #require(found)
    #expect(failure.check == "completedCount counts the completed items")
    #expect(failure.actions == [.add, .toggle(id: 0), .delete(id: 0)])
    #expect(failure.originalLength >= 3)
    #expect(failure.after.completedCount == 1 && failure.after.items.isEmpty)
    #expect(failure.seed == 42)
    #expect(failure.description.contains("seed 42"))
    // The shortest run, as a recording, replays through the harness: the same states, the bug in them.
    let recording = try Recording<Checklist.State, Checklist.Action>(jsonLines: failure.recording.jsonLines())
    #expect(recording.entries.map(\.action) == [.add, .toggle(id: 0), .delete(id: 0)])
    let harness = await InteractorTestHarness(initialState: recording.initialState, Checklist())
    #expect(await harness.replay(recording))
    #expect(harness.currentState.completedCount == 1)
    // As a regression test: it fails while the bug is there, and passes once it is fixed.
    var again: ExplorationFailure<Checklist.State, Checklist.Action>?
    await withKnownIssue {
      again = await explore(Checklist(), replaying: recording, invariants: [counted])
    }
    #expect(again?.check == failure.check)
    #expect(again?.actions == failure.actions)
    // A replay has no seed: its run is the recording's, and its report says so.
    #expect(again?.seed == nil)
    #expect(again?.description.hasPrefix("Replay broke '\(failure.check)' at step ") == true)
    #expect(await explore(Checklist(fixed: true), replaying: recording, invariants: [counted]) == nil)
    // Through the harness, checking the invariant instead of the recorded states: it fails while
    // the bug is there, at the step that broke it, and passes once it is fixed.
    let buggy = await InteractorTestHarness(initialState: recording.initialState, Checklist())
    await withKnownIssue {
      #expect(await buggy.replay(recording, checking: [counted]) == false)
    } matching: { issue in
      issue.description.contains("Entry 2 (the action Checklist.Action.delete(id: 0))")
        && issue.description.contains(
          "the invariant 'completedCount counts the completed items' does not hold")
    }
    let fixed = await InteractorTestHarness(initialState: recording.initialState, Checklist(fixed: true))
    #expect(await fixed.replay(recording, checking: [counted]))
    #expect(fixed.currentState.completedCount == 0)
  }

  @Test func aReplayedRunMovesTheClockAsTheRecordingDid() async throws {
    // A tick waits a second on the clock: recorded with the clock moved on after it, its write
    // is in the recording, and the replay, moving the clock as the recording did, sees it too.
    var found: ExplorationFailure<Lingering.State, Lingering.Action>?
    await withKnownIssue {
      found = await explore(
        Lingering(), runs: 20, steps: 4, seed: 9, checks: [],
        invariants: [Invariant("never ticks") { $0.ticks == 0 }])
    }
    let failure = try #require(found)
    #expect(failure.actions == [.tick])
    #expect(failure.advances == [.seconds(1)])
    var replayed: ExplorationFailure<Lingering.State, Lingering.Action>?
    await withKnownIssue {
      replayed = await explore(
        Lingering(), replaying: failure.recording, checks: [],
        invariants: [Invariant("never ticks") { $0.ticks == 0 }])
    }
    #expect(replayed?.actions == [.tick])
    #expect(replayed?.after.ticks == 1)
  }

  @Test func theFixedFeatureHoldsInEveryRun() async {
    let failure = await explore(Checklist(fixed: true), seed: 42, invariants: [counted])
    #expect(failure == nil)
  }

  @Test func theSameSeedMakesTheSameRunsAndAnotherSeedOthers() async {
    // Every action of each run, through an invariant that never breaks but sees every state.
    func statesOfRuns(seed: UInt64) async -> [Checklist.State] {
      var seen: [Checklist.State] = []
      await explore(
        Checklist(fixed: true), runs: 5, steps: 20, seed: seed,
        invariants: [
          Invariant("records") {
            seen.append($0); return true
          }
        ])
      return seen
    }
    let first = await statesOfRuns(seed: 7)
    let again = await statesOfRuns(seed: 7)
    let other = await statesOfRuns(seed: 8)
    #expect(first.count == 5 * 21)
    #expect(first == again)
    #expect(first != other)
  }

  @Test func idsComeFromTheStateSoRunsReachTheRowsThatExist() async {
    // Only `add` and `toggle`: a toggle that names a row that exists changes the state, one that
    // names a row that does not leaves it as it was.
    var hits = 0
    var misses = 0
    var previous: Checklist.State?
    await explore(
      Checklist(fixed: true), runs: 20, steps: 30, seed: 1,
      excluding: {
        switch $0 {
        case .delete, .clear: true
        case .add, .toggle: false
        }
      },
      invariants: [
        Invariant("counts") { state in
          if let previous, state.nextID == previous.nextID, !previous.items.isEmpty {
            if state == previous { misses += 1 } else { hits += 1 }
          }
          previous = state
          return true
        }
      ])
    // One toggle in eight names a row that is not there, on purpose.
    #expect(hits > 0 && misses > 0)
    #expect(hits > 4 * misses)
  }

  @Test func noRunsOrNoStepsExploreNothingAndNegativeCountsAreReported() async {
    var checked = 0
    let counting = Invariant<Checklist.State>("counted") { _ in
      checked += 1
      return true
    }
    #expect(await explore(Checklist(), runs: 0, seed: 1, invariants: [counting]) == nil)
    #expect(checked == 0)
    #expect(await explore(Checklist(), runs: 3, steps: 0, seed: 1, invariants: [counting]) == nil)
    #expect(checked == 3)  // each run's initial state, and no step
    await withKnownIssue {
      #expect(await explore(Checklist(), runs: 2, steps: -5, seed: 1, invariants: [counting]) == nil)
    } matching: {
      $0.description.contains("Negative ones count as zero")
    }
    #expect(checked == 5)
  }

  @Test func anExcludedActionIsNeverSent() async {
    var sawClear = false
    var previous: Checklist.State?
    await explore(
      Checklist(fixed: true), runs: 10, steps: 30, seed: 3, excluding: { $0 == .clear },
      invariants: [
        Invariant("no clear") { state in
          // `clear` is the only action that takes more than one row at once (in one run: a run
          // starts again from no rows, and `nextID` only grows within one).
          if let previous, state.nextID >= previous.nextID, previous.items.count - state.items.count > 1 {
            sawClear = true
          }
          previous = state
          return true
        }
      ])
    #expect(!sawClear)
  }

  @Test func anEffectLeftRunningAtTheEndOfARunIsAFailure() async throws {
    var found: ExplorationFailure<Lingering.State, Lingering.Action>?
    await withKnownIssue {
      found = await explore(Lingering(), runs: 10, steps: 5, seed: 0)
    }
    let failure = try #require(found)
    #expect(failure.check.hasPrefix("no effect left running"))
    #expect(failure.actions == [.listen])
  }

  @Test func theEffectsATeamKeepsOnPurposeMayStillRunAtTheEnd() async throws {
    // The listener may stay; the ticks' effects must still end (they do, once the clock moves).
    #expect(
      await explore(Lingering(), runs: 10, steps: 5, seed: 0, allowingRunningEffects: { $0 == .listen })
        == nil)
    // Allowing another action's effects does not allow the listener's.
    var found: ExplorationFailure<Lingering.State, Lingering.Action>?
    await withKnownIssue {
      found = await explore(
        Lingering(), runs: 10, steps: 5, seed: 0, allowingRunningEffects: { $0 == .tick })
    }
    #expect(found?.check.hasPrefix("no effect left running") == true)
  }

  @Test func anIssueAnEffectReportsLaterFailsTheRunAtTheStepThatStartedIt() async throws {
    // The error is thrown a second after 'fetch', on the effect's own task: while the clock moves
    // on after a later step, or at the end of the run when every timer fires.
    var found: ExplorationFailure<Fetching.State, Fetching.Action>?
    await withKnownIssue {
      found = await explore(Fetching(), runs: 10, steps: 6, seed: 3)
    }
    let failure = try #require(found)
    #expect(failure.check.hasPrefix("no issue reported by the library (The effect written at"))
    #expect(failure.actions == [.fetch])
  }

  @Test func anIssueAnEffectReportsCanBeAllowed() async {
    let failure = await explore(
      Fetching(), runs: 10, steps: 6, seed: 3, allowingIssues: { $0.contains("threw an error") })
    #expect(failure == nil)
  }

  @Test func aTeamsGeneratorMakesThePayloadsOfItsType() async throws {
    // Decoded from choices, a code is any text; the bug needs the one code the team knows of.
    var found: ExplorationFailure<Coupons.State, Coupons.Action>?
    await withKnownIssue {
      found = await explore(
        Coupons(), runs: 50, steps: 10, seed: 1,
        generators: [.oneOf([Coupons.Code(text: "NONE"), Coupons.Code(text: "HALF")])],
        invariants: [Invariant("the total is never negative") { $0.total >= 0 }])
    }
    let failure = try #require(found)
    #expect(failure.actions == [.apply(Coupons.Code(text: "HALF")), .apply(Coupons.Code(text: "HALF"))])
    // Without it, no run reaches the code.
    let plain = await explore(
      Coupons(), runs: 50, steps: 10, seed: 1,
      invariants: [Invariant("the total is never negative") { $0.total >= 0 }])
    #expect(plain == nil)
  }

  @Test func aTimerFiresInsideARunWhenTheClockMovesOn() async {
    var ticked = false
    await explore(
      Lingering(), runs: 10, steps: 10, seed: 5, checks: [],
      invariants: [
        Invariant("ticks") {
          ticked = ticked || $0.ticks > 0; return true
        }
      ])
    #expect(ticked)
  }
}

/// A feature whose `listen` starts an effect that never ends, and whose `tick` writes after a
/// second on the clock.
private struct Lingering: Interactor {
  typealias DomainState = State
  struct State: Codable, Equatable, Sendable {
    var ticks = 0
  }
  enum Action: Codable, Equatable, Sendable {
    case listen
    case tick
  }

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .listen:
        return .perform { _, _ in
          let (stream, _) = AsyncStream<Int>.makeStream()
          for await _ in stream {}
        }
      case .tick:
        @Dependency(\.continuousClock) var clock
        return .perform { _, send in
          try await clock.sleep(for: .seconds(1))
          await send { $0.ticks += 1 }
        }
      }
    }
  }
}

/// A feature whose `fetch` starts an effect that throws, a second later on the clock, an error
/// nothing handles: the runtime reports it as an issue, from the effect's task.
private struct Fetching: Interactor {
  typealias DomainState = State
  struct State: Codable, Equatable, Sendable {
    var waits = 0
  }
  enum Action: Codable, Equatable, Sendable {
    case wait
    case fetch
  }
  struct Offline: Error {}

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .wait:
        state.waits += 1
        return .state
      case .fetch:
        @Dependency(\.continuousClock) var clock
        return .perform { _, _ in
          try await clock.sleep(for: .seconds(1))
          throw Offline()
        }
      }
    }
  }
}

/// A total that a coupon "HALF" halves and, applied twice, takes below zero (a planted bug).
private struct Coupons: Interactor {
  typealias DomainState = State
  struct Code: Codable, Equatable, Sendable {
    var text: String
  }
  struct State: Codable, Equatable, Sendable {
    var total = 10
    var halved = false
  }
  enum Action: Codable, Equatable, Sendable {
    case apply(Code)
  }

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .apply(let code) where code.text == "HALF":
        state.total = state.halved ? -1 : state.total / 2
        state.halved = true
      case .apply:
        break
      }
      return .state
    }
  }
}
