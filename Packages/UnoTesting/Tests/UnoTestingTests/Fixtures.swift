import ConcurrencyExtras
import IssueReporting
import UnoCore
import UnoTesting

struct CounterState: Sendable, Equatable {
  var count = 0
}

enum CounterAction: Sendable, Equatable {
  case increment
  case decrement
  /// Increments from an effect.
  case incrementLater
  /// Starts an effect that runs until cancelled.
  case listen
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
      case .decrement:
        state.count -= 1
        return .state
      case .incrementLater:
        return .perform { _, send in await send { $0.count += 1 } }
      case .listen:
        return .observe { _, _ in
          try await Task.sleep(for: .seconds(3600))  // until cancelled; never awaited to completion
        }
      }
    }
  }
}

/// Set once some work is done; read from any thread.
final class Flag: Sendable {
  private let value = LockIsolated(false)
  var isSet: Bool { value.value }
  func set() { value.withValue { $0 = true } }
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
