import CounterFeature
import Testing
import UnoTesting

@MainActor
@Suite struct CounterExplorationTests {
  @Test func delayedIncrementsAreNeverCountedBelowZero() async {
    // Time moves between steps, so delayed increments land inside runs, and `cancelPending`
    // cancels some of them mid-wait.
    var pending = 0
    let failure = await explore(
      CounterInteractor(), runs: 100, steps: 30, seed: 2026,
      invariants: [
        Invariant("pending increments are never negative") { state in
          if state.pendingIncrements > 0 { pending += 1 }
          return state.pendingIncrements >= 0
        }
      ])
    #expect(failure == nil)
    #expect(pending > 0)  // delayed increments were under way in some steps
  }
}
