/// A value shared across tasks, and tasks waiting until it satisfies a condition: the one
/// cancellable-continuation waiter that Uno's packages build their waits on (the test harness's
/// state counts, `TestGate`, uno-host's end-of-input drains).
///
/// It is not part of UnoCore's API; Uno's other packages reach it through the `Internals` SPI.
///
/// ```swift
/// let running = AsyncCondition(0)
/// running.withState { $0 += 1 }                      // wakes whoever the new value satisfies
/// let idle = await running.wait(until: { $0 == 0 }, timeout: .seconds(10))
/// ```
///
/// The condition is checked under the same lock as every change, so a change made between a
/// waiter's check and its suspension is never missed. Waiters are resumed outside the lock.
@_spi(Internals) public final class AsyncCondition<State: Sendable>: Sendable {
  private struct Waiter {
    let condition: @Sendable (State) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct Storage {
    var state: State
    var nextID = 0
    var waiters: [Int: Waiter] = [:]
  }

  private let storage: Locked<Storage>

  /// A condition over `state`.
  public init(_ state: State) {
    storage = Locked(Storage(state: state))
  }

  /// The current value.
  public var state: State { storage.withLock { $0.state } }

  /// Reads or changes the value, then resumes the waiters whose condition now holds.
  @discardableResult
  public func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    let (result, ready) = try storage.withLock { storage -> (Result, [CheckedContinuation<Void, Never>]) in
      let result = try body(&storage.state)
      let state = storage.state
      let ready = storage.waiters.filter { $0.value.condition(state) }
      for id in ready.keys { storage.waiters[id] = nil }
      return (result, ready.values.map(\.continuation))
    }
    for continuation in ready { continuation.resume() }
    return result
  }

  /// Returns once `condition` holds; also returns, early, when the waiting task is cancelled,
  /// unless `cancellable` is `false`.
  ///
  /// `fileID` and `line` name the wait in the stall diagnostics (`UNO_WAITER_DUMP`, see
  /// `Tools/flake-check.sh`).
  public func wait(
    until condition: @escaping @Sendable (State) -> Bool, cancellable: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line
  ) async {
    let id = storage.withLock { storage in
      storage.nextID += 1
      return storage.nextID
    }
    let token = SuspendedWaiters.enter("AsyncCondition<\(State.self)> at \(fileID):\(line), state \(state)")
    defer { SuspendedWaiters.leave(token) }
    guard cancellable else {
      await suspend(id: id, until: condition, cancellable: false)
      return
    }
    await withTaskCancellationHandler {
      await suspend(id: id, until: condition, cancellable: true)
    } onCancel: {
      let waiter = storage.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.continuation.resume()
    }
  }

  /// Returns whether `condition` held before `timeout` passed on `clock`. The deadline is fixed
  /// when this is called, so advancing a test clock before the wait starts cannot move it.
  public func wait<C: Clock>(
    until condition: @escaping @Sendable (State) -> Bool, timeout: Duration, clock: C,
    fileID: StaticString = #fileID, line: UInt = #line
  ) async -> Bool where C.Duration == Duration {
    let deadline = clock.now.advanced(by: timeout)
    let met = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await self.wait(until: condition, fileID: fileID, line: line)
        return !Task.isCancelled
      }
      group.addTask {
        try? await clock.sleep(toDeadline: deadline)
        return false
      }
      defer { group.cancelAll() }
      return await group.next() ?? false
    }
    return met || condition(state)
  }

  /// Returns whether `condition` held before `timeout` passed on the continuous clock.
  public func wait(
    until condition: @escaping @Sendable (State) -> Bool, timeout: Duration,
    fileID: StaticString = #fileID, line: UInt = #line
  ) async -> Bool {
    await wait(until: condition, timeout: timeout, clock: ContinuousClock(), fileID: fileID, line: line)
  }

  private func suspend(id: Int, until condition: @escaping @Sendable (State) -> Bool, cancellable: Bool) async
  {
    await withCheckedContinuation { continuation in
      let resumeNow = storage.withLock { storage -> Bool in
        if condition(storage.state) || (cancellable && Task.isCancelled) { return true }
        storage.waiters[id] = Waiter(condition: condition, continuation: continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }
}
