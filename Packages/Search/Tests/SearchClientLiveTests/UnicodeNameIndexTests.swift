import SearchClientLive
import SearchFeature
import Testing

@Suite struct UnicodeNameIndexTests {
  let index: UnicodeNameIndex

  /// Built off the cooperative pool (see ``UnicodeNameIndex/shared()``): several tests of this
  /// suite start at once, and blocking pool threads for the build starved the rest of the run.
  init() async {
    index = await UnicodeNameIndex.shared()
  }

  @Test func indexesTheNamesTheStandardLibraryCarries() {
    #expect(index.entries.count > 100_000)
    #expect(index.entries.first { $0.scalar == 0x1F600 }?.name == "GRINNING FACE")
    #expect(index.entries.map(\.scalar) == index.entries.map(\.scalar).sorted())
  }

  @Test func exactNameComesFirst() {
    #expect(index.search("grinning face", limit: 5).first == .init(scalar: 0x1F600, name: "GRINNING FACE"))
    #expect(index.search("LATIN SMALL LETTER A", limit: 3).first?.scalar == 0x61)
  }

  @Test func everyQueryWordIsAPrefixOfSomeWord() {
    let hits = index.search("smil fac halo", limit: 10)
    #expect(hits.contains { $0.name == "SMILING FACE WITH HALO" })
    for hit in hits {
      let words = hit.name.split { $0 == " " || $0 == "-" }
      for query in ["SMIL", "FAC", "HALO"] {
        #expect(words.contains { $0.hasPrefix(query) }, "\(hit.name) lacks a word starting with \(query)")
      }
    }
  }

  @Test func wholeWordMatchesOutrankPrefixMatchesAndShorterNamesComeFirst() {
    let hits = index.search("cat", limit: 20)
    #expect(hits.first?.name == "CAT")  // U+1F408: the name is exactly the query
    let firstPrefixOnly = hits.firstIndex { !$0.name.split(separator: " ").contains("CAT") }
    let lastWhole = hits.lastIndex { $0.name.split(separator: " ").contains("CAT") }
    if let firstPrefixOnly, let lastWhole { #expect(lastWhole < firstPrefixOnly) }
  }

  @Test func respectsTheLimitAndOrderIsStable() {
    #expect(index.search("letter", limit: 7).count == 7)
    #expect(index.search("letter", limit: 7) == index.search("letter", limit: 7))
    #expect(index.search("letter", limit: 0).isEmpty)
  }

  @Test func emptyAndNonsenseQueriesFindNothing() {
    #expect(index.search("", limit: 10).isEmpty)
    #expect(index.search("   -- ", limit: 10).isEmpty)
    #expect(index.search("zzqxj", limit: 10).isEmpty)
    #expect(index.search("grinning zzqxj", limit: 10).isEmpty)
  }

  @Test func hugeQueriesAreCut() {
    let huge = String(repeating: "face ", count: 10_000)
    #expect(index.search(huge, limit: 3).count == 3)
  }

  @Test func rankingOnASmallIndex() {
    let small = UnicodeNameIndex(entries: [
      .init(scalar: 1, name: "RED APPLE"),
      .init(scalar: 2, name: "APPLE"),
      .init(scalar: 3, name: "APPLESAUCE JAR"),
      .init(scalar: 4, name: "GREEN APPLE TREE"),
      .init(scalar: 5, name: "PINEAPPLE"),
    ])
    #expect(small.search("apple", limit: 10).map(\.scalar) == [2, 1, 4, 3])
    #expect(small.search("app tr", limit: 10).map(\.scalar) == [4])
    #expect(small.search("pine", limit: 10).map(\.scalar) == [5])
  }

  @Test func liveClientDescribesCharacters() async throws {
    let client = SearchClient.live()
    let results = try await client.search("grinning face", 3)
    #expect(results.first == SearchResult(id: 0x1F600, name: "GRINNING FACE", character: "😀"))
    let detail = try await client.detail(0x1F600)
    #expect(detail.codePoint == "U+1F600")
    #expect(detail.utf8 == "F0 9F 98 80")
    #expect(detail.utf16 == "D83D DE00")
    #expect(detail.category == "Other Symbol")
    #expect(detail.properties.contains("Emoji"))
    #expect(try await client.detail(0x41).codePoint == "U+0041")
    await #expect(throws: UnknownCharacter.self) { try await client.detail(0xD800) }
  }
}
