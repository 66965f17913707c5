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

  /// Handles one typed line.
  func handle(_ line: String) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return }
    switch trimmed {
    case "help", "?":
      write(help())
      return
    case "state":
      write(pasteable(session.viewStateDump))
      return
    case "features":
      write(describeFeatures(registry))
      return
    case "quit", "exit":
      hasQuit = true
      return
    default:
      break
    }
    let words = trimmed.split(separator: " ", maxSplits: 1).map(String.init)
    if session.commands.contains(where: { $0.name == words[0] }) {
      typing = trimmed
      defer { typing = nil }
      do {
        let sent = try sessions.send(to: number) { session throws(FeatureCommandError) in
          try session.runCommand(words[0], argument: words.count == 2 ? words[1] : nil)
        }
        track(sent, typed: trimmed)
      } catch {
        switch error {
        case .refused(let failure): write(failure.message)
        case .failed(let error): write(error.message)
        }
      }
      return
    }
    let action: JSONValue
    switch parseAction(trimmed) {
    case .success(let parsed): action = parsed
    case .failure(let message):
      write(message)
      return
    }
    typing = trimmed
    defer { typing = nil }
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

  /// Remembers what was typed for the request's effects while they run.
  private func track(_ sent: (request: JSONValue, task: EventTask), typed: String) {
    guard let id = sent.task.id, sessions.request(runningAs: id) != nil else { return }
    typedByRequest[sent.request] = typed
  }

  /// Waits until every action's effects have finished, or `timeout` has passed.
  func drain(timeout: Duration) async {
    _ = await sessions.drain(timeout: timeout)
  }

  // MARK: Reading actions

  private enum Parsed {
    case success(JSONValue)
    case failure(String)
  }

  /// `{"json":…}` as it is; otherwise an action by its path (``FeaturePlugin/ActionInfo/path``),
  /// dotted or spaced (`detail.load`, `detail load`), then its one value if it takes one
  /// (`queryChanged smiling cat`), typed like the value in the action's example, or its values
  /// as a JSON object.
  private func parseAction(_ text: String) -> Parsed {
    if text.first == "{" || text.first == "\"" {
      switch parseLineJSON(Array(text.utf8)) {
      case .success(let value): return .success(value)
      case .failure(let error):
        return .failure(
          "That is not valid JSON (\(error.message)). Type an action as JSON, e.g. "
            + "\((plugin.actions.first?.example ?? .null).text), or by name; 'help' lists them.")
      }
    }
    let words = text.split(separator: " ").map(String.init)
    let typedPath = words[0].split(separator: ".").map(String.init)
    guard let (info, remainder) = matchAction(typedPath, then: Array(words.dropFirst()), in: text) else {
      return .failure(unknownActionMessage(typedPath))
    }
    let payload = info.payload
    let value: JSONValue
    if remainder.isEmpty {
      guard payload.isEmpty else {
        // The bare name: the feature says what is missing, as it does for a JSON client.
        if info.pathComponents.count == 1 { return .success(.string(info.name)) }
        return .failure("'\(info.path)' needs a value. For example: \(shorthand(info)).")
      }
      value = .object([:])
    } else if payload.isEmpty {
      return .failure("'\(info.path)' takes no value: type it alone.")
    } else if payload.count == 1, let (field, example) = payload.first, !Self.isJSONObject(example) {
      guard let typed = Self.value(remainder, like: example) else {
        return .failure(
          "'\(info.path)' takes its \(field) as \(Self.kind(of: example)), and '\(remainder)' is not one. "
            + "For example: \(shorthand(info)).")
      }
      value = .object([field: typed])
    } else {
      guard case .success(let object) = parseLineJSON(Array(remainder.utf8)), case .object = object else {
        return .failure(
          "'\(info.path)' takes several values: type them as a JSON object after its name, or the "
            + "whole action as JSON. For example: \(info.example.text).")
      }
      value = object
    }
    return .success(info.pathComponents.reversed().reduce(value) { inner, name in .object([name: inner]) })
  }

  /// The action whose path the typed words start with (the longest such path), and the text
  /// after them: its value. `typedPath` is the first word split at its dots; `rest`, the words
  /// after it, which continue the path only when the first word has no dot (`detail load`).
  private func matchAction(
    _ typedPath: [String], then rest: [String], in text: String
  ) -> (FeaturePlugin.ActionInfo, String)? {
    var best: (info: FeaturePlugin.ActionInfo, words: Int)?
    for info in plugin.actions {
      let path = info.pathComponents
      let words: Int
      if path == typedPath {
        words = 1
      } else if typedPath.count == 1, path.count > 1, path[0] == typedPath[0],
        Array(rest.prefix(path.count - 1)) == Array(path.dropFirst())
      {
        words = path.count
      } else {
        continue
      }
      if best == nil || path.count > best!.info.pathComponents.count { best = (info, words) }
    }
    guard let best else { return nil }
    let remainder =
      text.split(separator: " ", maxSplits: best.words, omittingEmptySubsequences: true)
      .dropFirst(best.words).first.map(String.init) ?? ""
    return (best.info, remainder)
  }

  /// What to say when no action has the typed path: the actions under its first name, a close
  /// name, or the list.
  private func unknownActionMessage(_ typedPath: [String]) -> String {
    let name = typedPath.joined(separator: ".")
    let nested = plugin.actions.filter { $0.pathComponents.count > 1 && $0.name == typedPath[0] }
    if !nested.isEmpty {
      let next = nested.map { $0.pathComponents.dropFirst().joined(separator: ".") }
      return "'\(typedPath[0])' is followed by the action it carries: one of "
        + "\(next.joined(separator: ", ")) (as in '\(nested[0].path)' or "
        + "'\(nested[0].pathComponents.joined(separator: " "))'). Type 'help' to see them all."
    }
    return noSuchAction(name)
  }

  /// Says that the feature has no action (or command) `name`: the one within two letters of it,
  /// or the list. For a typed line and for an action the feature refused by name alike.
  private func noSuchAction(_ name: String) -> String {
    let words =
      plugin.actionPaths + plugin.actions.map(\.name) + plugin.commands.map(\.name)
      + ["help", "state", "features", "quit"]
    if let guess = closestWord(to: name, among: words) {
      return
        "There is no \(plugin.commands.isEmpty ? "action" : "command or action") '\(name)' in \(plugin.name). "
        + "Did you mean '\(guess)'? "
        + "Type 'help' to see them all."
    }
    guard plugin.commands.isEmpty else {
      return "There is no command or action '\(name)' in \(plugin.name). Its commands are: "
        + "\(plugin.commands.map(\.name).joined(separator: ", ")). Type 'help' to see what each does."
    }
    return "There is no action '\(name)' in \(plugin.name). Its actions are: "
      + "\(plugin.actionPaths.joined(separator: ", ")). Type 'help' to see each with an example."
  }

  private static func isJSONObject(_ value: JSONValue) -> Bool {
    if case .object = value { return true }
    return false
  }

  private static func value(_ text: String, like example: JSONValue) -> JSONValue? {
    switch example {
    case .string: return .string(text)
    case .integer: return Int(text).map(JSONValue.integer)
    case .double: return Double(text).map(JSONValue.double)
    case .bool: return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
    default: return parseLineJSON(Array(text.utf8)).success
    }
  }

  private static func kind(of example: JSONValue) -> String {
    switch example {
    case .string: "text"
    case .integer: "a whole number"
    case .double: "a number"
    case .bool: "true or false"
    default: "JSON"
    }
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
    let width = plugin.actions.map(\.path.count).max() ?? 0
    for action in plugin.actions {
      let padding = String(repeating: " ", count: width - action.path.count)
      text += "  \(action.path)\(padding)  \(action.summary)  e.g. \(shorthand(action))\n"
    }
    text += """

      Commands: help, state (the whole view state), features (every feature), quit.
      An action is its name (increment), its name and its one value (queryChanged smiling cat),
      or JSON ({"queryChanged":{"query":"cat"}}). An action nested in another is named by its
      path, with dots or spaces (detail.load, detail load).
      """
    return text
  }

  /// How a person types the example: its path and its one value when it has at most one,
  /// JSON otherwise.
  private func shorthand(_ action: FeaturePlugin.ActionInfo) -> String {
    guard case .object? = action.example[action.name] else { return (action.example).text }
    let payload = action.payload
    if payload.isEmpty { return action.path }
    if payload.count == 1, let value = payload.values.first {
      switch value {
      case .string(let text): return "\(action.path) \(text)"
      case .integer, .double, .bool: return "\(action.path) \((value).text)"
      default: break
      }
    }
    return (action.example).text
  }

  private func sentence(for error: FeatureError) -> String {
    switch error {
    case .unknownAction(let name, _, _):
      return noSuchAction(name)
    case .invalidPayload(let action, _, let reason):
      let example = plugin.actions.first { $0.name == action }.map { ($0.example).text } ?? ""
      return "'\(action)' was not understood: \(reason). For example: \(example)."
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
  text.replacing(#/UUID\(([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})\)/#) {
    "\"\($0.output.1)\""
  }
}

extension Result {
  fileprivate var success: Success? {
    if case .success(let value) = self { return value }
    return nil
  }
}

/// The one word of `words` within two edits of `word` (a letter added, removed or changed),
/// ignoring case, or `nil` when none is, or several are as close.
func closestWord(to word: String, among words: [String]) -> String? {
  let target = Array(word.lowercased())
  var best: (word: String, distance: Int)?
  var tied = false
  for candidate in Set(words) {
    let distance = editDistance(target, Array(candidate.lowercased()))
    guard distance <= 2 else { continue }
    if best == nil || distance < best!.distance {
      (best, tied) = ((candidate, distance), false)
    } else if distance == best!.distance {
      tied = true
    }
  }
  return tied ? nil : best?.word
}

/// Levenshtein distance, one row at a time.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  var previous = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var current = [i + 1] + Array(repeating: 0, count: b.count)
    for (j, y) in b.enumerated() {
      current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
    }
    previous = current
  }
  return previous[b.count]
}
