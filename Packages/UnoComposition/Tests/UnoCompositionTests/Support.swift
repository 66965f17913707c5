import UnoComposition
@_spi(Internals) import UnoCore

/// A thread-safe box for effects to report into.
final class Box<Value: Sendable>: Sendable {
  private let storage: Locked<Value>
  init(_ value: Value) { storage = Locked(value) }
  var value: Value { storage.withLock { $0 } }
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
