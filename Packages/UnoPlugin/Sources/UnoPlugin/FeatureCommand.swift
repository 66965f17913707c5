import UnoCore

/// A short command a person types at a host's terminal (`uno-host run <feature>`), which a plugin
/// turns into one of its actions from what the feature shows now: `open 2` opens the second row
/// of whatever list is on top, `save` saves whichever form is open.
///
/// ```swift
/// .init("open", argument: "n", summary: "Opens the nth standup.") { state, argument throws(FeatureCommandError) in
///   guard let n = argument.flatMap(Int.init), state.list.standups.indices.contains(n - 1) else {
///     throw FeatureCommandError("'open' takes the number of a standup, from 1 to \(state.list.standups.count).")
///   }
///   return .list(.standupTapped(id: state.list.standups[n - 1].id))
/// }
/// ```
///
/// Commands are for people: the JSON-lines protocol and MCP take actions only.
public struct FeatureCommand<Action: Sendable, DomainState: Sendable>: Sendable {
  let info: FeatureCommandInfo
  let action: @MainActor @Sendable (DomainState, String?) throws(FeatureCommandError) -> Action

  /// A command `name`, taking the rest of the line as `argument` when it names one, which makes
  /// an action from the domain state and the argument, or throws a sentence that says what to type.
  public init(
    _ name: String, argument: String? = nil, summary: String,
    action:
      @escaping @MainActor @Sendable (_ state: DomainState, _ argument: String?) throws(FeatureCommandError)
      -> Action
  ) {
    self.info = FeatureCommandInfo(name: name, argument: argument, summary: summary)
    self.action = action
  }
}

/// What a host shows of a ``FeatureCommand``.
public struct FeatureCommandInfo: Sendable, Equatable, Encodable {
  /// What is typed.
  public let name: String
  /// What follows it, if anything (shown as `<argument>`).
  public let argument: String?
  /// What it does.
  public let summary: String
}

/// Why a command could not become an action, in a sentence for the person who typed it.
public struct FeatureCommandError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sentence.
  public let message: String

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
