import UnoComposition
import UnoCore

/// The selected result's detail: an optional child of ``SearchState``, present while a result is
/// selected. Its effects die with it: closing the detail, or clearing the search, cancels its
/// loading.
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

  /// The selected result.
  public var result: SearchResult
  /// The selected result's details, once loaded.
  public var info: SearchDetail?
  /// Where loading ``info`` stands.
  public var status = Status.loading

  /// The detail of `result`, before its details are loaded.
  public init(result: SearchResult, info: SearchDetail? = nil, status: Status = .loading) {
    self.result = result
    self.info = info
    self.status = status
  }
}

/// What the detail can be asked to do.
public enum DetailAction: Sendable, Equatable, Codable {
  /// Loads the selected result's details: send it when the detail is shown (a view's `.task`).
  case load
  /// Makes the selected result a favorite, or no longer one (the search keeps the favorites).
  case toggleFavorite
  /// Closes the detail (the search removes it).
  case close
}

/// The detail's logic: it loads its own details. Favorites and closing belong to the search,
/// which hears each detail action right after the detail handled it.
@Interactor<DetailState, DetailAction>
struct DetailInteractor: Sendable {
  /// Read when an action is handled, so that the runtime's dependencies apply.
  @Dependency(\.searchClient) var client

  var body: some InteractorOf<Self> {
    Interact {  // the parent presents the detail with its state
      state, action in
      switch action {
      case .load:
        let id = state.result.id
        state.info = nil
        state.status = .loading
        let client = self.client
        return .perform { _, send in
          do {
            let info = try await client.detail(id)
            await send { state in
              guard state.result.id == id else { return }  // another result was selected since
              state.info = info
              state.status = .loaded
            }
          } catch is CancellationError {
          } catch {
            await send { state in
              guard state.result.id == id else { return }
              state.status = .failed(message: "\(error)")
            }
          }
        }
        // Loading again (or loading another result) replaces the load in flight.
        .cancellable(id: DetailLoad.id, cancelInFlight: true)
      case .toggleFavorite, .close:
        return .state
      }
    }
  }
}

enum DetailLoad: Hashable, Sendable { case id }
