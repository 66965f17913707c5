import CustomDump
import Foundation
@_spi(Internals) import UnoCore
@_spi(Internals) import UnoPresentation

/// One live run of a feature, speaking JSON: actions in, view states out.
///
/// It owns a view model; releasing the session releases it, which cancels its effects.
@MainActor
public final class FeatureSession {
  /// The feature's name.
  public let feature: String
  /// The names of the actions it takes.
  public let actionNames: [String]
  /// The names of the actions it takes (``FeaturePlugin/ActionInfo/path``), as errors list them.
  public let actionPaths: [String]
  /// The names of every action of the feature's type (`nil`: named from the examples).
  let naming: ActionNaming?
  /// Whether each entry of ``naming`` is one of ``actionPaths``, by the entry's index.
  private let accepted: [Bool]
  /// Sends the action `name` with `payload` (`nil`: none, as `{}`).
  private let _send: @MainActor (_ name: String, _ payload: JSONValue?) throws -> EventTask
  private let _viewState: @MainActor () -> String
  private let _viewStateValue: @MainActor () -> JSONValue
  private let _observe: @MainActor (@escaping @MainActor (String, StateChangeSource) -> Void) -> Void
  private let _dump: @MainActor () -> String
  private let _observeDiffs: @MainActor (@escaping @MainActor (String, StateChangeSource) -> Void) -> Void
  /// The short commands a person can type (``FeatureCommand``).
  public let commands: [FeatureCommandInfo]
  private let _runCommand:
    @MainActor (_ name: String, _ argument: String?) throws(FeatureCommandError) -> EventTask
  private let viewModel: AnyObject
  private let _observeEffectFailures: @MainActor (@escaping @MainActor (String, EventTask.ID) -> Void) -> Void
  private let _observeChanges: @MainActor (@escaping @MainActor (StateChangeSource) -> Void) -> Void
  /// Set for a feature that can be recorded (FeatureRecording.swift).
  var recordingSupport: RecordingSupport?

  init<Action: Codable & Sendable, DomainState: Sendable, ViewState: Encodable & Sendable>(
    feature: String, actionNames: [String], actionPaths: [String], naming: ActionNaming? = nil,
    commands: [FeatureCommand<Action, DomainState>] = [], viewModel: ViewModel<Action, DomainState, ViewState>
  ) {
    self.feature = feature
    self.actionNames = actionNames
    self.actionPaths = actionPaths
    self.naming = naming
    let listed = Set(actionPaths)
    self.accepted = naming?.entries.map { listed.contains($0.name) } ?? []
    self.viewModel = viewModel
    self.commands = commands.map(\.info)
    _runCommand = { name, argument throws(FeatureCommandError) in
      guard let command = commands.first(where: { $0.info.name == name }) else {
        throw FeatureCommandError(
          "There is no command '\(name)' in \(feature). Its commands are: "
            + "\(commands.map(\.info.name).joined(separator: ", ")).")
      }
      return viewModel.sendViewEvent(try command.action(viewModel.domainState, argument))
    }
    // Actions decode straight from the parsed value; one encoder per session, since making one is
    // part of the cost of a line.
    let encoder = JSONCoding.makeEncoder()
    // An action without payload ("increment", {"increment":{}}) always decodes to the same
    // value: decode it once per session, not on every send (decoding cost as much as handling
    // the action).
    var payloadless: [String: Action] = [:]
    _send = { name, payload in
      if let payload, !payload.isEmptyObject {
        return viewModel.sendViewEvent(
          try JSONValueDecoder().decode(Action.self, from: .object([name: payload])))
      }
      if let action = payloadless[name] { return viewModel.sendViewEvent(action) }
      let action = try JSONValueDecoder().decode(Action.self, from: .object([name: .emptyObject]))
      payloadless[name] = action
      return viewModel.sendViewEvent(action)
    }
    _viewState = { JSONCoding.text(of: viewModel.viewState, fallback: encoder) }
    _viewStateValue = { JSONCoding.value(of: viewModel.viewState) }
    _observe = { onChange in
      viewModel.observeViewState { state, source in
        onChange(JSONCoding.text(of: state, fallback: encoder), source)
      }
    }
    _dump = { String(customDumping: viewModel.viewState) }
    _observeEffectFailures = { onFailure in viewModel._runtime.addEffectFailureObserver(onFailure) }
    _observeChanges = { onChange in
      viewModel._runtime.addObserver(withSource: { _, source in onChange(source) })
    }
    _observeDiffs = { onChange in
      var previous = viewModel.viewState
      viewModel.observeViewState { state, source in
        let difference = diff(previous, state) ?? "  (no visible change)"
        previous = state
        onChange(difference, source)
      }
    }
  }

