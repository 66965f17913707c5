import Dependencies
import IssueReporting

/// One search hit: a character and its name.
nonisolated public struct SearchResult: Sendable, Equatable, Codable, Identifiable {
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
nonisolated public struct SearchDetail: Sendable, Equatable, Codable {
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
/// The feature reads it with `@Dependency(\.searchClient)`. Its live value (`SearchClientLive`,
/// which the plugin links) queries an index of the Unicode character names; its test value fails
/// any test that uses an endpoint it did not override, naming the endpoint; its preview value
/// answers from a handful of characters:
///
/// ```swift
/// let harness = await InteractorTestHarness(SearchInteractor(), withDependencies: {
///   $0.searchClient.search = { _, _ in [grinningFace] }
///   $0.continuousClock = TestClock()
/// })
/// ```
nonisolated public struct SearchClient: Sendable {
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

nonisolated extension SearchClient: TestDependencyKey {
  /// Fails the test that calls an endpoint it did not override, naming the endpoint.
  public static let testValue = SearchClient(
    search: unimplemented("SearchClient.search"),
    detail: unimplemented("SearchClient.detail")
  )

  /// Answers from a handful of well-known characters, for previews and demos.
  public static let previewValue: SearchClient = {
    let characters: [SearchResult] = [
      SearchResult(id: 0x1F600, name: "GRINNING FACE", character: "\u{1F600}"),
      SearchResult(id: 0x1F638, name: "GRINNING CAT FACE WITH SMILING EYES", character: "\u{1F638}"),
      SearchResult(id: 0x263A, name: "WHITE SMILING FACE", character: "\u{263A}"),
    ]
    return SearchClient(
      search: { query, limit in
        let words = query.uppercased().split(separator: " ")
        return Array(
          characters.filter { result in words.allSatisfy { result.name.contains($0) } }.prefix(limit))
      },
      detail: { id in
        guard let result = characters.first(where: { $0.id == id }) else {
          throw PreviewCharacterUnknown(id: id)
        }
        return SearchDetail(
          id: id, name: result.name, character: result.character, codePoint: codePoint(id), utf8: "",
          utf16: "", category: "Other Symbol", age: nil, properties: []
        )
      }
    )
  }()
}

/// Thrown by the preview client for a character it does not know.
nonisolated struct PreviewCharacterUnknown: Error, CustomStringConvertible {
  let id: UInt32
  var description: String { "the preview search client knows only a few characters, not \(codePoint(id))" }
}

nonisolated extension DependencyValues {
  /// The search feature's client (see ``SearchClient``).
  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
