import Testing
import UnoTesting

// The README note's testing sample, verbatim inside a main-actor suite.
@MainActor
@Suite struct ReadmeSampleTests {
  @Test
  func testIncrement() async throws {
    let harness = await InteractorTestHarness(CounterInteractor())

    harness.send(.increment)
    harness.send(.increment)

    try await harness.assertStates([
      CounterState(count: 0),  // Initial state
      CounterState(count: 1),
      CounterState(count: 2),
    ])
  }
}

/// The same sample as a free function, with no `@MainActor`: the harness's `send` works from any
/// context, in order. Verbatim: pasted into a new test file as written, it passes.
@Test
func testIncrement() async throws {
  let harness = await InteractorTestHarness(CounterInteractor())

  harness.send(.increment)
  harness.send(.increment)

  try await harness.assertStates([
    CounterState(count: 0),  // Initial state
    CounterState(count: 1),
    CounterState(count: 2),
  ])
}
