import Clocks
import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting
import Testing
import UnoComposition

// A navigation stack of screens (detail, meeting), a detail that presents one of two
// destinations (a sheet, an alert), and effects that wait on a test clock or dismiss.

struct Sheet: Sendable, Equatable, Codable {
  var text = ""
}

@CasePathable
enum SheetAction: Sendable, Equatable, Codable {
  case type(String)
  /// Dismisses itself from an effect.
  case close
  /// Writes "late" 1 s later.
  case writeLater
}

struct SheetInteractor: Interactor {
  typealias DomainState = Sheet
  typealias Action = SheetAction
  let clock: TestClock<Duration>
  @Dependency(\.dismiss) var dismiss

  var body: some InteractorOf<Self> {
    Interact(initialValue: Sheet()) { [clock, dismiss] state, action in
      let deadline = clock.now.advanced(by: .seconds(1))
      switch action {
      case .type(let text):
        state.text = text
        return .state
      case .close:
        return .perform { _, _ in await dismiss() }
      case .writeLater:
        return .perform { _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { $0.text = "late" }
        }
      }
    }
  }
}

/// The destinations a detail presents, written by hand as the `@Interactor` enum macro writes
/// them.
@CasePathable
enum DestinationState: Sendable, Equatable, Codable {
  case sheet(Sheet)
  case alert(Sheet)
}

@CasePathable
enum DestinationAction: Sendable, Equatable, Codable {
  case sheet(SheetAction)
  case alert(SheetAction)
}

struct DestinationInteractor: Interactor {
  typealias DomainState = DestinationState
  typealias Action = DestinationAction
  let clock: TestClock<Duration>

  var body: some InteractorOf<Self> {
    Interact(initialValue: DestinationState.sheet(Sheet())) { _, _ in .state }
      .when(stateIs: \.sheet, actionIs: \.sheet) { SheetInteractor(clock: clock) }
      .when(stateIs: \.alert, actionIs: \.alert) { SheetInteractor(clock: clock) }
  }
}

struct Detail: Sendable, Equatable, Codable {
  var id: Int
  var count = 0
  var destination: DestinationState?
}

@CasePathable
enum DetailAction: Sendable, Equatable, Codable {
  case increment
  /// Increments 1 s later.
  case incrementLater
  /// Dismisses the screen from an effect, then tries to write.
  case close
  /// Dismisses twice from one effect.
  case closeTwice
  case showSheet
  case showAlert
  case destination(DestinationAction)
}

struct DetailInteractor: Interactor {
  typealias DomainState = Detail
  typealias Action = DetailAction
  let clock: TestClock<Duration>
  @Dependency(\.dismiss) var dismiss

  var body: some InteractorOf<Self> {
    Interact(initialValue: Detail(id: 0)) { [clock, dismiss] state, action in
      let deadline = clock.now.advanced(by: .seconds(1))
      switch action {
      case .increment:
        state.count += 1
        return .state
      case .incrementLater:
        return .perform { _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { $0.count += 1 }
        }
      case .close:
        return .perform { _, send in
          await dismiss()
          await send { $0.count = 100 }  // dropped: the effect was cancelled with its screen
        }
      case .closeTwice:
        return .perform { _, _ in
          await dismiss()
          await dismiss()
        }
      case .showSheet:
        state.destination = .sheet(Sheet())
        return .state
      case .showAlert:
        state.destination = .alert(Sheet())
        return .state
      case .destination:
        return .state
      }
    }
    .when(stateIs: \.destination, actionIs: \.destination) { DestinationInteractor(clock: clock) }
  }
}

@CasePathable
enum NavScreenState: Sendable, Equatable, Codable {
  case detail(Detail)
  case meeting(Sheet)
}

@CasePathable
enum NavScreenAction: Sendable, Equatable, Codable {
  case detail(DetailAction)
  case meeting(SheetAction)
}

struct NavScreenInteractor: Interactor {
  typealias DomainState = NavScreenState
  typealias Action = NavScreenAction
  let clock: TestClock<Duration>

