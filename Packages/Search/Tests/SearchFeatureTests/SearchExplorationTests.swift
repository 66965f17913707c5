import Dependencies
import SearchFeature
import Testing
import UnoTesting

/// A search client whose results name their query: "<query> #1", "<query> #2".
private let namingClient = SearchClient(
  search: { query, _ in
    [
      SearchResult(id: 1, name: "\(query) #1", character: "a"),
      SearchResult(id: 2, name: "\(query) #2", character: "b"),
    ]
  },
  detail: { id in
    SearchDetail(
      id: id, name: "#\(id)", character: "a", codePoint: "U+0061", utf8: "61", utf16: "0061",
      category: "Ll", age: nil, properties: [])
  })

@MainActor
@Suite struct SearchExplorationTests {
  @Test func resultsShownAreAlwaysThoseOfTheQueryTheyClaim() async {
    var loaded = 0
    var details = 0
    let failure = await explore(
      SearchInteractor(), runs: 60, steps: 25, seed: 2026,
      // A selection of a result not shown is reported to the sender on purpose.
      allowingIssues: { $0.contains("was dropped") },
      withDependencies: { $0.searchClient = namingClient },
      invariants: [
        Invariant("loaded results are the loaded query's") { state in
          guard case .loaded(let query) = state.phase else { return true }
          loaded += 1
          return state.results.allSatisfy { $0.name.hasPrefix("\(query) #") }
        },
        Invariant("an idle search shows no results") { state in
          state.phase != .idle || state.results.isEmpty
        },
        Invariant("the detail is of a result that was shown") { state in
          if state.detail != nil { details += 1 }
          return state.detail.map { [1, 2].contains($0.result.id) } ?? true
        },
      ])
    #expect(failure == nil)
    // The runs reached what the invariants are about: loaded results, and a detail opened on one.
    #expect(loaded > 0 && details > 0)
  }
}
