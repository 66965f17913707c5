import ConcurrencyExtras
import Testing
@_spi(Internals) import UnoCore

/// Effects that wait for the test before writing.
struct Gated: Interactor {
  typealias DomainState = State
  struct State: Sendable, Equatable {
    var value = ""
    var other = 0
  }
  enum Action: Sendable {
    /// Waits on the latch (even when cancelled), then writes `value`.
    case write(String, Latch)
    /// The same, cancelling earlier writes with the same id.
    case latest(String, Latch)
    /// Cancels earlier `latest` effects and starts a new one, with the cancel first or last.
    case restart(String, Latch, cancelFirst: Bool)
    case cancelLatest
    case touchOther
  }
  enum ID { case latest }

  var ran: LockIsolated<[String]>

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .write(let value, let latch):
        return write(value, after: latch)
      case .latest(let value, let latch):
        return write(value, after: latch).cancellable(id: ID.latest, cancelInFlight: true)
      case .restart(let value, let latch, let cancelFirst):
        let cancel = Emission<State>.cancel(id: ID.latest)
        let start = write(value, after: latch).cancellable(id: ID.latest)
        return cancelFirst ? .merge(cancel, start) : .merge(start, cancel)
      case .cancelLatest:
        return .cancel(id: ID.latest)
      case .touchOther:
        state.other += 1
        return .state
      }
    }
  }

  private func write(_ value: String, after latch: Latch) -> Emission<State> {
    .perform { [ran] _, send in
      ran.withValue { $0.append(value) }
      await latch.waitIgnoringCancellation()
      await send { $0.value = value }
    }
  }
}

@MainActor
@Suite struct CancellationTests {
  @Test func sendAfterEventTaskCancelledChangesNothing() async {
    let started = Latch()
    let go = Latch()
    let runtime = InteractorRuntime(
      Interact<String, Void>(initialValue: "") { _, _ in
        .perform { _, send in
          started.open()
          await go.waitIgnoringCancellation()
          await send { $0 = "late" }
          await send("late")
        }
      }
    )
    let log = StateLog(runtime)
    let task = runtime.send(())
    await started.wait()  // the effect is running
    task.cancel()
    #expect(task.isCancelled)
    go.open()
    await task.finish()
    #expect(runtime.state == "")
    #expect(log.states.count == 1)  // only the action's own publication
    #expect(runtime.diagnostics.isIdle, "\(runtime.diagnostics)")
  }

  /// A burst of `cancelInFlight` effects whose cancelled tasks have not returned yet: each new
  /// effect's cancellation must not walk the ones cancelled before it (the debounce burst's cost
  /// grew with its length when they stayed listed under the id until their tasks returned).
  @Test func effectsCancelledInFlightLeaveTheirIdAtOnce() async {
    let started = AsyncCondition(0)
    let latch = Latch()
    let runtime = InteractorRuntime(
      Interact<Int, Int>(initialValue: 0) { _, value in
        .perform { _, send in
          started.withState { $0 += 1 }
          await latch.waitIgnoringCancellation()
          await send { $0 = value }
        }
        .cancellable(id: "latest", cancelInFlight: true)
      }
    )
    var tasks: [EventTask] = []
    for value in 1...200 {
      tasks.append(runtime.send(value))
      await started.wait(until: { $0 == value })  // running, and now cancelled by the next
    }
    #expect(runtime.diagnostics.runningEffects == 200)
    #expect(runtime.diagnostics.effectsListedByID == 1)
    #expect(runtime.diagnostics.cancellationIDs == 1)
    latch.open()
    for task in tasks { await task.finish() }
    #expect(runtime.state == 200)
    #expect(runtime.diagnostics.isIdle, "\(runtime.diagnostics)")
    #expect(runtime.diagnostics.effectsListedByID == 0)
  }

  @Test func cancelInFlightKeepsOnlyTheNewestResult() async {
    let ran = LockIsolated<[String]>([])
    let runtime = InteractorRuntime(Gated(ran: ran))
    let latches = (0..<3).map { _ in Latch() }
    let tasks = ["a", "ab", "abc"].enumerated().map { index, query in
      runtime.send(.latest(query, latches[index]))
    }
    #expect(tasks[0].isCancelled == false)
    // Open the newest first, then the stale ones: they still try to write, and must not.
    for latch in latches.reversed() { latch.open() }
    for task in tasks { await task.finish() }
    #expect(runtime.state.value == "abc")
  }

  @Test(arguments: [true, false])
  func cancellingAndRestartingTheSameIDKeepsTheNewEffect(cancelFirst: Bool) async {
    // The opposite is TCA issue #1848.
    let ran = LockIsolated<[String]>([])
    let runtime = InteractorRuntime(Gated(ran: ran))
    let old = Latch()
    let new = Latch()
    let oldTask = runtime.send(.latest("old", old))
    let newTask = runtime.send(.restart("new", new, cancelFirst: cancelFirst))
    new.open()
    await newTask.finish()
    #expect(runtime.state.value == "new")
    old.open()
    await oldTask.finish()
    #expect(runtime.state.value == "new")
    #expect(ran.value.contains("new"))
  }

  @Test func cancelByIDFromALaterAction() async {
    let ran = LockIsolated<[String]>([])
    let runtime = InteractorRuntime(Gated(ran: ran))
    let latch = Latch()
    let task = runtime.send(.latest("x", latch))
    runtime.send(.cancelLatest)
    latch.open()
    await task.finish()
    #expect(runtime.state.value == "")
    // A cancelled id can be used again.
    let again = Latch()
    again.open()
    await runtime.send(.latest("y", again)).finish()
    #expect(runtime.state.value == "y")
  }

  @Test func effectCancelledBeforeItStartedNeverRuns() async {
    // The opposite is TCA issue #3563. The action is queued behind the one being handled, and its
    // event task is cancelled before it is handled: its effect must never start.
    let ran = LockIsolated<[String]>([])
    let runtime = InteractorRuntime(Gated(ran: ran))
    let latch = Latch()
    latch.open()
    var queued: EventTask?
    runtime.addObserver { state in
      guard state.other == 1, queued == nil else { return }
      queued = runtime.send(.write("never", latch))
      queued?.cancel()
    }
    runtime.send(.touchOther)
    await queued?.finish()
    #expect(queued?.isCancelled == true)
    #expect(queued?.hasEffects == false)
    #expect(ran.value.isEmpty)
    #expect(runtime.state.value == "")
  }

  @Test func cancelAllEffectsKeepsTheRuntimeWorking() async {
    let ran = LockIsolated<[String]>([])
    let runtime = InteractorRuntime(Gated(ran: ran))
    let latch = Latch()
    let task = runtime.send(.write("dropped", latch))
    runtime.cancelAllEffects()
    latch.open()
    await task.finish()
    #expect(runtime.state.value == "")
    await runtime.send(.write("kept", latch)).finish()
    #expect(runtime.state.value == "kept")
  }

  @Test func cancellingTheTaskThatAwaitsFinishCancelsTheEffects() async {
    let runtime = InteractorRuntime(
      initialState: 0,
      interactor: Interact<Int, Latch>(initialValue: 0) { _, latch in
        .perform { _, send in
          await latch.wait()  // returns early when cancelled
          await send { $0 += 1 }
        }
      }
    )
    let latch = Latch()
    let eventTask = runtime.send(latch)
    let waiter = Task { await eventTask.finish() }
    waiter.cancel()
    await waiter.value
    await eventTask.finish()
    #expect(eventTask.isCancelled)
    #expect(runtime.state == 0)
  }
}
