// Workloads for a navigation stack: an action to the top screen of a stack 1 or 50 screens deep.
import UnoComposition
import UnoCore

public struct BenchStack: Sendable, Equatable {
  public var path: StackState<BenchRow>
}

@CasePathable
public enum BenchStackAction: Sendable {
  case path(StackAction<BenchRow, BenchRowAction>)
}

/// A stack of `depth` screens, each a `BenchRowInteractor`.
public struct BenchStackInteractor: Interactor {
  public let depth: Int
  public init(depth: Int) { self.depth = depth }
  public var body: some Interactor<BenchStack, BenchStackAction> {
    Interact(initialValue: BenchStack(path: StackState((0..<depth).map { BenchRow(id: $0) }))) { _, _ in
      .state
    }
    .forEach(stateIs: \.path, actionIs: \.path) { BenchRowInteractor() }
  }
}
