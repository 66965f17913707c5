import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// What lets processes share a file on disk: a lock they all take around a read-merge-write
/// (``exclusively(_:_:)``), and a watch that tells when the file was replaced or written
/// (``watch(_:_:)``). ``SharedFileSystem/disk`` uses them.
enum FileCoordination {
  /// Runs `body` while holding an exclusive `flock` on `<file>.lock` beside the file: every
  /// process that saves the file through ``FileStorageKey`` takes it, so their reads and writes
  /// do not interleave. The lock file is kept (removing it would let two processes lock two
  /// different files). Blocks while another process holds it.
  static func exclusively(_ url: URL, _ body: () throws -> Void) throws {
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // Read-only: closing it then raises no write event for the watch of the directory.
    let descriptor = open(url.path + ".lock", O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    defer { flock(descriptor, LOCK_UN) }
    try body()
  }

  /// Calls `onChange` when an entry of the file's directory is written, created or renamed
  /// into place (an atomic save is a rename), until the subscription is cancelled. The caller
  /// reads the file and compares: an event says only that something may have changed.
  ///
  /// Linux: inotify on the directory (`IN_CLOSE_WRITE`, `IN_MOVED_TO`, `IN_CREATE`), read by a
  /// dispatch read source, so that nothing runs while nothing changes and a change is seen at once
  /// (a poll would trade a wake-up per interval for a delay of up to one). Apple platforms: a
  /// dispatch file-system source on the directory (kqueue's `NOTE_WRITE`, which a rename into it
  /// raises). Elsewhere, nothing is watched.
  static func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let queue = DispatchQueue(label: "UnoCore.FileStorageKey.watch")
    #if canImport(Glibc) || canImport(Musl)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return SharedSubscription {} }
      let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
      guard inotify_add_watch(descriptor, directory.path, mask) >= 0 else {
        close(descriptor)
        return SharedSubscription {}
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      let name = Array(url.lastPathComponent.utf8)
      source.setEventHandler {
        // Drain the events; only those naming the file matter (a save's temporary file and the
        // lock file are its neighbours).
        var buffer = [UInt8](repeating: 0, count: 4096)
        var named = false
        while true {
          let count = read(descriptor, &buffer, buffer.count)
          guard count > 0 else { break }
          var offset = 0
          // struct inotify_event: wd, mask, cookie, len (32 bits each), then len bytes of name.
          while offset + 16 <= count {
            let length = buffer.withUnsafeBytes {
              Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            }
            let start = offset + 16
            let end = min(start + length, count)
            let entry = buffer[start..<end].prefix { $0 != 0 }
            if entry.elementsEqual(name) { named = true }
            offset = start + length
          }
        }
        if named { onChange() }
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return SharedSubscription { [source = CancellableSource(source)] in source.cancel() }
    #elseif canImport(Darwin)
      let descriptor = open(directory.path, O_EVTONLY)
      guard descriptor >= 0 else { return SharedSubscription {} }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete], queue: queue)
      source.setEventHandler { onChange() }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return SharedSubscription { [source = CancellableSource(source)] in source.cancel() }
    #else
      return SharedSubscription {}
    #endif
  }
}

/// A dispatch source, to cancel from any thread.
private final class CancellableSource: @unchecked Sendable {
  // Why `@unchecked Sendable` is sound: the one property is a constant, and the only method
  // called through this box is `cancel()`, which Dispatch documents as callable from any thread
  // at any time (cancellation is asynchronous and idempotent).
  private let source: any DispatchSourceProtocol
  init(_ source: any DispatchSourceProtocol) { self.source = source }
  func cancel() { source.cancel() }
}
