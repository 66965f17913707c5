import UnoComposition
import UnoPresentation

/// What a search screen shows: plain strings and rows.
public struct SearchViewState: Sendable, Equatable, Codable {
  /// One result in the list.
  public struct Row: Sendable, Equatable, Codable, Identifiable {
    /// The result's scalar value in decimal, e.g. "128512".
    public var id: String
    /// "😀  GRINNING FACE".
    public var title: String
    /// "U+1F600".
    public var subtitle: String
    /// Whether the detail shows this result.
    public var isSelected: Bool
    /// Whether this result is a favorite.
    public var isFavorite: Bool

    /// A row with these texts and flags.
    public init(id: String, title: String, subtitle: String, isSelected: Bool, isFavorite: Bool) {
      self.id = id
      self.title = title
      self.subtitle = subtitle
      self.isSelected = isSelected
      self.isFavorite = isFavorite
    }
  }

  /// The selected result's detail.
  public struct Detail: Sendable, Equatable, Codable {
    /// "😀  GRINNING FACE".
    public var title: String
    /// "Code point: U+1F600", "UTF-8: F0 9F 98 80", …; "Loading…" until the details arrive.
    public var lines: [String]
    /// "★ Favorite" or "☆ Add to favorites".
    public var favoriteLabel: String

    /// A detail with these texts.
    public init(title: String, lines: [String], favoriteLabel: String) {
      self.title = title
      self.lines = lines
      self.favoriteLabel = favoriteLabel
    }
  }

  /// The query as typed.
  public var query: String
  /// "Type to search", "Searching for “cat”…", "3 results for “cat”", "No results for “x”",
  /// "Search failed: …".
  public var status: String
  /// The results, best first.
  public var rows: [Row]
  /// The selected result's detail; `nil` when nothing is selected.
  public var detail: Detail?

  /// A view state with these texts and rows; the default is the idle screen.
  public init(query: String = "", status: String = "Type to search", rows: [Row] = [], detail: Detail? = nil)
  {
    self.query = query
    self.status = status
    self.rows = rows
    self.detail = detail
  }
}

/// Maps ``SearchState`` to ``SearchViewState``.
@ViewStateReducer<SearchState, SearchViewState>
public struct SearchViewStateReducer: Sendable {
  /// The reducer.
  public init() {}

  /// The phase as a status line, the results as rows, the selection as a detail.
  public var body: some ViewStateReducerOf<Self> {
    BuildViewState { state in
      SearchViewState(
        query: state.query,
        status: status(of: state.phase, count: state.results.count),
        rows: state.results.map { result in
          SearchViewState.Row(
            id: String(result.id),
            title: "\(result.character)  \(result.name)",
            subtitle: codePoint(result.id),
            isSelected: state.detail?.result.id == result.id,
            isFavorite: state.favorites.contains(result.id)
          )
        },
        detail: state.detail.map { detail(of: $0, isFavorite: state.favorites.contains($0.result.id)) }
      )
    }
  }
}

private func status(of phase: SearchPhase, count: Int) -> String {
  switch phase {
  case .idle: "Type to search"
  case .loading(let query): "Searching for “\(query)”…"
  case .loaded(let query): count == 1 ? "1 result for “\(query)”" : "\(count) results for “\(query)”"
  case .empty(let query): "No results for “\(query)”"
  case .failed(_, let message): "Search failed: \(message)"
  }
}

private func detail(of detail: DetailState, isFavorite: Bool) -> SearchViewState.Detail {
  let result = detail.result
  let lines: [String]
  switch detail.status {
  case .loading:
    lines = ["Loading…"]
  case .failed(let message):
    lines = ["Could not load details: \(message)"]
  case .loaded:
    if let info = detail.info {
      lines =
        [
          "Code point: \(info.codePoint)",
          "UTF-8: \(info.utf8)",
          "UTF-16: \(info.utf16)",
          "Category: \(info.category)",
          "Since Unicode \(info.age ?? "?")",
        ] + (info.properties.isEmpty ? [] : ["Properties: \(info.properties.joined(separator: ", "))"])
    } else {
      lines = []
    }
  }
  return SearchViewState.Detail(
    title: "\(result.character)  \(result.name)",
    lines: lines,
    favoriteLabel: isFavorite ? "★ Favorite" : "☆ Add to favorites"
  )
}

/// "U+1F600".
nonisolated func codePoint(_ value: UInt32) -> String {
  let hex = String(value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

extension SearchInteractor {
  /// A view model for the search screen.
  @MainActor
  public static func makeViewModel(
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil
  ) -> ViewModel<SearchAction, SearchState, SearchViewState> {
    ViewModel(
      initialValue: SearchViewState(),
      SearchInteractor().eraseToAnyInteractor(),
      SearchViewStateReducer().eraseToAnyViewStateReducer(),
      withDependencies: prepareDependencies,
      reportsReinitialization: reportsReinitialization
    )
  }
}
