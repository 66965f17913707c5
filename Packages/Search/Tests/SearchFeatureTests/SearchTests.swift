import Foundation
import SearchFeature
import SearchPlugin
import Testing
import UnoPlugin
import UnoTesting

@MainActor
@Suite struct SearchTests {
  let clock = TestClock()
  let fake = FakeSearchClient()

  func makeHarness() async -> InteractorTestHarness<SearchState, SearchAction> {
    await InteractorTestHarness(SearchInteractor(), exhaustivity: .off, withDependencies: overrides)
  }

  /// A harness whose search for `query` has answered `results` (submitted, not debounced).
  func harnessShowingResults(
    for query: String, _ results: [SearchResult]
  ) async -> InteractorTestHarness<SearchState, SearchAction> {
    fake.answer(query, with: results)
    let harness = await makeHarness()
    harness.send(.queryChanged(query: query))
    await harness.sendAndAwait(.submit)
    return harness
  }

  /// The fake client and the test clock, for every runtime of these tests.
  var overrides: (inout DependencyValues) -> Void {
    { [fake, clock] in
      $0.searchClient = fake.client
      $0.continuousClock = clock
    }
  }

  @Test func typingSearchesOnceTypingPauses() async {
    fake.answer("cat", with: [cat, catFace])
    let harness = await makeHarness()
    harness.send(.queryChanged(query: "c"))
    await clock.advance(by: .milliseconds(100))
    harness.send(.queryChanged(query: "ca"))
    await clock.advance(by: .milliseconds(100))
    let last = harness.send(.queryChanged(query: "cat"))
    #expect(harness.currentState.phase == .loading(query: "cat"))
    await clock.advance(by: .milliseconds(300))
    await last.finish()
    #expect(fake.calls == ["cat"])
    #expect(harness.currentState.results == [cat, catFace])
    #expect(harness.currentState.phase == .loaded(query: "cat"))
  }

  @Test func submitSearchesAtOnce() async {
    fake.answer("dog", with: [dog])
    let harness = await makeHarness()
    harness.send(.queryChanged(query: "  dog  "))
    await harness.sendAndAwait(.submit)
    #expect(fake.calls == ["dog"])
    #expect(harness.currentState.results == [dog])
  }

  /// The pending debounced search must not fire after a submit, even when the submitted search
  /// is still running then: it would search again and cancel the submitted request.
  @Test func submitCancelsThePendingDebouncedSearch() async {
    fake.answer("dog", with: [dog])
    let slow = TestGate()
    fake.hold("dog", until: slow)
    let runtime = withDependencies(overrides) { InteractorRuntime(SearchInteractor()) }
    runtime.send(.queryChanged(query: "dog"))
    #expect(runtime.actionsWithRunningEffects == [.queryChanged(query: "dog")])  // the debounce
    let submitted = runtime.send(.submit)
    #expect(runtime.actionsWithRunningEffects == [.submit])  // the debounced search was cancelled
    await clock.advance(by: .milliseconds(300))  // past the debounce, the submitted search waiting
    slow.open()
    await submitted.finish()
    await runtime.waitForAllEffects()
    #expect(fake.calls == ["dog"])
    #expect(runtime.state.phase == .loaded(query: "dog"))
    #expect(runtime.state.results == [dog])
  }

  @Test func emptyResults() async {
    let harness = await makeHarness()
    harness.send(.queryChanged(query: "zzz"))
    await harness.sendAndAwait(.submit)
    #expect(harness.currentState.phase == .empty(query: "zzz"))
    #expect(harness.currentState.results.isEmpty)
  }

  @Test func errorPath() async {
    fake.fail("boom")
    let harness = await makeHarness()
    harness.send(.queryChanged(query: "boom"))
    await harness.sendAndAwait(.submit)
    #expect(harness.currentState.phase == .failed(query: "boom", message: "the index is offline"))
  }

  @Test func aStaleResponseNeverOverwritesANewerQuery() async {
    let slowCat = TestGate()
    fake.hold("cat", until: slowCat)
    fake.answer("cat", with: [cat])
    fake.answer("dog", with: [dog])
    let harness = await makeHarness()
    harness.send(.queryChanged(query: "cat"))
    let catTask = harness.send(.submit)
    await fake.started("cat").wait()  // the "cat" request is in flight
    harness.send(.queryChanged(query: "dog"))
    await harness.sendAndAwait(.submit)
    #expect(harness.currentState.results == [dog])
    slowCat.open()  // the "cat" response arrives after "dog"'s
    await catTask.finish()
    #expect(harness.currentState.results == [dog])
    #expect(harness.currentState.phase == .loaded(query: "dog"))
    #expect(fake.calls == ["cat", "dog"])
  }

