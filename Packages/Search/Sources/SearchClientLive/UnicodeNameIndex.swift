import Foundation
@_spi(Internals) import UnoCore

/// An in-memory index over names, built for word-prefix search.
///
/// Each name is split into words (on spaces and hyphens). A query is split the same way; every
/// query word must be a prefix of some word of a name for the name to match ("smil fac" finds
/// "SMILING FACE WITH HALO"). Matches are ranked:
///
/// 1. the whole name equal to the query,
/// 2. more query words that are whole words of the name,
/// 3. fewer words in the name,
/// 4. lower code point.
///
/// The index lives in flat arrays: a sorted table of distinct words, postings (which names use
/// each word) laid end to end, and each name's word ids. A query word becomes a range of word ids
/// (binary search), so no query scans all names.
nonisolated public final class UnicodeNameIndex: Sendable {
  /// One indexed name.
  public struct Entry: Sendable, Equatable {
    /// The Unicode scalar value.
    public let scalar: UInt32
    /// Its name, e.g. "GRINNING FACE".
    public let name: String

    /// The entry for `scalar`, called `name`.
    public init(scalar: UInt32, name: String) {
      self.scalar = scalar
      self.name = name
    }
  }

  /// One result of ``search(_:limit:)``.
  public struct Hit: Sendable, Equatable {
    /// The Unicode scalar value.
    public let scalar: UInt32
    /// Its name.
    public let name: String

    /// A hit for `scalar`, called `name`.
    public init(scalar: UInt32, name: String) {
      self.scalar = scalar
      self.name = name
    }
  }

  /// The indexed names, in code point order.
  public let entries: [Entry]
  /// Distinct words, sorted.
  let words: [String]
  /// Postings of word `w`: `postings[postingStarts[w]..<postingStarts[w + 1]]`, entry indices in
  /// increasing order.
  let postingStarts: [Int32]
  let postings: [Int32]
  /// Words of entry `e`: `entryWords[entryWordStarts[e]..<entryWordStarts[e + 1]]`, word ids.
  let entryWordStarts: [Int32]
  let entryWords: [Int32]

  /// The most words a query may have; further words are ignored.
  public static let maximumQueryWords = 16
  /// The most characters a query may have; longer queries are cut.
  public static let maximumQueryLength = 256

  /// Indexes `entries`, which must be in increasing code point order.
  public init(entries: [Entry]) {
    var wordIDs: [Substring: Int32] = [:]
    var unsortedWords: [Substring] = []
    var entryWordStarts: [Int32] = [0]
    var entryWords: [Int32] = []
    entryWordStarts.reserveCapacity(entries.count + 1)
    for entry in entries {
      for word in Self.words(in: entry.name) {
        let id: Int32
        if let existing = wordIDs[word] {
          id = existing
        } else {
          id = Int32(unsortedWords.count)
          wordIDs[word] = id
          unsortedWords.append(word)
        }
        entryWords.append(id)
      }
      entryWordStarts.append(Int32(entryWords.count))
    }
    // Renumber words in sorted order, so that a prefix is a contiguous range of ids.
    let order = unsortedWords.indices.sorted { unsortedWords[$0] < unsortedWords[$1] }
    var rank = [Int32](repeating: 0, count: unsortedWords.count)
    for (sortedID, oldID) in order.enumerated() { rank[oldID] = Int32(sortedID) }
    entryWords = entryWords.map { rank[Int($0)] }
    let words = order.map { String(unsortedWords[$0]) }
    // Postings by counting sort: entries are visited in order, so each list comes out sorted.
    var counts = [Int32](repeating: 0, count: words.count + 1)
    for word in entryWords { counts[Int(word) + 1] += 1 }
    for index in 1..<counts.count { counts[index] += counts[index - 1] }
    var fill = counts
    var postings = [Int32](repeating: 0, count: entryWords.count)
    for entry in entries.indices {
      var previous: Int32 = -1
      for slot in Int(entryWordStarts[entry])..<Int(entryWordStarts[entry + 1]) {
        let word = entryWords[slot]
        guard word != previous else { continue }  // a word twice in one name: post once
        previous = word
        postings[Int(fill[Int(word)])] = Int32(entry)
        fill[Int(word)] += 1
      }
    }
    self.entries = entries
    self.words = words
    self.postingStarts = counts
    self.postings = postings
    self.entryWordStarts = entryWordStarts
    self.entryWords = entryWords
  }

  /// Splits a name or a query into upper-case words.
  static func words(in text: some StringProtocol) -> [Substring] {
    text.uppercased().split { !($0.isLetter || $0.isNumber) }.map { Substring($0) }
  }

  /// Up to `limit` names matching `query`, best first. An empty query matches nothing.
  public func search(_ query: String, limit: Int) -> [Hit] {
    guard limit > 0 else { return [] }
    let queryWords = Self.words(in: query.prefix(Self.maximumQueryLength)).prefix(Self.maximumQueryWords)
    guard !queryWords.isEmpty else { return [] }
    let ranges = queryWords.map { prefixRange(String($0)) }
    guard ranges.allSatisfy({ !$0.ids.isEmpty }) else { return [] }

    // Drive from the query word with the fewest postings; check the others name by name.
    let driver = ranges.indices.min { postingCount(ranges[$0].ids) < postingCount(ranges[$1].ids) }!
    let candidates = union(of: ranges[driver].ids)
    let normalizedQuery = queryWords.joined(separator: " ")

    var keys: [UInt64] = []
    keys.reserveCapacity(min(candidates.count, 4096))
    candidateLoop: for candidate in candidates {
      let entry = Int(candidate)
      let words = entryWords[Int(entryWordStarts[entry])..<Int(entryWordStarts[entry + 1])]
      var exactWords = 0
      for range in ranges {
        var matched = false
        for word in words where range.ids.contains(word) {
          matched = true
          if word == range.exact {
            exactWords += 1
            break
          }
        }
        if !matched { continue candidateLoop }
      }
      let exactName: UInt64 = entries[entry].name == normalizedQuery ? 0 : 1
      let missedWords = UInt64(255 - min(exactWords, 255))
      let wordCount = UInt64(min(words.count, 255))
      keys.append(exactName << 63 | missedWords << 55 | wordCount << 47 | UInt64(entry))
    }
    keys.sort()
    return keys.prefix(limit).map { key in
      let entry = entries[Int(key & 0x7FFF_FFFF_FFFF)]
      return Hit(scalar: entry.scalar, name: entry.name)
    }
  }

  /// The ids of the words starting with `prefix`, and the id of `prefix` itself if it is a word.
  func prefixRange(_ prefix: String) -> (ids: Range<Int32>, exact: Int32?) {
    var low = 0
    var high = words.count
    while low < high {
      let middle = (low + high) / 2
      if words[middle] < prefix { low = middle + 1 } else { high = middle }
    }
    let start = low
    high = words.count
    while low < high {
      let middle = (low + high) / 2
      if words[middle].hasPrefix(prefix) { low = middle + 1 } else { high = middle }
    }
    let exact: Int32? = start < words.count && words[start] == prefix ? Int32(start) : nil
    return (Int32(start)..<Int32(low), exact)
  }

  private func postingCount(_ ids: Range<Int32>) -> Int32 {
    postingStarts[Int(ids.upperBound)] - postingStarts[Int(ids.lowerBound)]
  }

  /// The entries using any word in `ids`, each once, in increasing order.
  private func union(of ids: Range<Int32>) -> [Int32] {
    let slots = Int(postingStarts[Int(ids.lowerBound)])..<Int(postingStarts[Int(ids.upperBound)])
    if ids.count == 1 { return Array(postings[slots]) }
    var seen = [UInt64](repeating: 0, count: entries.count / 64 + 1)
    for slot in slots {
      let entry = Int(postings[slot])
      seen[entry >> 6] |= 1 << UInt64(entry & 63)
    }
    var result: [Int32] = []
    result.reserveCapacity(slots.count)
    for (wordIndex, var bits) in seen.enumerated() where bits != 0 {
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        result.append(Int32(wordIndex << 6 | bit))
        bits &= bits - 1
      }
    }
    return result
  }
}

