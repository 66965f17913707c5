import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The issues Uno reports at a ``CallSite`` on this thread while some work runs: a host hands
/// them to whoever sent the action that caused them (a `forEach` dropping an action for a row
/// that is gone), beside the log.
///
/// A thread-local, not a task-local or IssueReporting's reporters: a host sends every action
/// through it, and binding a reporter list around each would allocate and push a task-local on
/// every send. Here a send that reports nothing pays two thread-local loads and a few stores.
/// (Under a test runner, IssueReporting sends issues to the test and skips its reporters; this
/// capture sees them there too.)
@_spi(Internals) public enum IssueCapture {
  /// What one thread collects; made once per thread that captures, and kept until the thread
  /// ends.
  private final class Box {
    var depth = 0
    var messages: [String] = []
  }

  /// The thread's box. When a thread that captured ends (a worker thread of the pool that goes
  /// idle), its box is released: the leak check found the box of an ended thread otherwise.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key, releaseBox)
    precondition(result == 0, "pthread_key_create failed with \(result)")
    return key
  }()

  private static var box: Box {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
    }
    // Retained for the life of the thread (released by `releaseBox` when it ends).
    let box = Box()
    pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
    return box
  }

  /// Starts capturing on this thread; returns the mark to give ``end(_:)``. Captures nest: an
  /// inner one's issues are the outer one's too.
  ///
  /// Two plain calls rather than a function that takes a closure, so that nothing generic and
  /// unspecialised across modules runs around every action a host sends.
  public static func begin() -> Int {
    let box = self.box
    box.depth += 1
    return box.messages.count
  }

  /// Ends the capture `begin()` started and returns the messages of the issues reported at a
  /// ``CallSite`` on this thread since.
  public static func end(_ mark: Int) -> [String] {
    let box = self.box
    let messages = box.messages.count > mark ? Array(box.messages[mark...]) : []
    box.depth -= 1
    if box.depth == 0, !box.messages.isEmpty { box.messages.removeAll(keepingCapacity: true) }
    return messages
  }

  /// Keeps `message` for the capture under way on this thread, if any.
  static func record(_ message: String) {
    guard let pointer = pthread_getspecific(key) else { return }
    let box = Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
    guard box.depth > 0 else { return }
    box.messages.append(message)
  }

  /// Where the issues of a task, and of every effect it starts, go instead of the test or the
  /// log, while it is bound (``collector``).
  ///
  /// An exploration binds one around each action it sends: the issues that action's step reports,
  /// and those its effects report later (a `dismiss()` after the screen is gone, a write after
  /// cancel), are the run's, reported once, with the shortest run, if they fail it. A task-local,
  /// unlike the thread's capture, follows the effects onto their own tasks and leaves alone the
  /// other work that runs on the same thread meanwhile (another test's, on the main actor).
  public final class Collector: Sendable {
    private let messages = Mutex<[String]>([])

    /// An empty collector.
    public init() {}

    func append(_ message: String) {
      messages.withLock { $0.append(message) }
    }

    /// The messages collected since the last call, oldest first.
    public func take() -> [String] {
      messages.withLock { messages in
        defer { messages.removeAll() }
        return messages
      }
    }
  }

  /// The collector that takes the issues reported in this task, if one is bound; the effects the
  /// task starts inherit it.
  @TaskLocal public static var collector: Collector?
}

/// Releases the box of a thread that ends: the destructor of `IssueCapture`'s thread-local key.
#if canImport(Darwin)
  private func releaseBox(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
  }
#else
  private func releaseBox(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
  }
#endif