  var body: some InteractorOf<Self> {
    Interact(initialValue: NavScreenState.detail(Detail(id: 0))) { _, _ in .state }
      .when(stateIs: \.detail, actionIs: \.detail) { DetailInteractor(clock: clock) }
      .when(stateIs: \.meeting, actionIs: \.meeting) { SheetInteractor(clock: clock) }
  }
}

struct AppState: Sendable, Equatable {
  var path = StackState<NavScreenState>()
  var heard: [String] = []
}

@CasePathable
enum AppAction: Sendable {
  case open(Int)
  case path(StackAction<NavScreenState, NavScreenAction>)
  case popToRoot
  /// Pops the top screen 500 ms later, from an effect's write.
  case popLater
}

struct AppInteractor: Interactor {
  typealias DomainState = AppState
  typealias Action = AppAction
  let clock: TestClock<Duration>

  var body: some InteractorOf<Self> {
    Interact(initialValue: AppState()) { [clock] state, action in
      switch action {
      case .open(let id):
        state.path.append(.detail(Detail(id: id)))
        return .state
      case .path(.element(let id, let action)):
        // The screen has handled the action already: the parent sees its new state.
        let count = state.path[id: id, case: \.detail]?.count ?? -1
        state.heard.append("\(id):\(action):\(count)")
        return .state
      case .path(.push(let id, _)):
        state.heard.append("push \(id)")
        return .state
      case .path(.popFrom(let id)):
        state.heard.append("pop \(id)")
        return .state
      case .popToRoot:
        state.path.removeAll()
        return .state
      case .popLater:
        let deadline = clock.now.advanced(by: .milliseconds(500))
        return .perform { _, send in
          try await clock.sleep(toDeadline: deadline)
          await send { _ = $0.path.popLast() }
        }
      }
    }
    .forEach(stateIs: \.path, actionIs: \.path) { NavScreenInteractor(clock: clock) }
  }
}

@MainActor
@Suite struct NavigationTests {
  let clock = TestClock()

