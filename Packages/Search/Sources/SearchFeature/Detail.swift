import UnoComposition
import UnoCore

/// The selected result's detail: the child scoped with `when`.
public struct DetailState: Sendable, Equatable, Codable {
  public enum Status: Sendable, Equatable, Codable {
    case loading
    case loaded
    case failed(message: String)
  }

  /// The selected result; `nil` when nothing is selected.
  public var result: SearchResult?
  public var info: SearchDetail?
  public var status = Status.loading
  public var isFavorite = false

  public init(
    result: SearchResult? = nil, info: SearchDetail? = nil, status: Status = .loading,
    isFavorite: Bool = false
  ) {
    self.result = result
    self.info = info
    self.status = status
    self.isFavorite = isFavorite
  }
}

/// What the detail can be asked to do.
public enum DetailAction: Sendable, Equatable, Codable {
  case toggleFavorite
  case close
}

/// The detail's logic. Its parent hears every change (`detailChanged`) and keeps the favorites.
@Interactor<DetailState, DetailAction>
struct DetailInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: DetailState()) { state, action in
      switch action {
      case .toggleFavorite:
        guard state.result != nil else { return .state }
        state.isFavorite.toggle()
      case .close:
        state = DetailState()
      }
      return .state
    }
  }
}
