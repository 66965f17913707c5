// Workloads for shared state (`Shared`): reading a shared field in a step against reading a plain
// one, and one write seen by many runtimes against as many plain sends.
import UnoComposition
import UnoCore

public struct BenchSharedState: Sendable, Equatable {
  @Shared public var shared: Int
  public var plain = 0
  public var sink = 0

  public init(shared: Shared<Int>) {
    self._shared = shared
  }
}

public enum BenchSharedAction: Sendable {
  /// Reads the shared field into `sink`.
  case readShared
  /// Reads the plain field into `sink`.
  case readPlain
}

public struct BenchSharedInteractor: Interactor {
  public let initial: BenchSharedState
  public init(shared: Shared<Int>) { initial = BenchSharedState(shared: shared) }
  public var body: some Interactor<BenchSharedState, BenchSharedAction> {
    Interact(initialValue: initial) { state, action in
      switch action {
      case .readShared: state.sink &+= state.shared
      case .readPlain: state.sink &+= state.plain
      }
      return .state
    }
  }
}
