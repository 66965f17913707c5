import Clocks
import UnoComposition
import UnoCore

/// Where a search stands.
public enum SearchPhase: Sendable, Equatable, Codable {
  /// Nothing to search for.
  case idle
  /// Waiting for the results of `query`.
  case loading(query: String)
  /// Results for `query` are in ``SearchState/results``.
  case loaded(query: String)
  /// `query` matched nothing.
  case empty(query: String)
  /// Searching for `query` failed.
  case failed(query: String, message: String)
}

/// The search feature's domain state.
public struct SearchState: Sendable, Equatable, Codable {
  /// The query as typed.
  public var query = ""
  /// Where the search for ``query`` stands.
  public var phase = SearchPhase.idle
  /// The results of the last search that finished, best first: kept while the next one loads,
  /// emptied when the query is cleared or a search fails.
  public var results: [SearchResult] = []
  /// The selected result's detail, `nil` when nothing is selected: a child scoped with `when`,
  /// whose effects end when it does.
  public var detail: DetailState?
  /// The scalar values of the favorite results: the one place they are kept.
  public var favorites: Set<UInt32> = []

  /// The idle state: no query, no results.
  public init() {}
}

/// What the search feature can be asked to do.
@CasePathable
public enum SearchAction: Sendable, Equatable, Codable {
  /// The query text changed; a search starts once typing pauses.
  case queryChanged(query: String)
  /// Search now, without waiting for typing to pause.
  case submit
  /// Empty the query and the results.
  case clear
  /// Show the detail of a result; the detail loads its details on ``DetailAction/load``.
  case select(id: UInt32)
  /// An action of the detail.
  case detail(DetailAction)
}

/// The search feature's business logic.
@Interactor<SearchState, SearchAction>
public struct SearchInteractor: Sendable {
  /// How long typing must pause before a search starts.
  public let debounce: Duration
  /// The most results a search asks for.
  public let limit: Int

  /// A search feature; its client and clock are dependencies (`searchClient`,
  /// `continuousClock`).
  public init(debounce: Duration = .milliseconds(300), limit: Int = 50) {
    self.debounce = debounce
    self.limit = limit
  }

  /// Querying (debounced, stale results dropped), the detail scoped with `when`, and favorites.
  public var body: some InteractorOf<Self> {
    SearchEditing(limit: limit)
      .when(stateIs: \.detail, actionIs: \.detail) { DetailInteractor() }
    OnAction(\.queryChanged) {
      // On the `continuousClock` dependency, read as each action is handled.
      Debounce(for: debounce, id: SearchDebounce.id) {
        RunSearch(limit: limit)
      }
    }
  }
}

/// Query editing, submit, clear, selection: everything that happens at once.
struct SearchEditing: Interactor {
  typealias DomainState = SearchState
  typealias Action = SearchAction
  /// Read when an action is handled, so that the runtime's dependencies apply.
  @Dependency(\.searchClient) var client
  let limit: Int

  var body: some InteractorOf<Self> {
    Interact(initialValue: SearchState()) { state, action in
      switch action {
      case .queryChanged(let query):
        state.query = query
        let normalized = normalize(query)
        guard !normalized.isEmpty else {
          state.phase = .idle
          state.results = []
          return .cancel(id: SearchRequest.id)
        }
        state.phase = .loading(query: normalized)
        return .state  // the debounced RunSearch starts the request
      case .submit:
        let normalized = normalize(state.query)
        guard !normalized.isEmpty else { return .state }
        state.phase = .loading(query: normalized)
        // Searching now makes the debounced search for the same typing moot: were it left
        // pending, it would fire later and cancel this request.
        return .merge(
          .cancelDebounce(id: SearchDebounce.id), search(normalized, client: client, limit: limit))
      case .clear:
        state.query = ""
        state.phase = .idle
        state.results = []
        state.detail = nil  // ends the detail's loading too
        return .cancel(id: SearchRequest.id)
      case .select(let id):
        guard let result = state.results.first(where: { $0.id == id }) else {
          // Not dropped in silence: the sender hears that nothing was selected (a host answers it
          // with an error), as for an action to a row that is gone.
          let shown = state.results.prefix(5).map { String($0.id) }.joined(separator: ", ")
          CallSite().reportIssue(
            """
            'select' of id \(id) was dropped: it is not among the \(state.results.count) result(s) shown\
            \(state.results.isEmpty ? "" : " (\(shown)\(state.results.count > 5 ? ", …" : ""))"). \
            Select an id from the current results, once they have arrived.
            """)
          return .state
        }
        state.detail = DetailState(result: result)
        return .state
      case .detail(.toggleFavorite):  // heard after the detail handled it
        guard let id = state.detail?.result.id else { return .state }
        if state.favorites.remove(id) == nil { state.favorites.insert(id) }
        return .state
      case .detail(.close):
        state.detail = nil
        return .state
      case .detail(.load):
        return .state
      }
    }
  }
}

/// The search request for the query typing settled on; the last one wins.
struct RunSearch: Interactor {
  typealias DomainState = SearchState
  typealias Action = String
  /// Read when an action is handled, so that the runtime's dependencies apply.
  @Dependency(\.searchClient) var client
  let limit: Int

  var body: some InteractorOf<Self> {
    Interact(initialValue: SearchState()) { state, _ in
      // Search for the query as it is now: the action carries the text typed at the time.
      let normalized = normalize(state.query)
      guard !normalized.isEmpty else { return .state }
      return search(normalized, client: client, limit: limit)
    }
  }
}

enum SearchRequest: Hashable, Sendable { case id }
enum SearchDebounce: Hashable, Sendable { case id }

/// Trims and collapses whitespace; the query the index sees.
func normalize(_ query: String) -> String {
  query.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// Searches for `query`; the latest search cancels earlier ones, and a response for a query that is
/// no longer the current one is dropped.
func search(_ query: String, client: SearchClient, limit: Int) -> Emission<SearchState> {
  .perform { _, send in
    do {
      let results = try await client.search(query, limit)
      await send { state in
        guard normalize(state.query) == query else { return }
        state.results = results
        state.phase = results.isEmpty ? .empty(query: query) : .loaded(query: query)
      }
    } catch is CancellationError {
    } catch {
      await send { state in
        guard normalize(state.query) == query else { return }
        state.results = []
        state.phase = .failed(query: query, message: "\(error)")
      }
    }
  }
  .cancellable(id: SearchRequest.id, cancelInFlight: true)
}
