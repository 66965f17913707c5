import Testing
import UnoCore

struct Counter: Interactor {
  typealias DomainState = State
  struct State: Sendable, Equatable { var count = 0 }
  enum Action: Sendable { case increment, decrement }

  var start = 0

  var body: some InteractorOf<Self> {
    Interact(initialValue: State(count: start)) { state, action in
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return .state
    }
  }
}

/// A primitive interactor: implements `interact` and `initialValue` itself.
struct Doubler: Interactor {
  typealias Body = Never
  var initialValue: Int { 1 }
  func interact(state: inout Int, action: Void) -> Emission<Int> {
    state *= 2
    return .state
  }
}

@MainActor
@Suite struct InteractorTests {
  @Test func composedInteractorForwardsToBody() {
    var state = Counter.State()
    let emission = Counter().interact(state: &state, action: .increment)
    #expect(state.count == 1)
    #expect(emission.isEmpty)
    #expect(Counter(start: 7).initialValue == Counter.State(count: 7))
  }

  @Test func primitiveInteractor() {
    var state = Doubler().initialValue
    _ = Doubler().interact(state: &state, action: ())
    _ = Doubler().interact(state: &state, action: ())
    #expect(state == 4)
  }

  @Test func anyInteractorCapturesInitialValueAndBehaviour() {
    let erased = Counter(start: 3).eraseToAnyInteractor()
    #expect(erased.initialValue == Counter.State(count: 3))
    var state = erased.initialValue
    _ = erased.interact(state: &state, action: .decrement)
    #expect(state.count == 2)
    // Erasing twice does not wrap twice, and keeps the value.
    #expect(AnyInteractor(erased).initialValue == Counter.State(count: 3))
  }

  @Test func emissionIsEmpty() {
    typealias E = Emission<Int>
    #expect(E.state.isEmpty)
    #expect(E.merge([]).isEmpty)
    #expect(E.merge(.state, .state).isEmpty)
    #expect(!E.perform { _, _ in }.isEmpty)
    #expect(!E.cancel(id: 1).isEmpty)
    #expect(!E.merge(.state, .observe { _, _ in }).isEmpty)
    #expect(E.state.cancellable(id: 1).isEmpty)
  }
}
