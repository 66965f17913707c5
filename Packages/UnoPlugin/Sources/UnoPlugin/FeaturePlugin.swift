import Foundation
import UnoCore
import UnoPresentation

/// A feature packaged for a host: what it is called, what it does, which actions it takes (with an
/// example of each), and how to start a live session of it.
///
/// ```swift
/// public let counterPlugin = FeaturePlugin(
///   name: "counter",
///   summary: "A number you can increment, decrement and reset.",
///   actions: [
///     .init(.increment, summary: "Adds one."),
///     .init(.incrementLater, summary: "Adds one after a delay, from an effect."),
///   ],
///   makeViewModel: { CounterInteractor.makeViewModel() }
/// )
/// ```
///
/// Actions travel as JSON in the shape Swift's synthesized `Codable` gives an enum:
/// `{"increment":{}}`, `{"queryChanged":{"query":"cat"}}`. A bare string, `"increment"`, is
/// accepted for an action without payload. View states travel as JSON objects with sorted keys.
public struct FeaturePlugin: Sendable {
  /// The name a host knows the feature by, e.g. `counter`.
  public let name: String
  /// One line on what the feature does.
  public let summary: String
  /// Every action, with an example, in the order the feature gives them.
  public let actions: [ActionInfo]
  /// The actions' names (``ActionInfo/path``), each once, in order: what hosts list and errors
  /// name, and what a session accepts.
  public let actionPaths: [String]
  /// The short commands a person can type at a terminal (``FeatureCommand``), in order.
  public let commands: [FeatureCommandInfo]
  /// The names of every action of the feature's type, read from its cases (`nil` when its
  /// action is not an enum whose cases can be read: then actions are named from the examples).
  let naming: ActionNaming?
  private let _makeSession: @MainActor @Sendable () -> FeatureSession
  /// Whether the feature's sessions can be recorded and replayed: its domain state is `Codable`
  /// and `Equatable` (FeatureRecording.swift).
  public let isRecordable: Bool
  /// The feature's view models with their types, for a tool that explores it (`uno-host
  /// explore`).
  public let explorable: any ExplorableFeature

  /// Describes one action of a feature.
  public struct ActionInfo: Sendable, Equatable, Encodable {
    /// The top-level case it is sent as: the key of its JSON object (`detail` for
    /// `{"detail":{"load":{}}}`).
    public let name: String
    /// What it does.
    public let summary: String
    /// An example of the action, in the JSON a host accepts.
    public let example: JSONValue
    /// The action's name: the names of its cases from the feature's action down to the one that
    /// does something, joined by dots, read from the action's type (see docs/host-protocol.md,
    /// "Action names"). `detail.load` for `{"detail":{"load":{}}}`; `todo.toggle` for a row's
    /// `toggle` (``ids`` says it takes the row's id); `filterPicked` for a case that carries a
    /// value, whatever the value. Unique in the feature; hosts name actions by it everywhere.
    public let path: String
    /// For an action addressed to one of several children (a row of a list, a screen of a
    /// stack): the cases that hold those children, outermost first, one id each (`["path",
    /// "attendees"]`: a screen's id, then an attendee's). Empty for any other action.
    public let ids: [String]
    /// The values the action carries, in order: each as `label: Type` (`title: String`), an
    /// unlabeled one as its type alone (`Filter`), `?` after one that may be left out.
    public let fields: [String]
    /// For each of ``fields``, every value it can take when its type lists them (a
    /// `CaseIterable` or raw-value enum: `["all","active","completed"]`), else nothing.
    public let fieldValues: [[JSONValue]]

    /// For an action that carries a binding (`BindingAction`): the fields it may set, each as
    /// `name: Type` (`title: String`), in the order the state declares them; empty otherwise.
    public let bindableFields: [String]

    /// The path's names, in order.
    public var pathComponents: [String] { path.split(separator: ".").map(String.init) }

