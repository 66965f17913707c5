// Compiled with the `Host` trait only (Package.swift).
#if Host
  import ConcurrencyExtras
  import Foundation
  import Testing
  import UnoCore

  /// Runs the built uno-host binary with piped stdin/stdout.
  ///
  /// Its stdout is read continuously on a thread of its own: the host blocks when nobody reads its
  /// output (that is its flow control), so a test that wrote all its input first would deadlock.
  final class HostProcess: Sendable {
    let process: ChildProcess
    private let output = Output()

    /// Bytes read from the host's stdout so far, and whether it has ended.
    final class Output: Sendable {
      private let state = LockIsolated<(bytes: [UInt8], ended: Bool)>(([], false))
      private let condition = NSCondition()

      func append(_ data: [UInt8]) {
        condition.lock()
        state.withValue { $0.bytes.append(contentsOf: data) }
        condition.broadcast()
        condition.unlock()
      }

      func end() {
        condition.lock()
        state.withValue { $0.ended = true }
        condition.broadcast()
        condition.unlock()
      }

      /// Removes and returns the first line, waiting for it; `nil` at the end of output.
      func nextLine() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while true {
          let line = state.withValue { state -> String?? in
            if let newline = state.bytes.firstIndex(of: UInt8(ascii: "\n")) {
              let line = String(decoding: state.bytes[..<newline], as: UTF8.self)
              state.bytes.removeSubrange(...newline)
              return .some(line)
            }
            return state.ended ? .some(nil) : nil
          }
          if let line { return line }
          condition.wait()
        }
      }
    }

    /// The uno-host binary built next to this test bundle (or UNO_HOST_BINARY).
    static let binary: URL = {
      if let path = ProcessInfo.processInfo.environment["UNO_HOST_BINARY"] {
        return URL(fileURLWithPath: path)
      }
      #if os(Linux)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().appendingPathComponent("uno-host")
      #else
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("uno-host")
      #endif
    }()

    /// Arguments that let effects still running at end of input finish, however loaded the machine:
    /// a drain timeout far above any effect's own time. uno-host's 10 s default has been exceeded by
    /// the first search (which builds the name index) with the suite run beside busy loops. Output
    /// the timeout does not cut short is the same with any timeout.
    static let patientDrain = ["--drain-timeout", "600"]

    /// A write to a host that has exited fails with EPIPE instead of killing the test process with
    /// SIGPIPE (which would end the whole run without saying which test or why).
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// How long a host may run before it is taken to hang: it is killed, and the test that started
    /// it fails, rather than holding the whole run. No test needs a host for this long.
    static let hangLimit: TimeInterval = 600
    /// Whether the watchdog killed the host (see ``hangLimit``).
    private let killedAsHung = LockIsolated(false)

    init(_ arguments: [String] = [], binary: URL = HostProcess.binary) throws {
      Self.ignoreBrokenPipes
      process = try ChildProcess(binary.path, arguments)
      let (process, output, killedAsHung) = (process, self.output, self.killedAsHung)
      let outputEnded = DispatchSemaphore(value: 0)
      Thread {
        while let bytes = process.readOutput() { output.append(bytes) }
        output.end()
        outputEnded.signal()
      }.start()
      Thread {
        guard outputEnded.wait(timeout: .now() + Self.hangLimit) == .timedOut else { return }
        killedAsHung.setValue(true)
        process.send(SIGKILL)
      }.start()
    }

    /// Writes `text` to the host's stdin. Runs on a thread of its own: a write blocks while the
    /// pipe is full.
    func write(_ text: String) async {
      await write(bytes: Array(text.utf8))
    }

    /// Writes `bytes` to the host's stdin; if the host no longer reads it (it exited), records an
    /// issue saying so.
    func write(bytes: [UInt8]) async {
      if let failure = await onOwnThread({ self.process.write(bytes) }) {
        Issue.record("uno-host stopped reading its input (did it exit?): \(failure)")
      }
    }

    /// Reads one line, waiting until it arrives; `nil` at the end of output.
    func readLine() async -> String? {
      await onOwnThread { self.output.nextLine() }
    }

    /// Reads every remaining line until the host exits.
    func readToEnd() async -> (lines: [String], status: Int32) {
      let result = await onOwnThread {
        var lines: [String] = []
        while let line = self.output.nextLine() { lines.append(line) }
        return (lines, self.process.waitForExit())
      }
      if killedAsHung.value {
        Issue.record(
          "uno-host (\(process.pid)) was still running after \(Int(Self.hangLimit)) s and was killed")
      }
      return result
    }

    /// Closes stdin, then reads everything the host writes until it exits.
    func finish() async -> (lines: [String], status: Int32) {
      process.closeInput()
      return await readToEnd()
    }

    /// Runs the host over `input` and returns its output lines and exit status.
    static func run(
      _ arguments: [String] = [], input: String, binary: URL = HostProcess.binary
    ) async throws -> (lines: [String], status: Int32) {
      let host = try HostProcess(arguments, binary: binary)
      await host.write(input)
      return await host.finish()
    }
  }

  /// Runs blocking work (a pipe write, waiting for uno-host's output or exit) on a thread of its own.
  ///
  /// Tests run on Swift's cooperative thread pool, which has one thread per core; a test that
  /// blocked one of them while waiting for uno-host would starve every other test on a small machine.
  /// Only the blocking call goes there, never a test's expectations: an issue recorded on a thread
  /// of its own is not attributed to the test (it is reported as «unknown»).
  func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }
#endif
