// Compiled with the `Host` trait only (Package.swift).
#if Host
  import Dependencies
  import Foundation
  import UnoCore
  import UnoHostCore
  import UnoPlugin

  /// `run <feature>` for a person: the view state once, then each change as a diff headed by what
  /// caused it; commands beside actions; shorthand for actions with one field; errors as sentences.
  ///
  /// ```
  /// > queryChanged smiling cat
  /// after queryChanged smiling cat:
  ///   SearchViewState(
  /// -   query: "",
  /// +   query: "smiling cat",
  ///     ...
  /// ```
  @MainActor
  final class TerminalSession {
    /// The sessions the terminal's one session is open in, as the other front ends' are: requests
    /// are tracked there, and an inspector can follow it.
    let sessions: HostSessions
    private let number: Int
    private let plugin: FeaturePlugin
    private let registry: FeatureRegistry
    /// The session itself, for its commands, its dumps and its diffs.
    private let session: FeatureSession
    private let write: @MainActor (String) -> Void
    /// The line being handled, to head the change it causes.
    private var typing: String?
    /// What was typed, by the request that sent it, while its effects run: to head the changes
    /// they make later. An entry goes when the request's effects have ended, so that a long
    /// session does not grow.
    private var typedByRequest: [JSONValue: String] = [:]
    /// Whether `quit` was typed.
    private(set) var hasQuit = false

    /// Opens a session of `plugin`'s feature (in ``sessions``, with `sessionDependencies`, recording
    /// its last `recordLimit` changes when given) and shows it.
    init(
      plugin: FeaturePlugin, registry: FeatureRegistry,
      sessionDependencies: @escaping @Sendable (inout DependencyValues) -> Void, recordLimit: Int? = nil,
      write: @escaping @MainActor (String) -> Void
    ) throws(HostSessions.Failure) {
      sessions = HostSessions(
        registry: registry, sessionDependencies: sessionDependencies, recordLimit: recordLimit)
      self.plugin = plugin
      self.registry = registry
      self.write = write
      number = try sessions.open(plugin.name).session
      session = try sessions.featureSession(number)
      // The terminal owns its sessions: they tell it of their events through a weak reference.
      sessions.observe { [weak self] activity in
        if case .event(let event) = activity { self?.handle(event) }
      }
      session.observeViewStateDiffs { [weak self] diff, source in
        self?.changed(diff, source: source)
      }
      write("\(plugin.name): \(plugin.summary)\nType an action, or 'help'. Ctrl-D or 'quit' ends.\n")
      write(pasteable(session.viewStateDump))
    }

    /// What was typed to send `request`, if its effects still run.
    private func typed(_ request: JSONValue?) -> String {
      request.flatMap { typedByRequest[$0] } ?? "an earlier action"
    }

    private func handle(_ event: HostSessions.Event) {
      switch event {
      case .finished(_, let request, _):
        typedByRequest[request] = nil
      case .warning(_, let request, _, let message):
        write("effect of \(typed(request)) failed: \(message)")
      case .changed:
        break  // shown as a diff (`changed(_:source:)`)
      }
    }

    private func changed(_ diff: String, source: StateChangeSource) {
      let cause: String
      switch source {
      case .action:
        cause = "after \(typing ?? "an action")"
      case .effect(let task):
        cause = "effect of \(typed(sessions.request(runningAs: task)))"
      case .sharedValue:
        cause = "a shared value changed"
      case .rewind:
        cause = "rewound"
      }
      write("\(cause):\n\(pasteable(diff))")
    }

    /// How many typed lines are kept for effects still running (none once they have all ended).
    var linesKeptForEffects: Int { typedByRequest.count }

    /// Handles one typed line, read by ``TypedLine`` as `run --format json` reads it.
    func handle(_ line: String) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let typed: TypedLine
      switch TypedLine.parse(trimmed, for: plugin) {
      case nil:
        return
      case .failure(let failure):
        write(failure.message)
        return
      case .success(let parsed):
        typed = parsed
      }
      typing = trimmed
      defer { typing = nil }
      switch typed {
      case .help:
        write(help())
      case .state:
        write(pasteable(session.viewStateDump))
      case .features:
        write(describeFeatures(registry))
      case .quit:
        hasQuit = true
      case .request:
        write(
          "Protocol requests ({\"op\":…}) are for 'serve' and '--format json'. Type an action, or 'help'.")
      case .command(let name, let argument):
        do {
          let sent = try sessions.send(to: number) { session throws(FeatureCommandError) in
            try session.runCommand(name, argument: argument)
          }
          track(sent, typed: trimmed)
        } catch {
          switch error {
          case .refused(let failure): write(failure.message)
          case .failed(let error): write(error.message)
          }
        }
      case .action(let action):
        do {
          track(
            try sessions.send(to: number) { session throws(FeatureError) in try session.send(action) },
            typed: trimmed)
        } catch {
          switch error {
          case .refused(let failure): write(failure.message)
          case .failed(let error): write(sentence(for: error))
          }
        }
      }
    }

    /// Remembers what was typed for the request's effects while they run.
    private func track(_ sent: (request: JSONValue, task: EventTask), typed: String) {
      guard let id = sent.task.id, sessions.request(runningAs: id) != nil else { return }
      typedByRequest[sent.request] = typed
    }

    /// Waits until every action's effects have finished, or `timeout` has passed.
    func drain(timeout: Duration) async {
      _ = await sessions.drain(timeout: timeout)
    }

    private func help() -> String {
      var text = "\(plugin.name): \(plugin.summary)\n\n"
      if !plugin.commands.isEmpty {
        let typed = plugin.commands.map { command in
          command.argument.map { "\(command.name) <\($0)>" } ?? command.name
        }
        let width = typed.map(\.count).max() ?? 0
        text += "Short commands:\n"
        for (command, form) in zip(plugin.commands, typed) {
          text += "  \(form)\(String(repeating: " ", count: width - form.count))  \(command.summary)\n"
        }
        text += "\n"
      }
      text += "Actions:\n"
      let width = plugin.actions.map(\.usage.count).max() ?? 0
      for (index, action) in plugin.actions.enumerated() {
        let padding = String(repeating: " ", count: width - action.usage.count)
        let summary = plugin.listedSummary(at: index).map { "\($0)  " } ?? ""
        text += "  \(action.usage)\(padding)  \(summary)e.g. \(plugin.typedExample(action))\n"
      }
      text += """

        Commands: help, state (the whole view state), features (every feature), quit.
        An action is its name (increment), then an id for each <… id> it takes (todo.toggle 3F2…),
        then its one value (queryChanged smiling cat) or its values as a JSON object; or JSON
        ({"queryChanged":{"query":"cat"}}). A name's dots may be typed as spaces (detail load).
        """
      return text
    }

    private func sentence(for error: FeatureError) -> String {
      switch error {
      case .unknownAction(let name, _, _):
        return TypedLine.unknownName(name, in: plugin)
      case .invalidPayload(let action, _, let reason):
        let example = plugin.actions.first { $0.path == action }.map { plugin.typedExample($0) } ?? ""
        return "'\(action)' was not understood: \(reason)."
          + (example.isEmpty ? "" : " For example: \(example).")
      case .malformedAction(let reason):
        return "That is not an action: \(reason). Type 'help' to see the actions."
      case .notApplied(_, _, let reason):
        return "That was not applied: \(reason)"
      case .notRecordable(let feature):
        return "\(feature) cannot be recorded."
      }
    }
  }

  /// `text` with each `UUID(…)` of a dump written as JSON writes it, `"…"`, so that an id shown
  /// can be pasted into a JSON action as it is.
  func pasteable(_ text: String) -> String {
    text.replacing(#/UUID\(([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})\)/#)
    {
      "\"\($0.output.1)\""
    }
  }
#endif
