import Testing
import UnoPlugin
import UnoPresentation

/// Tally with short commands: `more` adds one more than the total, `set <n>` brings it to n.
let commandedTallyPlugin = FeaturePlugin(
  name: "tally",
  summary: "Adds numbers.",
  actions: [.init(TallyAction.add(amount: 2), summary: "Adds an amount.")],
  commands: [
    .init("more", summary: "Adds one more than the total.") { state, _ throws(FeatureCommandError) in
      .add(amount: state.total + 1)
    },
    .init("set", argument: "n", summary: "Brings the total to n.") {
      state, argument throws(FeatureCommandError) in
      guard let target = argument.flatMap({ Int($0) }) else {
        throw FeatureCommandError("'set' takes a whole number, e.g. 'set 3'.")
      }
      return .add(amount: target - state.total)
    },
  ],
  makeViewModel: {
    ViewModel(Tally(), TallyInteractor().eraseToAnyInteractor(), reportsReinitialization: false)
  }
)

@MainActor
@Suite struct FeatureCommandTests {
  @Test func aCommandIsMadeIntoAnActionFromTheStateAsItIsNow() async throws {
    let session = commandedTallyPlugin.makeSession()
    #expect(session.commands.map(\.name) == ["more", "set"])
    #expect(commandedTallyPlugin.commands[1].argument == "n")
    try session.runCommand("more", argument: nil)  // 0 + 1
    try session.runCommand("more", argument: nil)  // 1 + 2
    #expect(session.viewStateJSON == #"{"label":"","total":3}"#)
    try session.runCommand("set", argument: "10")
    #expect(session.viewStateJSON == #"{"label":"","total":10}"#)
  }

  @Test func aCommandThatDoesNotApplySaysWhatToTypeAndSendsNothing() throws {
    let session = commandedTallyPlugin.makeSession()
    var changes = 0
    session.observeViewState { _, _ in changes += 1 }
    #expect(throws: FeatureCommandError("'set' takes a whole number, e.g. 'set 3'.")) {
      try session.runCommand("set", argument: "ten")
    }
    #expect(throws: FeatureCommandError("There is no command 'fly' in tally. Its commands are: more, set.")) {
      try session.runCommand("fly", argument: nil)
    }
    #expect(changes == 0)
    #expect(session.viewStateJSON == #"{"label":"","total":0}"#)
  }

  @Test func aPluginWithoutCommandsHasNone() {
    #expect(tallyPlugin.commands.isEmpty)
    #expect(tallyPlugin.makeSession().commands.isEmpty)
  }
}

/// A feature whose action holds an unlabeled nested action, as a screen's does.
enum PickerAction: Sendable, Codable, Equatable {
  case row(RowAction)
}
enum RowAction: Sendable, Codable, Equatable {
  case pick(id: String, count: Int)
}

let pickerPlugin = FeaturePlugin(
  name: "picker",
  summary: "Picks rows.",
  actions: [.init(PickerAction.row(.pick(id: "a", count: 1)), summary: "Picks a row.")],
  makeViewModel: {
    ViewModel(
      Tally(),
      AnyInteractor<Tally, PickerAction>(initialValue: Tally()) { _, _ in .state },
      reportsReinitialization: false)
  }
)

@MainActor
@Suite struct PayloadErrorTests {
  @Test func errorsNameThePathAsTheJSONIsWrittenAndTypesInJSONsWords() {
    let session = pickerPlugin.makeSession()
    #expect(
      throws: FeatureError.invalidPayload(
        action: "row.pick", feature: "picker", reason: "'row.pick.id' should be a string")
    ) {
      try session.send(
        .object(["row": .object(["pick": .object(["id": .integer(5), "count": .integer(1)])])]))
    }
    #expect(
      throws: FeatureError.invalidPayload(
        action: "row.pick", feature: "picker", reason: "'row.pick.count' should be a whole number")
    ) {
      try session.send(
        .object(["row": .object(["pick": .object(["id": .string("a"), "count": .string("x")])])]))
    }
    #expect(
      throws: FeatureError.invalidPayload(
        action: "row.pick", feature: "picker", reason: "missing 'count' in 'row.pick'")
    ) {
      try session.send(.object(["row": .object(["pick": .object(["id": .string("a")])])]))
    }
  }
}

/// A feature that reports an issue at a call site when it cannot apply an action, as a `forEach`
/// does for a row that is gone.
let refusingPlugin = FeaturePlugin(
  name: "refusing",
  summary: "Refuses.",
  actions: [.init(TallyAction.reset, summary: "Refused.")],
  makeViewModel: {
    ViewModel(
      Tally(),
      AnyInteractor<Tally, TallyAction>(initialValue: Tally()) { _, _ in
        CallSite().reportIssue(
          "The reset was dropped: there is nothing to reset.\n\nHow to fix it, for the authors.")
        return .state
      },
      reportsReinitialization: false)
  }
)

@MainActor
@Suite struct NotAppliedTests {
  @Test func anIssueReportedWhileHandlingAnActionIsAnErrorForItsSender() {
    let session = refusingPlugin.makeSession()
    withKnownIssue {
      #expect(
        throws: FeatureError.notApplied(
          action: "reset", feature: "refusing", reason: "The reset was dropped: there is nothing to reset.")
      ) {
        try session.send(.string("reset"))
      }
    }
    // Only what was reported during that send: the next one starts clean.
    #expect(throws: Never.self) { try tallyPlugin.makeSession().send(.string("reset")) }
  }
}
