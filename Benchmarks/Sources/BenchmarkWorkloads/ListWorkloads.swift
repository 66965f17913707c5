// Workloads for `forEach`: an action to one row of a list, and removing a row whose effect runs.
import UnoComposition
import UnoCore

public struct BenchRow: Sendable, Equatable, Identifiable {
  public var id: Int
  public var count = 0
}

@CasePathable
public enum BenchRowAction: Sendable {
  case increment
  /// Starts an effect that runs until it is cancelled.
  case work
}

public struct BenchRowInteractor: Interactor {
  public init() {}
  public var body: some Interactor<BenchRow, BenchRowAction> {
    Interact(initialValue: BenchRow(id: 0)) { state, action in
      switch action {
      case .increment:
        state.count &+= 1
        return .state
      case .work:
        return .observe { _, _ in try await Task.sleep(for: .seconds(3600)) }
      }
    }
  }
}

public struct BenchList: Sendable, Equatable {
  public var rows: IdentifiedArrayOf<BenchRow>
  public var changes = 0
}

@CasePathable
public enum BenchListAction: Sendable {
  case row(IdentifiedAction<Int, BenchRowAction>)
  case add(Int)
  case remove(Int)
  /// Changes the parent's own state, not the list.
  case touch
}

/// A list of `count` rows, ids `0..<count`.
public struct BenchListInteractor: Interactor {
  public let count: Int
  public init(count: Int) { self.count = count }
  public var body: some Interactor<BenchList, BenchListAction> {
    Interact(
      initialValue: BenchList(rows: IdentifiedArray(uniqueElements: (0..<count).map { BenchRow(id: $0) }))
    ) {
      state, action in
      switch action {
      case .row: break
      case .add(let id): state.rows.append(BenchRow(id: id))
      case .remove(let id): state.rows.remove(id: id)
      case .touch: state.changes &+= 1
      }
      return .state
    }
    .forEach(stateIs: \.rows, actionIs: \.row) { BenchRowInteractor() }
  }
}
