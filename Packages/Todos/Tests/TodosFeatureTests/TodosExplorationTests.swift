import Foundation
import Testing
import TodosFeature
import UnoTesting

/// What must hold of Todos after any action, in any order (`TodosState.invariants`, which the
/// plugin declares too).
@MainActor
let todosInvariants: [Invariant<TodosState>] = TodosState.invariants.map { Invariant($0.name, $0.holds) }

@MainActor
@Suite struct TodosExplorationTests {
  @Test func anyOrderOfActionsKeepsTheListConsistent() async {
    let saved = LockIsolatedSaves()
    let failure = await explore(
      TodosInteractor(), runs: 100, steps: 30, seed: 2026,
      // A move to an offset the list does not have, and opening the editor on a todo that is not
      // there, are reported to the sender on purpose: bad input, not a bug.
      allowingIssues: { $0.contains("was dropped") },
      withDependencies: {
        $0.uuid = .incrementing
        $0.todosStore = .inMemory([], saved: saved)
      },
      invariants: todosInvariants)
    #expect(failure == nil)
    // The runs reached the list: they added, and saved.
    #expect(!saved.saves.isEmpty)
  }

  /// Through the view model a Todos screen draws from: after every step, its view state (the rows
  /// the filter shows, the counts, the editor) is the one its reducer makes from the state.
  @Test func anyOrderOfActionsShowsWhatTheListHolds() async {
    let saved = LockIsolatedSaves()
    let failure = await explore(
      TodosInteractor.makeViewModel(reportsReinitialization: false), runs: 50, steps: 30, seed: 2027,
      allowingIssues: { $0.contains("was dropped") },
      withDependencies: {
        $0.uuid = .incrementing
        $0.todosStore = .inMemory([], saved: saved)
      },
      invariants: todosInvariants)
    #expect(failure == nil)
    #expect(!saved.saves.isEmpty)
  }
}
