/// A value that several threads share, behind a pthread mutex, mutated in place.
///
/// Uno's packages use it wherever state is reached from more than one thread (the effect
/// registry, view-model streams, the test tools). It is not part of UnoCore's API: the other
/// packages reach it through the `Internals` SPI (`@_spi(Internals) import UnoCore`), so that they
/// share one implementation without offering it to apps. Apps that need a lock have
/// `LockIsolated` (swift-concurrency-extras) or `Mutex`.
///
/// ```swift
/// let hits = Locked(0)
/// hits.withLock { $0 += 1 }
/// let current = hits.withLock { $0 }
/// ```
///
/// Why not `Synchronization.Mutex`: on Linux it is built on raw futex calls, which
/// ThreadSanitizer does not model, so every cross-thread access it protects is reported as a data
/// race, and the sanitizer cannot check the rest of the program. A pthread mutex is understood by
/// the sanitizers on every platform. And unlike a lock that hands out copies
/// (`withValue { }` returning the new value), `withLock` gives the closure the stored value
/// itself, so mutating a large dictionary does not copy it.
@_spi(Internals) public final class Locked<Value: Sendable>: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: `value` is only reached inside `withLock`, between
  // `lock()` and `unlock()` of `mutex`, so no two threads touch it at once and each access is
  // ordered after the previous one; and `Value` is `Sendable`, so what a closure takes out of the
  // lock may cross threads.
  private var value: Value
  private let mutex = PthreadMutex()

  /// Creates a lock holding `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value, which it may mutate in place.
  ///
  /// `body` must not call `withLock` on the same lock: the mutex is not recursive.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&value)
  }
}