    /// How a person types it: its name, an `<id>` per child it addresses, then its one value
    /// (`<title>`, or its possible values, `<all|active|completed>`) or its values as a JSON
    /// object (`{"from":…,"to":…}`).
    public var usage: String {
      var words = [path] + ids.map { "<\($0) id>" }
      if !bindableFields.isEmpty {
        words.append("{\"<field>\":…}")
      } else if fields.count == 1, !fieldValues[0].isEmpty {
        words.append("<\(fieldValues[0].map(Self.valueWord).joined(separator: "|"))>")
      } else if fields.count == 1 {
        let field = fields[0]
        if let colon = field.firstIndex(of: ":") {
          words.append("<\(field[..<colon])>")
        } else {
          // An unlabeled value: named after its type (`<filter>` for a `Filter`, `<uuid>` for a
          // `UUID`).
          words.append("<\(Self.valueName(typeName: field))>")
        }
      } else if !fields.isEmpty {
        let labels = fields.map { "\"\($0.split(separator: ":").first.map(String.init) ?? $0)\":…" }
        words.append("{\(labels.joined(separator: ","))}")
      }
      return words.joined(separator: " ")
    }

    /// How a person types one of a type's possible values (``fieldValues``): text bare, a case
    /// coded as a one-key object (`{"title":{}}`) by its name, anything else as JSON.
    static func valueWord(_ value: JSONValue) -> String {
      switch value {
      case .string(let text): text
      case .object(let object) where object.count == 1 && object.first!.value.isEmptyObject: object.first!.key
      default: value.text
      }
    }

    /// How a usage names an unlabeled value of the type `typeName`: the type's name with its
    /// leading capitals lowered, as Swift names a value of it (`Filter` → `filter`, `UUID` →
    /// `uuid`, `URLRequest` → `urlRequest`), without generic arguments or `?`.
    static func valueName(typeName: String) -> String {
      let type = Array(typeName.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
      let capitals = type.prefix { $0.isUppercase }.count
      // The capitals of an acronym, but the last one when a lowercase word follows it.
      let lowered = capitals > 1 && capitals < type.count ? capitals - 1 : max(capitals, 1)
      return String(type.prefix(lowered)).lowercased() + String(type.dropFirst(lowered))
    }

    /// What the action carries at the end of its path, in the example: `{}` for `detail.load`,
    /// `{"query":"cat"}` for `queryChanged`, `{"_0":"active"}` for a case's one unlabeled value.
    public var payload: [String: JSONValue] { _payload }
    private let _payload: [String: JSONValue]

    private enum CodingKeys: String, CodingKey {
      case name, summary, example, path, ids, fields, usage
      case bindableFields = "bindable"
    }

    /// Its name, summary, example, path and usage; its `ids` and `fields` when it has any; and
    /// `bindable` for an action that carries a binding: the entry of `features` and MCP's
    /// `list_features`.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(summary, forKey: .summary)
      try container.encode(example, forKey: .example)
      try container.encode(path, forKey: .path)
      try container.encode(usage, forKey: .usage)
      if !ids.isEmpty { try container.encode(ids, forKey: .ids) }
      if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
      if !bindableFields.isEmpty { try container.encode(bindableFields, forKey: .bindableFields) }
    }

    init(
      name: String, summary: String, example: JSONValue, bindableFields: [String] = [],
      naming: ActionNaming?
    ) {
      self.name = name
      self.summary = summary
      self.example = example
      self.bindableFields = bindableFields
      if let naming, case .success(let found) = naming.find(example) {
        path = found.entry.name
        ids = found.entry.idOwners
        fields = found.entry.fields.map { field in
          let type = field.typeName + (field.optional ? "?" : "")
          return JSONCoding.isPosition(field.label) ? type : "\(field.label): \(type)"
        }
        fieldValues = found.entry.fields.map(\.values)
        switch found.payload {
        case .object(let object)?
        where found.entry.fields.contains(where: { !JSONCoding.isPosition($0.label) }):
          _payload = object
        case let value? where found.entry.fields.count == 1:
          _payload = [found.entry.fields[0].label: value]
        default:
          _payload = [:]
        }
        return
      }
      // Named from the example: each level a one-key object whose value is an object.
      var path = [name]
      var value = example[name]
      while case .object(let object)? = value, object.count == 1, let (key, inner) = object.first,
        case .object = inner
      {
        path.append(key)
        value = inner
      }
      self.path = path.joined(separator: ".")
      ids = []
      if case .object(let object)? = value {
        _payload = object
        fields = object.keys.sorted()
      } else {
        _payload = [:]
        fields = []
      }
      fieldValues = fields.map { _ in [] }
    }
  }

  /// An example action and what it does, for `FeaturePlugin.init(name:summary:actions:commands:invariants:makeViewModel:)`.
  ///
  /// The example is encoded when it is made (where its `Encodable` conformance is: in a module
  /// whose default isolation is `MainActor`, on the main actor), so that the type asks nothing of
  /// `Action` itself.
  public struct ActionExample<Action>: Sendable {
    /// The example, in the JSON a host reads.
    let example: JSONValue
    /// How the example prints, for a message about it.
    let exampleDescription: String
    let summary: String
    let bindableFields: [String]

