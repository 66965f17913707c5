@_spi(Internals) import UnoCore

/// A one-shot gate that effects wait on until the test opens it. No wall clock involved.
///
/// `wait()` returns early when the waiting task is cancelled; `waitIgnoringCancellation()` does
/// not, which lets a test make a cancelled effect try to send anyway.
final class Latch: Sendable {
  private let opened = AsyncCondition(false)

  func open() { opened.withState { $0 = true } }

  func wait() async { await opened.wait(until: { $0 }) }

  func waitIgnoringCancellation() async { await opened.wait(until: { $0 }, cancellable: false) }
}

/// A thread-safe counter/flag box for effects to report into.
final class Box<Value: Sendable>: Sendable {
  private let storage: Locked<Value>
  init(_ value: Value) { storage = Locked(value) }
  var value: Value { storage.withLock { $0 } }
  func set(_ value: Value) { storage.withLock { $0 = value } }
  func update(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}

/// Records every state an observer sees.
@MainActor
final class StateLog<State: Sendable> {
  private(set) var states: [State] = []
  init<Action>(_ runtime: InteractorRuntime<State, Action>) {
    runtime.addObserver { [weak self] in self?.states.append($0) }
  }
}
