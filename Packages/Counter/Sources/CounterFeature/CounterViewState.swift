import UnoComposition
import UnoPresentation

/// What a counter view shows.
public struct CounterViewState: Sendable, Equatable, Codable {
  /// The count, as a number.
  public var count: Int
  /// "Count: 3".
  public var displayText: String
  /// "1 increment pending", or empty.
  public var pendingText: String

  /// A view state with these texts.
  public init(count: Int = 0, displayText: String = "Count: 0", pendingText: String = "") {
    self.count = count
    self.displayText = displayText
    self.pendingText = pendingText
  }
}

/// Maps ``CounterState`` to ``CounterViewState``.
@ViewStateReducer<CounterState, CounterViewState>
public struct CounterViewStateReducer: Sendable {
  /// The reducer.
  public init() {}

  /// The count as text, and the pending increments as a phrase.
  public var body: some ViewStateReducerOf<Self> {
    BuildViewState { state in
      let pendingText =
        switch state.pendingIncrements {
        case 0: ""
        case 1: "1 increment pending"
        case let n: "\(n) increments pending"
        }
      return CounterViewState(
        count: state.count, displayText: "Count: \(state.count)", pendingText: pendingText
      )
    }
  }
}

extension CounterInteractor {
  /// A view model for the counter.
  @MainActor
  public static func makeViewModel(
    delay: Duration = .seconds(1),
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    reportsReinitialization: Bool? = nil
  ) -> ViewModel<CounterAction, CounterState, CounterViewState> {
    ViewModel(
      initialValue: CounterViewState(),
      CounterInteractor(delay: delay).eraseToAnyInteractor(),
      CounterViewStateReducer().eraseToAnyViewStateReducer(),
      withDependencies: prepareDependencies,
      reportsReinitialization: reportsReinitialization
    )
  }
}
