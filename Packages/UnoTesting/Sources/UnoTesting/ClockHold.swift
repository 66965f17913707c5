import Clocks
@_spi(Internals) import UnoCore

/// Keeps swift-clocks' `TestClock` from moving past its present while a harness's effects that it
/// woke have not yet taken their next sleep.
///
/// A test marked `@MainActor` moves the clock on the main actor (`advance` runs in its caller's
/// isolation), and an effect it wakes writes its state on the main actor (`await send { … }`)
/// before it sleeps again. The clock, between two wake-ups, lets other work run only by awaiting
/// tasks that, on a busy machine, have often finished before the await: the main actor is then
/// not yielded, the write waits, and the clock looks for its next sleep before the effect took
/// it, and moves past it (a lost tick).
///
/// A hold is a sleep on the clock until its present, made by a task of the harness's whose every
/// job runs at once, on the thread that enqueues it (``InlineExecutor``). The clock finds it
/// first, wakes it (its present does not move), and looks again: the hold sleeps again at once,
/// as long as the effects have not settled, and the clock's next look yields again. Once they
/// have (each sleeps on a test clock, or none runs), the hold ends, and the clock finds the
/// effects' next sleep. An effect waiting on something else (a stream) cannot settle so: the hold
/// gives up after ``maximumTurns`` looks, and the clock moves on.
final class ClockHold: Sendable {
  private let clock: TestClock<Duration>
  private let isHolding = Locked(false)

  /// How many times a hold lets the clock look again at most.
  static let maximumTurns = 500

  init(_ clock: TestClock<Duration>) {
    self.clock = clock
  }

  /// Holds the clock at its present, from now on (the hold's sleep is taken before this returns),
  /// while `isUnsettled()` and the clock has looked fewer than ``maximumTurns`` times. Does
  /// nothing if a hold is under way.
  func hold(while isUnsettled: @escaping @Sendable () -> Bool) {
    guard isUnsettled(),
      isHolding.withLock({ holding in
        defer { holding = true }
        return !holding
      })
    else { return }
    let clock = self.clock
    let isHolding = self.isHolding
    Task(executorPreference: InlineExecutor.shared) {
      var turns = 0
      while turns < Self.maximumTurns, isUnsettled() {
        turns += 1
        do {
          try await clock.sleep(until: clock.now)
        } catch {
          break
        }
      }
      isHolding.withLock { $0 = false }
    }
  }
}

/// A task executor that runs each job at once, on the thread that enqueues it: what lets a
/// ``ClockHold`` take its sleep, and take it again when woken, before the clock looks again.
final class InlineExecutor: TaskExecutor, Sendable {
  static let shared = InlineExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    job.runSynchronously(on: asUnownedTaskExecutor())
  }
}
