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
}
