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

/// A state that is `Encodable` (a view state must be) but neither `Decodable` nor `Equatable`:
/// its feature cannot be recorded.
struct PlainState: Sendable, Encodable {
  var total = 0
}

let plainStatePlugin = FeaturePlugin(
  name: "plain",
  summary: "A state a recording cannot hold.",
  actions: [.init(TallyAction.reset, summary: "Does nothing.")],
  makeViewModel: {
    ViewModel(
      PlainState(),
      Interact<PlainState, TallyAction>(initialValue: PlainState()) { _, _ in .state }.eraseToAnyInteractor(),
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

  /// The request an action is sent as comes back with every change it makes while it is
  /// handled; an effect's changes, and an action sent without a request, carry none.
  @Test func aChangeCarriesTheRequestItsActionWasSentAs() async throws {
    let session = tallyPlugin.makeSession()
    var viewChanges: [FeatureSession.Change] = []
    var changes: [FeatureSession.Change] = []
    session.observeViewStateWithRequests { _, change in viewChanges.append(change) }
    session.observeChangesWithRequests { change in changes.append(change) }
    try session.send(.object(["add": .object(["amount": .integer(1)])]), request: .string("r1"))
    try session.send(.object(["add": .object(["amount": .integer(1)])]))
    try session.send(.object(["add": .object(["amount": .integer(1)])]), request: .integer(7))
    let labelled = try session.send(
      .object(["labelLater": .object(["text": .string("x")])]), request: .string("r2"))
    await labelled.finish()
    let effect = StateChangeSource.effect(of: try #require(labelled.id))
    #expect(
      viewChanges == [
        .init(source: .action, request: .string("r1")), .init(source: .action, request: nil),
        .init(source: .action, request: .integer(7)), .init(source: effect, request: nil),
      ])
    // The domain state changed once more than the view: `labelLater` itself shows nothing.
    #expect(
      changes == [
        .init(source: .action, request: .string("r1")), .init(source: .action, request: nil),
        .init(source: .action, request: .integer(7)), .init(source: .action, request: .string("r2")),
        .init(source: effect, request: nil),
      ])
  }

  /// An action an observer sends while another is handled is queued and handled inside it: its
  /// changes belong to the request being handled. A request ends with its send, even when the
  /// action is refused.
  @Test func queuedActionsBelongToTheRequestBeingHandledAndARequestEndsWithItsSend() throws {
    let session = tallyPlugin.makeSession()
    var changes: [FeatureSession.Change] = []
    var resetOnce = true
    session.observeChangesWithRequests { change in
      changes.append(change)
      if resetOnce {
        resetOnce = false
        _ = try? session.send(.string("reset"), request: .string("inner"))
      }
    }
    try session.send(.object(["add": .object(["amount": .integer(3)])]), request: .string("outer"))
    #expect(changes.map(\.request) == [.string("outer"), .string("outer")])
    #expect(session.viewStateJSON == #"{"label":"","total":0}"#)
    #expect(throws: FeatureError.self) { try session.send(.string("fly"), request: .string("refused")) }
    #expect(throws: FeatureError.self) {
      try session.send(.object(["add": .object(["amount": .string("x")])]), request: .string("bad"))
    }
    #expect(throws: FeatureCommandError.self) {
      try session.runCommand("missing", argument: nil, request: .string("cmd"))
    }
    try session.send(.string("reset"))
    #expect(changes.last == .init(source: .action, request: nil))
  }

  /// Whether a feature can be recorded follows from its domain state's conformances (`Codable`
  /// and `Equatable`), through the one initializer.
  @Test func aFeatureIsRecordableWhenItsStateIsCodableAndEquatable() throws {
    #expect(tallyPlugin.isRecordable)
    let session = tallyPlugin.makeSession()
    #expect(session.isRecordable)
    try session.startRecording(limit: 10)
    try session.send(.object(["add": .object(["amount": .integer(2)])]))
    #expect(session.recordedCount == 1)
    #expect(!plainStatePlugin.isRecordable)
    let plain = plainStatePlugin.makeSession()
    #expect(!plain.isRecordable)
    #expect(throws: FeatureError.notRecordable(feature: "plain")) { try plain.startRecording() }
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
