import SearchClientLive
import SearchFeature
import UnoPlugin

/// Search, as a host loads it: the live Unicode-name index and the continuous clock.
public let searchPlugin = FeaturePlugin(
  name: "search",
  summary: "Search the ~155,000 named Unicode characters by name, with a debounced query and details.",
  actions: [
    .init(
      SearchAction.queryChanged(query: "smiling face"),
      summary: "Edits the query; searches once typing pauses."),
    .init(.submit, summary: "Searches now."),
    .init(.clear, summary: "Empties the query and the results."),
    .init(
      .select(id: 0x1F600),
      summary: "Shows the detail of a result, by code point; send detail load next to load its details."),
    .init(
      .detail(.load), summary: "Loads the shown detail's details (a view sends it when the detail appears)."),
    .init(.detail(.toggleFavorite), summary: "Marks or unmarks the selected character as a favorite."),
    .init(.detail(.close), summary: "Closes the detail."),
  ],
  makeViewModel: {
    // A host runs features live, even inside a test process: the real index, the live clock.
    SearchInteractor.makeViewModel(withDependencies: { $0.context = .live }, reportsReinitialization: false)
  }
)
