import Dispatch
import Synchronization

/// The values of a shared value over time, for code that is not a runtime: a view model's owner,
/// a command-line tool, a server handler.
///
/// ```swift
/// for await standups in $standups.values {
///   print("\(standups.count) standups")
/// }
/// ```
///
/// - It starts with the value as it is when iteration starts, then has the value after each
///   change, in the order of the changes, each once (a change made elsewhere and loaded by the
///   key too). For a derived reference (`$standup.title`), each change of the value it comes
///   from is an element, whether or not it changed this part.
/// - A writer never waits for it: the values are buffered until read.
/// - It ends when the task iterating it is cancelled (or when the element a reference unwrapped
///   from an optional refers to is removed).
public struct SharedValues<Value: Sendable>: AsyncSequence, Sendable {
  public typealias Element = Value
  let reference: SharedReference<Value>

  public func makeAsyncIterator() -> AsyncStream<Value>.Iterator {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .unbounded)
    let gone = Mutex(false)
    let stop = reference.follow { value in
      guard let value else {
        gone.withLock { $0 = true }
        return continuation.finish()
      }
      continuation.yield(value)
    }
    // The removal takes the storage's lock, which is held where the stream ends because the
    // element went (in the follower above): it runs after, elsewhere.
    continuation.onTermination = { _ in DispatchQueue.global().async { stop() } }
    // Gone already when following began: the stream ended before it had a termination handler.
    if gone.withLock({ $0 }) { stop() }
    return stream.makeAsyncIterator()
  }
}

extension Shared {
  /// The value now and after each change: see ``SharedValues``.
  public var values: SharedValues<Value> { SharedValues(reference: reference) }
}
