import UnoCore
import UnoTesting
import XCTest

/// Shows that harness failures reach XCTest, with their exact text.
///
/// XCTest on Linux has no `XCTExpectFailure`, so this case records failures itself instead of
/// failing, then checks what it recorded.
final class XCTestReportingTests: XCTestCase {
  nonisolated(unsafe) var recorded: [String] = []
  // `nonisolated(unsafe)`: XCTest calls `recordFailure` and the test method on the same (main)
  // thread, one after the other; nothing else touches `recorded`.

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    recorded.append(description)
  }

  @MainActor
  func testUnassertedStatesReachXCTest() async throws {
    var harness: InteractorTestHarness<CounterState, CounterAction>? =
      await InteractorTestHarness(CounterInteractor())
    harness?.send(.increment)
    harness = nil
    XCTAssertEqual(
      recorded,
      [
        """
        The test ended with 1 state change(s) that no assertStates covered:
          [1] CounterState(count: 1)

        An exhaustive harness requires every state to be asserted. Add them to an assertStates \
        call, or create the harness with 'exhaustivity: .off'.
        """
      ]
    )
  }

  @MainActor
  func testAnExplorationsFailureReachesXCTest() async throws {
    let failure = await explore(
      SteppingCounter(), runs: 10, steps: 5, seed: 1, checks: [],
      invariants: [Invariant("the count stays at 0") { $0 == 0 }])
    XCTAssertNotNil(failure)
    XCTAssertEqual(recorded.count, 1)
    XCTAssertTrue(
      recorded.first?.hasPrefix(
        "Exploration broke 'the count stays at 0' (seed 1); shortest run, 1 step(s), from ") == true,
      "\(recorded)")
    XCTAssertTrue(recorded.first?.contains("  1. SteppingCounter.Action.up\n") == true, "\(recorded)")
  }

  @MainActor
  func testMismatchReachesXCTest() async throws {
    let harness = await InteractorTestHarness(CounterInteractor(), exhaustivity: .off)
    harness.send(.decrement)
    do {
      try await harness.assertStates([CounterState(count: 0)])
      recorded.append("no throw")
    } catch {}
    XCTAssertEqual(recorded.count, 1)
    XCTAssertTrue(
      recorded.first?.hasPrefix("The states do not match (− expected, + actual; 1 expected, 2 actual)")
        == true)
  }
}

/// A counter whose actions are `Decodable`, for an exploration.
private struct SteppingCounter: Interactor {
  typealias DomainState = Int
  enum Action: Codable, Sendable { case up, down }

  var body: some Interactor<Int, Action> {
    Interact(initialValue: 0) { count, action in
      count += action == .up ? 1 : -1
      return .state
    }
  }
}