  /// A runtime whose screens are numbered from 0: the cases of a parameterized test share the
  /// test's generator, so each runtime gets one of its own.
  func makeRuntime(opening ids: [Int] = []) -> InteractorRuntime<AppState, AppAction> {
    let runtime = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      InteractorRuntime(AppInteractor(clock: clock))
    }
    for id in ids { runtime.send(.open(id)) }
    return runtime
  }

  // MARK: StackState

  @Test func idsComeFromTheDependencyAndAreNeverReused() {
    var stack = StackState<String>()
    stack.append("a")
    stack.append("b")
    #expect(stack.ids == [0, 1])
    let removed = stack.removeLast()
    #expect(removed == "b")
    stack.append("c")
    #expect(stack.ids == [0, 2])
    withDependencies {
      $0.stackElementID = .incrementing(from: 40)
    } operation: {
      stack.append("d")
    }
    #expect(stack.ids == [0, 2, 40])
    #expect(Array(stack) == ["a", "c", "d"])
  }

  @Test func stackStateCollectionOperations() {
    var stack: StackState<String> = ["a", "b", "c", "d"]
    #expect(stack.count == 4 && stack[1] == "b" && stack[id: 2] == "c" && stack.last == "d")
    stack[1] = "B"
    stack[id: 2] = "C"
    #expect(Array(stack) == ["a", "B", "C", "d"])
    let last = stack.popLast()
    #expect(last == "d")
    stack.removeLast(1)
    #expect(Array(stack) == ["a", "B"])
    // Setting an id that is not there appends with that id; setting nil removes that element.
    stack[id: 7] = "x"
    #expect(stack.ids == [0, 1, 7])
    stack[id: 1] = nil
    #expect(stack.ids == [0, 7])
    stack[id: 99] = nil
    #expect(stack.ids == [0, 7])
    let appended = stack.append("y", id: 7)
    #expect(!appended)
    let poppedTo = stack.pop(to: 0)
    #expect(poppedTo && stack.ids == [0])
    let poppedFrom = stack.pop(from: 5)
    #expect(!poppedFrom)
    stack.removeAll()
    #expect(stack.isEmpty)
    let popped = stack.popLast()
    #expect(popped == nil)
  }

  @Test func equalStacksHaveTheSameIdsInTheSameOrder() {
    var left = StackState<String>()
    left[id: 0] = "a"
    left[id: 1] = "b"
    var right = StackState<String>()
    right[id: 0] = "a"
    right[id: 1] = "b"
    #expect(left == right)
    right[id: 1] = nil
    right[id: 2] = "b"
    #expect(left != right)  // the same elements under other ids
    var reordered = StackState<String>()
    reordered[id: 1] = "b"
    reordered[id: 0] = "a"
    #expect(left != reordered)
  }

  @Test func stackStateAndStackActionRoundTripThroughJSON() throws {
    var stack = StackState<NavScreenState>()
    stack[id: 3] = .detail(Detail(id: 9, count: 2))
    stack[id: 5] = .meeting(Sheet(text: "hi"))
    let data = try JSONEncoder().encode(stack)
    let json = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    #expect(json?.map { $0["id"] as? Int } == [3, 5])
    #expect(json?.allSatisfy { $0["state"] is [String: Any] } == true)
    #expect(try JSONDecoder().decode(StackState<NavScreenState>.self, from: data) == stack)

    let actions: [StackAction<NavScreenState, NavScreenAction>] = [
      .element(id: 3, action: .detail(.increment)), .push(id: 4, state: .meeting(Sheet())), .popFrom(id: 3),
    ]
    for action in actions {
      let encoded = try JSONEncoder().encode(action)
      #expect(
        try JSONDecoder().decode(StackAction<NavScreenState, NavScreenAction>.self, from: encoded) == action)
    }
    let push = try JSONDecoder().decode(
      StackAction<NavScreenState, NavScreenAction>.self, from: Data(#"{"popFrom":{"id":7}}"#.utf8))
    #expect(push == .popFrom(id: 7))
    // A stack that names an id twice is refused.
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        StackState<Sheet>.self,
        from: Data(#"[{"id":1,"state":{"text":""}},{"id":1,"state":{"text":""}}]"#.utf8))
    }
  }

  // MARK: forEach over a stack

  @Test func pushByStateThenAScreensActionsReachItThenTheParent() {
    let runtime = makeRuntime(opening: [5, 6])
    #expect(runtime.state.path.ids == [0, 1])
    runtime.send(.path(.element(id: 0, action: .detail(.increment))))
    runtime.send(.path(.element(id: 1, action: .detail(.increment))))
    runtime.send(.path(.element(id: 1, action: .detail(.increment))))
    #expect(runtime.state.path[id: 0, case: \.detail]?.count == 1)
    #expect(runtime.state.path[id: 1, case: \.detail]?.count == 2)
    let increment = "detail(UnoCompositionTests.DetailAction.increment)"
    #expect(runtime.state.heard == ["#0:\(increment):1", "#1:\(increment):1", "#1:\(increment):2"])
  }

  @Test func pushAndPopFromActionsAreHeardThenApplied() {
    let runtime = makeRuntime(opening: [5])
    runtime.send(.path(.push(id: 10, state: .meeting(Sheet(text: "m")))))
    runtime.send(.path(.push(id: 11, state: .detail(Detail(id: 6)))))
    #expect(runtime.state.path.ids == [0, 10, 11])
    runtime.send(.path(.popFrom(id: 10)))
    #expect(runtime.state.path.ids == [0])
    #expect(runtime.state.heard == ["push #10", "push #11", "pop #10"])
  }

  @Test func actionsForScreensThatAreNotThereAreDroppedAndReported() {
    let runtime = makeRuntime(opening: [5])
    runtime.send(.popToRoot)
    withKnownIssue {
      runtime.send(.path(.element(id: 0, action: .detail(.increment))))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("for the screen #0") && text.contains("increment")
        && text.contains("whose stack holds []") && text.contains("dropped")
        && text.contains("(written at UnoCompositionTests/NavigationTests.swift:")
    }
    // A new screen gets a new id: the old id cannot reach it.
    runtime.send(.open(7))
    #expect(runtime.state.path.ids == [1])
    withKnownIssue {
      runtime.send(.path(.element(id: 0, action: .detail(.increment))))
    }
    #expect(runtime.state.path[id: 1, case: \.detail]?.count == 0)
    withKnownIssue {
      runtime.send(.path(.popFrom(id: 0)))
    } matching: {
      $0.comments.map(\.rawValue).joined().contains("A pop from the screen #0")
    }
    withKnownIssue {
      runtime.send(.path(.push(id: 1, state: .meeting(Sheet()))))
    } matching: {
      $0.comments.map(\.rawValue).joined().contains("the stack holds a screen with that id already")
    }
    #expect(runtime.state.path.ids == [1])
    #expect(runtime.state.heard.isEmpty)
  }

  @Test(arguments: ["parent action", "popFrom", "effect write", "push-then-popFrom below"])
  func aPoppedScreensEffectsAreCancelledInTheStepThatPopsIt(how: String) async {
    let runtime = makeRuntime(opening: [5, 6])
    let running = runtime.send(.path(.element(id: 1, action: .detail(.incrementLater))))
    let below = runtime.send(.path(.element(id: 0, action: .detail(.incrementLater))))
    switch how {
    case "parent action":
      runtime.send(.popToRoot)
    case "popFrom":
      runtime.send(.path(.popFrom(id: 1)))
    case "effect write":
      let pop = runtime.send(.popLater)
      await clock.advance(by: .milliseconds(500))  // before the screen's effect wakes
      await pop.finish()
    default:
      runtime.send(.path(.push(id: 20, state: .meeting(Sheet()))))
      runtime.send(.path(.popFrom(id: 1)))
      #expect(runtime.state.path.ids == [0])
    }
    #expect(running.isCancelled)
    await clock.advance(by: .seconds(1))
    await running.finish()
    await below.finish()
    if how == "parent action" {
      #expect(below.isCancelled)
      #expect(runtime.state.path.isEmpty)
    } else {
      #expect(!below.isCancelled)
      #expect(runtime.state.path[id: 0, case: \.detail]?.count == 1)
      #expect(runtime.state.path.ids == [0])
    }
  }

  // MARK: Dismiss

  @Test func aScreenDismissesItselfAndEveryScreenAboveIt() async {
    let runtime = makeRuntime(opening: [5, 6, 7])
    let above = runtime.send(.path(.element(id: 2, action: .detail(.incrementLater))))
    let close = runtime.send(.path(.element(id: 1, action: .detail(.close))))
    await close.finish()
    #expect(runtime.state.path.ids == [0])
    #expect(above.isCancelled)
    // The effect that dismissed was cancelled in that step: its later write was dropped.
    #expect(close.isCancelled)
    await clock.advance(by: .seconds(1))
    await above.finish()
    #expect(runtime.state.path[id: 0, case: \.detail]?.count == 0)
  }

  @Test func aDestinationDismissesItselfAndTheScreenUnderItStays() async {
    let runtime = makeRuntime(opening: [5])
    runtime.send(.path(.element(id: 0, action: .detail(.showSheet))))
    let writing = runtime.send(.path(.element(id: 0, action: .detail(.destination(.sheet(.writeLater))))))
    let close = runtime.send(.path(.element(id: 0, action: .detail(.destination(.sheet(.close))))))
    await close.finish()
    #expect(runtime.state.path.ids == [0])
    #expect(runtime.state.path[id: 0, case: \.detail]?.destination == nil)
    #expect(writing.isCancelled)
  }

  @Test func switchingTheDestinationsCaseCancelsTheOldCasesEffects() async {
    let runtime = makeRuntime(opening: [5])
    runtime.send(.path(.element(id: 0, action: .detail(.showSheet))))
    let writing = runtime.send(.path(.element(id: 0, action: .detail(.destination(.sheet(.writeLater))))))
    runtime.send(.path(.element(id: 0, action: .detail(.showAlert))))
    #expect(writing.isCancelled)
    await clock.advance(by: .seconds(1))
    await writing.finish()
    #expect(runtime.state.path[id: 0, case: \.detail]?.destination == .alert(Sheet()))
  }

  @Test func dismissOutsideAPresentationChangesNothingAndIsReported() async {
    let runtime = InteractorRuntime(SheetInteractor(clock: clock))
    await withKnownIssue {
      await runtime.send(.close).finish()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("'dismiss()' was called at UnoCompositionTests/NavigationTests.swift:")
        && text.contains("not presented")
    }
  }

  @Test func dismissAfterTheChildIsGoneChangesNothingAndIsReported() async {
    let runtime = makeRuntime(opening: [5, 6])
    await withKnownIssue {
      await runtime.send(.path(.element(id: 1, action: .detail(.closeTwice)))).finish()
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("after the child it closes (the screen #1 of") && text.contains("was gone")
    }
    #expect(runtime.state.path.ids == [0])  // the second call did not pop the screen under it
  }

  @Test func aTestCanReplaceDismiss() async {
    let calls = LockIsolated(0)
    let runtime = withDependencies {
      $0.dismiss = DismissEffect { calls.withValue { $0 += 1 } }
    } operation: {
      InteractorRuntime(SheetInteractor(clock: clock))
    }
    await runtime.send(.close).finish()
    #expect(calls.value == 1)
  }
}

