import Foundation
@_spi(Internals) import UnoCore
@_spi(Internals) import UnoPresentation

/// One live run of a feature, speaking JSON: actions in, view states out.
///
/// It owns the feature's view model (through `LiveFeature`, which does each operation with the
/// feature's own types); releasing the session releases it, which cancels its effects. A feature
/// whose domain state is `Codable` and `Equatable` can also be recorded (FeatureRecording.swift).
///
/// A host tells the session which request each action belongs to (``send(_:request:)``,
/// ``runCommand(_:argument:request:)``), and hears it back with every change the action makes
/// (``observeViewStateWithRequests(_:)``, ``observeChangesWithRequests(_:)``).
@MainActor
public final class FeatureSession {
  /// Where a change of a session came from.
  public struct Change: Equatable, Sendable {
    /// What made the change: an action, an effect, a shared value, a rewind.
    public let source: StateChangeSource
    /// The request an action was sent as (``send(_:request:)``), for a change that action or
    /// one it queued made while it was handled; `nil` for every other change.
    public let request: JSONValue?

    /// A change from `source`, made for `request`.
    public init(source: StateChangeSource, request: JSONValue?) {
      self.source = source
      self.request = request
    }
  }

  /// The feature's name.
  public let feature: String
  /// The names of the actions it takes.
  public let actionNames: [String]
  /// The names of the actions it takes (``FeaturePlugin/ActionInfo/path``), as errors list them.
  public let actionPaths: [String]
  /// The names of every action of the feature's type (`nil`: named from the examples).
  let naming: ActionNaming?
  /// The feature, live.
  let live: any LiveFeature
  /// ``live``, when its feature can be recorded.
  let recordable: (any RecordableFeature)?
  /// The request of the action this session is handling, as ``send(_:request:)`` was given it:
  /// the runtime tells its observers of a change synchronously, inside the send, and the
  /// observers of this session read the request from here (``Change/request``).
  private var handling: JSONValue?

  init(
    feature: String, actionNames: [String], actionPaths: [String], naming: ActionNaming?,
    live: any LiveFeature
  ) {
    self.feature = feature
    self.actionNames = actionNames
    self.actionPaths = actionPaths
    self.naming = naming
    self.live = live
    self.recordable = live as? any RecordableFeature
  }

  /// The short commands a person can type (``FeatureCommand``).
  public var commands: [FeatureCommandInfo] { live.commands }

  /// Runs the short command `name` (``FeatureCommand``) with `argument`: makes its action from
  /// the current domain state and sends it, as `request` (see ``send(_:request:)``).
  ///
  /// - Throws: ``FeatureCommandError``, a sentence for the person who typed it, when there is no
  ///   such command or it does not apply now. Nothing is sent then.
  @discardableResult
  public func runCommand(
    _ name: String, argument: String?, request: JSONValue? = nil
  ) throws(FeatureCommandError)
    -> EventTask
  {
    try sending(as: request) { () throws(FeatureCommandError) in
      try live.runCommand(name, argument: argument, of: feature)
    }
  }

  /// Runs `body`, a send, with its changes belonging to `request`.
  private func sending<Result, Failure: Error>(
    as request: JSONValue?, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let outer = handling
    handling = request
    defer { handling = outer }
    return try body()
  }

  /// The current view state, pretty-printed for a person (swift-custom-dump).
  public var viewStateDump: String { live.viewStateDump }

  /// Calls `onChange` after every view-state change with a diff of it (`-` before, `+` after,
  /// swift-custom-dump) and where it came from: what a person watching wants, rather than the
  /// whole state each time.
  public func observeViewStateDiffs(_ onChange: @escaping @MainActor (String, StateChangeSource) -> Void) {
    live.observeViewStateDiffs(onChange)
  }

  /// The current view state as a JSON object (sorted keys).
  public var viewStateJSON: String { live.viewStateJSON }

