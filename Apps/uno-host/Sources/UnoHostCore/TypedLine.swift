import Foundation
import UnoPlugin

/// A line typed to `uno-host run <feature>`, read the same way whether the host answers a person
/// (`--format pretty`) or a program (`--format json`): one grammar for both.
///
/// - `help` (or `?`), `state`, `features`, `quit` (or `exit`): the host's own commands.
/// - A feature's short command and its argument (``FeatureCommand``): `toggle 2`.
/// - An action by its name (``FeaturePlugin/ActionInfo/path``), dotted or spaced (`detail.load`,
///   `detail load`), then one word per id it takes, then its value (see
///   ``FeaturePlugin/action(named:arguments:)``): `queryChanged smiling cat`, `todo.toggle 3F2…`.
/// - JSON: an object with an `op` is a protocol request, as in `serve`; any other value is an
///   action (`{"queryChanged":{"query":"cat"}}`, `"increment"`).
///
/// ```swift
/// TypedLine.parse("queryChanged smiling cat", for: searchPlugin)
/// // .success(.action({"queryChanged":{"query":"smiling cat"}}))
/// ```
public enum TypedLine: Sendable {
  /// `help` or `?`: the feature's actions and commands.
  case help
  /// `state`: the whole view state.
  case state
  /// `features`: every feature of the host.
  case features
  /// `quit` or `exit`: no more lines.
  case quit
  /// A feature's short command, with the rest of the line as its argument.
  case command(name: String, argument: String?)
  /// An action, as the JSON a session reads.
  case action(JSONValue)
  /// A protocol request (a JSON object with an `op`).
  case request(Request)

  /// The host's own commands, as typed.
  public static let hostCommands = ["help", "state", "features", "quit"]

  /// What `text` asks for of a session of `plugin`; `nil` for a blank line.
  ///
  /// A failure carries the code a program gets (`malformed_action`, `unknown_action`,
  /// `invalid_payload`, or the code of a bad JSON line or request) and a sentence for a person.
  public static func parse(_ text: String, for plugin: FeaturePlugin) -> Result<TypedLine, RequestError>? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let first = trimmed.first else { return nil }
    if first == "{" || first == "\"" || first == "[" {
      return parseLineJSON(Array(trimmed.utf8))
        .mapError {
          RequestError($0.code, "\($0.message). Type an action as JSON, or by name; 'help' lists them.")
        }
        .flatMap { value in
          value["op"] != nil
            ? UnoHostCore.request(from: value).map(TypedLine.request) : .success(.action(value))
        }
    }
    switch trimmed {
    case "help", "?": return .success(.help)
    case "state": return .success(.state)
    case "features": return .success(.features)
    case "quit", "exit": return .success(.quit)
    default: break
    }
    let words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if plugin.commands.contains(where: { $0.name == words[0] }) {
      let argument = trimmed.dropFirst(words[0].count).drop { $0 == " " }
      return .success(.command(name: words[0], argument: argument.isEmpty ? nil : String(argument)))
    }
    // The longest name the first words make, dotted or spaced.
    let names = Set(plugin.actionPaths)
    var name = words[0]
    var used = 1
    for count in stride(from: words.count, through: 2, by: -1)
    where names.contains(words[0..<count].joined(separator: ".")) && !names.contains(words[0]) {
      (name, used) = (words[0..<count].joined(separator: "."), count)
      break
    }
    guard names.contains(name) else {
      return .failure(RequestError("unknown_action", unknownName(name, in: plugin)))
    }
    var arguments = Substring(trimmed)
    for word in words.prefix(used) {
      arguments = arguments.drop { $0 == " " }.dropFirst(word.count)
    }
    return plugin.action(named: name, arguments: String(arguments))
      .map(TypedLine.action)
      .mapError { RequestError($0.code, $0.message) }
  }

  /// Says that `plugin` has no action (or command) `name`: the one within two letters of it, the
  /// actions it begins, or the list.
  public static func unknownName(_ name: String, in plugin: FeaturePlugin) -> String {
    let nested = plugin.actionPaths.filter { $0.hasPrefix(name + ".") }
    if !nested.isEmpty {
      return "'\(name)' is followed by the action it carries: one of "
        + nested.map { String($0.dropFirst(name.count + 1)) }.joined(separator: ", ")
        + " (as in '\(nested[0])' or '\(nested[0].replacingOccurrences(of: ".", with: " "))')."
        + " Type 'help' to see them all."
    }
    let kinds = plugin.commands.isEmpty ? "action" : "command or action"
    // The first names of nested actions too (`detail` for `detail.load`): a near miss of one
    // leads to the actions it begins.
    let words = plugin.actionPaths + plugin.actions.map(\.name) + plugin.commands.map(\.name) + hostCommands
    if let guess = closestWord(to: name, among: words) {
      return
        "There is no \(kinds) '\(name)' in \(plugin.name). Did you mean '\(guess)'? Type 'help' to see them all."
    }
    guard plugin.commands.isEmpty else {
      return "There is no command or action '\(name)' in \(plugin.name). Its commands are: "
        + "\(plugin.commands.map(\.name).joined(separator: ", ")). Type 'help' to see what each does."
    }
    return "There is no action '\(name)' in \(plugin.name). Its actions are: "
      + "\(plugin.actionPaths.joined(separator: ", ")). Type 'help' to see each with an example."
  }
}

/// The one word of `words` within two edits of `word` (a letter added, removed or changed),
/// ignoring case, or `nil` when none is, or several are as close.
public func closestWord(to word: String, among words: [String]) -> String? {
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