nonisolated extension UnicodeNameIndex {
  /// Every Unicode scalar that has a name, with that name, as the Swift standard library knows
  /// them (about 155,000 on Swift 6.3). Nothing is written by hand.
  public static func unicodeNames() -> [Entry] {
    var entries: [Entry] = []
    entries.reserveCapacity(160_000)
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), let name = scalar.properties.name else { continue }
      entries.append(Entry(scalar: value, name: name))
    }
    return entries
  }

  /// The index over ``unicodeNames()``, built on first use (a fraction of a second) and shared.
  public static let unicode = UnicodeNameIndex(entries: unicodeNames())
}

extension UnicodeNameIndex {
  /// ``unicode``, built on a thread of its own the first time it is asked for.
  ///
  /// Awaiting it never holds a thread of Swift's cooperative pool while the index is built (a
  /// fraction of a second in release builds, many seconds in debug builds): touching ``unicode``
  /// from an effect would block a pool thread for that long, and every other caller of it too,
  /// on the static initializer's lock.
  public static func shared() async -> UnicodeNameIndex {
    await SharedUnicodeIndex.instance.value()
  }
}

/// Builds ``UnicodeNameIndex/unicode`` once, off the cooperative pool, and hands it to every
/// waiter.
private final class SharedUnicodeIndex: Sendable {
  static let instance = SharedUnicodeIndex()

  /// Whether the build has started, and the index once it is built.
  private let build = AsyncCondition<(started: Bool, index: UnicodeNameIndex?)>((false, nil))

  func value() async -> UnicodeNameIndex {
    let start = build.withState { build in
      defer { build.started = true }
      return !build.started
    }
    if start {
      Thread { [build] in
        let index = UnicodeNameIndex.unicode
        build.withState { $0.index = index }
      }.start()
    }
    // Not cancellable: every caller gets the index, however late.
    await build.wait(until: { $0.index != nil }, cancellable: false, what: "the Unicode name index's build")
    return build.reading { $0.index! }
  }
}
