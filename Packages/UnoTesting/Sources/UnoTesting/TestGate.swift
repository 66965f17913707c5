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
  private let opened = AsyncCondition(false)

  /// A closed gate.
  public init() {}

  /// Whether ``open()`` was called.
  public var isOpen: Bool { opened.state }

  /// Lets every current and future waiter through.
  public func open() {
    opened.withState { $0 = true }
  }

  /// Waits until the gate is open or the task is cancelled.
  public func wait() async {
    await opened.wait(until: { $0 })
  }

  /// Waits until the gate is open, even if the task is cancelled.
  public func waitIgnoringCancellation() async {
    await opened.wait(until: { $0 }, cancellable: false)
  }
}