  /// Runs the short command `name` (``FeatureCommand``) with `argument`: makes its action from
  /// the current domain state and sends it.
  ///
  /// - Throws: ``FeatureCommandError``, a sentence for the person who typed it, when there is no
  ///   such command or it does not apply now. Nothing is sent then.
  @discardableResult
  public func runCommand(_ name: String, argument: String?) throws(FeatureCommandError) -> EventTask {
    try _runCommand(name, argument)
  }

  /// The current view state, pretty-printed for a person (swift-custom-dump).
  public var viewStateDump: String { _dump() }

  /// Calls `onChange` after every view-state change with a diff of it (`-` before, `+` after,
  /// swift-custom-dump) and where it came from: what a person watching wants, rather than the
  /// whole state each time.
  public func observeViewStateDiffs(_ onChange: @escaping @MainActor (String, StateChangeSource) -> Void) {
    _observeDiffs(onChange)
  }

  /// The current view state as a JSON object (sorted keys).
  public var viewStateJSON: String { _viewState() }

  /// Calls `onFailure` whenever an effect of the session throws an error it did not handle, with
  /// a sentence that says so and the `EventTask.id` of the action that started the effect (see
  /// `InteractorRuntime.addEffectFailureObserver(_:)`). Hosts tell the action's sender.
  public func observeEffectFailures(
    _ onFailure: @escaping @MainActor (_ message: String, _ task: EventTask.ID) -> Void
  ) {
    _observeEffectFailures(onFailure)
  }

  /// The current view state as a `JSONValue`, encoded directly rather than parsed back from
  /// ``viewStateJSON`` (an MCP tool's structured result, for instance).
  public var viewStateValue: JSONValue { _viewStateValue() }

  /// Calls `onChange` with the new view state (JSON) after every view-state change, and where it
  /// came from.
  public func observeViewState(_ onChange: @escaping @MainActor (String, StateChangeSource) -> Void) {
    _observe(onChange)
  }

  /// Calls `onChange` after every change of the session's domain state, with where it came from,
  /// whether or not the view state changed with it: an effect that writes a field no view shows
  /// is a change here and not in ``observeViewState(_:)``. A recording gains one entry for each
  /// (see ``startRecording(limit:)``), so that the inspector learns which request made every
  /// entry.
  ///
  /// Called after the observers of the view state have been told of the same change.
  public func observeChanges(_ onChange: @escaping @MainActor (StateChangeSource) -> Void) {
    _observeChanges(onChange)
  }

  /// Sends an action given as JSON: `"name"` for an action without payload, or
  /// `{"name": {payload}}`.
  ///
  /// An action is accepted when its name (``FeaturePlugin/ActionInfo/path``) is one of
  /// ``actionPaths``: the feature's examples say which actions a host may send.
  ///
  /// - Throws: ``FeatureError`` naming what is wrong: not an action at all, an unknown name, or a
  ///   payload that does not decode. The session's state is untouched.
  @discardableResult
  public func send(_ action: JSONValue) throws(FeatureError) -> EventTask {
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
      task = try _send(name, payload)
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
      let name = naming.entries[index].name
      guard accepted[index] else {
        throw .unknownAction(name: name, feature: feature, known: actionPaths)
      }
      return name
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
