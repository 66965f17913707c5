import Testing
import UnoPresentation

struct Title: ViewStateReducer {
  typealias DomainState = CounterState
  typealias ViewState = CounterViewState
  var body: some ViewStateReducerOf<Self> {
    BuildViewState { (domain: CounterState, view: inout CounterViewState) in
      view.displayText = "Count: \(domain.count)"
    }
  }
}

@ViewStateReducer<CounterState, CounterViewState>
struct Combined: Sendable {
  var body: some ViewStateReducerOf<Self> {
    BuildViewState { (domain: CounterState, view: inout CounterViewState) in
      view.count = domain.count * 10
    }
    Title()
  }
}

@ViewStateReducer<CounterState, CounterViewState>
struct Primitive: Sendable {
  func reduce(_ domainState: CounterState, into viewState: inout CounterViewState) {
    viewState.count = -domainState.count
  }
}

@MainActor
@Suite struct ViewStateReducerTests {
  @Test func buildViewStateBothForms() {
    var view = CounterViewState(count: 0, displayText: "")
    CounterViewStateReducer().reduce(CounterState(count: 3), into: &view)
    #expect(view == CounterViewState(count: 3, displayText: "Count: 3"))
    Title().reduce(CounterState(count: 4), into: &view)
    #expect(view == CounterViewState(count: 3, displayText: "Count: 4"))
  }

  @Test func builderRunsReducersInOrder() {
    var view = CounterViewState(count: 0, displayText: "")
    Combined().reduce(CounterState(count: 2), into: &view)
    #expect(view == CounterViewState(count: 20, displayText: "Count: 2"))
  }

  @Test func primitiveAndErased() {
    var view = CounterViewState(count: 0, displayText: "x")
    let erased = Primitive().eraseToAnyViewStateReducer()
    erased.reduce(CounterState(count: 5), into: &view)
    #expect(view.count == -5)
    AnyViewStateReducer(erased).reduce(CounterState(count: 6), into: &view)
    #expect(view.count == -6)
  }
}
