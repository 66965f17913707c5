import BundledFeatures
import Foundation
import Testing
import UnoComposition
import UnoPlugin
import UnoPresentation

@testable import UnoHostCore
@testable import UnoPlugin

// A feature of the tests' own with each shape a name used to go wrong for: a value that is an
// enum, a child's action whose case carries one unlabeled value, rows of a list, rows of a list
// inside a screen of a stack, and actions that the feature's examples do not show.

enum ShapeFilter: String, Codable, Sendable, Equatable, CaseIterable { case all, active, completed }
/// Coded as an object per case (no raw value), as a value all the same (`CaseIterable`).
enum ShapeSort: Codable, Sendable, Equatable, CaseIterable { case title, date }

/// Cases without payloads, neither `CaseIterable` nor raw-valued: each case is a name of its own.
enum ShapeMood: Codable, Sendable, Equatable { case calm, cheerful, grumpy }

enum ShapeEditorAction: Codable, Sendable, Equatable {
  case draftChanged(String)
  case saveTapped
}

enum ShapeRowAction: Codable, Sendable, Equatable {
  case toggle
  case rename(title: String)
}

enum ShapeScreenAction: Codable, Sendable, Equatable {
  case rows(IdentifiedAction<Int, ShapeRowAction>)
}

struct ShapeScreenState: Codable, Sendable, Equatable {}

enum ShapeAction: Codable, Sendable, Equatable {
  case filterPicked(ShapeFilter)
  case sortPicked(ShapeSort)
  case editor(ShapeEditorAction)
  case row(IdentifiedAction<Int, ShapeRowAction>)
  case path(StackAction<ShapeScreenState, ShapeScreenAction>)
  case moodPicked(ShapeMood)
  case openEditor(UUID)
}

struct ShapeState: Codable, Sendable, Equatable {
  /// The last action handled, as Swift describes it.
  var last = ""
}

@Interactor<ShapeState, ShapeAction>
struct ShapeInteractor: Sendable {
  var body: some InteractorOf<Self> {
    Interact(initialValue: ShapeState()) { state, action in
      state.last = "\(action)"
      return .state
    }
  }
}

let shapesPlugin = FeaturePlugin(
  name: "shapes",
  summary: "Every shape of action.",
  actions: [
    .init(ShapeAction.filterPicked(.completed), summary: "Picks a filter."),
    .init(.filterPicked(.active), summary: "Picks a filter (another example)."),
    .init(.sortPicked(.date), summary: "Picks a sort."),
    .init(.editor(.draftChanged("Hi")), summary: "Edits the draft."),
    .init(.editor(.saveTapped), summary: "Saves."),
    .init(.row(.element(id: 1, action: .toggle)), summary: "Toggles a row."),
    .init(.row(.element(id: 1, action: .rename(title: "A"))), summary: "Renames a row."),
    .init(
      .path(.element(id: 0, action: .rows(.element(id: 2, action: .toggle)))),
      summary: "Toggles a screen's row."),
    .init(.path(.popFrom(id: 0)), summary: "Pops a screen."),
    .init(.moodPicked(.cheerful), summary: "Picks a mood."),
  ],
  makeViewModel: {
    DirectViewModel(ShapeState(), ShapeInteractor().eraseToAnyInteractor(), reportsReinitialization: false)
  }
)

