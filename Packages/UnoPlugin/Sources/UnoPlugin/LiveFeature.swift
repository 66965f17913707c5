import CustomDump
import Foundation
@_spi(Internals) import UnoCore
@_spi(Internals) import UnoPresentation

/// What a ``FeatureSession`` does with its feature, one requirement per operation: the session
/// checks what a host sends (names, requests, what the feature reports) and leaves the feature's
/// own types to this. ``ViewModelFeature`` is the one implementation; a feature whose domain state
/// is `Codable` and `Equatable` can also be recorded (``RecordableFeature``).
@MainActor
protocol LiveFeature: AnyObject {
  /// The short commands a person can type (``FeatureCommand``).
  var commands: [FeatureCommandInfo] { get }

  /// Decodes the action `name` with `payload` (`nil`: none) and sends it.
  ///
  /// - Throws: The decoder's error when the payload does not decode; nothing is sent then.
  func send(_ name: String, payload: JSONValue?) throws -> EventTask

  /// Makes the action of the command `name` from the domain state and `argument`, and sends it.
  func runCommand(
    _ name: String, argument: String?, of feature: String
  ) throws(FeatureCommandError)
    -> EventTask

  /// The view state as a JSON object (sorted keys).
  var viewStateJSON: String { get }
  /// The view state as a value.
  var viewStateValue: JSONValue { get }
  /// The view state pretty-printed for a person.
  var viewStateDump: String { get }

  /// Calls `onChange` with the view state (JSON) after every view-state change.
  func observeViewState(_ onChange: @escaping @MainActor (String, StateChangeSource) -> Void)
  /// Calls `onChange` with a diff of the view state after every view-state change.
  func observeViewStateDiffs(_ onChange: @escaping @MainActor (String, StateChangeSource) -> Void)
  /// Calls `onChange` after every change of the domain state.
  func observeChanges(_ onChange: @escaping @MainActor (StateChangeSource) -> Void)
  /// Calls `onFailure` when an effect throws an error it did not handle.
  func observeEffectFailures(_ onFailure: @escaping @MainActor (String, EventTask.ID) -> Void)
}

/// A live feature: a view model of the feature's types, which it owns (releasing it cancels the
/// feature's effects), and the feature's commands.
@MainActor
final class ViewModelFeature<
  Action: Codable & Sendable, DomainState: Sendable, ViewState: Encodable
> {
  let viewModel: ViewModel<Action, DomainState, ViewState>
  private let featureCommands: [FeatureCommand<Action, DomainState>]
  let commands: [FeatureCommandInfo]
  /// One encoder per session, for the view states `JSONValueEncoder` leaves to it: making one is
  /// part of the cost of a line.
  private let encoder = JSONCoding.makeEncoder()
  /// The actions without payload (`"increment"`, `{"increment":{}}`) decoded so far: each always
  /// decodes to the same value, so it is decoded once a session, not on every send (decoding cost
  /// as much as handling the action).
  private var payloadless: [String: Action] = [:]

  init(viewModel: ViewModel<Action, DomainState, ViewState>, commands: [FeatureCommand<Action, DomainState>])
  {
    self.viewModel = viewModel
    self.featureCommands = commands
    self.commands = commands.map(\.info)
  }
}

extension ViewModelFeature: LiveFeature {
  func send(_ name: String, payload: JSONValue?) throws -> EventTask {
    if let payload, !payload.isEmptyObject {
      return viewModel.sendViewEvent(
        try JSONValueDecoder().decode(Action.self, from: .object([name: payload])))
    }
    if let action = payloadless[name] { return viewModel.sendViewEvent(action) }
    let action = try JSONValueDecoder().decode(Action.self, from: .object([name: .emptyObject]))
    payloadless[name] = action
    return viewModel.sendViewEvent(action)
  }

  func runCommand(
    _ name: String, argument: String?, of feature: String
  ) throws(FeatureCommandError)
    -> EventTask
  {
    guard let command = featureCommands.first(where: { $0.info.name == name }) else {
      throw FeatureCommandError(
        "There is no command '\(name)' in \(feature). Its commands are: "
          + "\(featureCommands.map(\.info.name).joined(separator: ", ")).")
    }
    return viewModel.sendViewEvent(try command.action(viewModel.domainState, argument))
  }

  var viewStateJSON: String { JSONCoding.text(of: viewModel.viewState, fallback: encoder) }

  var viewStateValue: JSONValue { JSONCoding.value(of: viewModel.viewState) }

  var viewStateDump: String { String(customDumping: viewModel.viewState) }

  func observeViewState(_ onChange: @escaping @MainActor (String, StateChangeSource) -> Void) {
    let encoder = encoder
    viewModel.observeViewState { state, source in
      onChange(JSONCoding.text(of: state, fallback: encoder), source)
    }
  }

  func observeViewStateDiffs(_ onChange: @escaping @MainActor (String, StateChangeSource) -> Void) {
    var previous = viewModel.viewState
    viewModel.observeViewState { state, source in
      let difference = diff(previous, state) ?? "  (no visible change)"
      previous = state
      onChange(difference, source)
    }
  }

  func observeChanges(_ onChange: @escaping @MainActor (StateChangeSource) -> Void) {
    viewModel._runtime.addObserver(withSource: { _, source in onChange(source) })
  }

  func observeEffectFailures(_ onFailure: @escaping @MainActor (String, EventTask.ID) -> Void) {
    viewModel._runtime.addEffectFailureObserver(onFailure)
  }
}
