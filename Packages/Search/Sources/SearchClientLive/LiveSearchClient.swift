import Dependencies
import SearchFeature

nonisolated extension SearchClient: DependencyKey {
  /// The live client: the index of the Unicode character names, built on first use.
  public static let liveValue = SearchClient.live()
}

nonisolated extension SearchClient {
  /// Searches the Unicode character names (``UnicodeNameIndex/shared()``, built on first use on a
  /// thread of its own) and describes characters from the standard library's Unicode properties.
  public static func live() -> SearchClient {
    live(index: { await UnicodeNameIndex.shared() })
  }

  /// Searches the index `index` gives and describes characters from the standard library's
  /// Unicode properties.
  public static func live(index: @escaping @Sendable () async -> UnicodeNameIndex) -> SearchClient {
    SearchClient(
      search: { query, limit in
        try Task.checkCancellation()
        return await index().search(query, limit: limit).map { hit in
          SearchResult(
            id: hit.scalar, name: hit.name, character: String(Character(Unicode.Scalar(hit.scalar)!)))
        }
      },
      detail: { id in
        guard let scalar = Unicode.Scalar(id) else { throw UnknownCharacter(id: id) }
        return describe(scalar)
      }
    )
  }
}

/// Thrown for a code point that is not a Unicode scalar.
public struct UnknownCharacter: Error, CustomStringConvertible {
  /// The code point asked for.
  public let id: UInt32
  /// What was asked for and why it has no details.
  public var description: String { "\(id) is not a Unicode scalar value" }
}

/// Everything the standard library knows about `scalar` that a person would want to see.
nonisolated func describe(_ scalar: Unicode.Scalar) -> SearchDetail {
  let properties = scalar.properties
  let hex = { (value: UInt32, width: Int) -> String in
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
  let character = String(Character(scalar))
  var notable: [String] = []
  if properties.isAlphabetic { notable.append("Alphabetic") }
  if properties.isEmoji { notable.append("Emoji") }
  if properties.isWhitespace { notable.append("Whitespace") }
  if properties.isMath { notable.append("Math") }
  if properties.isUppercase { notable.append("Uppercase") }
  if properties.isLowercase { notable.append("Lowercase") }
  if let numeric = properties.numericValue { notable.append("Numeric value \(numeric)") }
  return SearchDetail(
    id: scalar.value,
    name: properties.name ?? properties.nameAlias ?? "<unnamed>",
    character: character,
    codePoint: "U+" + hex(scalar.value, 4),
    utf8: scalar.utf8.map { hex(UInt32($0), 2) }.joined(separator: " "),
    utf16: String(scalar).utf16.map { hex(UInt32($0), 4) }.joined(separator: " "),
    category: words(in: "\(properties.generalCategory)"),
    age: properties.age.map { "\($0.major).\($0.minor)" },
    properties: notable
  )
}

/// "otherSymbol" → "Other Symbol".
nonisolated private func words(in camelCase: String) -> String {
  var result = ""
  for character in camelCase {
    if character.isUppercase, !result.isEmpty { result.append(" ") }
    result.append(result.isEmpty ? Character(character.uppercased()) : character)
  }
  return result
}
