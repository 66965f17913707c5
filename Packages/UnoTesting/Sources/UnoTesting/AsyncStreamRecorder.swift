import Clocks
@_spi(Internals) import UnoCore

/// Records every element of an asynchronous sequence, for assertions.
///
/// ```swift
/// let recorder = AsyncStreamRecorder<CounterState>()
/// recorder.record(CounterInteractor().interact(actions))
///
/// continuation.yield(.increment)
/// try await recorder.waitForEmissions(count: 2)
/// #expect(recorder.values == [CounterState(count: 0), CounterState(count: 1)])
/// recorder.cancel()
/// ```
public final class AsyncStreamRecorder<Element: Sendable>: Sendable {
  /// What the recording task writes into; the task holds this, not the recorder, so releasing
  /// the recorder stops the recording.
  private final class Storage: Sendable {
    let values = Locked<[Element]>([])
    let waiters: CountWaiters
    init(waiters: CountWaiters) { self.waiters = waiters }
  }
  private let storage: Storage
  private let task = Locked<Task<Void, Never>?>(nil)

  /// Creates a recorder.
  ///
  /// - Parameter clock: The clock that measures ``waitForEmissions(count:timeout:)``'s timeout.
  ///   Tests of timeouts pass a `TestClock`.
  public init(clock: any Clock<Duration> = ContinuousClock()) {
    storage = Storage(waiters: CountWaiters(clock: clock))
  }

  deinit {
    task.withLock { $0?.cancel() }
  }

  /// Every element recorded so far, in order.
  public var values: [Element] { storage.values.withLock { $0 } }

  /// Starts recording `sequence` on a new task; stops at its end, at its error, or at ``cancel()``.
  /// Recording a second sequence stops the first.
  public func record<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Element {
    let newTask = Task { [storage] in
      do {
        for try await element in sequence {
          let count = storage.values.withLock { values -> Int in
            values.append(element)
            return values.count
          }
          storage.waiters.update(count: count)
        }
      } catch {}
    }
    let old = task.withLock { task -> Task<Void, Never>? in
      defer { task = newTask }
      return task
    }
    old?.cancel()
  }

  /// Returns once at least `count` elements have been recorded in total.
  ///
  /// - Throws: ``WaitTimeout`` if they have not arrived after `timeout` (on the recorder's clock),
  ///   saying how many were expected and how many arrived.
  public func waitForEmissions(count: Int, timeout: Duration = .seconds(30)) async throws {
    try await storage.waiters.wait(for: count, timeout: timeout, what: "values")
  }

  /// Stops recording.
  public func cancel() {
    task.withLock { $0?.cancel() }
  }
}