  @Test func clearingCancelsThePendingSearch() async {
    fake.answer("cat", with: [cat])
    let harness = await makeHarness()
    let typed = harness.send(.queryChanged(query: "cat"))
    harness.send(.clear)
    await clock.advance(by: .seconds(1))
    await typed.finish()
    #expect(harness.currentState.phase == .idle)
    #expect(harness.currentState.results.isEmpty)
    // The debounced search still fired, but for the query as it is now: empty, so nothing ran.
    #expect(fake.calls.isEmpty)
  }

  @Test func erasingTheQueryCancelsTheRequestInFlight() async {
    let gate = TestGate()
    fake.hold("cat", until: gate)
    fake.answer("cat", with: [cat])
    let harness = await makeHarness()
    harness.send(.queryChanged(query: "cat"))
    let request = harness.send(.submit)
    harness.send(.queryChanged(query: ""))
    gate.open()
    await request.finish()
    #expect(harness.currentState.phase == .idle)
    #expect(harness.currentState.results.isEmpty)
  }

  @Test func selectingAnIdThatIsNotAmongTheResultsIsReportedAndChangesNothing() async {
    let empty = await makeHarness()
    withKnownIssue {
      #expect(!empty.send(.select(id: 9731)).hasEffects)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "'select' of id 9731 was dropped: it is not among the 0 result(s) shown.")
    }
    #expect(empty.currentState.detail == nil)

    let harness = await harnessShowingResults(for: "cat", [cat, catFace])
    withKnownIssue {
      harness.send(.select(id: 9731))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        "not among the 2 result(s) shown (\(cat.id), \(catFace.id)).")
    }
    #expect(harness.currentState.detail == nil)
  }

  @Test func theDetailLoadsItselfAndTheSearchKeepsTheFavorites() async {
    let harness = await harnessShowingResults(for: "cat", [cat, catFace])
    let select = harness.send(.select(id: catFace.id))
    #expect(!select.hasEffects)  // presenting starts nothing: the detail loads when told
    #expect(harness.currentState.detail == DetailState(result: catFace))
    await harness.sendAndAwait(.detail(.load))
    #expect(harness.currentState.detail?.status == .loaded)
    #expect(harness.currentState.detail?.info?.name == "CHARACTER \(catFace.id)")

    harness.send(.detail(.toggleFavorite))
    #expect(harness.currentState.favorites == [catFace.id])  // the search heard the detail's action
    harness.send(.detail(.close))
    #expect(harness.currentState.detail == nil)
    #expect(harness.currentState.favorites == [catFace.id])  // closing keeps favorites

    // Toggling again, from a new detail, removes it.
    harness.send(.select(id: catFace.id))
    harness.send(.detail(.toggleFavorite))
    #expect(harness.currentState.favorites.isEmpty)
  }

  @Test func closingTheDetailCancelsItsLoading() async {
    let gate = fake.holdDetails()
    let harness = await harnessShowingResults(for: "cat", [cat])
    harness.send(.select(id: cat.id))
    let load = harness.send(.detail(.load))
    harness.send(.detail(.close))
    await load.finish()
    #expect(load.isCancelled)
    gate.open()
    #expect(harness.currentState.detail == nil)
  }

  @Test func aLateLoadForAnotherResultIsDropped() async {
    let gate = fake.holdDetails()
    let harness = await harnessShowingResults(for: "cat", [cat, catFace])
    harness.send(.select(id: cat.id))
    let first = harness.send(.detail(.load))
    harness.send(.select(id: catFace.id))  // a new detail; the first load is still in flight
    gate.open()
    await first.finish()
    #expect(harness.currentState.detail == DetailState(result: catFace))  // not cat's details
    await harness.sendAndAwait(.detail(.load))
    #expect(harness.currentState.detail?.info?.name == "CHARACTER \(catFace.id)")
  }

  @Test func detailErrorPath() async {
    let broken = SearchResult(id: 0xDEAD, name: "BROKEN", character: "?")
    let harness = await harnessShowingResults(for: "broken", [broken])
    harness.send(.select(id: 0xDEAD))
    await harness.sendAndAwait(.detail(.load))
    #expect(harness.currentState.detail?.status == .failed(message: "the index is offline"))
  }

  @Test func viewState() async {
    fake.answer("cat", with: [cat, catFace])
    let viewModel = SearchInteractor.makeViewModel(withDependencies: overrides)
    #expect(viewModel.status == "Type to search")
    viewModel.sendViewEvent(.queryChanged(query: "cat"))
    #expect(viewModel.status == "Searching for “cat”…")
    await viewModel.sendViewEvent(.submit).finish()
    #expect(viewModel.status == "2 results for “cat”")
    #expect(viewModel.rows.map(\.title) == ["🐈  CAT", "🐱  CAT FACE"])
    #expect(viewModel.rows.map(\.subtitle) == ["U+1F408", "U+1F431"])
    viewModel.sendViewEvent(.select(id: cat.id))
    #expect(viewModel.detail?.lines == ["Loading…"])
    await viewModel.sendViewEvent(.detail(.load)).finish()
    #expect(viewModel.rows.map(\.isSelected) == [true, false])
    #expect(viewModel.detail?.title == "🐈  CAT")
    #expect(viewModel.detail?.lines.first == "Code point: U+\(cat.id)")
    #expect(viewModel.detail?.favoriteLabel == "☆ Add to favorites")
    viewModel.sendViewEvent(.detail(.toggleFavorite))
    #expect(viewModel.detail?.favoriteLabel == "★ Favorite")
    #expect(viewModel.rows.map(\.isFavorite) == [true, false])
  }

  @Test(arguments: [
    SearchAction.queryChanged(query: "smiling face"), .submit, .clear, .select(id: 0x1F600),
    .detail(.load), .detail(.toggleFavorite), .detail(.close),
  ])
  func actionJSONRoundTrip(action: SearchAction) throws {
    let data = try JSONEncoder().encode(action)
    #expect(try JSONDecoder().decode(SearchAction.self, from: data) == action)
  }

  @Test func viewStateJSONRoundTrip() throws {
    let view = SearchViewState(
      query: "cat", status: "1 result for “cat”",
      rows: [.init(id: "1", title: "🐈  CAT", subtitle: "U+1F408", isSelected: true, isFavorite: false)],
      detail: .init(title: "🐈  CAT", lines: ["Code point: U+1F408"], favoriteLabel: "☆ Add to favorites")
    )
    let data = try JSONEncoder().encode(view)
    #expect(try JSONDecoder().decode(SearchViewState.self, from: data) == view)
  }

  @Test func pluginSearchesTheRealIndex() async throws {
    #expect(
      searchPlugin.actions.map(\.name) == [
        "queryChanged", "submit", "clear", "select", "detail", "detail", "detail",
      ])
    #expect(
      searchPlugin.actions[5].example
        == .object(["detail": .object(["toggleFavorite": .object([:])])]))
    let session = searchPlugin.makeSession()
    try session.send(.object(["queryChanged": .object(["query": .string("grinning face")])]))
    try await session.send(.string("submit")).finish()
    #expect(session.viewStateJSON.contains(#""title":"😀  GRINNING FACE""#))
    #expect(session.viewStateJSON.contains("results for “grinning face”"))
  }

  @Test func aClientEndpointATestDidNotOverrideFailsNamingIt() async {
    let harness = await InteractorTestHarness(
      SearchInteractor(), exhaustivity: .off, withDependencies: { [clock] in $0.continuousClock = clock })
    await withKnownIssue {
      harness.send(.queryChanged(query: "cat"))
      await harness.sendAndAwait(.submit)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("SearchClient.search")
    }
  }

  /// The testing guide's step-by-step sample.
  @Test func stepAssertionsFromTheTestingGuide() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      SearchInteractor(),
      withDependencies: {
        $0.continuousClock = clock
        $0.searchClient.search = { _, _ in [cat] }
      })
    harness.send(.queryChanged(query: "cat")) {
      $0.query = "cat"
      $0.phase = .loading(query: "cat")
    }
    await clock.advance(by: .milliseconds(300))
    await harness.receive {
      $0.results = [cat]
      $0.phase = .loaded(query: "cat")
    }
  }
}
