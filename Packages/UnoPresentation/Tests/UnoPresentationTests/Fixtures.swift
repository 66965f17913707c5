import ConcurrencyExtras
import IssueReporting
import UnoPresentation

struct CounterState: Sendable, Equatable {
  var count = 0
  var secret = 0  // not shown in the view state
}

enum CounterAction: Sendable, Equatable {
  case increment
  case incrementLater
  case touchSecret
  /// Starts an effect that signals, then suspends until cancelled, then signals again.
  case suspend(started: AsyncStream<Void>.Continuation, ended: AsyncStream<Void>.Continuation)

  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.increment, .increment), (.incrementLater, .incrementLater), (.touchSecret, .touchSecret): true
    default: false
    }
  }
}

struct CounterInteractor: Interactor {
  typealias DomainState = CounterState
  typealias Action = CounterAction

  var body: some InteractorOf<Self> {
    Interact(initialValue: CounterState()) { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .state
      case .incrementLater:
        return .perform { _, send in await send { $0.count += 1 } }
      case .touchSecret:
        state.secret += 1
        return .state
      case .suspend(let started, let ended):
        return .perform { _, _ in
          started.yield()
          try? await Task.sleep(for: .seconds(3600))  // suspended until cancelled
          ended.yield()
        }
      }
    }
  }
}

struct CounterViewState: Sendable, Equatable {
  var count: Int
  var displayText: String
}

@ViewStateReducer<CounterState, CounterViewState>
struct CounterViewStateReducer: Sendable {
  var body: some ViewStateReducerOf<Self> {
    BuildViewState { domainState in
      CounterViewState(count: domainState.count, displayText: "Count: \(domainState.count)")
    }
  }
}

@MainActor
func makeViewModel(reports: Bool? = nil) -> ViewModel<CounterAction, CounterState, CounterViewState> {
  ViewModel(
    initialValue: CounterViewState(count: 0, displayText: ""),
    CounterInteractor().eraseToAnyInteractor(),
    CounterViewStateReducer().eraseToAnyViewStateReducer(),
    reportsReinitialization: reports
  )
}

/// The issues reported through IssueReporting while `body` runs, collected instead of failing
/// the test: for the tests whose point is that nothing is reported.
@MainActor
func issuesReported(_ body: () -> Void) -> [String] {
  let collector = IssueCollector()
  withIssueReporters([collector]) { body() }
  return collector.messages.value
}

final class IssueCollector: IssueReporter {
  let messages = LockIsolated<[String]>([])

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    messages.withValue { $0.append(text) }
  }
}
