import Testing
@_spi(Internals) import UnoCore
import UnoPresentation
import UnoTesting

/// A cart whose view shows its total and, when something in it is over a limit, a warning. The
/// planted bug is in the view state reducer: it sets the warning when the cart goes over the
/// limit and never clears it, so the view goes on warning after the item is removed: only
/// `add` of an item over the limit, then `remove` of it, reach it.
private struct Cart: Interactor {
  typealias DomainState = State
  struct State: Codable, Equatable, Sendable {
    var prices: [Int] = []
  }
  enum Action: Codable, Equatable, Sendable {
    case add(price: Int)
    case removeLast
  }

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { state, action in
      switch action {
      case .add(let price):
        state.prices.append(price)
      case .removeLast:
        if !state.prices.isEmpty { state.prices.removeLast() }
      }
      return .state
    }
  }

  struct ViewState: Equatable, Sendable {
    var total = 0
    var warning: String?
  }

  /// The view state of `state`; `fixed: false` leaves a warning up once it was shown.
  static func viewStateReducer(fixed: Bool) -> AnyViewStateReducer<State, ViewState> {
    BuildViewState { (state: State, view: inout ViewState) in
      view.total = state.prices.reduce(0, +)
      if state.prices.contains(where: { $0 > 100 }) {
        view.warning = "over the limit"
      } else if fixed {
        view.warning = nil
      }
    }.eraseToAnyViewStateReducer()
  }

  @MainActor static func makeViewModel(fixed: Bool) -> ViewModel<Action, State, ViewState> {
    ViewModel(initialValue: ViewState(), Cart().eraseToAnyInteractor(), viewStateReducer(fixed: fixed))
  }
}

/// A view state that is `Encodable` but not `Equatable`: compared by its JSON.
private struct Shown: Encodable, Sendable {
  var warning: String?
}

/// A view state that is neither `Equatable` nor `Encodable`: it cannot be compared, so it is not.
private struct Opaque: Sendable {
  var total = 0
  var seen = 0
}

@MainActor
@Suite struct ViewModelExplorationTests {
  @Test func aViewStateReducerThatLeavesAFieldStaleIsFoundAndShrunk() async throws {
    var found: ExplorationFailure<Cart.State, Cart.Action>?
    await withKnownIssue {
      found = await explore(Cart.makeViewModel(fixed: false), seed: 7)
    }
    let failure = try #require(found)
    #expect(failure.check.hasPrefix("the view state is the one its reducer makes from the state ("))
    // The difference is named: the warning the view model still shows.
    #expect(failure.check.contains("over the limit"))
    #expect(failure.actions.count == 2)
    guard case .add(let price) = failure.actions.first, failure.actions.last == .removeLast else {
      Issue.record("shrunk to \(failure.actions), not an add over the limit then a remove")
      return
    }
    #expect(price > 100)
    #expect(failure.after.prices.isEmpty)
  }

  @Test func theFixedReducerHoldsInEveryRun() async {
    #expect(await explore(Cart.makeViewModel(fixed: true), seed: 7) == nil)
  }

  @Test func theCheckCanBeLeftOut() async {
    let failure = await explore(
      Cart.makeViewModel(fixed: false), seed: 7,
      checks: ExplorationChecks.all.subtracting(.viewStateMatchesState))
    #expect(failure == nil)
  }

  @Test func aViewModelExplorationChecksTheDomainStatesInvariantsToo() async throws {
    var found: ExplorationFailure<Cart.State, Cart.Action>?
    await withKnownIssue {
      found = await explore(
        Cart.makeViewModel(fixed: true), seed: 7,
        invariants: [Invariant("the cart holds at most two items") { $0.prices.count <= 2 }])
    }
    let failure = try #require(found)
    #expect(failure.check == "the cart holds at most two items")
    #expect(failure.actions.count == 3)
    #expect(failure.actions.allSatisfy { $0 == .add(price: 0) })
  }

  @Test func eachRunHasAViewModelOfItsOwnMadeWithTheRunsDependencies() async {
    var made = 0
    await explore(
      { () -> ViewModel<Cart.Action, Cart.State, Cart.ViewState> in
        made += 1
        return Cart.makeViewModel(fixed: true)
      }(), runs: 5, steps: 3, seed: 1)
    #expect(made == 5)
  }

  @Test func aViewStateThatCannotBeComparedIsNotChecked() async {
    // `seen` counts the changes, so a view state made from scratch differs from the view model's:
    // with a view state that could be compared, this would fail; this one cannot be.
    let reducer = BuildViewState { (state: Cart.State, view: inout Opaque) in
      view.total = state.prices.reduce(0, +)
      view.seen += 1
    }.eraseToAnyViewStateReducer()
    let failure = await explore(
      ViewModel(initialValue: Opaque(), Cart().eraseToAnyInteractor(), reducer), runs: 10, seed: 3)
    #expect(failure == nil)
  }

  @Test func aViewStateThatIsOnlyEncodableIsComparedByItsJSON() async throws {
    let reducer = BuildViewState { (state: Cart.State, view: inout Shown) in
      if state.prices.contains(where: { $0 > 100 }) { view.warning = "over the limit" }
    }.eraseToAnyViewStateReducer()
    var found: ExplorationFailure<Cart.State, Cart.Action>?
    await withKnownIssue {
      found = await explore(
        ViewModel(initialValue: Shown(), Cart().eraseToAnyInteractor(), reducer), seed: 7)
    }
    let failure = try #require(found)
    #expect(failure.check.hasPrefix("the view state is the one its reducer makes from the state ("))
    #expect(failure.actions.count == 2)
  }
}
