import Clocks
import Dependencies
import Testing
import UnoPresentation
import UnoTesting

/// A timer whose body reads the clock as it is built, in the closure's capture list: a natural
/// Swift idiom, which works only if the body is built under the dependencies of the runtime that
/// runs it.
private struct CapturedClockTimer: Interactor {
  struct State: Codable, Equatable, Sendable {
    var ticks = 0
    var running = false
  }
  enum Action: Codable, Equatable, Sendable {
    case start
    case tick
    case stop
  }
  typealias DomainState = State
  @Dependency(\.continuousClock) var clock

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { [clock] state, action in
      switch action {
      case .start:
        guard !state.running else { return .state }
        state.running = true
        return .perform { _, send in
          try await clock.sleep(for: .seconds(1))
          await send { $0.ticks += 1 }
        }
        .cancellable(id: "timer", cancelInFlight: true)
      case .tick:
        state.ticks += 1
        return .state
      case .stop:
        state.running = false
        return .cancel(id: "timer")
      }
    }
  }
}

@MainActor
@Suite struct ExploreDependencyCaptureTests {
  /// `explore` builds each run's body under that run's dependencies (its test clock), as the
  /// harness does: the clock captured as the body is built is the run's, so moving the run's clock
  /// wakes the effect, and no "Unimplemented: ContinuousClock.sleep" is reported.
  @Test func aDependencyCapturedAsTheBodyIsBuiltIsTheRunsOwn() async {
    let failure = await explore(
      CapturedClockTimer(), runs: 20, steps: 12, seed: 7,
      advances: [.zero, .seconds(1), .seconds(2)],
      invariants: [Invariant("ticks only while started or after") { $0.ticks >= 0 }])
    #expect(failure == nil)
  }

  /// A view model made with `withDependencies` builds the body under them (its interactor is an
  /// autoclosure): the clock captured as the body is built is the one given, and the test
  /// context's unimplemented clock is never read. Before, the interactor was erased where the
  /// call was written, under the test's dependencies: "Unimplemented: ContinuousClock.sleep".
  @Test func aViewModelBuildsTheBodyUnderItsOwnDependencies() async {
    let viewModel = DirectViewModel(
      CapturedClockTimer.State(), CapturedClockTimer().eraseToAnyInteractor(),
      withDependencies: { $0.continuousClock = ImmediateClock() })
    await viewModel.sendViewEvent(.start).finish()
    #expect(viewModel.domainState.ticks == 1)
  }

  /// The same for a recording's replay through `explore(_:replaying:)`.
  @Test func aReplayBuildsTheBodyUnderTheRunsDependenciesToo() async throws {
    let harness = await InteractorTestHarness(CapturedClockTimer(), exhaustivity: .off) {
      $0.continuousClock = ImmediateClock()
    }
    harness.runtime.record(feature: "timer")
    await harness.sendAndAwait(.start)
    await harness.sendAndAwait(.stop)
    let recording = try #require(harness.runtime.recording)
    let failure = await explore(CapturedClockTimer(), replaying: recording)
    #expect(failure == nil)
  }
}