  /// Calls `onFailure` whenever an effect of the session throws an error it did not handle, with
  /// a sentence that says so and the `EventTask.id` of the action that started the effect (see
  /// `InteractorRuntime.addEffectFailureObserver(_:)`). Hosts tell the action's sender.
  public func observeEffectFailures(
    _ onFailure: @escaping @MainActor (_ message: String, _ task: EventTask.ID) -> Void
  ) {
    live.observeEffectFailures(onFailure)
  }

  /// The current view state as a `JSONValue`, encoded directly rather than parsed back from
  /// ``viewStateJSON`` (an MCP tool's structured result, for instance).
  public var viewStateValue: JSONValue { live.viewStateValue }

  /// Calls `onChange` with the new view state (JSON) after every view-state change, and where it
  /// came from.
  public func observeViewState(_ onChange: @escaping @MainActor (String, StateChangeSource) -> Void) {
    live.observeViewState(onChange)
  }

  /// ``observeViewState(_:)``, with the request each change belongs to.
  public func observeViewStateWithRequests(_ onChange: @escaping @MainActor (String, Change) -> Void) {
    live.observeViewState { [weak self] state, source in
      onChange(state, self?.change(from: source) ?? Change(source: source, request: nil))
    }
  }

  /// Calls `onChange` after every change of the session's domain state, with where it came from,
  /// whether or not the view state changed with it: an effect that writes a field no view shows
  /// is a change here and not in ``observeViewState(_:)``. A recording gains one entry for each
  /// (see ``startRecording(limit:)``), so that the inspector learns which request made every
  /// entry.
  ///
  /// Called after the observers of the view state have been told of the same change.
  public func observeChanges(_ onChange: @escaping @MainActor (StateChangeSource) -> Void) {
    live.observeChanges(onChange)
  }

  /// ``observeChanges(_:)``, with the request each change belongs to.
  public func observeChangesWithRequests(_ onChange: @escaping @MainActor (Change) -> Void) {
    live.observeChanges { [weak self] source in
      onChange(self?.change(from: source) ?? Change(source: source, request: nil))
    }
  }

  /// Where a change from `source` came from: an action's changes belong to the request it is
  /// handled for.
  private func change(from source: StateChangeSource) -> Change {
    guard case .action = source else { return Change(source: source, request: nil) }
    return Change(source: source, request: handling)
  }

  /// Sends an action given as JSON: `"name"` for an action without payload, or
  /// `{"name": {payload}}`, as `request`: the changes it makes while it is handled are told to
  /// the observers that take requests with that request (``Change/request``).
  ///
  /// Every action of the feature's type is accepted, whether or not the feature gives an example
  /// of it (``FeaturePlugin/actions`` lists them all). A feature whose action type's cases
  /// cannot be read accepts the top-level cases of its examples.
  ///
  /// - Throws: ``FeatureError`` naming what is wrong: not an action at all, an unknown name, or a
  ///   payload that does not decode. The session's state is untouched.
  @discardableResult
  public func send(_ action: JSONValue, request: JSONValue? = nil) throws(FeatureError) -> EventTask {
    let name: String
    let payload: JSONValue?
    switch action {
    case .string(let bare):
      (name, payload) = (bare, nil)
    case .object(let object) where object.count == 1:
      (name, payload) = object.first!
    case .object(let object):
      throw .malformedAction(
        "an action object must have exactly one key, the action's name; this one has \(object.count)")
    default:
      throw .malformedAction(
        "an action is a name (\"increment\") or a one-key object ({\"name\": {...}}), not \(action.kind)")
    }
    let actionName = try self.name(of: action, sentAs: name)
    // What the feature reports while it handles the action (a `forEach` dropping an action for a
    // row or a screen that is gone) goes to the sender too, not only to the log: its first
    // paragraph (the rest says how to fix the code, for its authors).
    let mark = IssueCapture.begin()
    let task: EventTask
    do {
      task = try sending(as: request) { try live.send(name, payload: payload) }
    } catch {
      _ = IssueCapture.end(mark)
      throw .invalidPayload(action: actionName, feature: feature, reason: JSONCoding.describe(error))
    }
    let issues = IssueCapture.end(mark)
    if let issue = issues.first {
      throw .notApplied(
        action: actionName, feature: feature,
        reason: String(issue.split(separator: "\n\n", maxSplits: 1).first ?? ""))
    }
    return task
  }
}

