import Dependencies
import Foundation
import UnoCore
import UnoPlugin

/// The uno-host protocol engine: takes request lines, runs feature sessions, and writes response
/// lines through `output`. It does no I/O of its own.
///
/// Every input line gets at least one output line: an answer or one error. A `send` is answered by
/// a `state` line for every view-state change it causes (now or later, from effects), each tagged
/// with its session and request, then a `finished` line when its effects are done.
@MainActor
public final class ProtocolHost {
  private let output: @MainActor (String) -> Void
  /// The sessions and their running requests; their changes come back as ``event(_:)``.
  private let sessions: HostSessions
  /// The sessions this host has open (the inspector follows them).
  public var hostSessions: HostSessions { sessions }
  private lazy var featuresJSON = sessions.registry.listing.text

  /// `--trace`'s printers: standard error, each line tagged `[session feature]`.
  public static let traceToStandardError: @Sendable (_ session: Int, _ feature: String) -> _ChangePrinter = {
    session, feature in .standardError(prefix: "[\(session) \(feature)] ")
  }

  /// Creates a host for `registry` that writes each response line (without newline) to `output`.
  ///
  /// Every session's runtime is created with `sessionDependencies` applied: uno-host sets the
  /// data directory (`--data-dir`) and, for reproducible transcripts, the id generator there.
  ///
  /// With `trace`, every session prints each change it makes through the printer `trace` gives
  /// for it: the action (or the effect and the action that started it) and a diff of the domain
  /// state. uno-host's `--trace` passes printers to standard error, tagged with the session.
  ///
  /// With `recordLimit`, every session of a recordable feature records its last `recordLimit`
  /// changes, which the `export` request returns (uno-host's `--record`).
  public init(
    registry: FeatureRegistry,
    sessionDependencies: @escaping @Sendable (inout DependencyValues) -> Void = { _ in },
    trace: (@Sendable (_ session: Int, _ feature: String) -> _ChangePrinter)? = nil,
    recordLimit: Int? = nil,
    output: @escaping @MainActor (String) -> Void
  ) {
    self.output = output
    self.sessions = HostSessions(
      registry: registry, sessionDependencies: sessionDependencies, trace: trace, recordLimit: recordLimit)
    // The host owns its sessions: they tell it of their events through a weak reference.
    sessions.observe { [weak self] activity in
      if case .event(let event) = activity { self?.event(event) }
    }
  }

  /// Open sessions.
  public var openSessions: Int { sessions.openSessions }
  /// Requests whose effects have not finished.
  public var runningRequests: Int { sessions.runningRequests }

  // MARK: Input

  /// Handles one event of a ``LineSplitter``.
  public func handle(_ event: LineSplitter.Event) {
    switch event {
    case .line(let bytes):
      handle(line: bytes)
    case .tooLong(let length):
      error(
        nil, "line_too_long", "the line is \(length) bytes long; the limit is \(Limits.maximumLineLength)")
    }
  }

  /// Handles one request line.
  public func handle(line: [UInt8]) {
    handle(parseRequest(line))
  }

  /// Handles a parsed line: the request, or one error line.
  public func handle(_ parsed: Result<Request, RequestError>) {
    switch parsed {
    case .success(let request): handle(request)
    case .failure(let failure): error(failure.id, failure.code, failure.message)
    }
  }

  /// Handles one request.
  public func handle(_ request: Request) {
    do throws(HostSessions.Failure) {
      switch request {
      case .version(let id):
        emit(.version(id: id))
      case .features(let id):
        emit(.features(id: id, features: featuresJSON))
      case .sessions(let id):
        emit(.sessions(id: id, sessions.list))
      case .open(let id, let feature):
        try opened(feature, id: id)
      case .send(let id, let session, let action):
        try sessions.send(action, to: session, request: id)
      case .cancel(let id, let session, let request):
        try sessions.cancel(request: request, in: session)
        emit(.cancelled(id: id, session: session, request: request))
      case .close(let id, let session):
        try sessions.close(session)
        emit(.closed(id: id, session: session))
      case .export(let id, let session):
        let (feature, lines) = try sessions.recording(of: session)
        emit(.recording(id: id, session: session, feature: feature, lines: lines))
      }
    } catch {
      self.error(request.id, error.code, error.message)
    }
  }

