import CasePaths
import Testing
import UnoComposition

/// A child whose parent always gives its state: written as `Interact { ... }`, with no initial
/// value to invent.
private struct GivenRow: Interactor {
  typealias DomainState = Int
  enum Action: Sendable { case add(Int) }
  var body: some InteractorOf<Self> {
    Interact { state, action in
      switch action {
      case .add(let amount): state += amount
      }
      return .state
    }
  }
}

@CasePathable
private enum GivenScreen: Equatable, Sendable {
  case empty
  case row(Int)
}

@CasePathable
private enum GivenScreenAction: Sendable {
  case open(Int)
  case close
  case row(GivenRow.Action)
}

private struct GivenApp: Interactor {
  typealias DomainState = GivenScreen
  typealias Action = GivenScreenAction
  var body: some InteractorOf<Self> {
    Interact(initialValue: GivenScreen.empty) { state, action in
      switch action {
      case .open(let value): state = .row(value)
      case .close: state = .empty
      case .row: break
      }
      return .state
    }
    .when(stateIs: \.row, actionIs: \.row) { GivenRow() }
  }
}

/// A block whose first child has no initial value: the block's is the next child's.
private struct GivenBlock: Interactor {
  typealias DomainState = Int
  typealias Action = Int
  @InteractorBuilder<Int, Int>
  var body: some InteractorOf<Self> {
    Interact { state, action in
      state += action
      return .state
    }
    Interact(initialValue: 7) { _, _ in .state }
  }
}

@MainActor
@Suite struct GivenStateTests {
  @Test func aChildWithoutAnInitialValueRunsOnTheStateItsParentGives() {
    #expect(!Interact<Int, Int> { _, _ in .state }.hasInitialValue)
    #expect(!GivenRow().eraseToAnyInteractor().hasInitialValue)
    #expect(GivenApp().eraseToAnyInteractor().hasInitialValue)
    let runtime = InteractorRuntime(GivenApp())
    runtime.send(.open(1))
    runtime.send(.row(.add(2)))
    #expect(runtime.state == .row(3))
  }

  @Test func anActionForItWhileItIsGoneIsReportedWithoutItsInitialValue() {
    let runtime = InteractorRuntime(GivenApp())
    withKnownIssue {
      runtime.send(.row(.add(1)))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("the case of GivenRow") && text.contains("'.empty'")
    }
    #expect(runtime.state == .empty)
  }

  @Test func inABlockTheNextChildsInitialValueIsTheBlocks() {
    #expect(GivenBlock().initialValue == 7)
  }
}