    /// An example of an action (written in the feature's list as the host would read it) and
    /// one line about what it does.
    public init(_ example: Action, summary: String) where Action: Encodable {
      self.init(example, summary: summary, bindableFields: [])
    }

    /// An example of an action that carries a binding of `State` (`BindingAction`), and one
    /// line about what it does: the host lists `State`'s bindable fields with it.
    ///
    /// ```swift
    /// .init(
    ///   .list(.addForm(.binding(.set(\.standup.title, "Morning sync")))),
    ///   summary: "Sets a field of the new standup's form.", bindings: StandupFormState.self)
    /// ```
    public init<State: BindableState>(_ example: Action, summary: String, bindings: State.Type)
    where Action: Encodable {
      self.init(
        example, summary: summary,
        bindableFields: State.bindableFields.fields.map { "\($0.name): \($0.typeName)" })
    }

    private init(_ example: Action, summary: String, bindableFields: [String]) where Action: Encodable {
      self.example = JSONCoding.value(of: example)
      self.exampleDescription = String(describing: example)
      self.summary = summary
      self.bindableFields = bindableFields
    }

    /// The same example, for the action type `Other`, which is `Action` (for an initializer that
    /// found `Action`'s conformances at run time, under a signature that states them).
    fileprivate func retyped<Other>(as _: Other.Type) -> ActionExample<Other> {
      ActionExample<Other>(
        example: example, exampleDescription: exampleDescription, summary: summary,
        bindableFields: bindableFields)
    }

    fileprivate init(
      example: JSONValue, exampleDescription: String, summary: String, bindableFields: [String]
    ) {
      self.example = example
      self.exampleDescription = exampleDescription
      self.summary = summary
      self.bindableFields = bindableFields
    }
  }

  /// Describes a feature whose sessions are view models made by `makeViewModel`.
  ///
  /// A feature whose domain state is `Codable` and `Equatable` can also be recorded and replayed
  /// (``isRecordable``).
  ///
  /// In a module whose default isolation is `MainActor` (a new app's setting), the action's
  /// `Codable` conformance is isolated to the main actor, which Swift refuses for a type that is
  /// also `Sendable`: there Swift picks a second form of this initializer, generic over
  /// `Action: Sendable` alone and main-actor isolated, which finds the conformance on the main
  /// actor, where a plugin's sessions decode and encode actions (docs/new-projects.md).
  ///
  /// - Parameters:
  ///   - name: The name a host knows the feature by.
  ///   - summary: One line on what the feature does.
  ///   - actions: One example of every action. Each must encode as a one-key JSON object (Swift's
  ///     synthesized `Codable` for enum cases); its key is the action's name.
  ///   - commands: Short commands for a person at a terminal, each made into an action from the
  ///     domain state (``FeatureCommand``); none by default.
  ///   - invariants: What must hold of the domain state after every action, which `uno-host
  ///     explore` checks after every step (``FeatureInvariant``); none by default.
  ///   - makeViewModel: Makes a view model with live dependencies, for one session.
  public init<Action: Codable & Sendable, DomainState: Sendable, ViewState: Encodable>(
    name: String,
    summary: String,
    actions: [ActionExample<Action>],
    commands: [FeatureCommand<Action, DomainState>] = [],
    invariants: [FeatureInvariant<DomainState>] = [],
    makeViewModel: @escaping @MainActor @Sendable () -> ViewModel<Action, DomainState, ViewState>
  ) {
    self.name = name
    self.summary = summary
    let naming = ActionSchemaReader.schema(of: Action.self).map(ActionNaming.init)
    self.naming = naming
    let examples = actions.map { example -> ActionInfo in
      let json = example.example
      guard case .object(let object) = json, object.count == 1, let name = object.keys.first else {
        preconditionFailure(
          """
          The example action \(example.exampleDescription) of feature '\(name)' encodes as \(json), not as a \
          one-key object. Feature actions must use Swift's synthesized Codable for enum cases.
          """
        )
      }
      return ActionInfo(
        name: name, summary: example.summary, example: json, bindableFields: example.bindableFields,
        naming: naming)
    }
    // Every action of the type is one of the feature's: those its examples show, in their
    // order, then the others, in the order the type declares them, each with an example made
    // from its type. The other values of an action an example shows (`filterPicked.all` beside
    // the example's `filterPicked.completed`: the cases of an enum that carry nothing) are
    // listed with it, under its summary.
    let shown = Set(examples.map(\.path))
    var infos = examples
    var others: [ActionInfo] = []
    for entry in naming?.entries ?? [] where !shown.contains(entry.name) {
      let json = naming!.example(for: entry)
      guard case .object(let object) = json, let name = object.keys.first else {
        preconditionFailure("An action's JSON is a one-key object; \(entry.name)'s is \(json).")
      }
      let group = Self.valueGroup(of: entry)
      if let group,
        let last = infos.lastIndex(where: { info in
          naming!.entry(named: info.path).flatMap(Self.valueGroup) == group
        })
      {
        infos.insert(
          ActionInfo(name: name, summary: infos[last].summary, example: json, naming: naming), at: last + 1)
      } else {
        others.append(ActionInfo(name: name, summary: Self.unshownSummary, example: json, naming: naming))
      }
    }
    infos += others
    self.actions = infos
    // Several examples may share a name (two values of `filterPicked`): each name is listed once,
    // in order of first appearance.
    let (actionNames, actionPaths) = (
      firstOccurrences(infos.map(\.name)), firstOccurrences(infos.map(\.path))
    )
    self.actionPaths = actionPaths
    self.commands = commands.map(\.info)
    self.isRecordable = ViewModelFeature<Action, DomainState, ViewState>.self is any RecordableFeature.Type
    self.explorable = ViewModelFactory(make: makeViewModel, invariants: invariants)
    let featureName = name
    self._makeSession = {
      FeatureSession(
        feature: featureName, actionNames: actionNames, actionPaths: actionPaths, naming: naming,
        live: ViewModelFeature(viewModel: makeViewModel(), commands: commands))
    }
  }

