import ConcurrencyExtras
import Testing
import UnoCore

struct Profile: Interactor {
  typealias DomainState = State
  struct State: Sendable, Equatable {
    var name = ""
    var visits = 0
  }
  enum Action: Sendable {
    case rename(String)
    /// Counts a visit after `go` opens, with the mutation form.
    case visitLater(go: Latch)
    /// The same with the whole-state form, from a snapshot read (then `taken` opens) before
    /// waiting.
    case visitLaterFromSnapshot(taken: Latch, go: Latch)
    /// Reads the name after `go` opens and writes it back with a "!".
    case echoNameLater(go: Latch)
    /// Runs a child effect through `Send.reduce`; the child opens `started`, waits on `go`.
    case nested(started: Latch, go: Latch, ended: LockIsolated<Bool>)
  }

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .rename(let name):
        state.name = name
        return .state
      case .visitLater(let go):
        return .perform { _, send in
          await go.wait()
          await send { $0.visits += 1 }
        }
      case .visitLaterFromSnapshot(let taken, let go):
        return .perform { state, send in
          var snapshot = await state.current
          taken.open()
          await go.wait()
          snapshot.visits += 1
          await send(snapshot)
        }
      case .echoNameLater(let go):
        return .perform { state, send in
          await go.wait()
          let name = await state.name
          await send { $0.name = name + "!" }
        }
      case .nested(let started, let go, let ended):
        return .perform { _, send in
          await send.reduce { state in
            state.visits += 10
            return .perform { _, send in
              started.open()
              await go.wait()
              ended.setValue(true)
              await send { $0.visits += 1 }
            }
          }
        }
      }
    }
  }
}

@MainActor
@Suite struct SendTests {
  @Test func mutationFormKeepsChangesMadeMeanwhile() async {
    let runtime = InteractorRuntime(Profile())
    let go = Latch()
    let task = runtime.send(.visitLater(go: go))
    runtime.send(.rename("Ada"))
    go.open()
    await task.finish()
    #expect(runtime.state == .init(name: "Ada", visits: 1))
  }

  @Test func wholeStateFormReplacesEverythingAsDocumented() async {
    let runtime = InteractorRuntime(Profile())
    let taken = Latch()
    let go = Latch()
    let task = runtime.send(.visitLaterFromSnapshot(taken: taken, go: go))
    await taken.wait()
    runtime.send(.rename("Ada"))
    go.open()
    await task.finish()
    // The whole-state write was computed from an older state, so it undid the rename. This is why
    // the docs prefer the mutation form.
    #expect(runtime.state == .init(name: "", visits: 1))
  }

  @Test func dynamicStateReadsTheLatestState() async {
    let runtime = InteractorRuntime(Profile())
    let go = Latch()
    let task = runtime.send(.echoNameLater(go: go))
    runtime.send(.rename("Ada"))
    go.open()
    await task.finish()
    #expect(runtime.state.name == "Ada!")
  }

  @Test func reducedEffectsBelongToTheSameEventTask() async {
    let runtime = InteractorRuntime(Profile())
    let go = Latch()
    let ended = LockIsolated(false)
    let task = runtime.send(.nested(started: Latch(), go: go, ended: ended))
    go.open()
    await task.finish()
    // finish() waited for the child effect started through send.reduce.
    #expect(ended.value)
    #expect(runtime.state.visits == 11)
  }

  @Test func cancellingTheEventTaskCancelsReducedEffects() async {
    let runtime = InteractorRuntime(Profile())
    let started = Latch()
    let ended = LockIsolated(false)
    let task = runtime.send(.nested(started: started, go: Latch(), ended: ended))
    await started.wait()
    #expect(runtime.state.visits == 10)
    task.cancel()
    await task.finish()
    #expect(ended.value)  // the child ended because it was cancelled
    #expect(runtime.state.visits == 10)  // and its write was dropped
  }

  @Test func sendThatEscapedItsEffectIsDropped() async {
    let escaped = LockIsolated<Send<Int>?>(nil)
    let runtime = InteractorRuntime(
      Interact<Int, Void>(initialValue: 0) { _, _ in
        .perform { _, send in escaped.setValue(send) }
      }
    )
    await runtime.send(()).finish()
    escaped.value?({ $0 += 1 })
    #expect(runtime.state == 0)
  }
}
