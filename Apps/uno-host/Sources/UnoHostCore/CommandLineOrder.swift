/// Puts a host's subcommand first, so that the shared options may come before it
/// (`uno-host --data-dir D serve`) as well as after it, and names an unknown subcommand instead of
/// reading it as an argument of the default one.
///
/// - Parameters:
///   - arguments: The arguments after the command's name.
///   - subcommands: The subcommands' names.
///   - optionsWithValues: The options that take a value (`--data-dir D`, or `--data-dir=D`).
/// - Returns: The arguments with the first positional one, when it is a subcommand, moved to the
///   front; or a message naming the word that is not a subcommand and listing the real ones.
public func subcommandFirst(
  _ arguments: [String], subcommands: [String], optionsWithValues: Set<String>
) -> Result<[String], SubcommandError> {
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    if argument == "--" { return .success(arguments) }
    if argument.hasPrefix("-") {
      let name = String(argument.split(separator: "=", maxSplits: 1)[0])
      index += optionsWithValues.contains(name) && !argument.contains("=") ? 2 : 1
      continue
    }
    guard subcommands.contains(argument) else {
      return .failure(SubcommandError(word: argument, subcommands: subcommands))
    }
    var reordered = arguments
    reordered.remove(at: index)
    reordered.insert(argument, at: 0)
    return .success(reordered)
  }
  return .success(arguments)
}

/// A word where a subcommand was expected that is not one.
public struct SubcommandError: Error, Equatable, CustomStringConvertible {
  /// What was typed.
  public let word: String
  /// The real subcommands.
  public let subcommands: [String]

  public var description: String {
    "'\(word)' is not a subcommand; the subcommands are: \(subcommands.joined(separator: ", "))"
  }
}
