/// The effect whose task the current code runs in, when its runtime runs effects on an executor
/// of its own (``InteractorRuntime/effectExecutor``, a test harness's): what a test clock
/// records of a sleep, so that a step that waits in vain can say which effect sleeps until when.
@_spi(Internals)
public struct RunningEffect: Sendable {
  /// The effect, as long as it runs (its record's identity).
  public let id: ObjectIdentifier
  /// The action that started it.
  public let action: any Sendable
  /// Where its work was written.
  public let callSite: CallSite

  init(id: ObjectIdentifier, action: any Sendable, callSite: CallSite) {
    (self.id, self.action, self.callSite) = (id, action, callSite)
  }

  /// The effect the current task belongs to (its child tasks and the tasks it creates too).
  @TaskLocal public static var current: RunningEffect?

  /// Whether the current code is cancelling effects' tasks, when their runtime runs them on an
  /// executor of its own: such an executor must not wait, in `enqueue`, for the job it is given
  /// to run, since the concurrency runtime holds the cancelled task's status locked meanwhile.
  @TaskLocal public static var isCancelling = false

  /// Whether the current code is starting an effect's task, when its runtime runs effects on an
  /// executor of its own: the runtime is in the middle of a step, where such an executor may wait
  /// for the effect to run, but must not run other main-actor work.
  @TaskLocal public static var isStarting = false
}
