#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A pthread mutex that its owner holds inline and frees with itself: the one lock of UnoCore,
/// under `Locked` and under shared values' storage (`SharedStorage`), whose reads are specialised
/// where they are made, so it is `@usableFromInline`.
///
/// Why a pthread mutex and not `Synchronization.Mutex`: see `Locked`.
@usableFromInline
struct PthreadMutex: ~Copyable {
  // The mutex is allocated once and never moved (a pthread mutex must not move); it is freed in
  // `deinit`, when the owner goes away and nothing can hold the lock.
  @usableFromInline let pointer: UnsafeMutablePointer<pthread_mutex_t>

  @usableFromInline
  init() {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(pointer, nil)
    precondition(result == 0, "pthread_mutex_init failed with \(result)")
  }

  deinit {
    pthread_mutex_destroy(pointer)
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  @inlinable func lock() { pthread_mutex_lock(pointer) }
  @inlinable func unlock() { pthread_mutex_unlock(pointer) }
}