@MainActor
@Suite struct ActionNamesHostTests {
  @Test func everyShapeHasANameOfItsOwnFromItsType() throws {
    // The examples' actions in their order, then every other action of the type in its order.
    #expect(
      shapesPlugin.actionPaths == [
        "filterPicked", "sortPicked", "editor.draftChanged", "editor.saveTapped", "row.toggle", "row.rename",
        "path.rows.toggle", "path.popFrom", "moodPicked.cheerful", "moodPicked.calm", "moodPicked.grumpy",
        "path.rows.rename", "path.push", "openEditor",
      ])
    let info = shapesPlugin.actions.map { ($0.path, $0.ids, $0.usage) }
    #expect(info[5] == ("row.toggle", ["row"], "row.toggle <row id>"))
    #expect(info[6] == ("row.rename", ["row"], "row.rename <row id> <title>"))
    #expect(info[7] == ("path.rows.toggle", ["path", "rows"], "path.rows.toggle <path id> <rows id>"))
    // A value whose type lists its values is offered with them, raw-valued or not.
    #expect(info[0].2 == "filterPicked <all|active|completed>")
    #expect(info[2].2 == "sortPicked <title|date>")
    #expect(info[3].2 == "editor.draftChanged <string>")
    // The other values of an action an example shows are listed with it, under its summary.
    let cheerful = try #require(shapesPlugin.actions.first { $0.path == "moodPicked.cheerful" })
    #expect(
      shapesPlugin.actions.filter { $0.name == "moodPicked" }.map(\.summary)
        == Array(repeating: cheerful.summary, count: 3))
    let listing = describeFeatures(try FeatureRegistry([shapesPlugin]))
    #expect(
      listing.components(separatedBy: cheerful.summary).count == 2, "the summary is said once:\n\(listing)")
    let unshown = try #require(shapesPlugin.actions.first { $0.path == "path.rows.rename" })
    #expect(unshown.usage == "path.rows.rename <path id> <rows id> <title>")
    #expect(unshown.summary == FeaturePlugin.unshownSummary)
    #expect(
      unshown.example.text
        == #"{"path":{"element":{"action":{"rows":{"element":{"action":{"rename":{"title":""}},"id":0}}},"id":0}}}"#
    )
    // A value is named by what it is.
    #expect(shapesPlugin.actions.last?.usage == "openEditor <uuid>")
  }

  @Test func aUsageNamesAValueAsSwiftNamesOne() {
    #expect(FeaturePlugin.ActionInfo.valueName(typeName: "Filter") == "filter")
    #expect(FeaturePlugin.ActionInfo.valueName(typeName: "UUID") == "uuid")
    #expect(FeaturePlugin.ActionInfo.valueName(typeName: "URLRequest") == "urlRequest")
    #expect(FeaturePlugin.ActionInfo.valueName(typeName: "Array<Int>?") == "array")
    #expect(FeaturePlugin.ActionInfo.valueName(typeName: "x") == "x")
  }

  @Test func everyActionOfAnEnumWithoutPayloadsIsListedAndApplied() throws {
    let host = try TestHost(plugins: [shapesPlugin])
    host.send(#"{"op":"open","feature":"shapes"}"#)
    for mood in ["calm", "cheerful", "grumpy"] {
      #expect(shapesPlugin.actionPaths.contains("moodPicked.\(mood)"))
      // As Swift's Codable writes it, and as the host's JSON names it.
      for action in [#"{"moodPicked":{"_0":{"\#(mood)":{}}}}"#, #"{"moodPicked":{"\#(mood)":{}}}"#] {
        host.send(#"{"op":"send","session":1,"id":"m","action":\#(action)}"#)
        #expect(
          host.parsed.contains {
            $0["state"]?["last"] == .string("moodPicked(UnoHostCoreTests.ShapeMood.\(mood))")
          },
          "\(action)")
      }
      guard case .success(.action(let json))? = TypedLine.parse("moodPicked.\(mood)", for: shapesPlugin)
      else {
        Issue.record("moodPicked.\(mood) was not read")
        continue
      }
      #expect(try JSONValueDecoder().decode(ShapeAction.self, from: json).moodName == mood)
    }
    // A raw-valued enum's value no example shows is applied too.
    let answers = host.send(#"{"op":"send","session":1,"id":"f","action":{"filterPicked":{"_0":"all"}}}"#)
    #expect(
      answers.contains { $0["state"]?["last"] == .string("filterPicked(UnoHostCoreTests.ShapeFilter.all)") })
    // A value is typed by the name its usage lists.
    guard case .success(.action(let sort))? = TypedLine.parse("sortPicked title", for: shapesPlugin) else {
      Issue.record("sortPicked title was not read")
      return
    }
    #expect(try JSONValueDecoder().decode(ShapeAction.self, from: sort) == .sortPicked(.title))
    host.host.closeAll()
  }

  /// Every action of each bundled feature's type, walked from the type, sent to a session: none
  /// is unknown. (A session with no rows or screens answers `not_applied` to a row's or a
  /// screen's action, and an example made from a type may not decode: those are answers too.)
  @Test func everyActionOfEveryBundledFeatureIsOneOfItsSessions() throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("uno-every-action-\(UUID())")
    defer { try? FileManager.default.removeItem(at: data) }
    try withDependencies {
      $0.hostDataDirectory = data
    } operation: {
      for plugin in try makeRegistry().plugins {
        let naming = try #require(plugin.naming, "\(plugin.name)")
        // Every case the type has is listed by its name.
        #expect(Set(naming.entries.map(\.name)).isSubset(of: Set(plugin.actionPaths)), "\(plugin.name)")
        #expect(plugin.actions.count >= naming.entries.count, "\(plugin.name)")
        let host = try TestHost()
        host.send(#"{"op":"open","feature":"\#(plugin.name)"}"#)
        var answers: [(path: String, answer: JSONValue)] = []
        // An action that is not applied is also reported as an issue (a test failure here).
        withKnownIssue(isIntermittent: true) {
          for action in plugin.actions {
            for answer in host.send(#"{"op":"send","session":1,"id":"a","action":\#(action.example.text)}"#) {
              answers.append((action.path, answer))
            }
          }
        }
        #expect(answers.count >= plugin.actions.count, "\(plugin.name)")
        for (path, answer) in answers where answer["type"] == .string("error") {
          let code = answer["code"]?.stringValue ?? ""
          #expect(
            code != "unknown_action" && code != "malformed_action", "\(plugin.name): \(path): \(answer.text)")
        }
        host.host.closeAll()
      }
    }
  }

  @Test func standupsEndMeetingButtonsAreActionsOfTheSessionNotUnknown() throws {
    let host = try TestHost()
    let standups = try #require(try makeRegistry()["standups"])
    host.send(#"{"op":"open","feature":"standups"}"#)
    for button in ["saveAndEnd", "discard", "resume"] {
      let action = try #require(standups.actions.first { $0.path == "path.record.endMeeting.\(button)" })
      // No record screen is open: the action is not applied, and says so (and reports it).
      var answers: [JSONValue] = []
      withKnownIssue {
        answers = host.send(#"{"op":"send","session":1,"id":"b","action":\#(action.example.text)}"#)
      }
      #expect(answers.last?["code"] == .string("not_applied"), "\(button): \(answers)")
    }
    host.host.closeAll()
  }

  @Test func theBundledFeaturesNameEveryActionOnce() throws {
    for plugin in try makeRegistry().plugins {
      #expect(Set(plugin.actionPaths).count == plugin.actionPaths.count, "\(plugin.name)")
      // A name never holds a value of the example.
      for action in plugin.actions {
        for value in ["active", "completed", "Ada", "0", "1"] {
          #expect(!action.pathComponents.contains(value), "\(plugin.name): \(action.path)")
        }
      }
    }
    let todos = try #require(try makeRegistry()["todos"])
    #expect(todos.actionPaths.contains("todo.toggle") && todos.actionPaths.contains("todo.rename"))
    #expect(!todos.actionPaths.contains { $0.contains("element") })
    let standups = try #require(try makeRegistry()["standups"])
    #expect(standups.actionPaths.contains("path.detail.editTapped"))
    #expect(standups.actionPaths.contains("path.record.endMeeting.saveAndEnd"))
    #expect(!standups.actionPaths.contains("path.element"))
  }

  @Test func namesAreTheSameInTheListingErrorsAndForRecordedActions() throws {
    let host = try TestHost(plugins: [shapesPlugin])
    host.send(#"{"op":"features"}"#)
    let listing = try #require(host.parsed.last?["features"])
    guard case .array(let features) = listing,
      let shapes = features.first(where: { $0["name"] == .string("shapes") }),
      case .array(let actions)? = shapes["actions"]
    else {
      Issue.record("no listing of shapes")
      return
    }
    #expect(actions.compactMap { $0["path"] }.count == 15)
    #expect(actions[7]["ids"] == .array([.string("path"), .string("rows")]))
    #expect(actions[7]["usage"] == .string("path.rows.toggle <path id> <rows id>"))

    host.send(#"{"op":"open","feature":"shapes"}"#)
    // An action the type does not have is refused by its name.
    host.send(
      #"{"op":"send","session":1,"id":"r","action":{"row":{"element":{"id":1,"action":{"nope":{}}}}}}"#)
    #expect(host.parsed.last?["code"] == .string("unknown_action"))
    #expect(host.parsed.last?["message"]?.stringValue?.contains("unknown action 'row.nope'") == true)
    host.send(#"{"op":"send","session":1,"id":"s","action":{"editor":{"draftChanged":7}}}"#)
    #expect(host.parsed.last?["code"] == .string("invalid_payload"))
    #expect(
      host.parsed.last?["message"]?.stringValue?.hasPrefix("invalid payload for action 'editor.draftChanged'")
        == true)
    // Swift's own coding of an action is named the same way.
    let coded = try JSONDecoder().decode(
      JSONValue.self,
      from: JSONEncoder().encode(
        ShapeAction.path(.element(id: 4, action: .rows(.element(id: 9, action: .rename(title: "B")))))))
    let named = try #require(shapesPlugin.namedAction(coded))
    #expect(named.name == "path.rows.rename")
    #expect(named.ids == [.integer(4), .integer(9)])
    #expect(named.typed == "path.rows.rename 4 9 B")
  }

  @Test(arguments: [
    ("filterPicked completed", ShapeAction.filterPicked(.completed)),
    ("sortPicked {\"title\":{}}", .sortPicked(.title)),
    ("editor.draftChanged Hello there", .editor(.draftChanged("Hello there"))),
    ("editor draftChanged Hello", .editor(.draftChanged("Hello"))),
    ("editor.saveTapped", .editor(.saveTapped)),
    ("row.rename 3 Buy milk", .row(.element(id: 3, action: .rename(title: "Buy milk")))),
    ("path.rows.toggle 0 2", .path(.element(id: 0, action: .rows(.element(id: 2, action: .toggle))))),
    ("path.popFrom 0", .path(.popFrom(id: 0))),
    ("path.popFrom {\"id\":0}", .path(.popFrom(id: 0))),
  ])
  func aTypedNameIsTheActionItNames(line: String, action: ShapeAction) throws {
    guard case .success(.action(let json))? = TypedLine.parse(line, for: shapesPlugin) else {
      Issue.record(
        "'\(line)' is not an action: \(String(describing: TypedLine.parse(line, for: shapesPlugin)))")
      return
    }
    #expect(try JSONValueDecoder().decode(ShapeAction.self, from: json) == action)
  }

  @Test(arguments: [
    ("filterPicked", "invalid_payload", "'filterPicked' needs a value. For example: filterPicked completed."),
    ("row.toggle", "invalid_payload", "'row.toggle' takes the id of a row first. For example: row.toggle 1."),
    ("editor.saveTapped now", "invalid_payload", "'editor.saveTapped' takes no value: type it alone."),
    (
      "row.toggel 1", "unknown_action",
      "There is no action 'row.toggel' in shapes. Did you mean 'row.toggle'?"
    ),
    ("path.rows", "unknown_action", "'path.rows' is followed by the action it carries: one of toggle"),
    ("{\"op\":7}", "wrong_type", "'op'"),
    ("{", "invalid_json", "not valid JSON"),
  ])
  func aLineThatIsNotAnActionSaysWhy(line: String, code: String, message: String) {
    guard case .failure(let error)? = TypedLine.parse(line, for: shapesPlugin) else {
      Issue.record("'\(line)' was read")
      return
    }
    #expect(error.code == code)
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func theHostsOwnWordsAndJSONAreReadBeforeNames() throws {
    let search = try #require(try makeRegistry()["search"])
    for (line, expected) in [
      ("help", "help"), ("?", "help"), ("state", "state"), ("features", "features"), ("quit", "quit"),
      ("exit", "quit"),
    ] {
      guard case .success(let typed)? = TypedLine.parse("  \(line) ", for: search) else {
        Issue.record("'\(line)' was not read")
        continue
      }
      #expect("\(typed)" == expected)
    }
    #expect(TypedLine.parse("   ", for: search) == nil)
    guard
      case .success(.request(.close(_, 1)))? = TypedLine.parse(#"{"op":"close","session":1}"#, for: search)
    else {
      Issue.record("a protocol request was not read as one")
      return
    }
    guard case .success(.action(.string("submit")))? = TypedLine.parse(#""submit""#, for: search) else {
      Issue.record("a JSON action was not read as one")
      return
    }
  }

  @Test func theJSONFormatAnswersTypedLinesAsJSONLines() throws {
    let host = try TestHost()
    let session = try #require(host.host.open("search"))
    let typed = { (line: String) in host.host.handle(typed: Array(line.utf8), session: session) }
    #expect(typed("queryChanged smiling cat"))
    #expect(host.parsed.contains { $0["state"]?["query"] == .string("smiling cat") })
    #expect(typed("help"))
    #expect(host.parsed.last?["type"] == .string("help"))
    guard case .array(let actions)? = host.parsed.last?["help"]?["actions"] else {
      Issue.record("no actions in help")
      return
    }
    #expect(actions.first?["usage"] == .string("queryChanged <query>"))
    #expect(typed("state"))
    #expect(host.parsed.last?["type"] == .string("state"))
    #expect(host.parsed.last?["state"]?["query"] == .string("smiling cat"))
    #expect(typed("features"))
    #expect(host.parsed.last?["type"] == .string("features"))
    #expect(typed("selct 3"))
    #expect(host.parsed.last?["code"] == .string("unknown_action"))
    #expect(!typed("quit"))
    host.host.closeAll()
  }
}

extension ShapeAction {
  /// The mood of `moodPicked`, by its case's name.
  fileprivate var moodName: String? {
    guard case .moodPicked(let mood) = self else { return nil }
    return "\(mood)"
  }
}
