// Workloads for child view models: a list view model whose rows each have a view model.
import UnoComposition
import UnoCore
import UnoPresentation

/// What the list shows: a row per list row, and the parent's own counter.
public struct BenchListView: Sendable, Equatable {
  public struct Row: Sendable, Equatable, Identifiable {
    public var id: Int
    public var count: Int
  }
  public var rows: [Row] = []
  public var changes = 0
  public init() {}
}

/// A view model of a list of `count` rows (``BenchListInteractor``), its view state reduced from
/// the list.
@MainActor
public func makeListViewModel(count: Int) -> ViewModel<BenchListAction, BenchList, BenchListView> {
  let reducer = BuildViewState<BenchList, BenchListView> { list in
    var view = BenchListView()
    view.rows = list.rows.map { BenchListView.Row(id: $0.id, count: $0.count) }
    view.changes = list.changes
    return view
  }
  let interactor = BenchListInteractor(count: count)
  var initial = BenchListView()
  reducer.reduce(interactor.initialValue, into: &initial)
  return ViewModel(
    initialValue: initial, interactor.eraseToAnyInteractor(), reducer.eraseToAnyViewStateReducer(),
    reportsReinitialization: false
  )
}
