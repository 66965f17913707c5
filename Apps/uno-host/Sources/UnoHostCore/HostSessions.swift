import Dependencies
import UnoCore
import UnoPlugin

/// The sessions a host has open and the requests running in them: what every front end of
/// uno-host shares (the JSON-lines protocol, ``ProtocolHost``, and the Model Context Protocol
/// server). The running requests are kept in one table of their `EventTask`s (`HostRequests`).
///
/// Each operation either succeeds or throws a ``Failure`` with a stable code and a message for a
/// person; the front end decides how to write it. Changes of a session's view state and the end
/// of a request's effects are reported through `events`, each tagged with the request it belongs
/// to: the one its action was sent as for a change an action makes (the session hears it with the
/// send: `FeatureSession.send(_:request:)`), the one whose effect wrote it for a change an effect
/// makes.
@MainActor
public final class HostSessions {
  /// Why an operation failed.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stable machine-readable code, e.g. `unknown_session`.
    public let code: String
    /// What is wrong and how to fix it, for a person.
    public let message: String

    public init(_ code: String, _ message: String) {
      self.code = code
      self.message = message
    }

    public var description: String { "\(code): \(message)" }
  }

  /// What happened in a session, as it happens.
  public enum Event: Sendable {
    /// The session's view state is now `state` (JSON text), changed by `request` (`nil` when no
    /// request of this host caused it).
    case changed(session: Int, state: String, request: JSONValue?)
    /// Every effect of `request` has ended, by finishing or by being cancelled.
    case finished(session: Int, request: JSONValue, cancelled: Bool)
    /// Something went wrong that the request's sender should hear of: an effect of its action
    /// threw an error that nothing handled (`effect_failed`). `request` is `nil` when the effect
    /// belongs to no running request.
    case warning(session: Int, request: JSONValue?, code: String, message: String)
  }

  /// What an observer of every session (``observe(_:)``, the inspector) is told.
  public enum Activity: Sendable {
    /// A session was opened.
    case opened(session: Int, feature: String)
    /// A session was closed.
    case closed(session: Int)
    /// The recording of a session (a host with a `recordLimit`) gained an entry: its domain state
    /// changed, by `request` (`nil` when no request of this host caused it), whether or not its
    /// view state did. An effect that writes a field no view shows is recorded, and told here
    /// with its request, though no ``Event/changed(session:state:request:)`` follows.
    case recorded(session: Int, request: JSONValue?)
    /// Something happened in a session (what the front end is told as well).
    case event(Event)
  }

  /// An open session.
  public struct Summary: Equatable, Sendable {
    public let session: Int
    public let feature: String
  }

  private struct Session {
    let feature: String
    let session: FeatureSession
  }

  /// The features sessions can be opened of.
  public let registry: FeatureRegistry
  private let frontEndEvents: @MainActor (Event) -> Void
  /// Observers of every session (``observe(_:)``).
  private var observers: [@MainActor (Activity) -> Void] = []
  private let sessionDependencies: @Sendable (inout DependencyValues) -> Void
  private let trace: (@Sendable (_ session: Int, _ feature: String) -> _ChangePrinter)?
  /// When set (uno-host `--record`), every session of a recordable feature records its last
  /// `recordLimit` changes from the moment it opens.
  public let recordLimit: Int?
  private var sessions: [Int: Session] = [:]
  private var nextSession = 1
  private var nextAutoRequest = 1
  /// The requests whose effects are running, in every session.
  private let requests = HostRequests()

  /// Creates an empty table of sessions of `registry`'s features.
  ///
  /// - Parameters:
  ///   - sessionDependencies: Applied where each session's runtime is created (uno-host sets the
  ///     data directory and, for reproducible transcripts, the id generator).
  ///   - trace: The change printer of each session, if changes are traced.
  ///   - events: Told of every view-state change and of the end of every request's effects. A
  ///     front end that owns the sessions (and so cannot be captured here) observes them with
  ///     ``observe(_:)`` instead.
  public init(
    registry: FeatureRegistry,
    sessionDependencies: @escaping @Sendable (inout DependencyValues) -> Void = { _ in },
    trace: (@Sendable (_ session: Int, _ feature: String) -> _ChangePrinter)? = nil,
    recordLimit: Int? = nil,
    events: @escaping @MainActor (Event) -> Void = { _ in }
  ) {
    self.registry = registry
    self.recordLimit = recordLimit
    self.sessionDependencies = sessionDependencies
    self.trace = trace
    self.frontEndEvents = events
  }

  /// Calls `observer` whenever a session opens or closes and with every ``Event``, after the
  /// front end has been told. The inspector follows the sessions this way.
  public func observe(_ observer: @escaping @MainActor (Activity) -> Void) {
    observers.append(observer)
  }

  private func events(_ event: Event) {
    frontEndEvents(event)
    for observer in observers { observer(.event(event)) }
  }

  private func tell(_ activity: Activity) {
    for observer in observers { observer(activity) }
  }

  /// Open sessions, in the order they were opened.
  public var list: [Summary] {
    sessions.keys.sorted().map { Summary(session: $0, feature: sessions[$0]!.feature) }
  }

  /// How many sessions are open.
  public var openSessions: Int { sessions.count }

  /// Requests whose effects have not finished.
  public var runningRequests: Int { requests.count }

  /// Takes the next session number without opening a session: the inspector numbers the
  /// sessions of the apps connected to it (docs/inspector.md, "Your own app") from the same
  /// count, so that a page tells every session apart by its number.
  public func reserveSessionNumber() -> Int {
    defer { nextSession += 1 }
    return nextSession
  }

  /// Opens a session of `feature`; returns its number and its initial view state (JSON text).
  public func open(_ feature: String) throws(Failure) -> (session: Int, state: String) {
    guard let plugin = registry[feature] else {
      throw Failure(
        "unknown_feature",
        "unknown feature '\(feature)'; features are: \(registry.plugins.map(\.name).joined(separator: ", "))"
      )
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
    sessions[number] = Session(feature: feature, session: featureSession)
    featureSession.observeViewStateWithRequests { [weak self] state, change in
      guard let self else { return }
      events(.changed(session: number, state: state, request: request(causing: change)))
    }
    if let recordLimit, featureSession.isRecordable {
      try? featureSession.startRecording(limit: recordLimit)
      featureSession.observeChangesWithRequests { [weak self] change in
        guard let self else { return }
        tell(.recorded(session: number, request: request(causing: change)))
      }
    }
    featureSession.observeEffectFailures { [weak self] message, task in
      guard let self else { return }
      events(
        .warning(
          session: number, request: requests.request(runningAs: task), code: "effect_failed", message: message
        ))
    }
    tell(.opened(session: number, feature: feature))
    return (number, featureSession.viewStateJSON)
  }

  /// The session's recording as JSON lines, one per element.
  ///
  /// - Throws: `not_recordable` when the feature cannot be recorded, `not_recording` when the
  ///   host was not started with `--record`.
  public func recording(of number: Int) throws(Failure) -> (feature: String, lines: [String]) {
    let session = try self.session(number)
    let text: String?
    do {
      text = try session.session.recordingJSONLines()
    } catch let error as FeatureError {
      throw Failure(error.code, error.description)
    } catch {
      throw Failure("recording_failed", "the recording of session \(number) could not be written: \(error)")
    }
    guard let text else {
      throw Failure(
        "not_recording",
        "session \(number) is not recording: start uno-host with --record to record every session")
    }
    return (session.feature, text.split(separator: "\n").map(String.init))
  }

  /// Whether `session`'s feature can be recorded, and whether the session is recording.
  public func recordingStatus(of number: Int) throws(Failure) -> (recordable: Bool, recording: Bool) {
    let session = try self.session(number).session
    return (session.isRecordable, session.isRecording)
  }

  /// The entries `session` recorded from entry `index` on, each as its JSON line (see
  /// `FeatureSession.recordedEntries(from:)`).
  ///
  /// - Throws: `not_recordable`, `not_recording` (as ``recording(of:)``).
  public func recordedEntries(of number: Int, from index: Int) throws(Failure) -> RecordedEntries {
    let session = try self.session(number)
    let entries: RecordedEntries?
    do {
      entries = try session.session.recordedEntries(from: index)
    } catch let error as FeatureError {
      throw Failure(error.code, error.description)
    } catch {
      throw Failure("recording_failed", "the recording of session \(number) could not be written: \(error)")
    }
    guard let entries else {
      throw Failure("not_recording", "session \(number) is not recording")
    }
    return entries
  }

  /// How many entries `session` has recorded, dropped ones included; `nil` when it is not
  /// recording.
  public func recordedCount(of number: Int) throws(Failure) -> Int? {
    try session(number).session.recordedCount
  }

  /// Sets `session` back to the state after its recorded entry `index` (`dropped - 1` for the
  /// state before the oldest entry kept), as a change of its own that its recording keeps.
  ///
  /// - Throws: `not_recordable`, `not_recording`, or `unknown_entry` when the recording does not
  ///   hold that entry (dropped from its ring, or not recorded yet).
  public func rewind(_ number: Int, toRecordedEntry index: Int) throws(Failure) {
    let session = try self.session(number)
    guard session.session.isRecording else {
      throw Failure("not_recording", "session \(number) is not recording: there is nothing to rewind to")
    }
    let done: Bool
    do {
      done = try session.session.rewind(toRecordedEntry: index)
    } catch {
      throw Failure(error.code, error.description)
    }
    guard done else {
      throw Failure(
        "unknown_entry",
        "session \(number)'s recording has no entry \(index): it was dropped from the recording's ring, or not recorded yet"
      )
    }
  }

  /// The current view state of `session` (JSON text).
  public func state(of session: Int) throws(Failure) -> String {
    try self.session(session).session.viewStateJSON
  }

  /// The current view state of `session`, as a value.
  public func stateValue(of session: Int) throws(Failure) -> JSONValue {
    try self.session(session).session.viewStateValue
  }

  /// The session itself, for a front end that drives it directly (the terminal mode): what it
  /// sends is seen by ``observe(_:)``'s observers as changes no request made.
  public func featureSession(_ number: Int) throws(Failure) -> FeatureSession {
    try session(number).session
  }

  /// The feature `session` runs.
  public func feature(of session: Int) throws(Failure) -> String {
    try self.session(session).feature
  }

  /// Sends `action` (a name, or a one-key object with its payload) to `session` as `request`
  /// (`auto-<n>` when `nil`).
  ///
  /// The changes the action makes are reported before this returns; if it started no effect, so
  /// is its ``Event/finished(session:request:cancelled:)``.
  ///
  /// - Returns: The request's id and the action's ``EventTask``.
  @discardableResult
  public func send(
    _ action: JSONValue, to number: Int, request: JSONValue? = nil
  ) throws(Failure) -> (request: JSONValue, task: EventTask) {
    do {
      return try send(to: number, request: request) { session throws(FeatureError) in try session.send(action)
      }
    } catch {
      switch error {
      case .refused(let failure): throw failure
      case .failed(let error): throw Failure(error.code, error.description)
      }
    }
  }

  /// Why ``send(to:request:_:)`` sent nothing.
  public enum SendFailure<Failed: Error>: Error {
    /// The host refused the request: no such session, or a request of that id still runs.
    case refused(Failure)
    /// What was sent failed: `body`'s error.
    case failed(Failed)
  }

  /// A session, and the request what is sent to it belongs to: what ``send(to:request:_:)``
  /// gives its body, so that every send names its request.
  @MainActor
  public struct Sender {
    /// The session.
    public let session: FeatureSession
    /// The request.
    public let request: JSONValue

    /// Sends `action` to the session as ``request`` (`FeatureSession.send(_:request:)`).
    @discardableResult
    public func send(_ action: JSONValue) throws(FeatureError) -> EventTask {
      try session.send(action, request: request)
    }

    /// Runs the session's command `name` as ``request``
    /// (`FeatureSession.runCommand(_:argument:request:)`).
    @discardableResult
    public func runCommand(_ name: String, argument: String?) throws(FeatureCommandError) -> EventTask {
      try session.runCommand(name, argument: argument, request: request)
    }
  }

  /// Sends to `session` whatever `body` sends through its ``Sender`` (an action, a feature's
  /// command), as `request` (`auto-<n>` when `nil`): its changes and the end of its effects are
  /// reported as those of `request`, as ``send(_:to:request:)`` reports an action's.
  ///
  /// ```swift
  /// try sessions.send(to: 1) { try $0.runCommand("toggle", argument: "0") }
  /// ```
  @discardableResult
  public func send<Failed: Error>(
    to number: Int, request: JSONValue? = nil, _ body: (Sender) throws(Failed) -> EventTask
  ) throws(SendFailure<Failed>) -> (request: JSONValue, task: EventTask) {
    let session: Session
    do {
      session = try self.session(number)
    } catch {
      throw .refused(error)
    }
    let request = request ?? autoRequestID()
    let key = HostRequests.key(request, in: number)
    if requests.task(of: key) != nil {
      throw .refused(
        Failure(
          "duplicate_request", "request \(request.text) of session \(number) is still running; use a new id"))
    }
    let task: EventTask
    do {
      task = try body(Sender(session: session.session, request: request))
    } catch {
      throw .failed(error)
    }
    guard let taskID = task.id else {
      events(.finished(session: number, request: request, cancelled: false))
      return (request, task)
    }
    requests.track(request, key: key, task: task, id: taskID) { [weak self] cancelled in
      self?.events(.finished(session: number, request: request, cancelled: cancelled))
    }
    return (request, task)
  }

  /// The request whose action started the effect running as `task`, if it still runs.
  public func request(runningAs task: EventTask.ID) -> JSONValue? {
    requests.request(runningAs: task)
  }

  /// Cancels the effects of the running request `request` (its id as a string) in `session`.
  public func cancel(request: String, in number: Int) throws(Failure) {
    _ = try self.session(number)
    guard let task = requests.task(of: HostRequests.Key(session: number, request: request)) else {
      throw Failure(
        "unknown_request", "no running request '\(request)' in session \(number); it may have finished")
    }
    task.cancel()
  }

  /// Closes `session`, cancelling its effects. Its running requests are dropped: no
  /// ``Event/finished(session:request:cancelled:)`` is reported for them.
  public func close(_ number: Int) throws(Failure) {
    // Releasing the session releases its view model, which cancels its effects.
    guard sessions.removeValue(forKey: number) != nil else {
      throw Failure("unknown_session", "no open session \(number)")
    }
    requests.dropAll(in: number)
    tell(.closed(session: number))
  }

  /// Closes every session, cancelling their effects, and drops their running requests.
  public func closeAll() {
    let closed = sessions.keys.sorted()
    sessions.removeAll()
    requests.dropAll()
    for number in closed { tell(.closed(session: number)) }
  }

  /// Waits until no request is running, or until `timeout` has passed on `clock`. Returns whether
  /// everything finished.
  ///
  /// A timeout of zero (or less) does not wait: it returns at once whether anything still runs,
  /// so what it reports does not depend on how quickly a task gets to run.
  public func drain(timeout: Duration, clock: some Clock<Duration> = ContinuousClock()) async -> Bool {
    await requests.drain(timeout: timeout, clock: clock)
  }

  // MARK: Bookkeeping

  private func session(_ number: Int) throws(Failure) -> Session {
    guard let session = sessions[number] else {
      throw Failure("unknown_session", "no open session \(number)")
    }
    return session
  }

  /// The request that made `change`, if one of this host's did.
  private func request(causing change: FeatureSession.Change) -> JSONValue? {
    switch change.source {
    case .action:
      change.request
    case .effect(let taskID):
      requests.request(runningAs: taskID)
    case .sharedValue, .rewind:
      // A value the session shares was changed by another session or by an effect directly, or
      // the inspector rewound it: no request of this session caused it.
      nil
    }
  }

  private func autoRequestID() -> JSONValue {
    defer { nextAutoRequest += 1 }
    return .string("auto-\(nextAutoRequest)")
  }
}