  /// Describes a feature whose action is `Codable` on the main actor: the same as
  /// ``init(name:summary:actions:commands:invariants:makeViewModel:)``, for a module whose default
  /// isolation is `MainActor` (a new app's setting), where the action's `Codable` conformance is
  /// isolated to the main actor and Swift refuses it for a type that is also `Sendable`. Swift
  /// picks this form only where it cannot pick that one; the plugin is then made on the main actor
  /// (a plugin declared as a global, `public let myPlugin = FeaturePlugin(…)`, is, in such a
  /// module).
  ///
  /// - Parameters:
  ///   - name: The name a host knows the feature by.
  ///   - summary: One line on what the feature does.
  ///   - actions: One example of every action, each a one-key JSON object.
  ///   - commands: Short commands for a person at a terminal; none by default.
  ///   - invariants: What must hold of the domain state after every action; none by default.
  ///   - makeViewModel: Makes a view model with live dependencies, for one session.
  @_disfavoredOverload
  @_documentation(visibility: internal)
  @MainActor
  public init<Action: Sendable, DomainState: Sendable, ViewState: Encodable>(
    name: String,
    summary: String,
    actions: [ActionExample<Action>],
    commands: [FeatureCommand<Action, DomainState>] = [],
    invariants: [FeatureInvariant<DomainState>] = [],
    makeViewModel: @escaping @MainActor @Sendable () -> ViewModel<Action, DomainState, ViewState>
  ) {
    // The action's Codable conformance, found here on the main actor (where one isolated to it
    // is), opens the initializer above. Why that is safe for a conformance isolated to the main
    // actor: this library encodes and decodes a feature's actions and states only on the main
    // actor (a session, its recording and its exploration are main-actor isolated, and this
    // initializer runs there), never where the conformance could not be used.
    guard let opening = CodableActionOpening<Action>.self as? any OpensCodableAction.Type else {
      preconditionFailure(
        """
        The feature '\(name)' has an action type, \(Action.self), that is not Codable: a host decodes \
        the actions it is sent from JSON. Declare it Codable (an enum's conformance is \
        synthesized: 'enum \(Action.self): Codable { … }').
        """)
    }
    self = opening.plugin(
      name: name, summary: summary, actions: actions, commands: commands, invariants: invariants,
      makeViewModel: makeViewModel)
  }

  /// The action whose value `entry` is, when it is one case of an enum of cases that carry
  /// nothing (`filterPicked` for `filterPicked.all`); `nil` for an action of its own.
  private static func valueGroup(of entry: ActionNaming.Entry) -> String? {
    guard entry.fields.isEmpty, case .child? = entry.route.last else { return nil }
    return entry.name.split(separator: ".").dropLast().joined(separator: ".")
  }

