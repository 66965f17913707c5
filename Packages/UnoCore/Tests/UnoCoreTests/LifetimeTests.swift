import Testing
import UnoCore

/// `Emission.tied(to:while:)`, the primitive under `forEach` and the optional and enum `when`s:
/// effects tied to a lifetime are cancelled in the step that makes its predicate false.
@MainActor
@Suite struct LifetimeTests {
  struct State: Sendable, Equatable {
    var alive: Set<Int> = [1, 2]
    var writes: [Int] = []
  }

  enum Action: Sendable {
    /// Starts an effect tied to `id` that waits for the latch, then writes `id`.
    case start(Int)
    /// Starts a throttle-like operator slot tied to `id`.
    case slot(Int)
    case kill(Int)
    /// Kills `id` from an effect's write, once the latch opens.
    case killLater(Int)
    case cancel(Int)
  }

  struct Feature: Interactor {
    typealias DomainState = State
    typealias Action = LifetimeTests.Action
    let latch: Latch
    var killLatch = Latch()

    var body: some InteractorOf<Self> {
      Interact(initialValue: State()) { [latch, killLatch] state, action in
        switch action {
        case .start(let id):
          return Emission<State>.perform { _, send in
            await latch.wait()
            await send { $0.writes.append(id) }
          }
          .tied(to: id) { $0.alive.contains(id) }
        case .slot(let id):
          return Emission<State>.withOperatorState(id: "slot \(id)") { (_, slot: inout Int?) in
            slot = id
            return .state
          }
          .tied(to: id) { $0.alive.contains(id) }
        case .kill(let id):
          state.alive.remove(id)
          return .state
        case .killLater(let id):
          return .perform { _, send in
            await killLatch.wait()
            await send { $0.alive.remove(id) }
          }
        case .cancel(let id):
          return .cancel(id: id)
        }
      }
    }
  }

  @Test func anActionThatEndsTheLifetimeCancelsItsEffectsInThatStep() async {
    let latch = Latch()
    let runtime = InteractorRuntime(Feature(latch: latch))
    let one = runtime.send(.start(1))
    let two = runtime.send(.start(2))
    #expect(runtime.diagnostics.childScopes == 2)
    runtime.send(.kill(1))
    #expect(one.isCancelled)
    #expect(!two.isCancelled)
    latch.open()
    await one.finish()
    await two.finish()
    #expect(runtime.state.writes == [2])
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func anEffectsWriteThatEndsTheLifetimeCancelsItsEffects() async {
    let (latch, killLatch) = (Latch(), Latch())
    let runtime = InteractorRuntime(Feature(latch: latch, killLatch: killLatch))
    let victim = runtime.send(.start(1))
    let killer = runtime.send(.killLater(1))
    killLatch.open()
    await killer.finish()
    // The write that ended the lifetime cancelled the victim in its step.
    #expect(runtime.state.alive == [2])
    #expect(victim.isCancelled)
    latch.open()
    await victim.finish()
    #expect(runtime.state.writes.isEmpty)
    #expect(runtime.diagnostics.isIdle)
  }

  @Test func effectsForALifetimeAlreadyOverNeverStart() async {
    let runtime = InteractorRuntime(Feature(latch: Latch()))
    runtime.send(.kill(1))
    let task = runtime.send(.start(1))
    #expect(!task.hasEffects)
    await task.finish()
    #expect(runtime.diagnostics.isIdle)
    #expect(runtime.diagnostics.childScopes == 0)
  }

  @Test func theLifetimeIDCancelsLikeAnyEffectID() async {
    let latch = Latch()
    let runtime = InteractorRuntime(Feature(latch: latch))
    let task = runtime.send(.start(1))
    runtime.send(.cancel(1))
    latch.open()
    await task.finish()
    #expect(runtime.state.writes.isEmpty)
  }

  @Test func endingTheLifetimeDropsItsOperatorState() {
    let runtime = InteractorRuntime(Feature(latch: Latch()))
    runtime.send(.slot(1))
    runtime.send(.slot(2))
    #expect(runtime.diagnostics.operatorStates == 2)
    #expect(runtime.diagnostics.childScopes == 2)
    runtime.send(.kill(1))
    #expect(runtime.diagnostics.operatorStates == 1)
    #expect(runtime.diagnostics.childScopes == 1)
  }

  @Test func aFinishedLifetimeIsForgottenAtTheNextStep() async {
    let latch = Latch()
    let runtime = InteractorRuntime(Feature(latch: latch))
    let task = runtime.send(.start(1))
    latch.open()
    await task.finish()
    #expect(runtime.diagnostics.childScopes == 0)
    runtime.send(.kill(2))  // any step
    #expect(runtime.state.writes == [1])
    #expect(runtime.diagnostics.isIdle)
  }
}
