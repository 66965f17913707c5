import Clocks
import Foundation
import Testing
import UnoArchitectureTesting

// The UnoArchitecture snippets of docs/coming-from-tca.md, as written there (each in a namespace
// of its own here, so that their names do not meet the other tests'), and the test that keeps the
// guide and this file the same: every snippet of the guide whose first line is
// `// UnoArchitecture` is in this file, line for line.

// MARK: - Dependencies: the same library

struct NumberFactClient: Sendable {
  var fetch: @Sendable (_ number: Int) async throws -> String
}

extension NumberFactClient: TestDependencyKey {
  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

// MARK: - A feature

enum GuideFeature {
  struct CounterState: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoading = false
  }

  @CasePathable
  enum CounterAction: Equatable, Sendable {
    case incrementTapped
    case factTapped
    case cancelTapped
  }

  @Interactor<CounterState, CounterAction>
  struct CounterInteractor: Sendable {
    @Dependency(\.numberFact) var numberFact

    var body: some InteractorOf<Self> {
      Interact(initialValue: CounterState()) { state, action in
        switch action {
        case .incrementTapped:
          state.count += 1
          return .state
        case .factTapped:
          state.isLoading = true
          return .perform { [numberFact] state, send in
            let fact = try await numberFact.fetch(await state.count)
            await send {
              $0.fact = fact
              $0.isLoading = false
            }
          }
          .cancellable(id: "fact", cancelInFlight: true)
        case .cancelTapped:
          state.isLoading = false
          return .cancel(id: "fact")
        }
      }
    }
  }
}

// MARK: - Composition

enum GuideComposition {
  typealias CounterInteractor = GuideFeature.CounterInteractor
  typealias CounterState = GuideFeature.CounterState
  typealias CounterAction = GuideFeature.CounterAction

  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var counter = CounterState()
  }

  struct AppState: Equatable, Sendable {
    var counter = CounterState()
    var editor: CounterState?
    var rows: IdentifiedArrayOf<Row> = []
  }

  @CasePathable
  enum AppAction: Equatable, Sendable {
    case counter(CounterAction)
    case editor(CounterAction)
    case rows(IdentifiedAction<Int, CounterAction>)
    case editTapped
  }

  @Interactor<AppState, AppAction>
  struct AppInteractor: Sendable {
    var body: some InteractorOf<Self> {
      Interact(initialValue: AppState()) { state, action in
        switch action {
        case .editTapped:
          state.editor = CounterState()  // present
          return .state
        case .counter, .editor, .rows:
          return .state
        }
      }
      .when(stateIs: \.counter, actionIs: \.counter) { CounterInteractor() }  // Scope
      .when(stateIs: \.editor, actionIs: \.editor) { CounterInteractor() }  // ifLet
      .forEach(stateIs: \.rows, actionIs: \.rows) {  // forEach
        UnoCore.Interact<Row, CounterAction> { row, action in
          row.counter.count += 1
          return .state
        }
      }
    }
  }
}

// MARK: - Destinations, alerts and dismiss

enum GuideDestinations {
  typealias CounterInteractor = GuideFeature.CounterInteractor

  struct EditorState: Equatable, Sendable {
    var title = ""
  }

  @CasePathable
  enum EditorAction: Equatable, Sendable {
    case titleChanged(String)
    case doneTapped
  }

  @Interactor<EditorState, EditorAction>
  struct EditorInteractor: Sendable {
    @Dependency(\.dismiss) var dismiss

    var body: some InteractorOf<Self> {
      Interact(initialValue: EditorState()) { state, action in
        switch action {
        case .titleChanged(let title):
          state.title = title
          return .state
        case .doneTapped:
          return .perform { [dismiss] _, _ in await dismiss() }
        }
      }
    }
  }

  @Interactor
  enum Destination {
    case editor(EditorInteractor)
    case counter(CounterInteractor)
    case alert(AlertState<Alert>)
    enum Alert: Equatable, Sendable { case confirmDeletion }
  }

  struct DetailState: Equatable, Sendable {
    var destination: Destination.State?
    var deleted = false
  }

  @CasePathable
  enum DetailAction: Sendable {
    case editTapped
    case deleteTapped
    case destination(Destination.Action)
  }

  @Interactor<DetailState, DetailAction>
  struct DetailInteractor: Sendable {
    var body: some InteractorOf<Self> {
      Interact(initialValue: DetailState()) { state, action in
        switch action {
        case .editTapped:
          state.destination = .editor(EditorState())
          return .state
        case .deleteTapped:
          state.destination = .alert(
            AlertState(
              title: "Delete?",
              buttons: [
                ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
                ButtonState(role: .cancel, label: "Cancel"),
              ]))
          return .state
        case .destination(.alert(.confirmDeletion)):
          state.deleted = true
          return .state
        case .destination:
          return .state
        }
      }
      .when(stateIs: \.destination, actionIs: \.destination) { Destination() }
    }
  }
}

extension GuideDestinations.Destination.State: Equatable {}

// MARK: - A stack

enum GuideStack {
  typealias DetailInteractor = GuideDestinations.DetailInteractor
  typealias DetailState = GuideDestinations.DetailState
  typealias EditorInteractor = GuideDestinations.EditorInteractor

  @Interactor
  enum Path {
    case detail(DetailInteractor)
    case editor(EditorInteractor)
  }

  struct RootState: Equatable, Sendable {
    var path = StackState<Path.State>()
  }

  @CasePathable
  enum RootAction: Sendable {
    case openTapped
    case path(StackAction<Path.State, Path.Action>)
  }

