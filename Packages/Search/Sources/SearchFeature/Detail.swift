import UnoComposition
import UnoCore

/// The selected result's detail: the child scoped with `when`.
public struct DetailState: Sendable, Equatable, Codable {
  /// Where loading the selected result's details stands.
  public enum Status: Sendable, Equatable, Codable {
    /// Waiting for the details.
    case loading
    /// The details are in ``DetailState/info``.
    case loaded
    /// Loading the details failed with `message`.
    case failed(message: String)
  }

  /// The selected result; `nil` when nothing is selected.
  public var result: SearchResult?
  /// The selected result's details, once loaded.
  public var info: SearchDetail?
  /// Where loading ``info`` stands.
  public var status = Status.loading
  /// Whether the selected result is a favorite.
  public var isFavorite = false

  /// A detail state; the default is nothing selected.
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
  /// Makes the selected result a favorite, or no longer one.
  case toggleFavorite
  /// Closes the detail: nothing is selected any more.
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
