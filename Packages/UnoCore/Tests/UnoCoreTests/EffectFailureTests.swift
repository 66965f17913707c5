import IssueReporting
import Testing
import UnoCore

struct Boom: Error, Equatable {}

struct Failing: Interactor {
  typealias DomainState = Int
  enum Action: Sendable, Equatable { case fail, failAfterCancellation(Latch), succeed }
  var body: some InteractorOf<Self> {
    Interact(initialValue: 0) { state, action in
      switch action {
      case .fail:
        return .perform { _, _ in throw Boom() }
      case .failAfterCancellation(let latch):
        return .perform { _, _ in
          await latch.wait()
          try Task.checkCancellation()
        }
      case .succeed:
        return .perform { _, send in await send { $0 += 1 } }
      }
    }
  }
}

extension Latch: Equatable {
  static func == (lhs: Latch, rhs: Latch) -> Bool { lhs === rhs }
}

@MainActor
@Suite struct EffectFailureTests {
  @Test func failureObserversHearOfEachFailureWithTheActionsTask() async {
    var handled = 0
    let runtime = InteractorRuntime(Failing()) { _, _ in handled += 1 }
    var heard: [(String, EventTask.ID)] = []
    runtime.addEffectFailureObserver { message, task in heard.append((message, task)) }
    let failing = runtime.send(.fail)
    await failing.finish()
    await runtime.send(.succeed).finish()
    #expect(handled == 1)  // onEffectFailure still handles it
    #expect(heard.count == 1)
    #expect(heard.first?.0 == "an effect of 'fail' threw an error that nothing handled: Boom()")
    #expect(heard.first?.1 == failing.id)
  }

  @Test func thrownErrorIsReportedWithItsAction() async {
    var failures: [(Failing.Action, any Error)] = []
    let runtime = InteractorRuntime(Failing()) { action, error in failures.append((action, error)) }
    await runtime.send(.fail).finish()
    #expect(failures.count == 1)
    #expect(failures.first?.0 == .fail)
    #expect(failures.first?.1 as? Boom == Boom())
    // The runtime keeps working.
    await runtime.send(.succeed).finish()
    #expect(runtime.state == 1)
  }

  @Test func defaultReportNamesTheActionAndTheError() async {
    let runtime = InteractorRuntime(Failing())
    await withKnownIssue {
      await runtime.send(.fail).finish()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined() + (issue.description)
      // Named, and reported, where the effect is written.
      return text.contains("'fail'") && text.contains("Boom") && text.contains("onEffectFailure")
        && text.contains("written at UnoCoreTests/EffectFailureTests.swift:14")
        && issue.sourceLocation?.line == 14
    }
  }

  @Test func errorsFromCancellationAreNotFailures() async {
    var failures = 0
    let runtime = InteractorRuntime(Failing()) { _, _ in failures += 1 }
    let task = runtime.send(.failAfterCancellation(Latch()))
    task.cancel()
    await task.finish()
    #expect(failures == 0)
  }
}