// MARK: The same stack with its screens and destinations declared by `@Interactor` enums

@Interactor
enum Stacked {
  case detail(PlainDetail)
  case meeting(PlainSheet)
}
extension Stacked.State: Equatable, Codable {}
extension Stacked.Action: Equatable, Codable {}

struct PlainSheet: Interactor {
  typealias DomainState = Sheet
  typealias Action = SheetAction
  var body: some InteractorOf<Self> {
    SheetInteractor(clock: TestClock())
  }
}

struct PlainDetail: Interactor {
  typealias DomainState = Detail
  typealias Action = DetailAction
  var body: some InteractorOf<Self> {
    DetailInteractor(clock: TestClock())
  }
}

struct MacroApp: Interactor {
  struct State: Sendable, Equatable {
    var path = StackState<Stacked.State>()
  }
  @CasePathable
  enum Action: Sendable {
    case path(StackAction<Stacked.State, Stacked.Action>)
  }
  typealias DomainState = State

  var body: some InteractorOf<Self> {
    Interact(initialValue: State()) { _, _ in .state }
      .forEach(stateIs: \.path, actionIs: \.path) { Stacked() }
  }
}

@MainActor
@Suite struct InteractorEnumTests {
  @Test func theMacrosEnumRoutesEachCaseToItsChild() async {
    let runtime = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      InteractorRuntime(MacroApp())
    }
    runtime.send(.path(.push(id: 0, state: .detail(Detail(id: 3)))))
    runtime.send(.path(.push(id: 1, state: .meeting(Sheet()))))
    runtime.send(.path(.element(id: 0, action: .detail(.increment))))
    runtime.send(.path(.element(id: 1, action: .meeting(.type("notes")))))
    #expect(runtime.state.path[id: 0] == .detail(Detail(id: 3, count: 1)))
    #expect(runtime.state.path[id: 1] == .meeting(Sheet(text: "notes")))
    // An action of another case than the screen's is dropped and reported.
    withKnownIssue {
      runtime.send(.path(.element(id: 1, action: .detail(.increment))))
    }
    #expect(runtime.state.path[id: 1] == .meeting(Sheet(text: "notes")))
    // A screen dismisses itself through the enum.
    await runtime.send(.path(.element(id: 1, action: .meeting(.close)))).finish()
    #expect(runtime.state.path.ids == [0])
  }

  @Test func theGeneratedStateAndActionRoundTripThroughJSON() throws {
    let state = Stacked.State.detail(Detail(id: 1, count: 2, destination: .sheet(Sheet(text: "x"))))
    #expect(try JSONDecoder().decode(Stacked.State.self, from: JSONEncoder().encode(state)) == state)
    let action = Stacked.Action.meeting(.type("y"))
    #expect(try JSONDecoder().decode(Stacked.Action.self, from: JSONEncoder().encode(action)) == action)
  }
}