extension FeatureRegistry {
  /// The features as hosts list them (the `features` answer, MCP's `list_features`): each one's
  /// ``FeaturePlugin/listing``.
  public var listing: JSONValue {
    .array(plugins.map(\.listing))
  }
}

extension FeaturePlugin {
  /// The feature as hosts list it: its name, summary and actions, an action as its
  /// ``FeaturePlugin/ActionInfo`` encodes (its top-level case, its name as `path`, how to type
  /// it as `usage`, what it does, an example, the children whose ids it takes, the values it
  /// carries, and for a binding the fields it may set, `bindable`).
  public var listing: JSONValue {
    .object([
      "name": .string(name),
      "summary": .string(summary),
      "actions": .array(
        actions.map { action in
          var info: [String: JSONValue] = [
            "name": .string(action.name), "path": .string(action.path),
            "usage": .string(action.usage), "summary": .string(action.summary),
            "example": action.example,
          ]
          if !action.ids.isEmpty { info["ids"] = .array(action.ids.map(JSONValue.string)) }
          if !action.fields.isEmpty { info["fields"] = .array(action.fields.map(JSONValue.string)) }
          if !action.bindableFields.isEmpty {
            info["bindable"] = .array(action.bindableFields.map(JSONValue.string))
          }
          return .object(info)
        }),
    ])
  }

  /// ``listing`` with the feature's short commands (each `name`, `argument` when it takes one,
  /// `summary`): the answer to `help` typed in `run --format json`.
  public var help: JSONValue {
    guard case .object(var entry) = listing else { return listing }
    entry["commands"] = .array(
      commands.map { command in
        var info: [String: JSONValue] = ["name": .string(command.name), "summary": .string(command.summary)]
        if let argument = command.argument { info["argument"] = .string(argument) }
        return .object(info)
      })
    return .object(entry)
  }
}
