import CounterFeature
import CounterPlugin
import Foundation
import Testing
import UnoPlugin
import UnoTesting

@MainActor
@Suite struct CounterTests {
  let clock = TestClock()

  @Test func incrementDecrementReset() async throws {
    let harness = await InteractorTestHarness(
      CounterInteractor(), withDependencies: { $0.continuousClock = clock })
    harness.send(.increment)
    harness.send(.increment)
    harness.send(.decrement)
    harness.send(.reset)
    try await harness.assertStates([0, 1, 2, 1, 0].map { CounterState(count: $0) })
  }

  @Test func incrementLaterLandsAfterTheDelay() async throws {
    let harness = await InteractorTestHarness(
      CounterInteractor(delay: .seconds(2)), withDependencies: { $0.continuousClock = clock })
    let task = harness.send(.incrementLater)
    await clock.advance(by: .seconds(1))
    #expect(harness.currentState == CounterState(count: 0, pendingIncrements: 1))
    await clock.advance(by: .seconds(1))
    await task.finish()
    try await harness.assertStates([
      CounterState(),
      CounterState(pendingIncrements: 1),
      CounterState(count: 1, pendingIncrements: 0),
    ])
  }

  @Test func delayedIncrementKeepsChangesMadeMeanwhile() async throws {
    let harness = await InteractorTestHarness(
      CounterInteractor(), withDependencies: { $0.continuousClock = clock })
    let task = harness.send(.incrementLater)
    harness.send(.increment)
    harness.send(.increment)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(harness.currentState == CounterState(count: 3, pendingIncrements: 0))
    try await harness.assertStates([
      CounterState(), CounterState(pendingIncrements: 1), CounterState(count: 1, pendingIncrements: 1),
      CounterState(count: 2, pendingIncrements: 1), CounterState(count: 3, pendingIncrements: 0),
    ])
  }

  @Test func cancelPendingDropsDelayedIncrements() async throws {
    let harness = await InteractorTestHarness(
      CounterInteractor(), withDependencies: { $0.continuousClock = clock })
    let first = harness.send(.incrementLater)
    let second = harness.send(.incrementLater)
    harness.send(.cancelPending)
    await clock.advance(by: .seconds(5))
    await first.finish()
    await second.finish()
    try await harness.assertStates([
      CounterState(), CounterState(pendingIncrements: 1), CounterState(pendingIncrements: 2), CounterState(),
    ])
  }

  @Test func viewState() {
    let reducer = CounterViewStateReducer()
    var view = CounterViewState()
    reducer.reduce(CounterState(count: 3, pendingIncrements: 0), into: &view)
    #expect(view == CounterViewState(count: 3, displayText: "Count: 3", pendingText: ""))
    reducer.reduce(CounterState(count: -1, pendingIncrements: 1), into: &view)
    #expect(view == CounterViewState(count: -1, displayText: "Count: -1", pendingText: "1 increment pending"))
    reducer.reduce(CounterState(count: 0, pendingIncrements: 4), into: &view)
    #expect(view.pendingText == "4 increments pending")
  }

  @Test func viewModelShowsDelayedIncrements() async {
    let viewModel = CounterInteractor.makeViewModel(withDependencies: { $0.continuousClock = clock })
    let task = viewModel.sendViewEvent(.incrementLater)
    #expect(viewModel.pendingText == "1 increment pending")
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(viewModel.displayText == "Count: 1")
    #expect(viewModel.pendingText == "")
  }

  @Test(arguments: [
    CounterAction.increment, .decrement, .reset, .incrementLater, .cancelPending,
  ])
  func actionJSONRoundTrip(action: CounterAction) throws {
    let data = try JSONEncoder().encode(action)
    #expect(try JSONDecoder().decode(CounterAction.self, from: data) == action)
  }

  @Test func viewStateJSONRoundTrip() throws {
    let view = CounterViewState(count: 2, displayText: "Count: 2", pendingText: "1 increment pending")
    let data = try JSONEncoder().encode(view)
    #expect(try JSONDecoder().decode(CounterViewState.self, from: data) == view)
  }

  @Test func pluginListsEveryActionAndRunsThem() async throws {
    #expect(counterPlugin.name == "counter")
    #expect(
      counterPlugin.actions.map(\.name) == [
        "increment", "decrement", "reset", "incrementLater", "cancelPending",
      ])
    let session = counterPlugin.makeSession()
    try session.send(.string("increment"))
    try session.send(.string("increment"))
    try session.send(.string("decrement"))
    #expect(session.viewStateJSON == #"{"count":1,"displayText":"Count: 1","pendingText":""}"#)
  }

  /// A session of the plugin is recorded, and the recording replays on a fresh one.
  @Test func pluginSessionsAreRecordedAndReplayed() async throws {
    #expect(counterPlugin.isRecordable)
    let session = counterPlugin.makeSession()
    try session.startRecording()
    try session.send(.string("increment"))
    try session.send(.string("increment"))
    let recording = try #require(try session.recordingJSONLines())
    #expect(try await counterPlugin.replay(jsonLines: recording) == 2)
  }
}
