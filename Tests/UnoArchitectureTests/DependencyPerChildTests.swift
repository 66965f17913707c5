import Testing
import UnoArchitecture
import UnoArchitectureTesting

// `.dependency` and `.transformDependency` on a child: the child, its effects and its operator
// state see the value; its parent and its siblings do not. Through every kind of composition.

private enum GreetingKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "default"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

/// The greeting in force where it is called.
private func currentGreeting() -> String {
  @Dependency(\.greeting) var greeting
  return greeting
}

struct GreeterState: Sendable, Equatable, Identifiable {
  var id = 0
  /// What `interact` saw.
  var seen = ""
  /// What the effect saw, however late it ran.
  var seenByEffect = ""
}

@CasePathable
enum GreeterAction: Sendable, Equatable {
  case read
}

@Interactor<GreeterState, GreeterAction>
struct Greeter: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: GreeterState()) { state, action in
      switch action {
      case .read:
        state.seen = currentGreeting()
        return .perform { _, send in
          await Task.yield()
          let greeting = currentGreeting()
          await send { $0.seenByEffect = greeting }
        }
      }
    }
  }
}

@Interactor
enum GreeterScreen {
  case greeter(Greeter)
}
extension GreeterScreen.State: Equatable {}
extension GreeterScreen.Action: Equatable {}

struct GreetingsState: Sendable, Equatable {
  var seen = ""
  var overridden = GreeterState()
  var sibling = GreeterState()
  var presented: GreeterState? = GreeterState()
  var rows: IdentifiedArrayOf<GreeterState> = [GreeterState(id: 1), GreeterState(id: 2)]
  var path = StackState<GreeterScreen.State>([.greeter(GreeterState())])
  var destination: GreeterScreen.State? = .greeter(GreeterState())
}

@CasePathable
enum GreetingsAction: Sendable, Equatable {
  case read
  case overridden(GreeterAction)
  case sibling(GreeterAction)
  case presented(GreeterAction)
  case rows(IdentifiedAction<Int, GreeterAction>)
  case path(StackAction<GreeterScreen.State, GreeterScreen.Action>)
  case destination(GreeterScreen.Action)
}

@Interactor<GreetingsState, GreetingsAction>
struct Greetings: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: GreetingsState()) { state, action in
      if case .read = action { state.seen = currentGreeting() }
      return .state
    }
    .when(stateIs: \.overridden, actionIs: \.overridden) {
      Greeter().dependency(\.greeting, "when")
    }
    .when(stateIs: \.sibling, actionIs: \.sibling) { Greeter() }
    .when(stateIs: \.presented, actionIs: \.presented) {
      Greeter().transformDependency(\.greeting) { $0 += ", optional" }
    }
    .forEach(stateIs: \.rows, actionIs: \.rows) { Greeter().dependency(\.greeting, "row") }
    .forEach(stateIs: \.path, actionIs: \.path) { GreeterScreen().dependency(\.greeting, "stack") }
    .when(stateIs: \.destination, actionIs: \.destination) {
      GreeterScreen().dependency(\.greeting, "destination")
    }
  }
}

@MainActor
@Suite struct DependencyPerChildTests {
  @Test func theChildAndItsEffectsSeeTheValueItsParentAndSiblingsDoNot() async {
    let harness = await InteractorTestHarness(Greetings())
    await harness.send(.overridden(.read)).finish()
    await harness.send(.sibling(.read)).finish()
    harness.send(.read)
    let state = harness.currentState
    #expect(state.overridden.seen == "when")
    #expect(state.overridden.seenByEffect == "when")
    #expect(state.sibling.seen == "default")
    #expect(state.sibling.seenByEffect == "default")
    #expect(state.seen == "default")
    try? await harness.assertStates(harness.states)
  }

  @Test func throughAnOptionalWhenAListAStackAndADestination() async {
    let harness = await InteractorTestHarness(Greetings(), exhaustivity: .off)
    await harness.send(.presented(.read)).finish()
    await harness.send(.rows(.element(id: 2, action: .read))).finish()
    await harness.send(.path(.element(id: 0, action: .greeter(.read)))).finish()
    await harness.send(.destination(.greeter(.read))).finish()
    harness.assert {
      // transformDependency starts from the value in force around the child.
      $0.presented?.seen = "default, optional"
      $0.presented?.seenByEffect = "default, optional"
      $0.rows[id: 2]?.seen = "row"
      $0.rows[id: 2]?.seenByEffect = "row"
      $0.path[id: 0, case: \.greeter]?.seen = "stack"
      $0.path[id: 0, case: \.greeter]?.seenByEffect = "stack"
      $0.destination?.modify(\.greeter) {
        $0.seen = "destination"
        $0.seenByEffect = "destination"
      }
    }
    // The other row, untouched, and the parent still see the default.
    #expect(harness.currentState.rows[id: 1]?.seen == "")
    harness.send(.read)
    #expect(harness.currentState.seen == "default")
  }

