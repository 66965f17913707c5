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
  private let registry: FeatureRegistry
  private let output: @MainActor (String) -> Void
  private var sessions: [Int: Session] = [:]
  private var nextSession = 1
  private var nextAutoRequest = 1
  /// The request whose action is being handled right now: changes it makes synchronously are its.
  private var sending: (session: Int, request: JSONValue)?
  private var running = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  private lazy var featuresJSON = Self.describe(registry)

  final class Session {
    let id: Int
    let feature: String
    let session: FeatureSession
    /// Requests whose effects are running, by request key.
    var requests: [String: EventTask] = [:]
    /// The request each running event task belongs to.
    var requestByTask: [EventTask.ID: JSONValue] = [:]

    init(id: Int, feature: String, session: FeatureSession) {
      self.id = id
      self.feature = feature
      self.session = session
    }
  }

  /// Where each session's changes are traced, if anywhere (``init(registry:sessionDependencies:trace:output:)``).
  private let trace: (@Sendable (_ session: Int, _ feature: String) -> _ChangePrinter)?
  /// Dependency overrides every session is created with.
  private let sessionDependencies: @Sendable (inout DependencyValues) -> Void

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
  public init(
    registry: FeatureRegistry,
    sessionDependencies: @escaping @Sendable (inout DependencyValues) -> Void = { _ in },
    trace: (@Sendable (_ session: Int, _ feature: String) -> _ChangePrinter)? = nil,
    output: @escaping @MainActor (String) -> Void
  ) {
    self.registry = registry
    self.sessionDependencies = sessionDependencies
    self.trace = trace
    self.output = output
  }

  /// Open sessions.
  public var openSessions: Int { sessions.count }
  /// Requests whose effects have not finished.
  public var runningRequests: Int { running }

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
    switch request {
    case .version(let id):
      emit(#"{"type":"version","id":\#(json(id)),"protocol":\#(hostProtocolVersion),"host":"uno-host"}"#)
    case .features(let id):
      emit(#"{"type":"features","id":\#(json(id)),"features":\#(featuresJSON)}"#)
    case .sessions(let id):
      let list = sessions.keys.sorted().map {
        #"{"session":\#($0),"feature":\#(json(sessions[$0]!.feature))}"#
      }
      emit(#"{"type":"sessions","id":\#(json(id)),"sessions":[\#(list.joined(separator: ","))]}"#)
    case .open(let id, let feature):
      open(feature, id: id)
    case .send(let id, let session, let action):
      send(action, to: session, id: id)
    case .cancel(let id, let session, let request):
      cancel(request, in: session, id: id)
    case .close(let id, let session):
      close(session, id: id)
    }
  }

  // MARK: Operations

  /// Opens a session of `feature` and returns its number, or `nil` (after an error line).
  @discardableResult
  public func open(_ feature: String, id: JSONValue? = nil) -> Int? {
    guard let plugin = registry[feature] else {
      error(
        id, "unknown_feature",
        "unknown feature '\(feature)'; features are: \(registry.plugins.map(\.name).joined(separator: ", "))"
      )
      return nil
    }
    let number = nextSession
    nextSession += 1
    // The session's runtime captures these values where it is created.
    let featureSession = withDependencies { [trace, sessionDependencies] in
      sessionDependencies(&$0)
      if let trace { $0._changeTracer = trace(number, feature) }
    } operation: {
      plugin.makeSession()
    }
    let session = Session(id: number, feature: feature, session: featureSession)
    sessions[number] = session
    session.session.observeViewState { [weak self] state, source in
      self?.viewStateChanged(session: number, state: state, source: source)
    }
    emit(
      #"{"type":"opened","id":\#(json(id)),"session":\#(number),"feature":\#(json(feature)),"state":\#(session.session.viewStateJSON)}"#
    )
    return number
  }

  private func send(_ action: JSONValue, to number: Int, id: JSONValue?) {
    guard let session = session(number, id: id) else { return }
    let request = id ?? autoRequestID()
    let key = requestKey(request)
    if session.requests[key] != nil {
      error(
        id, "duplicate_request",
        "request \(json(request)) of session \(number) is still running; use a new id")
      return
    }
    sending = (number, request)
    let task: EventTask
    do {
      task = try session.session.send(action)
    } catch {
      sending = nil
      self.error(id, error.code, error.description)
      return
    }
    sending = nil
    guard let taskID = task.id else {
      emitFinished(session: number, request: request, cancelled: false)
      return
    }
    session.requests[key] = task
    session.requestByTask[taskID] = request
    running += 1
    Task { [weak self] in
      await task.finish()
      self?.requestFinished(
        session: number, key: key, taskID: taskID, request: request, cancelled: task.isCancelled)
    }
  }

  private func requestFinished(
    session number: Int, key: String, taskID: EventTask.ID, request: JSONValue, cancelled: Bool
  ) {
    running -= 1
    if let session = sessions[number] {
      session.requests[key] = nil
      session.requestByTask[taskID] = nil
      emitFinished(session: number, request: request, cancelled: cancelled)
    }
    if running == 0 { wakeIdleWaiters() }
  }

  private func cancel(_ request: String, in number: Int, id: JSONValue?) {
    guard let session = session(number, id: id) else { return }
    guard let task = session.requests[request] else {
      error(
        id, "unknown_request", "no running request '\(request)' in session \(number); it may have finished")
      return
    }
    task.cancel()
    emit(#"{"type":"cancelled","id":\#(json(id)),"session":\#(number),"request":\#(json(request))}"#)
  }

  private func close(_ number: Int, id: JSONValue?) {
    guard sessions.removeValue(forKey: number) != nil else {
      error(id, "unknown_session", "no open session \(number)")
      return
    }
    // Releasing the session releases its view model, which cancels its effects.
    emit(#"{"type":"closed","id":\#(json(id)),"session":\#(number)}"#)
  }

  /// Closes every session, cancelling their effects.
  public func closeAll() {
    sessions.removeAll()
  }

  /// Waits until no request is running, or until `timeout` has passed on `clock`. Returns whether
  /// everything finished.
  ///
  /// A timeout of zero (or less) does not wait: it returns at once whether anything still runs,
  /// so what it reports does not depend on how quickly a task gets to run.
  public func drain(timeout: Duration, clock: some Clock<Duration> = ContinuousClock()) async -> Bool {
    guard running > 0 else { return true }
    guard timeout > .zero else { return false }
    let deadline = clock.now.advanced(by: timeout)
    let timer = Task { [weak self] in
      // Cancelled (the wait ended first): wake nobody, or a later drain would return early.
      guard (try? await clock.sleep(toDeadline: deadline)) != nil else { return }
      self?.wakeIdleWaiters()
    }
    await withCheckedContinuation { idleWaiters.append($0) }
    timer.cancel()
    return running == 0
  }

  private func wakeIdleWaiters() {
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }

  // MARK: Output

  private func viewStateChanged(session number: Int, state: String, source: StateChangeSource) {
    let request: JSONValue?
    switch source {
    case .action:
      request = sending?.session == number ? sending?.request : nil
    case .effect(let taskID):
      request = sessions[number]?.requestByTask[taskID]
    }
    emit(#"{"type":"state","session":\#(number),"request":\#(json(request)),"state":\#(state)}"#)
  }

  private func emitFinished(session: Int, request: JSONValue, cancelled: Bool) {
    emit(#"{"type":"finished","session":\#(session),"request":\#(json(request)),"cancelled":\#(cancelled)}"#)
  }

  private func error(_ id: JSONValue?, _ code: String, _ message: String) {
    emit(#"{"type":"error","id":\#(json(id)),"code":\#(json(code)),"message":\#(json(message))}"#)
  }

  private func emit(_ line: String) {
    output(line)
  }

  private func session(_ number: Int, id: JSONValue?) -> Session? {
    guard let session = sessions[number] else {
      error(id, "unknown_session", "no open session \(number)")
      return nil
    }
    return session
  }

  private func autoRequestID() -> JSONValue {
    defer { nextAutoRequest += 1 }
    return .string("auto-\(nextAutoRequest)")
  }

  private func requestKey(_ request: JSONValue) -> String {
    switch request {
    case .string(let string): string
    case .integer(let int): String(int)
    default: json(request)
    }
  }

  /// The registry's features as JSON, written like every other host line (``JSONValue/text``):
  /// each feature's name, summary and actions, an action as its ``FeaturePlugin/ActionInfo``
  /// encodes.
  private static func describe(_ registry: FeatureRegistry) -> String {
    JSONValue.array(
      registry.plugins.map { plugin in
        .object([
          "name": .string(plugin.name),
          "summary": .string(plugin.summary),
          "actions": .array(
            plugin.actions.map { action in
              .object([
                "name": .string(action.name), "summary": .string(action.summary), "example": action.example,
              ])
            }),
        ])
      }
    ).text
  }
}

/// JSON text for an optional value: `null` when absent.
func json(_ value: JSONValue?) -> String {
  value?.text ?? "null"
}

/// A JSON string literal for `string`.
func json(_ string: String) -> String {
  JSONValue.quoted(string)
}