  /// Handles a line typed to `run <feature> --format json` for `session`: anything
  /// ``TypedLine`` reads, answered as JSON lines (`help`, `state` and `features` too).
  ///
  /// - Returns: `false` after `quit`: read no more lines.
  public func handle(typed line: [UInt8], session: Int) -> Bool {
    guard let text = String(validating: line, as: UTF8.self) else {
      error(nil, "invalid_utf8", "the line is not valid UTF-8")
      return true
    }
    let plugin: FeaturePlugin
    do throws(HostSessions.Failure) {
      guard let found = sessions.registry[try sessions.feature(of: session)] else { return true }
      plugin = found
    } catch {
      self.error(nil, error.code, error.message)
      return true
    }
    switch TypedLine.parse(text, for: plugin) {
    case nil:
      break
    case .failure(let failure):
      error(failure.id, failure.code, failure.message)
    case .success(.request(let request)):
      handle(request)
    case .success(.action(let action)):
      handle(.send(id: nil, session: session, action: action))
    case .success(.help):
      emit(.help(feature: plugin.name, entry: plugin.help.text))
    case .success(.state):
      do throws(HostSessions.Failure) {
        emit(.state(session: session, request: nil, state: try sessions.state(of: session)))
      } catch {
        self.error(nil, error.code, error.message)
      }
    case .success(.features):
      handle(.features(id: nil))
    case .success(.quit):
      return false
    case .success(.command(let name, let argument)):
      do {
        try sessions.send(to: session) { session throws(FeatureCommandError) in
          try session.runCommand(name, argument: argument)
        }
      } catch {
        switch error {
        case .refused(let failure): self.error(nil, failure.code, failure.message)
        case .failed(let failure): self.error(nil, "command_not_applied", failure.message)
        }
      }
    }
    return true
  }

  // MARK: Operations

  /// Opens a session of `feature` and returns its number, or `nil` (after an error line).
  @discardableResult
  public func open(_ feature: String, id: JSONValue? = nil) -> Int? {
    do throws(HostSessions.Failure) {
      return try opened(feature, id: id)
    } catch {
      self.error(id, error.code, error.message)
      return nil
    }
  }

  @discardableResult
  private func opened(_ feature: String, id: JSONValue?) throws(HostSessions.Failure) -> Int {
    let (number, state) = try sessions.open(feature)
    emit(.opened(id: id, session: number, feature: feature, state: state))
    return number
  }

  /// Closes every session, cancelling their effects.
  public func closeAll() {
    sessions.closeAll()
  }

  /// Waits until no request is running, or until `timeout` has passed on `clock`. Returns whether
  /// everything finished.
  ///
  /// A timeout of zero (or less) does not wait: it returns at once whether anything still runs,
  /// so what it reports does not depend on how quickly a task gets to run.
  public func drain(timeout: Duration, clock: some Clock<Duration> = ContinuousClock()) async -> Bool {
    await sessions.drain(timeout: timeout, clock: clock)
  }

  /// What a host does when its input ends: lets the running requests finish for up to
  /// `drainTimeout`, says so in a `drain_timeout` error if some did not, then closes every
  /// session, which cancels what still runs.
  public func endOfInput(drainTimeout: Duration, clock: some Clock<Duration> = ContinuousClock()) async {
    if await !drain(timeout: drainTimeout, clock: clock) {
      let seconds =
        Double(drainTimeout.components.seconds) + Double(drainTimeout.components.attoseconds) / 1e18
      error(
        nil, "drain_timeout",
        "\(runningRequests) request(s) still running after \(seconds) s at end of input were cancelled")
    }
    closeAll()
  }

  // MARK: Output

  private func event(_ event: HostSessions.Event) {
    switch event {
    case .changed(let session, let state, let request):
      emit(.state(session: session, request: request, state: state))
    case .finished(let session, let request, let cancelled):
      emit(.finished(session: session, request: request, cancelled: cancelled))
    case .warning(let session, let request, let code, let message):
      emit(.warning(session: session, request: request, code: code, message: message))
    }
  }

  private func error(_ id: JSONValue?, _ code: String, _ message: String) {
    emit(.error(id: id, code: code, message: message))
  }

  /// The one place lines leave the host.
  private func emit(_ response: HostResponse) {
    output(response.line)
  }
}
