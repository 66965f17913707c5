/// One search hit: a character and its name.
public struct SearchResult: Sendable, Equatable, Codable, Identifiable {
  /// The Unicode scalar value.
  public var id: UInt32
  /// Its name, e.g. "GRINNING FACE".
  public var name: String
  /// The character itself.
  public var character: String

  /// A result for the character `id`, called `name`.
  public init(id: UInt32, name: String, character: String) {
    self.id = id
    self.name = name
    self.character = character
  }
}

/// Everything known about one character.
public struct SearchDetail: Sendable, Equatable, Codable {
  /// The Unicode scalar value.
  public var id: UInt32
  /// Its name, e.g. "GRINNING FACE".
  public var name: String
  /// The character itself.
  public var character: String
  /// "U+1F600".
  public var codePoint: String
  /// "F0 9F 98 80".
  public var utf8: String
  /// "D83D DE00".
  public var utf16: String
  /// "Other Symbol".
  public var category: String
  /// The Unicode version that introduced it, e.g. "6.1"; `nil` if unknown.
  public var age: String?
  /// Notable properties, e.g. ["Emoji", "Alphabetic"].
  public var properties: [String]

  /// The details of one character, every field given.
  public init(
    id: UInt32, name: String, character: String, codePoint: String, utf8: String, utf16: String,
    category: String, age: String?, properties: [String]
  ) {
    self.id = id
    self.name = name
    self.character = character
    self.codePoint = codePoint
    self.utf8 = utf8
    self.utf16 = utf16
    self.category = category
    self.age = age
    self.properties = properties
  }
}

/// The interface of the search dependency: what the feature needs, as `@Sendable` closures.
///
/// The live implementation (`SearchClient.live` in `SearchClientLive`) queries an index of the
/// Unicode character names; tests pass closures they control.
public struct SearchClient: Sendable {
  /// Up to `limit` results for `query`, best first.
  public var search: @Sendable (_ query: String, _ limit: Int) async throws -> [SearchResult]
  /// The details of the character `id`.
  public var detail: @Sendable (_ id: UInt32) async throws -> SearchDetail

  /// A client from its two operations: the live index, or closures a test controls.
  public init(
    search: @escaping @Sendable (_ query: String, _ limit: Int) async throws -> [SearchResult],
    detail: @escaping @Sendable (_ id: UInt32) async throws -> SearchDetail
  ) {
    self.search = search
    self.detail = detail
  }
}