extension FeatureSession {
  /// The name of `action`, sent as the top-level case `topLevel`, if the session accepts it.
  private func name(of action: JSONValue, sentAs topLevel: String) throws(FeatureError) -> String {
    guard let naming else {
      guard actionNames.contains(topLevel) else {
        throw .unknownAction(name: topLevel, feature: feature, known: actionPaths)
      }
      return topLevel
    }
    switch naming.index(of: action, topLevel: topLevel) {
    case .success(let index):
      return naming.entries[index].name
    case .failure(let notFound):
      if let reason = notFound.reason {
        throw .invalidPayload(action: notFound.name, feature: feature, reason: reason)
      }
      throw .unknownAction(name: notFound.name, feature: feature, known: actionPaths)
    }
  }
}

/// The JSON encoding all plugins share: sorted keys, no escaped slashes.
enum JSONCoding {
  static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  static func data(of value: some Encodable, encoder: JSONEncoder = makeEncoder()) -> Data {
    (try? encoder.encode(value)) ?? Data("null".utf8)
  }

  static func string(of value: some Encodable, encoder: JSONEncoder = makeEncoder()) -> String {
    String(decoding: data(of: value, encoder: encoder), as: UTF8.self)
  }

  /// `value`'s JSON text, as `JSONEncoder` with these settings writes it: through
  /// `JSONValueEncoder` (several times faster), or `fallback` for the values it leaves to it.
  static func text(of value: some Encodable, fallback: JSONEncoder) -> String {
    if let text = try? JSONValueEncoder().text(value) { return text }
    return string(of: value, encoder: fallback)
  }

  /// `value` as a `JSONValue`: through `JSONValueEncoder`, or through `JSONEncoder` and back
  /// for the values it leaves to it.
  static func value(of value: some Encodable) -> JSONValue {
    if let encoded = try? JSONValueEncoder().encode(value) { return encoded }
    return (try? JSONDecoder().decode(JSONValue.self, from: data(of: value))) ?? .null
  }

  /// A one-line description of a decoding error, naming the path that failed, in JSON's words:
  /// the positions of Swift's unlabeled values (`_0`) are left out of the path, as the host's JSON
  /// leaves them out, and types are named as JSON names them (a string, a number, an object).
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.compactMap { key -> String? in
        if let index = key.intValue { return "[\(index)]" }
        return isPosition(key.stringValue) ? nil : key.stringValue
      }
      return keys.isEmpty ? "the payload" : "'\(keys.joined(separator: "."))'"
    }
    switch error {
    case .keyNotFound(let key, let context) where isPosition(key.stringValue):
      return "\(path(context)) needs a value"
    case .keyNotFound(let key, let context):
      return "missing '\(key.stringValue)' in \(path(context))"
    case .typeMismatch(let type, let context):
      return "\(path(context)) should be \(jsonName(of: type))"
    case .valueNotFound(let type, let context):
      return "\(path(context)) should be \(jsonName(of: type)), not null"
    case .dataCorrupted(let context):
      return "\(path(context)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// Whether `key` is the position of an unlabeled associated value: `_0`, `_1`…
  static func isPosition(_ key: String) -> Bool {
    key.first == "_" && key.count > 1 && key.dropFirst().allSatisfy(\.isNumber)
  }

  /// How JSON names what a Swift type decodes from.
  static func jsonName(of type: Any.Type) -> String {
    switch type {
    case is String.Type, is Substring.Type, is Character.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is any BinaryInteger.Type: return "a whole number"
    case is any BinaryFloatingPoint.Type: return "a number"
    default: break
    }
    let name = String(describing: type)
    if name.hasPrefix("Array<") || name.hasPrefix("ContiguousArray<") { return "an array" }
    return "an object"
  }
}
