@_spi(Internals) import UnoCore

/// A one-shot gate that effects wait on until the test opens it. No wall clock involved.
///
/// `wait()` returns early when the waiting task is cancelled; `waitIgnoringCancellation()` does
/// not, which lets a test make a cancelled effect try to send anyway.
final class Latch: Sendable {
  private struct State {
    var isOpen = false
    var next = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  }
  private let state = Locked(State())

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    let id = state.withLock { state in
      state.next += 1
      return state.next
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if state.isOpen || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.resume()
    }
  }

  func waitIgnoringCancellation() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.next += 1
        state.waiters[state.next] = continuation
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
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