  @Interactor<RootState, RootAction>
  struct RootInteractor: Sendable {
    var body: some InteractorOf<Self> {
      Interact(initialValue: RootState()) { state, action in
        switch action {
        case .openTapped:
          state.path.append(.detail(DetailState()))  // push
          return .state
        case .path(.element(id: _, action: .detail(.destination(.alert(.confirmDeletion))))):
          state.path.removeLast()  // pop
          return .state
        case .path:
          return .state
        }
      }
      .forEach(stateIs: \.path, actionIs: \.path) { Path() }
    }
  }
}

extension GuideStack.Path.State: Equatable {}

// MARK: - Tests

@MainActor @Suite struct ComingFromTCATests {
  typealias CounterInteractor = GuideFeature.CounterInteractor
  typealias AppInteractor = GuideComposition.AppInteractor

  @Test func aFeatureAndItsTest() async {
    let harness = await InteractorTestHarness(
      CounterInteractor(),
      withDependencies: {
        $0.numberFact.fetch = { "\($0) is a good number." }
      })
    harness.send(.incrementTapped) { $0.count = 1 }
    harness.send(.factTapped) { $0.isLoading = true }
    await harness.receive {
      $0.fact = "1 is a good number."
      $0.isLoading = false
    }
  }

  @Test func cancellingAnEffectByItsID() async {
    let clock = TestClock()
    let harness = await InteractorTestHarness(
      GuideFeature.CounterInteractor(),
      withDependencies: {
        $0.numberFact.fetch = { _ in
          try await clock.sleep(for: .seconds(1))
          return "too late"
        }
      })
    let fact = harness.send(.factTapped) { $0.isLoading = true }
    harness.send(.cancelTapped) { $0.isLoading = false }
    await clock.advance(by: .seconds(1))
    await fact.finish()  // cancelled by its id: the fact is never written
    #expect(harness.currentState.fact == nil)
  }

  @Test func nonExhaustiveTests() async {
    let harness = await InteractorTestHarness(AppInteractor(), exhaustivity: .off)
    harness.send(.editTapped)
    harness.send(.editor(.incrementTapped))
    harness.send(.counter(.incrementTapped)) { $0.counter.count = 1 }  // only what this test is about
  }

  @Test func aListRowAndAPresentedChild() async {
    let harness = await InteractorTestHarness(
      initialState: GuideComposition.AppState(rows: [.init(id: 7)]), GuideComposition.AppInteractor())
    harness.send(.rows(.element(id: 7, action: .incrementTapped))) { $0.rows[id: 7]?.counter.count = 1 }
    harness.send(.editTapped) { $0.editor = GuideFeature.CounterState() }
    harness.send(.editor(.incrementTapped)) { $0.editor?.count = 1 }
  }

  @Test func anAlertClosesWhenPressedAndTheParentHearsIt() async {
    let harness = await InteractorTestHarness(GuideDestinations.DetailInteractor())
    harness.send(.deleteTapped) {
      $0.destination = .alert(
        AlertState(
          title: "Delete?",
          buttons: [
            ButtonState(role: .destructive, action: .confirmDeletion, label: "Delete"),
            ButtonState(role: .cancel, label: "Cancel"),
          ]))
    }
    harness.send(.destination(.alert(.confirmDeletion))) {
      $0.destination = nil
      $0.deleted = true
    }
  }

  @Test func aPresentedChildDismissesItself() async {
    let harness = await InteractorTestHarness(GuideDestinations.DetailInteractor())
    harness.send(.editTapped) { $0.destination = .editor(GuideDestinations.EditorState()) }
    harness.send(.destination(.editor(.doneTapped)))
    await harness.receive { $0.destination = nil }
  }

  @Test func aStackPushesAndPops() async {
    let harness = await InteractorTestHarness(GuideStack.RootInteractor(), exhaustivity: .off)
    harness.send(.openTapped)
    #expect(harness.currentState.path.count == 1)
    let id = harness.currentState.path.ids[0]
    harness.send(.path(.element(id: id, action: .detail(.deleteTapped))))
    harness.send(.path(.element(id: id, action: .detail(.destination(.alert(.confirmDeletion))))))
    #expect(harness.currentState.path.isEmpty)
  }

  /// Every UnoArchitecture snippet of the guide is in this file, line for line (indentation
  /// aside), so that the guide shows only code that compiles and runs.
  @Test func theGuidesSnippetsAreInThisFile() throws {
    let here = URL(fileURLWithPath: #filePath)
    let guide = here.deletingLastPathComponent().appendingPathComponent("../../docs/coming-from-tca.md")
    let snippets = try Self.snippets(in: String(contentsOf: guide, encoding: .utf8))
    #expect(snippets.count >= 8)
    let source = Self.lines(try String(contentsOf: here, encoding: .utf8))
    for snippet in snippets {
      let body = Self.lines(snippet).dropFirst()  // the `// UnoArchitecture` line
      let found = source.indices.contains { start in
        source[start...].starts(with: body)
      }
      #expect(found, "docs/coming-from-tca.md has a snippet that is not in this file:\n\(snippet)")
    }
  }

  /// The guide's ```swift blocks whose first line is `// UnoArchitecture`.
  static func snippets(in markdown: String) throws -> [String] {
    var snippets: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = []
      } else if let block = current, line.trimmingCharacters(in: .whitespaces) == "```" {
        if block.first?.trimmingCharacters(in: .whitespaces) == "// UnoArchitecture" {
          snippets.append(block.joined(separator: "\n"))
        }
        current = nil
      } else {
        current?.append(line)
      }
    }
    return snippets
  }

  /// Lines without their indentation, blank ones left out.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }
}
