import Dispatch

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
    let stop = reference.follow { value in
      if let value {
        continuation.yield(value)
      } else {
        // Not here: this runs under the storage's lock, and finishing calls the termination
        // handler, which takes it.
        DispatchQueue.global().async { continuation.finish() }
      }
    }
    continuation.onTermination = { _ in stop() }
    return stream.makeAsyncIterator()
  }
}

extension Shared {
  /// The value now and after each change: see ``SharedValues``.
  public var values: SharedValues<Value> { SharedValues(reference: reference) }
}
