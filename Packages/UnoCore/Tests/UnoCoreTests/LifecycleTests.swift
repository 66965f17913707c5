import ConcurrencyExtras
import Testing
import UnoCore

struct Suspending: Interactor {
  typealias DomainState = Int
  enum Action: Sendable { case suspend, bump }
  var started: Latch
  var ended: LockIsolated<Int>

  var body: some InteractorOf<Self> {
    Interact(initialValue: 0) { state, action in
      switch action {
      case .suspend:
        return .perform { [started, ended] _, send in
          started.open()
          // Suspends until cancelled: nothing else ever opens this latch.
          await Latch().wait()
          ended.withValue { $0 += 1 }
          await send { $0 += 100 }
        }
      case .bump:
        state += 1
        return .perform { _, send in await send { $0 += 1 } }
      }
    }
  }
}

/// Something that owns a runtime, as a view model does.
@MainActor
final class Owner {
  let runtime: InteractorRuntime<Int, Suspending.Action>
  init(_ interactor: Suspending) { runtime = InteractorRuntime(interactor) }
}

@MainActor
@Suite struct LifecycleTests {
  @Test func releasingTheOwnerCancelsEffectsAndFreesIt() async {
    let started = Latch()
    let ended = LockIsolated(0)
    var owner: Owner? = Owner(Suspending(started: started, ended: ended))
    weak let weakOwner = owner
    weak let weakRuntime = owner?.runtime
    let task = owner!.runtime.send(.suspend)
    await started.wait()  // the effect is now suspended

    owner = nil
    // Freed although its effect is still suspended: effects do not retain their owner.
    #expect(weakOwner == nil)
    #expect(weakRuntime == nil)
    // And the release cancelled the effect, which has now ended.
    await task.finish()
    #expect(task.isCancelled)
    #expect(ended.value == 1)
  }

  @Test func finishedEffectsAreForgotten() async {
    let runtime = InteractorRuntime(Suspending(started: Latch(), ended: LockIsolated(0)))
    var tasks: [EventTask] = []
    tasks.reserveCapacity(100_000)
    for _ in 0..<100_000 {
      tasks.append(runtime.send(.bump))
    }
    for task in tasks { await task.finish() }
    tasks = []
    #expect(runtime.state == 200_000)
    #expect(runtime.diagnostics.isIdle, "\(runtime.diagnostics)")
  }

  @Test func waitForAllEffectsReturnsWhenNoEffectRuns() async {
    let runtime = InteractorRuntime(Suspending(started: Latch(), ended: LockIsolated(0)))
    await runtime.waitForAllEffects()  // nothing running: returns at once
    for _ in 0..<100 { runtime.send(.bump) }
    await runtime.waitForAllEffects()
    #expect(runtime.state == 200)
    #expect(runtime.diagnostics.runningEffects == 0)
  }

  @Test func waitForAllEffectsReturnsEarlyWhenCancelled() async {
    let started = Latch()
    let ended = LockIsolated(0)
    let runtime = InteractorRuntime(Suspending(started: started, ended: ended))
    let effect = runtime.send(.suspend)
    await started.wait()
    let waiter = Task { await runtime.waitForAllEffects() }
    waiter.cancel()
    await waiter.value
    #expect(ended.value == 0)  // the effect is still suspended: waiting did not cancel it
    effect.cancel()
    await effect.finish()
  }

  @Test func runningEffectsAreListedWithTheirAction() async {
    let started = Latch()
    let runtime = InteractorRuntime(Suspending(started: started, ended: LockIsolated(0)))
    let task = runtime.send(.suspend)
    #expect(runtime.actionsWithRunningEffects.count == 1)
    #expect(runtime.diagnostics.runningEffects == 1)
    task.cancel()
    #expect(runtime.actionsWithRunningEffects.isEmpty)
    await task.finish()
    #expect(runtime.diagnostics.runningEffects == 0)
  }

  /// An action whose emission is one effect has its event task opened and released in one turn of
  /// the registry's lock: the task stays open exactly as long as the effect runs, whether the
  /// effect returns before `send` does or long after.
  @Test func anActionsOneEffectKeepsItsTaskOpenUntilItReturns() async {
    let gate = Latch()
    let returned = LockIsolated(0)
    let runtime = InteractorRuntime(
      initialState: 0,
      interactor: Interact<Int, Bool> { _, waits in
        .perform { _, send in
          if waits { await gate.wait() }
          await send { $0 += 1 }
          returned.withValue { $0 += 1 }
        }
      })
    let held = runtime.send(true)
    #expect(held.hasEffects)
    #expect(runtime.diagnostics.openEventTasks == 1)
    let waiter = Task { await held.finish() }
    await runtime.send(false).finish()  // another action's effect does not end this one's task
    #expect(runtime.diagnostics.openEventTasks == 1)
    #expect(runtime.diagnostics.runningEffects == 1)
    #expect(returned.value == 1)
    gate.open()
    await waiter.value
    #expect(returned.value == 2)
    #expect(!held.isCancelled)
    #expect(runtime.state == 2)
    #expect(runtime.diagnostics.isIdle, "\(runtime.diagnostics)")
  }
}
