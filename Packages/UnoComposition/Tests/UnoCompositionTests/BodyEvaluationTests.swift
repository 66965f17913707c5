import ConcurrencyExtras
import Testing
import UnoComposition

/// Counts how often its body is built, into a box shared by every copy.
struct CountedLeaf: Interactor {
  typealias DomainState = Tally
  typealias Action = TallyAction
  let builds: LockIsolated<Int>

  @InteractorBuilder<Tally, TallyAction>
  var body: some InteractorOf<Self> {
    let _ = builds.withValue { $0 += 1 }
    Interact(initialValue: Tally()) { state, action in
      if case .increment = action { state.value += 1 }
      return .state
    }
  }
}

struct CountedPair: Interactor {
  typealias DomainState = Pair
  typealias Action = PairAction
  let builds: LockIsolated<Int>
  let childBuilds: LockIsolated<Int>
  let useFirstBranch: Bool

  @InteractorBuilder<Pair, PairAction>
  var body: some InteractorOf<Self> {
    let _ = builds.withValue { $0 += 1 }
    Merge(
      Interact(initialValue: Pair()) { _, _ in .state }
        .when(stateIs: \.left, actionIs: \.left, stateAction: \.leftChanged) {
          CountedLeaf(builds: childBuilds)
        },
      MergeMany([
        Debounce(for: .zero, clock: ContinuousClock()) {
          OnAction(\CaseMembers<PairAction>.right) { CountedPairLeaf(builds: childBuilds) }
        }
      ])
    )
    if useFirstBranch {
      CountedWholePair(builds: childBuilds)
    } else {
      CountedWholePair(builds: childBuilds)
    }
  }
}

/// A leaf over the whole pair and a child's actions, reached through `Debounce`, `MergeMany` and
/// `OnAction`.
struct CountedPairLeaf: Interactor {
  typealias DomainState = Pair
  typealias Action = TallyAction
  let builds: LockIsolated<Int>

  @InteractorBuilder<Pair, TallyAction>
  var body: some InteractorOf<Self> {
    let _ = builds.withValue { $0 += 1 }
    Interact(initialValue: Pair()) { _, _ in .state }
  }
}

/// A leaf over the whole pair and its actions, reached through `if`/`else`.
struct CountedWholePair: Interactor {
  typealias DomainState = Pair
  typealias Action = PairAction
  let builds: LockIsolated<Int>

  @InteractorBuilder<Pair, PairAction>
  var body: some InteractorOf<Self> {
    let _ = builds.withValue { $0 += 1 }
    Interact(initialValue: Pair()) { _, _ in .state }
  }
}

@MainActor
@Suite struct BodyEvaluationTests {
  @Test func aRuntimeBuildsTheBodyOnceNotPerAction() {
    let builds = LockIsolated(0)
    let runtime = InteractorRuntime(CountedLeaf(builds: builds))
    let built = builds.value
    for _ in 0..<100 { runtime.send(.increment) }
    #expect(runtime.state.value == 100)
    #expect(builds.value == built)
  }

  @Test func nestedBodiesAreBuiltOnceThroughEveryOperator() {
    let builds = LockIsolated(0)
    let childBuilds = LockIsolated(0)
    let runtime = InteractorRuntime(
      initialState: Pair(),
      interactor: CountedPair(builds: builds, childBuilds: childBuilds, useFirstBranch: true))
    #expect(builds.value == 1)
    let childrenBuilt = childBuilds.value
    #expect(childrenBuilt == 3)  // the `when` child, the child under Debounce/OnAction, the `if` branch
    for _ in 0..<50 {
      runtime.send(.left(.increment))
      runtime.send(.right(.increment))
    }
    #expect(runtime.state.left.value == 50)
    #expect(builds.value == 1)
    #expect(childBuilds.value == childrenBuilt)
  }

  @Test func interactEvaluatesItsInitialValueWhenRead() {
    let reads = LockIsolated(0)
    let interactor = Interact<Int, Int>(initialValue: reads.next()) { _, _ in .state }
    #expect(reads.value == 0)
    #expect(interactor.initialValue == 1)
    #expect(interactor.initialValue == 2)
  }

  @Test func erasingTwiceWrapsOnce() {
    let builds = LockIsolated(0)
    let erased = CountedLeaf(builds: builds).eraseToAnyInteractor()
    let built = builds.value
    let again = AnyInteractor(erased)
    var state = Tally()
    _ = again.interact(state: &state, action: .increment)
    #expect(state.value == 1)
    #expect(builds.value == built)
  }
}

extension LockIsolated where Value == Int {
  /// Increments and returns the new value.
  func next() -> Int {
    withValue {
      $0 += 1
      return $0
    }
  }
}
