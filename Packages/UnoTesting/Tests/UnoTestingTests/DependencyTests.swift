import Foundation
import Testing
import UnoTesting

private enum GreetingKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

/// Reads dependencies in `interact`, in an effect that runs later, and in an effect started by
/// an effect.
private struct Stamps: Interactor {
  typealias DomainState = [String]
  enum Action: Sendable { case greet, stamp, stampLater, stampFromAnEffectsEffect }
  let clock: TestClock<Duration>
  @Dependency(\.greeting) var greeting
  @Dependency(\.uuid) var uuid

  var body: some InteractorOf<Self> {
    Interact(initialValue: []) { state, action in
      switch action {
      case .greet:
        state.append(greeting)
        return .state
      case .stamp:
        state.append("\(greeting) \(uuid().uuidString.suffix(2))")
        return .state
      case .stampLater:
        let deadline = clock.now.advanced(by: .seconds(1))
        return .perform { [clock] _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { $0.append("later \(greeting)") }
        }
      case .stampFromAnEffectsEffect:
        return .perform { _, send in
          await send.reduce { _ in
            .perform { _, send in await send { $0.append("nested \(greeting)") } }
          }
        }
      }
    }
  }
}

@MainActor
@Suite struct DependencyTests {
  let clock = TestClock()

  @Test func theHarnessOverridesReachActionsAndEffects() async {
    let harness = await InteractorTestHarness(
      Stamps(clock: clock),
      withDependencies: {
        $0.greeting = "hello"
        $0.uuid = .incrementing
      }
    )
    harness.send(.stamp) { $0 = ["hello 00"] }
    harness.send(.stamp) { $0.append("hello 01") }
    let later = harness.send(.stampLater) { _ in }
    await clock.advance(by: .seconds(1))
    await harness.receive { $0.append("later hello") }
    await later.finish()
    await harness.send(.stampFromAnEffectsEffect) { _ in }.finish()
    await harness.receive { $0.append("nested hello") }
  }

  @Test func twoRuntimesWithDifferentOverridesNeverSeeEachOthersValues() async {
    let english = await InteractorTestHarness(
      Stamps(clock: clock), withDependencies: { $0.greeting = "hello" })
    let french = await InteractorTestHarness(
      Stamps(clock: clock), withDependencies: { $0.greeting = "bonjour" })
    let both = [english.send(.stampLater), french.send(.stampLater)]
    await clock.advance(by: .seconds(1))
    for task in both { await task.finish() }
    #expect(english.currentState == ["later hello"])
    #expect(french.currentState == ["later bonjour"])
    try? await english.assertStates([[], [], ["later hello"]])
    try? await french.assertStates([[], [], ["later bonjour"]])
  }

  @Test func aRuntimeSentToFromAnotherRuntimesObserverKeepsItsOwnValues() async throws {
    let outer = withDependencies {
      $0.greeting = "outer"
    } operation: {
      InteractorRuntime(Stamps(clock: clock))
    }
    let inner = InteractorRuntime(Stamps(clock: clock))  // no overrides: the test's values
    outer.addObserver { _ in if inner.state.isEmpty { inner.send(.greet) } }
    outer.send(.greet)
    #expect(outer.state == ["outer"])
    #expect(inner.state == ["test"])
  }
}
