// Compiled with the `Host` trait only (Package.swift).
#if Host
  import ConcurrencyExtras
  import Foundation

  #if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
  #elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
  #endif

  /// A child process with its standard streams on pipes, started with `posix_spawn` and waited for
  /// with `waitpid`, for the tests that run uno-host, `script` or `swift build`.
  ///
  /// Not Foundation's `Process`: on Linux it learns that a child exited through a `SIGCHLD` dispatch
  /// source, a run loop on a monitor thread of its own and a socket, and hands pipe data to
  /// notification handlers, and those are where lost-notification bugs live. Here every blocking
  /// call (`read`, `write`, `waitpid`) is made directly, by a thread that does nothing else (see
  /// ``onOwnThread(_:)``), so nothing can be waiting for a notification that never comes: a child
  /// that exits always ends the `waitpid` of whoever waits for it, and its pipes' end always ends
  /// the `read` of whoever reads them.
  ///
  /// Every pipe end is close-on-exec, so a child started by another test at the same time never
  /// inherits them (and never keeps this child's input open after it is closed). POSIX has no
  /// `pipe2` (and Glibc's is not imported), so the pipes are made and marked, and the child started,
  /// under one lock that every ``ChildProcess`` takes: no spawn can fall between a `pipe` and its
  /// `fcntl`.
  final class ChildProcess: Sendable {
    /// Where the child's standard error goes.
    enum StandardError {
      /// To a pipe of its own, read with ``readStandardError()``.
      case pipe
      /// Into the standard output pipe, interleaved as the child writes them.
      case standardOutput
      /// To `/dev/null`.
      case discard
    }

    let pid: pid_t
    private let input: LockIsolated<Int32?>
    private let output: Int32
    private let errors: Int32?
    private let status = LockIsolated<Int32?>(nil)

    /// Starts `executable` (a path; use `/usr/bin/env` to look a name up in `PATH`) with `arguments`.
    init(_ executable: String, _ arguments: [String], standardError: StandardError = .discard) throws {
      (pid, input, output, errors) = try Self.spawning.withValue { _ in
        try Self.spawn(executable, arguments, standardError: standardError)
      }
    }

    /// Held while pipes are made and a child is started.
    private static let spawning = LockIsolated(())

    private static func spawn(
      _ executable: String, _ arguments: [String], standardError: StandardError
    ) throws -> (pid_t, LockIsolated<Int32?>, Int32, Int32?) {
      let stdin = try Self.makePipe()
      let stdout = try Self.makePipe()
      let stderr = standardError == .pipe ? try Self.makePipe() : nil

      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      // dup2 clears close-on-exec on the copy: the child gets exactly these three.
      posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
      posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
      switch standardError {
      case .pipe: posix_spawn_file_actions_adddup2(&actions, stderr!.write, 2)
      case .standardOutput: posix_spawn_file_actions_adddup2(&actions, stdout.write, 2)
      case .discard: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      }

      let argv = ([executable] + arguments).map { strdup($0) } + [nil]
      defer { for argument in argv { free(argument) } }
      var pid: pid_t = 0
      let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
      // The child's ends belong to the child now (or to nobody, if it did not start).
      for fd in [stdin.read, stdout.write, stderr?.write].compactMap({ $0 }) { close(fd) }
      guard spawned == 0 else {
        for fd in [stdin.write, stdout.read, stderr?.read].compactMap({ $0 }) { close(fd) }
        throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
      }
      return (pid, LockIsolated(stdin.write), stdout.read, stderr?.read)
    }

    deinit {
      closeInput()
      close(output)
      if let errors { close(errors) }
    }

    /// Writes all of `bytes` to the child's standard input, blocking while the pipe is full; returns
    /// the error if the child no longer reads it (it exited, or the input was closed). Call it
    /// through ``onOwnThread(_:)``.
    func write(_ bytes: [UInt8]) -> POSIXError? {
      input.withValue { fd -> POSIXError? in
        guard let fd else { return POSIXError(.EBADF) }
        var offset = 0
        while offset < bytes.count {
          let written = bytes.withUnsafeBytes { buffer in
            systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
          }
          if written < 0 {
            if errno == EINTR { continue }
            return POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
          }
          offset += written
        }
        return nil
      }
    }

    /// Closes the child's standard input, so that it reads its end. Closing twice does nothing.
    func closeInput() {
      input.withValue { fd in
        if let fd { close(fd) }
        fd = nil
      }
    }

    /// The next bytes the child writes to its standard output, blocking until there are some;
    /// `nil` once the child (and every process it started) has closed it. Call it through
    /// ``onOwnThread(_:)``.
    func readOutput() -> [UInt8]? { Self.read(output) }

    /// Everything the child writes to its standard error, until it closes it (``StandardError/pipe``
    /// only). Call it through ``onOwnThread(_:)``.
    func readStandardError() -> [UInt8] {
      errors.map(Self.readToEnd) ?? []
    }

    /// Everything left on the child's standard output, until it closes it.
    func readAllOutput() -> [UInt8] { Self.readToEnd(output) }

    private static func readToEnd(_ fd: Int32) -> [UInt8] {
      var bytes: [UInt8] = []
      while let chunk = read(fd) { bytes += chunk }
      return bytes
    }

    /// Blocks until the child exits and returns its exit status, or 128 plus the signal that ended
    /// it, as a shell reports it. Call it through ``onOwnThread(_:)``; later calls return the same.
    func waitForExit() -> Int32 {
      status.withValue { status in
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let signal = raw & 0x7f
        let result = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        status = result
        return result
      }
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
      kill(pid, signal)
    }

    private static func read(_ fd: Int32) -> [UInt8]? {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
        if count > 0 { return Array(buffer[..<count]) }
        if count == 0 || errno != EINTR { return nil }
      }
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
      var fds: [Int32] = [0, 0]
      guard pipe(&fds) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      return (fds[0], fds[1])
    }

    /// Runs a child to its end: writes `input` and closes it, reads both outputs to their ends (on
    /// threads of their own, so that neither pipe can fill and block the child), and waits for it.
    static func run(
      _ executable: String, _ arguments: [String], input: String = "", standardError: StandardError = .pipe
    ) async throws -> (output: [UInt8], errors: [UInt8], status: Int32) {
      let child = try ChildProcess(executable, arguments, standardError: standardError)
      async let output = onOwnThread { child.readAllOutput() }
      async let errors = onOwnThread { child.readStandardError() }
      _ = await onOwnThread { child.write(Array(input.utf8)) }
      child.closeInput()
      let (stdout, stderr) = await (output, errors)
      let status = await onOwnThread { child.waitForExit() }
      return (stdout, stderr, status)
    }
  }
#endif
