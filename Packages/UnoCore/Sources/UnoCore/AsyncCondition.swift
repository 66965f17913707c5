import Dispatch
import Synchronization

/// The ids of every condition's waiters, from one counter: a counter in each condition would make
/// every runtime's effect registry 16 bytes larger (its allocation's size class).
private let waiterIDs = Atomic<Int>(0)

/// A value shared across tasks, and tasks waiting until it satisfies a condition: the waiter
/// that Uno's packages build their waits on (the effect registry's wait for idleness, the test
/// harness's state counts and end-of-test wait, `TestGate`, uno-host's end-of-input drains, the
/// Search index's build). The one exception is on the effect round trip, where it measured
/// slower: an ``EventTask``'s wait for its effects (`EffectRegistry.wait(for:isolation:)`).
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
@_spi(Internals) public final class AsyncCondition<State: Sendable>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: as in `Locked`, whose lock this holds inline (one object
  // fewer for each runtime, whose effect registry keeps its bookkeeping here): `storage` is only
  // reached inside `withLock`, between `lock()` and `unlock()` of `mutex`, and `State` is
  // `Sendable`.
  private struct Waiter {
    let condition: @Sendable (State) -> Bool
    let wake: Wake
  }

  /// What a waiter is: a suspended task, or (``blockingWait(until:timeout:)``) a blocked thread.
  private enum Wake {
    case task(CheckedContinuation<Void, Never>)
    case thread(DispatchSemaphore)

    func callAsFunction() {
      switch self {
      case .task(let continuation): continuation.resume()
      case .thread(let semaphore): semaphore.signal()
      }
    }
  }

  private struct Storage {
    var state: State
    var waiters: [Int: Waiter] = [:]
  }

  /// No dynamic exclusivity checks: every access is between the mutex's `lock()` and
  /// `unlock()`, so none can overlap another (the effect registry reaches it five times a round
  /// trip).
  @exclusivity(unchecked) private var storage: Storage
  private let mutex = PthreadMutex()

  private func withLock<Result>(_ body: (inout Storage) throws -> Result) rethrows -> Result {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&storage)
  }

  /// A condition over `state`.
  public init(_ state: State) {
    storage = Storage(state: state)
  }

  /// The current value.
  public var state: State { withLock { $0.state } }

  /// Reads or changes the value, then resumes the waiters whose condition now holds.
  ///
  /// With no waiter, this costs one lock and `body`: the effect registry keeps its bookkeeping
  /// here and changes it on every effect's start and end.
  @discardableResult
  public func withState<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    let (result, ready) = try withLock { storage -> (Result, [Wake]) in
      let result = try body(&storage.state)
      guard !storage.waiters.isEmpty else { return (result, []) }
      var ready: [(id: Int, wake: Wake)] = []
      for (id, waiter) in storage.waiters where waiter.condition(storage.state) {
        ready.append((id, waiter.wake))
      }
      // Removed after the loop, which iterates the dictionary: removing during it would copy it.
      for waiter in ready { storage.waiters[waiter.id] = nil }
      return (result, ready.map(\.wake))
    }
    for wake in ready { wake() }
    return result
  }

  /// Reads the value without checking the waiters: nothing changed.
  public func reading<Result>(_ body: (State) throws -> Result) rethrows -> Result {
    try withLock { try body($0.state) }
  }

  /// Returns once `condition` holds; also returns, early, when the waiting task is cancelled,
  /// unless `cancellable` is `false`.
  ///
  /// Runs in the caller's isolation (`isolation`, which the compiler fills in).
  ///
  /// `fileID` and `line` name the wait in the stall diagnostics (`UNO_WAITER_DUMP`, see
  /// `Tools/flake-check.sh`), and `what`, when given, says what it waits for (evaluated only
  /// when those diagnostics are on).
  public func wait(
    until condition: @escaping @Sendable (State) -> Bool, cancellable: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    what: @autoclosure () -> String? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) async {
    let id = waiterIDs.add(1, ordering: .relaxed).newValue
    let token = SuspendedWaiters.enter(
      what() ?? "AsyncCondition<\(State.self)> at \(fileID):\(line), state \(state)")
    defer { SuspendedWaiters.leave(token) }
    guard cancellable else {
      await suspend(id: id, until: condition, cancellable: false, isolation: isolation)
      return
    }
    await withTaskCancellationHandler {
      await suspend(id: id, until: condition, cancellable: true, isolation: isolation)
    } onCancel: {
      let waiter = withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.wake()
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

  private func suspend(
    id: Int, until condition: @escaping @Sendable (State) -> Bool, cancellable: Bool,
    isolation: isolated (any Actor)?
  ) async {
    await withCheckedContinuation(isolation: isolation) { continuation in
      let resumeNow = withLock { storage -> Bool in
        if condition(storage.state) || (cancellable && Task.isCancelled) { return true }
        storage.waiters[id] = Waiter(condition: condition, wake: .task(continuation))
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  /// Blocks the calling thread until `condition` holds or `timeout` has passed, and returns
  /// whether it held.
  ///
  /// For code that cannot await: the test harness's deinit, which gives effects that are only
  /// returning the time to return. The change waited for must not need the blocked thread.
  public func blockingWait(until condition: @escaping @Sendable (State) -> Bool, timeout: Duration) -> Bool {
    let semaphore = DispatchSemaphore(value: 0)
    let id = waiterIDs.add(1, ordering: .relaxed).newValue
    let waiting = withLock { storage -> Bool in
      guard !condition(storage.state) else { return false }
      storage.waiters[id] = Waiter(condition: condition, wake: .thread(semaphore))
      return true
    }
    guard waiting else { return true }
    let (seconds, attoseconds) = timeout.components
    // A timeout past a century is as good as none (and would overflow the nanoseconds).
    let deadline: DispatchTime =
      seconds > 3_155_760_000
      ? .distantFuture
      : .now() + .nanoseconds(Int(max(0, seconds)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    if semaphore.wait(timeout: deadline) == .timedOut {
      withLock { _ = $0.waiters.removeValue(forKey: id) }
    }
    return reading(condition)
  }
}