  /// The summary to print beside ``actions``[`index`] in a list of the actions: `nil` for another
  /// value of the action listed before it, whose summary it shares, so that a list says it once.
  public func listedSummary(at index: Int) -> String? {
    let action = actions[index]
    guard index > 0 else { return action.summary }
    let previous = actions[index - 1]
    return previous.name == action.name && previous.summary == action.summary ? nil : action.summary
  }

  /// The summary of an action that the feature's examples do not show.
  static let unshownSummary = "(No example in the feature's list: named from its action type.)"

  /// Starts a live session of the feature.
  @MainActor
  public func makeSession() -> FeatureSession {
    _makeSession()
  }
}

/// `strings`, each once, in order of first appearance.
private func firstOccurrences(_ strings: [String]) -> [String] {
  var seen: Set<String> = []
  return strings.filter { seen.insert($0).inserted }
}

/// Why an action could not be sent to a session.
public enum FeatureError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The action is not a string or a one-key object.
  case malformedAction(String)
  /// The feature has no action with this name.
  case unknownAction(name: String, feature: String, known: [String])
  /// The action exists but its payload does not decode.
  case invalidPayload(action: String, feature: String, reason: String)
  /// The action was handled but the feature could not apply it, and said why (an action for a
  /// row or a screen that is no longer there).
  case notApplied(action: String, feature: String, reason: String)
  /// The feature's sessions cannot be recorded or replayed: its domain state is not `Codable`
  /// and `Equatable`.
  case notRecordable(feature: String)

  public var description: String {
    switch self {
    case .malformedAction(let reason):
      return "malformed action: \(reason)"
    case .unknownAction(let name, let feature, let known):
      return
        "unknown action '\(name)' for feature '\(feature)'; its actions are: \(known.joined(separator: ", "))"
    case .invalidPayload(let action, let feature, let reason):
      return "invalid payload for action '\(action)' of feature '\(feature)': \(reason)"
    case .notApplied(let action, let feature, let reason):
      return "the action '\(action)' of feature '\(feature)' was not applied: \(reason)"
    case .notRecordable(let feature):
      return
        "the feature '\(feature)' cannot be recorded: its state is not Codable and Equatable, which a recording needs"
    }
  }

  /// A stable, machine-readable code.
  public var code: String {
    switch self {
    case .malformedAction: "malformed_action"
    case .unknownAction: "unknown_action"
    case .invalidPayload: "invalid_payload"
    case .notApplied: "not_applied"
    case .notRecordable: "not_recordable"
    }
  }
}

/// Opens ``FeaturePlugin``'s initializer for an action type whose `Codable` conformance was found
/// at run time (``CodableActionOpening``).
private protocol OpensCodableAction {
  /// The plugin the initializer for a `Codable` action makes; `Action` is the opened type.
  static func plugin<Action: Sendable, DomainState: Sendable, ViewState: Encodable>(
    name: String, summary: String, actions: [FeaturePlugin.ActionExample<Action>],
    commands: [FeatureCommand<Action, DomainState>], invariants: [FeatureInvariant<DomainState>],
    makeViewModel: @escaping @MainActor @Sendable () -> ViewModel<Action, DomainState, ViewState>
  ) -> FeaturePlugin
}

/// A type whose conformance to ``OpensCodableAction`` holds when `Action` is `Codable`: a cast to
/// it finds the conformance at run time.
private enum CodableActionOpening<Action: Sendable> {}

extension CodableActionOpening: OpensCodableAction where Action: Codable {
  static func plugin<Opened: Sendable, DomainState: Sendable, ViewState: Encodable>(
    name: String, summary: String, actions: [FeaturePlugin.ActionExample<Opened>],
    commands: [FeatureCommand<Opened, DomainState>], invariants: [FeatureInvariant<DomainState>],
    makeViewModel: @escaping @MainActor @Sendable () -> ViewModel<Opened, DomainState, ViewState>
  ) -> FeaturePlugin {
    // `Opened` is `Action`: the casts only name it so.
    FeaturePlugin(
      name: name, summary: summary, actions: actions.map { $0.retyped(as: Action.self) },
      commands: commands as! [FeatureCommand<Action, DomainState>], invariants: invariants,
      makeViewModel: makeViewModel as! @MainActor @Sendable () -> ViewModel<Action, DomainState, ViewState>)
  }
}
