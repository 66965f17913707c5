import Foundation
import Testing
import UnoPlugin
import UnoPresentation

struct Tally: Sendable, Equatable, Codable {
  var total = 0
  var label = ""
}

enum TallyAction: Sendable, Codable, Equatable {
  case add(amount: Int)
  case reset
  case labelLater(text: String)
}

struct TallyInteractor: Interactor {
  typealias DomainState = Tally
  typealias Action = TallyAction
  var body: some InteractorOf<Self> {
    Interact(initialValue: Tally()) { state, action in
      switch action {
      case .add(let amount):
        state.total += amount
        return .state
      case .reset:
        state.total = 0
        return .state
      case .labelLater(let text):
        return .perform { _, send in await send { $0.label = text } }
      }
    }
  }
}

let tallyPlugin = FeaturePlugin(
  name: "tally",
  summary: "Adds numbers.",
  actions: [
    .init(TallyAction.add(amount: 2), summary: "Adds an amount."),
    .init(.reset, summary: "Back to zero."),
    .init(.labelLater(text: "hi"), summary: "Sets the label from an effect."),
  ],
  makeViewModel: {
    ViewModel(Tally(), TallyInteractor().eraseToAnyInteractor(), reportsReinitialization: false)
  }
)

enum ChildAction: Sendable, Codable, Equatable {
  case rename(title: String)
  case close
  case pair(first: Int, second: Int)
}

enum NestedAction: Sendable, Codable, Equatable {
  case child(ChildAction)
  case other
}

let nestedPlugin = FeaturePlugin(
  name: "nested",
  summary: "A child's actions inside a parent's.",
  actions: [
    .init(NestedAction.child(.rename(title: "x")), summary: "Renames."),
    .init(.child(.close), summary: "Closes."),
    .init(.child(.pair(first: 1, second: 2)), summary: "Two values."),
    .init(.other, summary: "Another."),
  ],
  makeViewModel: {
    ViewModel(
      Tally(),
      Interact<Tally, NestedAction>(initialValue: Tally()) { _, _ in .state }.eraseToAnyInteractor(),
      reportsReinitialization: false)
  }
)

@MainActor
@Suite struct FeatureSessionTests {
  @Test func describesItsActionsWithExamples() {
    #expect(tallyPlugin.actions.map(\.name) == ["add", "reset", "labelLater"])
    #expect(tallyPlugin.actions[0].example == .object(["add": .object(["amount": .integer(2)])]))
    #expect(tallyPlugin.actions[1].example == .object(["reset": .object([:])]))
  }

  /// An action's path is its name and the names of the actions nested in it: each level is a
  /// one-key object whose value is an object. Its payload is what the path ends on.
  @Test func namesNestedActionsByTheirPath() {
    #expect(tallyPlugin.actions.map(\.path) == ["add", "reset", "labelLater"])
    #expect(tallyPlugin.actions[0].payload == ["amount": .integer(2)])
    #expect(tallyPlugin.actions[1].payload == [:])
    let nested = nestedPlugin.actions
    #expect(nested.map(\.path) == ["child.rename", "child.close", "child.pair", "other"])
    #expect(nested.map(\.name) == ["child", "child", "child", "other"])
    #expect(nested[0].pathComponents == ["child", "rename"])
    #expect(nested[0].payload == ["title": .string("x")])
    #expect(nested[1].payload == [:])
    // Two values: the path stops at the object that holds them.
    #expect(nested[2].payload == ["first": .integer(1), "second": .integer(2)])
    #expect(nested[3].payload == [:])
  }

  /// An unknown action is answered with the paths, so that a child's actions read apart.
  @Test func anUnknownActionIsAnsweredWithThePaths() {
    let session = nestedPlugin.makeSession()
    #expect(session.actionPaths == ["child.rename", "child.close", "child.pair", "other"])
    #expect(throws: FeatureError.unknownAction(name: "fly", feature: "nested", known: session.actionPaths)) {
      try session.send(.string("fly"))
    }
  }

  @Test func sendsActionsFromJSONAndReportsViewStatesAsJSON() async throws {
    let session = tallyPlugin.makeSession()
    #expect(session.viewStateJSON == #"{"label":"","total":0}"#)
    var changes: [String] = []
    session.observeViewState { json, _ in changes.append(json) }
    try session.send(.object(["add": .object(["amount": .integer(5)])]))
    try session.send(.string("reset"))
    try await session.send(.object(["labelLater": .object(["text": .string("done")])])).finish()
    #expect(
      changes == [#"{"label":"","total":5}"#, #"{"label":"","total":0}"#, #"{"label":"done","total":0}"#])
    // The same view state as a value, encoded directly: what its text says.
    #expect(session.viewStateValue == .object(["label": .string("done"), "total": .integer(0)]))
    #expect(session.viewStateValue.text == session.viewStateJSON)
  }

  @Test func everyChangeOfTheDomainStateIsObservedWithItsSourceEvenWhenTheViewShowsNone() async throws {
    let session = tallyPlugin.makeSession()
    var viewChanges = 0
    var changes: [StateChangeSource] = []
    session.observeViewState { _, _ in viewChanges += 1 }
    session.observeChanges { source in changes.append(source) }
    // Already zero: a change of the domain state (a step ran) that leaves the view state as it was.
    try session.send(.string("reset"))
    #expect(changes == [.action])
    #expect(viewChanges == 0)
    let labelled = try session.send(.object(["labelLater": .object(["text": .string("x")])]))
    await labelled.finish()
    #expect(changes == [.action, .action, .effect(of: try #require(labelled.id))])
    #expect(viewChanges == 1)
  }

  @Test func badActionsAreNamedAndLeaveTheStateAlone() throws {
    let session = tallyPlugin.makeSession()
    try session.send(.object(["add": .object(["amount": .integer(1)])]))
    #expect(
      throws: FeatureError.unknownAction(
        name: "multiply", feature: "tally", known: ["add", "reset", "labelLater"])
    ) {
      try session.send(.string("multiply"))
    }
    #expect(
      throws: FeatureError.malformedAction(
        "an action is a name (\"increment\") or a one-key object ({\"name\": {...}}), not a number")
    ) {
      try session.send(.integer(3))
    }
    #expect(
      throws: FeatureError.malformedAction(
        "an action object must have exactly one key, the action's name; this one has 2")
    ) {
      try session.send(.object(["add": .object([:]), "reset": .object([:])]))
    }
    #expect(
      throws: FeatureError.invalidPayload(
        action: "add", feature: "tally", reason: "missing 'amount' in 'add'")
    ) {
      try session.send(.string("add"))
    }
    #expect(
      throws: FeatureError.invalidPayload(
        action: "add", feature: "tally", reason: "'add.amount' should be a whole number")
    ) {
      try session.send(.object(["add": .object(["amount": .string("x")])]))
    }
    #expect(session.viewStateJSON == #"{"label":"","total":1}"#)
  }

  @Test func registryRejectsDuplicateNames() {
    #expect(throws: FeatureRegistry.DuplicateName.self) {
      try FeatureRegistry([tallyPlugin, tallyPlugin])
    }
    let registry = try? FeatureRegistry([tallyPlugin])
    #expect(registry?["tally"]?.summary == "Adds numbers.")
    #expect(registry?["nope"] == nil)
  }

  @Test func jsonValueRoundTrips() throws {
    let text = #"{"a":[1,2.5,"x",true,null,{"b":{}}]}"#
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    #expect(
      value["a"]
        == .array([.integer(1), .double(2.5), .string("x"), .bool(true), .null, .object(["b": .object([:])])])
    )
  }
}
