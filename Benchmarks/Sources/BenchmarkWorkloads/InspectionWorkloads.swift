import UnoComposition
import UnoCore

/// A state of 1,000 rows and a counter: what an app's screen of a list holds.
public struct RowsAndCount: Sendable, Equatable, Codable {
  public var rows: [Int] = Array(0..<1_000)
  public var count = 0
}

/// `.increment` changes the counter; `.bump` changes a row.
public enum RowsAndCountAction: Sendable, Equatable, Codable {
  case increment
  case bump
}

/// A send on a state of 1,000 rows: the inspection rows of quick mode.
public struct RowsAndCountInteractor: Interactor {
  public init() {}
  public typealias DomainState = RowsAndCount
  public typealias Action = RowsAndCountAction
  public var body: some InteractorOf<Self> {
    Interact(initialValue: RowsAndCount()) { state, action in
      switch action {
      case .increment: state.count &+= 1
      case .bump: state.rows[500] &+= 1
      }
      return .state
    }
  }
}