  @Test func theInnermostOverrideWinsAndTransformsStartFromTheOneAround() async {
    let harness = await InteractorTestHarness(
      initialState: GreeterState(),
      Greeter()
        .transformDependency(\.greeting) { $0 += "!" }
        .dependency(\.greeting, "inner")
    )
    await harness.send(.read) { $0.seen = "inner!" }.finish()
    await harness.receive { $0.seenByEffect = "inner!" }

    let nested = await InteractorTestHarness(
      initialState: GreetingsState(),
      Interact<GreetingsState, GreetingsAction> { state, action in
        if case .read = action { state.seen = currentGreeting() }
        return .state
      }
      .when(stateIs: \.overridden, actionIs: \.overridden) { Greeter().dependency(\.greeting, "innermost") }
      .when(stateIs: \.sibling, actionIs: \.sibling) { Greeter() }
      .dependency(\.greeting, "outer"),
      exhaustivity: .off
    )
    await nested.send(.overridden(.read)).finish()
    await nested.send(.sibling(.read)).finish()
    nested.send(.read)
    nested.assert {
      $0.overridden.seen = "innermost"
      $0.overridden.seenByEffect = "innermost"
      $0.sibling.seen = "outer"
      $0.sibling.seenByEffect = "outer"
      $0.seen = "outer"
    }
  }

  @Test func theHarnessValueIsWhatAChildWithoutAnOverrideSees() async {
    let harness = await InteractorTestHarness(
      Greetings(), exhaustivity: .off, withDependencies: { $0.greeting = "harness" })
    await harness.send(.sibling(.read)).finish()
    await harness.send(.presented(.read)).finish()
    harness.assert {
      $0.sibling.seen = "harness"
      $0.sibling.seenByEffect = "harness"
      $0.presented?.seen = "harness, optional"
      $0.presented?.seenByEffect = "harness, optional"
    }
  }
}

/// A debounced child under an override: the child runs later, from the debounce's timer, and
/// still sees the value.
@Interactor<GreeterState, GreeterAction>
struct DebouncedGreeter: Sendable {
  let clock: TestClock<Duration>
  var body: some InteractorOf<Self> {
    Debounce(for: .seconds(1), clock: clock) { Greeter() }
  }
}

@MainActor
@Suite struct DependencyPerChildLaterStepsTests {
  @Test func aDebouncedChildSeesTheOverrideWhenItRuns() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      initialState: GreeterState(),
      DebouncedGreeter(clock: clock).dependency(\.greeting, "debounced"),
      exhaustivity: .off
    )
    let task = harness.send(.read)
    await clock.advance(by: .seconds(1))
    await task.finish()
    harness.assert {
      $0.seen = "debounced"
      $0.seenByEffect = "debounced"
    }
  }
}

/// An override is made from the values in force where the child runs, and made again when those
/// change; the values it made are kept for the next steps (`DerivedValues`), so these tests check
/// that nothing kept is seen once the values around have changed, on one thread and on many.
@MainActor
@Suite struct DependencyPerChildValuesInForceTests {
  @Test func aChangeOfTheHarnessValuesIsSeenByTheNextStepOfAnOverriddenChild() async {
    let harness = await InteractorTestHarness(
      Greetings(), exhaustivity: .off, withDependencies: { $0.greeting = "first" })
    var seen: [String] = []
    for greeting in ["first", "second", "first", "third", "third", "second"] {
      harness.dependencies.greeting = greeting
      await harness.send(.presented(.read)).finish()
      let state = harness.states.last!
      seen.append(state.presented?.seen ?? "nil")
      #expect(state.presented?.seenByEffect == state.presented?.seen)
    }
    #expect(
      seen == [
        "first, optional", "second, optional", "first, optional", "third, optional",
        "third, optional", "second, optional",
      ])
  }

  @Test func oneOverrideRunFromManyTasksAtOnceGivesEachTheValuesAroundIt() async {
    // One interactor value, so one set of kept values, run directly (no runtime) from many tasks,
    // each in values of its own, their runs interleaved on the main actor (where `interact` runs):
    // the first values made race to be kept for good.
    let child = Greeter().transformDependency(\.greeting) { $0 += "!" }
    let results = await withTaskGroup(of: (Int, String).self) { group in
      for task in 0..<64 {
        group.addTask { @MainActor in
          withDependencies {
            $0.greeting = "task \(task % 8)"
          } operation: {
            var state = GreeterState()
            var seen = ""
            for _ in 0..<200 {
              _ = child.interact(state: &state, action: .read)
              if state.seen != "task \(task % 8)!" { seen = state.seen }
            }
            return (task, seen.isEmpty ? state.seen : "wrong: \(seen)")
          }
        }
      }
      var results: [Int: String] = [:]
      for await (task, seen) in group { results[task] = seen }
      return results
    }
    #expect(results.count == 64)
    for (task, seen) in results { #expect(seen == "task \(task % 8)!") }
  }
}
