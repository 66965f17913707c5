// Compiled with the `Host` trait only (Package.swift).
#if Host
  import MCP
  import UnoHostCore
  import UnoPlugin

  /// The tools uno-host offers an MCP client: their names, descriptions and input schemas, and how
  /// their arguments are read.
  enum HostTool: String, CaseIterable, Sendable {
    case listFeatures = "list_features"
    case openSession = "open_session"
    case sendAction = "send_action"
    case cancelRequest = "cancel_request"
    case closeSession = "close_session"
    case getState = "get_state"
    case exportRecording = "export_recording"

    /// One argument of a tool: its name, whether it is required, and its JSON schema (which may
    /// name the registry's features). The one place an argument is declared: the tool's schema and
    /// the check for unknown arguments both read it.
    struct Argument: Sendable {
      let name: String
      let isRequired: Bool
      let schema: @Sendable (FeatureRegistry) -> JSONValue

      static let session = Argument(name: "session", isRequired: true) { _ in
        .object([
          "type": .string("integer"), "minimum": .integer(1),
          "description": .string("The session's number, as open_session returned it."),
        ])
      }
    }

    /// The tool's arguments, in the order its schema lists them.
    var arguments: [Argument] {
      switch self {
      case .listFeatures:
        []
      case .openSession:
        [
          Argument(name: "feature", isRequired: true) { registry in
            .object([
              "type": .string("string"), "enum": .array(registry.plugins.map { .string($0.name) }),
              "description": .string("The feature's name, as list_features shows it."),
            ])
          }
        ]
      case .sendAction:
        [
          .session,
          Argument(name: "action", isRequired: true) { _ in
            .object([
              "type": .array([.string("string"), .string("object")]),
              "description": .string(
                "The action: its name, or a one-key object {name: payload}. See this tool's description."),
            ])
          },
          Argument(name: "wait", isRequired: false) { _ in
            .object([
              "type": .string("boolean"), "default": .bool(false),
              "description": .string("Whether to return only once the action's effects have finished."),
            ])
          },
          Argument(name: "request", isRequired: false) { _ in
            .object([
              "type": .string("string"),
              "description": .string(
                "An id for this request, to cancel it by; unique among the session's running requests. Default: auto-<n>."
              ),
            ])
          },
        ]
      case .cancelRequest:
        [
          .session,
          Argument(name: "request", isRequired: true) { _ in
            .object([
              "type": .string("string"),
              "description": .string("The request's id, as send_action returned it."),
            ])
          },
        ]
      case .closeSession, .getState, .exportRecording:
        [.session]
      }
    }

    /// The names of ``arguments``.
    var argumentNames: [String] { arguments.map(\.name) }

    /// Whether the tool only reads.
    private var isReadOnly: Bool {
      switch self {
      case .listFeatures, .getState, .exportRecording: true
      case .openSession, .sendAction, .cancelRequest, .closeSession: false
      }
    }

    /// What the tool does, for the client's model, with the registry's actions where they matter.
    private func description(_ registry: FeatureRegistry) -> String {
      switch self {
      case .listFeatures:
        "Lists the features sessions can be opened of: each one's name, summary and actions, with an example of each action."
      case .openSession:
        "Opens a session of a feature. Returns its number and its initial view state; the view state is also the resource uno://sessions/<session>/state, which can be subscribed to."
      case .sendAction:
        """
        Sends an action to a session. Returns the request's id and the view state after the action; with \
        wait, after the effects it started have finished too (cancelling the call cancels them). An \
        action is its name ("increment") or a one-key object with its payload ({"queryChanged":{"query":"cat"}}).

        Actions by feature:
        \(actionList(registry))
        """
      case .cancelRequest:
        "Cancels the effects of a request of send_action that are still running."
      case .closeSession:
        "Closes a session and cancels its effects."
      case .getState:
        "Returns a session's current view state."
      case .exportRecording:
        """
        Returns a session's recording (the host must run with --record): its initial domain state, \
        then every action, effect write and rewind with the domain state it left. Written one \
        element per line, it is a file that `uno-host replay` replays.
        """
      }
    }

    /// The tool as `tools/list` shows it, with the registry's features in its description and schema.
    func definition(_ registry: FeatureRegistry) -> Tool {
      let schema: JSONValue = .object([
        "type": .string("object"),
        "properties": .object(
          Dictionary(uniqueKeysWithValues: arguments.map { ($0.name, $0.schema(registry)) })),
        "required": .array(arguments.filter(\.isRequired).map { .string($0.name) }),
        "additionalProperties": .bool(false),
      ])
      return Tool(
        name: rawValue, description: description(registry), inputSchema: schema.mcpValue,
        annotations: .init(readOnlyHint: isReadOnly, openWorldHint: false))
    }

    private func actionList(_ registry: FeatureRegistry) -> String {
      registry.plugins.map { plugin in
        let actions = plugin.actions.map { action in
          let bindable =
            action.bindableFields.isEmpty
            ? "" : " Bindable fields: \(action.bindableFields.joined(separator: ", "))."
          return "  - \(action.path): \(action.summary) Example: \(action.example.text)\(bindable)"
        }
        return (["- \(plugin.name): \(plugin.summary)"] + actions).joined(separator: "\n")
      }.joined(separator: "\n")
    }
  }

  /// A tool call's arguments, read with messages that say which argument is wrong and how.
  struct ToolArguments {
    let tool: HostTool
    let values: [String: JSONValue]

    /// Reads `arguments`, rejecting names the tool does not have.
    init(_ tool: HostTool, _ arguments: [String: Value]?) throws(HostSessions.Failure) {
      self.tool = tool
      self.values = (arguments ?? [:]).mapValues(JSONValue.init)
      let unknown = values.keys.filter { !tool.argumentNames.contains($0) }.sorted()
      if !unknown.isEmpty {
        let known =
          tool.argumentNames.isEmpty
          ? "it takes none" : "its arguments are: \(tool.argumentNames.joined(separator: ", "))"
        throw HostSessions.Failure(
          "invalid_arguments",
          "\(tool.rawValue) has no argument \(unknown.map { "'\($0)'" }.joined(separator: ", ")); \(known)")
      }
    }

    func required(_ name: String) throws(HostSessions.Failure) -> JSONValue {
      guard let value = values[name], value != .null else {
        throw HostSessions.Failure("invalid_arguments", "\(tool.rawValue) needs '\(name)'")
      }
      return value
    }

    func integer(_ name: String) throws(HostSessions.Failure) -> Int {
      let value = try required(name)
      switch value {
      case .integer(let number): return number
      case .double(let number) where number == number.rounded() && abs(number) < 1e15: return Int(number)
      default:
        throw HostSessions.Failure(
          "invalid_arguments", "\(tool.rawValue): '\(name)' must be an integer; it is \(value.kind)")
      }
    }

    func string(_ name: String) throws(HostSessions.Failure) -> String {
      let value = try required(name)
      guard case .string(let string) = value else {
        throw HostSessions.Failure(
          "invalid_arguments", "\(tool.rawValue): '\(name)' must be a string; it is \(value.kind)")
      }
      return string
    }

    func optionalString(_ name: String) throws(HostSessions.Failure) -> String? {
      guard let value = values[name], value != .null else { return nil }
      return try string(name)
    }

    func bool(_ name: String, default defaultValue: Bool) throws(HostSessions.Failure) -> Bool {
      guard let value = values[name], value != .null else { return defaultValue }
      guard case .bool(let bool) = value else {
        throw HostSessions.Failure(
          "invalid_arguments", "\(tool.rawValue): '\(name)' must be true or false; it is \(value.kind)")
      }
      return bool
    }
  }
#endif
