@_spi(Internals) import UnoCore

/// A one-shot gate for controllable fakes: work under test waits on it until the test opens it.
///
/// ```swift
/// let gate = TestGate()
/// let client = SearchClient(search: { query, _ in
///   await gate.wait()          // the request is "in flight" until the test says otherwise
///   return results[query]!
/// }, ...)
/// ...
/// gate.open()
/// ```
///
/// ``wait()`` also returns when the waiting task is cancelled, so a cancelled effect ends;
/// ``waitIgnoringCancellation()`` does not, which lets a test model a dependency that answers
/// after it was cancelled.
public final class TestGate: Sendable {
  private struct State {
    var isOpen = false
    var next = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  }
  private let state = Locked(State())

  /// A closed gate.
  public init() {}

  /// Whether ``open()`` was called.
  public var isOpen: Bool { state.withLock { $0.isOpen } }

  /// Lets every current and future waiter through.
  public func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the gate is open or the task is cancelled.
  public func wait() async {
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

  /// Waits until the gate is open, even if the task is cancelled.
  public func waitIgnoringCancellation() async {
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
