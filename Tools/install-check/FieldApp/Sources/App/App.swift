// A feature written beside the packages of the field an app of this kind has: swift-dependencies
// with its default traits (which bring combine-schedulers and, with it, CoreFoundation), the
// pointfreeco packages, and a module that declares the reference library's names
// (ReferenceNames). Where a name is both ours and theirs, the module's name picks ours.
import CasePaths
import Clocks
import CombineSchedulers
import ConcurrencyExtras
import CustomDump
import Dependencies
import Dispatch
import IdentifiedCollections
import ReferenceNames
import UnoArchitecture

public struct Row: Identifiable, Equatable, Sendable {
  public var id: Int
  public var count = 0
}

@CasePathable
public enum RowAction: Equatable, Sendable { case increment }

@Interactor<Row, RowAction>
public struct RowInteractor: Sendable {
  public init() {}
  public var body: some InteractorOf<Self> {
    Interact(initialValue: Row(id: 0)) { state, action in
      switch action {
      case .increment: state.count += 1
      }
      return .state
    }
  }
}

public struct Screen: Equatable, Sendable {
  public var title = "detail"
  public var closed = false
}

@CasePathable
public enum ScreenAction: Equatable, Sendable { case close, rename(String) }

@Interactor<Screen, ScreenAction>
public struct ScreenInteractor: Sendable {
  @Dependency(\.dismiss) var dismiss: UnoArchitecture.DismissEffect
  public init() {}
  public var body: some InteractorOf<Self> {
    Interact(initialValue: Screen()) { state, action in
      switch action {
      case .close:
        state.closed = true
        return .state
      case .rename(let title):
        state.title = title
        return .state
      }
    }
  }
}

@Interactor
public enum Path {
  case detail(ScreenInteractor)
  case alert(UnoArchitecture.AlertState<Confirm>)
  @CasePathable public enum Confirm: Equatable, Sendable { case delete }
}
extension Path.State: Equatable {}
extension Path.Action: Equatable {}

public struct AppState: Equatable, Sendable {
  public var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
  public var path = UnoArchitecture.StackState<Path.State>()
  public var detail: Screen?
  public var log: [String] = []
  public init() {}
}

@CasePathable
public enum AppAction: Equatable, Sendable {
  case rows(UnoArchitecture.IdentifiedAction<Int, RowAction>)
  case path(UnoArchitecture.StackAction<Path.State, Path.Action>)
  case detail(ScreenAction)
  case open
  case showDetail
  case logLater(String)
  case logged(String)
}

@Interactor<AppState, AppAction>
public struct AppInteractor: Sendable {
  public init() {}
  public var body: some InteractorOf<Self> {
    Interact(initialValue: AppState()) { state, action in
      switch action {
      case .open:
        state.path.append(.detail(Screen()))
        return .state
      case .showDetail:
        state.detail = Screen()
        return .state
      case .logLater(let line):
        return .perform { _, send in
          let sendLine: UnoArchitecture.Send<AppState> = send
          await sendLine { $0.log.append(line) }
        }
      case .logged(let line):
        state.log.append(line)
        return .state
      case .rows, .path, .detail:
        return .state
      }
    }
    .forEach(stateIs: \.rows, actionIs: \.rows) { RowInteractor() }
    .forEach(stateIs: \.path, actionIs: \.path) { Path() }
    .when(stateIs: \.detail, actionIs: \.detail) { ScreenInteractor() }
  }
}

/// The reference library's names, in the same file as ours: each is its module's.
public let theirs: [Any.Type] = [
  ReferenceNames.Send<Int>.self, ReferenceNames.StackState<Int>.self,
  ReferenceNames.IdentifiedAction<Int, Int>.self, ReferenceNames.AlertState<Int>.self,
  ReferenceNames.Shared<Int>.self, ReferenceNames.Empty.self,
]
/// And the field's: a scheduler from combine-schedulers, a clock from swift-clocks.
public let field: [Any.Type] = [AnySchedulerOf<DispatchQueue>.self, TestClock<Duration>.self]

public struct AppViewState: Equatable, Sendable {
  public var total = 0
}

@ViewStateReducer<AppState, AppViewState>
public struct AppViewStateReducer: Sendable {
  public init() {}
  public var body: some ViewStateReducerOf<Self> {
    BuildViewState { AppViewState(total: $0.rows.map(\.count).reduce(0, +)) }
  }
}
