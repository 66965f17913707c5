// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Dispatch
  import Foundation

  /// Writes lines to stdout. Lines written inside ``batch(_:)`` are flushed together at its end;
  /// others (those effects produce later) are flushed at once. A closed stdout ends the host
  /// cleanly.
  @MainActor
  final class StdoutWriter {
    private var buffer: [UInt8] = []
    private var batching = false

    func write(_ line: String) {
      buffer.append(contentsOf: line.utf8)
      buffer.append(UInt8(ascii: "\n"))
      if !batching { flush() }
    }

    /// Writes `text` as it is, without ending a line (the prompt of ``PromptedInput``).
    func writeText(_ text: String) {
      buffer.append(contentsOf: text.utf8)
      if !batching { flush() }
    }

    func batch(_ body: () -> Void) {
      batching = true
      body()
      batching = false
      flush()
    }

    /// Writes everything buffered. Blocks while the reader is slow: the host then stops reading
    /// input, so a slow reader cannot make it buffer without bound.
    func flush() {
      guard !buffer.isEmpty else { return }
      if !writeAll(buffer, to: STDOUT_FILENO) {
        exit(0)  // stdout is gone (EPIPE): nobody is listening any more
      }
      buffer.removeAll(keepingCapacity: buffer.count <= 1 << 20)
    }
  }

  /// Writes all of `bytes` to `descriptor`, blocking while it is full and retrying after signals.
  /// Returns `false` if the descriptor no longer takes bytes (its reader has gone).
  func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { bytes in
        Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// Reads stdin on a thread of its own and hands over one chunk at a time: the next read waits
  /// until the previous chunk was processed, so input never piles up in memory.
  enum StdinReader {
    struct Chunk: Sendable {
      let bytes: [UInt8]
      let done: DispatchSemaphore
      func processed() { done.signal() }
    }

    static func chunks() -> AsyncStream<Chunk> {
      let (stream, continuation) = AsyncStream<Chunk>.makeStream()
      let thread = Thread {
        let done = DispatchSemaphore(value: 0)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
          let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { break }
          continuation.yield(Chunk(bytes: Array(buffer[0..<count]), done: done))
          done.wait()
        }
        continuation.finish()
      }
      thread.start()
      return stream
    }
  }

  /// Calls `onSignal` on the main actor on SIGINT and SIGTERM. Returns once both are caught: a
  /// signal sent after it returns is never lost.
  ///
  /// Setting SIG_IGN and resuming a dispatch source is not enough on its own: the source is
  /// registered asynchronously, and a signal that arrives in between is ignored (a test that sent
  /// SIGTERM right after the host's first output line hung once in a few hundred runs). So this
  /// waits for each source's registration handler.
  func handleSignals(_ onSignal: @escaping @MainActor @Sendable () -> Void) -> [any DispatchSourceSignal] {
    let queue = DispatchQueue(label: "uno-host.signals")
    let registered = DispatchGroup()
    let sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.setEventHandler { DispatchQueue.main.async { MainActor.assumeIsolated { onSignal() } } }
      source.resume()
      return source
    }
    registered.wait()
    return sources
  }
#endif
