import Foundation
import Testing

@testable import UnoPlugin

// Feature shapes of our own, one per way a name can go wrong.

/// A value to choose from, coded as an object per case (no raw value).
private enum NFilter: Codable, Sendable, CaseIterable { case all, active, completed }
/// A value enum with a raw value: coded as a string.
private enum NSort: String, Codable, Sendable { case title, date }

private enum NEditorAction: Codable, Sendable, Equatable {
  case draftChanged(String)
  case saveTapped
}

private enum NRowAction: Codable, Sendable, Equatable {
  case toggle
  case rename(title: String)
  case push
}

/// An action for one of several rows, as `IdentifiedAction` is written.
private enum NElement<ID: Codable & Sendable & Equatable, Action: Codable & Sendable & Equatable>: Codable,
  Sendable, Equatable
{
  case element(id: ID, action: Action)
}

/// A stack's action, as `StackAction` is written: its own cases beside the element's.
private enum NStack<State: Codable & Sendable & Equatable, Action: Codable & Sendable & Equatable>: Codable,
  Sendable, Equatable
{
  case element(id: Int, action: Action)
  case push(id: Int, state: State)
  case popFrom(id: Int)
}

private enum NAlertButton: Codable, Sendable, Equatable { case confirmDeletion }

private enum NDetailAction: Codable, Sendable, Equatable {
  case attendees(NElement<UUID, NRowAction>)
  case alert(NAlertButton?)
  case deleteTapped
}

private enum NScreenAction: Codable, Sendable, Equatable {
  case detail(NDetailAction)
}

private struct NScreenState: Codable, Sendable, Equatable { var title = "" }

private enum NAppAction: Codable, Sendable, Equatable {
  case filterPicked(NFilter)
  case sortPicked(NSort)
  case editor(NEditorAction)
  case form(action: NEditorAction)
  case todo(row: NElement<UUID, NRowAction>)
  case path(NStack<NScreenState, NScreenAction>)
  case add(title: String, at: Int?)
  case clear
}

/// Indirect: an action that contains itself.
private indirect enum NTreeAction: Codable, Sendable, Equatable {
  case child(NTreeAction)
  case tap
}

@Suite struct ActionNamingTests {
  let naming = ActionNaming(ActionSchemaReader.schema(of: NAppAction.self)!)

  @Test func everyActionHasOneNameFromItsCases() {
    #expect(
      naming.entries.map(\.name) == [
        "filterPicked", "sortPicked",
        "editor.draftChanged", "editor.saveTapped",
        "form.draftChanged", "form.saveTapped",
        "todo.toggle", "todo.rename", "todo.push",
        "path.detail.attendees.toggle", "path.detail.attendees.rename", "path.detail.attendees.push",
        "path.detail.alert", "path.detail.alert.confirmDeletion", "path.detail.deleteTapped",
        "path.push", "path.popFrom",
        "add", "clear",
      ])
  }

  @Test func aNameTwoActionsWouldShareKeepsEveryCase() {
    // `path.push` is the stack's own case; the row's `push` inside an element keeps `element`.
    enum Rows: Codable, Sendable, Equatable { case push, toggle }
    enum Screen: Codable, Sendable, Equatable { case rows(NStack<NScreenState, Rows>) }
    let naming = ActionNaming(ActionSchemaReader.schema(of: Screen.self)!)
    #expect(
      naming.entries.map(\.name) == [
        "rows.element.push", "rows.toggle", "rows.push", "rows.popFrom",
      ])
  }

  @Test func aValueIsNeverPartOfAName() throws {
    for filter in NFilter.allCases {
      let json = JSONCoding.value(of: NAppAction.filterPicked(filter))
      #expect(try naming.find(json).get().entry.name == "filterPicked")
    }
    let sorted = JSONCoding.value(of: NAppAction.sortPicked(.date))
    #expect(try naming.find(sorted).get().entry.name == "sortPicked")
    #expect(try naming.find(sorted).get().payload == .string("date"))
  }

  @Test func anUnlabeledValueInAChildKeepsItsOwnName() throws {
    let found = try naming.find(JSONCoding.value(of: NAppAction.editor(.draftChanged("Hi")))).get()
    #expect(found.entry.name == "editor.draftChanged")
    #expect(found.payload == .string("Hi"))
    #expect(found.entry.fields.map(\.label) == ["_0"])
    #expect(found.entry.fields.map(\.typeName) == ["String"])
  }

  @Test func elementActionsTakeTheirIdsOutermostFirst() throws {
    let row = UUID(uuidString: "00000000-0000-0000-0000-000000000007")!
    let action = NAppAction.path(
      .element(id: 3, action: .detail(.attendees(.element(id: row, action: .toggle)))))
    let found = try naming.find(JSONCoding.value(of: action)).get()
    #expect(found.entry.name == "path.detail.attendees.toggle")
    #expect(found.ids == [.integer(3), .string(row.uuidString)])
    #expect(found.entry.idOwners == ["path", "attendees"])
    // And back: the name with its ids gives the JSON that decodes to the same action.
    let json = naming.json(for: found.entry, ids: found.ids, payload: found.payload)
    #expect(try JSONValueDecoder().decode(NAppAction.self, from: json) == action)
  }

  @Test func everyNameBuildsJSONThatDecodes() throws {
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let examples: [NAppAction] = [
      .filterPicked(.completed), .sortPicked(.title), .editor(.draftChanged("x")), .editor(.saveTapped),
      .form(action: .draftChanged("y")), .todo(row: .element(id: id, action: .rename(title: "t"))),
      .path(.push(id: 1, state: NScreenState(title: "a"))), .path(.popFrom(id: 1)),
      .path(.element(id: 2, action: .detail(.alert(nil)))),
      .path(.element(id: 2, action: .detail(.alert(.confirmDeletion)))),
      .add(title: "milk", at: nil), .add(title: "milk", at: 2), .clear,
    ]
    for action in examples {
      let found = try naming.find(JSONCoding.value(of: action)).get()
      let json = naming.json(for: found.entry, ids: found.ids, payload: found.payload)
      #expect(try JSONValueDecoder().decode(NAppAction.self, from: json) == action, "\(found.entry.name)")
    }
  }

  @Test func valuesAreListedWithTheirTypes() throws {
    let add = try #require(naming.entry(named: "add"))
    #expect(add.fields.map(\.label) == ["title", "at"])
    #expect(add.fields.map(\.typeName) == ["String", "Int"])
    #expect(add.fields.map(\.optional) == [false, true])
    #expect(naming.entry(named: "clear")?.fields == [])
  }

  @Test func whatIsNotAnActionSaysHowFarItWasRead() {
    #expect(naming.find(.string("nope")).failure?.name == "nope")
    #expect(naming.find(.object(["editor": .object(["nope": .object([:])])])).failure?.name == "editor.nope")
    #expect(naming.find(.string("editor")).failure?.reason == "'editor' needs the action it carries")
    #expect(naming.find(.integer(3)).failure?.name == "")
    #expect(
      naming.find(.object(["todo": .object(["row": .object(["element": .object([:])])])])).failure?.reason
        == "'element' needs 'id' and 'action'")
  }

  @Test func aTypeThatContainsItselfIsReadToItsFirstLevel() {
    let naming = ActionNaming(ActionSchemaReader.schema(of: NTreeAction.self)!)
    #expect(naming.entries.map(\.name) == ["child", "tap"])
  }

  @Test func whatIsNotAnEnumHasNoSchema() {
    struct Payload: Codable { var a: Int }
    #expect(ActionSchemaReader.schema(of: Payload.self) == nil)
    #expect(ActionSchemaReader.schema(of: String.self) == nil)
    #expect(ActionSchemaReader.schema(of: NSort.self) == nil)
    #expect(ActionSchemaReader.schema(of: NFilter.self) == nil)
    #expect(ActionSchemaReader.schema(of: [Int].self) == nil)
  }

  @Test func anEnumWithOneCaseHasItsName() {
    enum One: Codable { case only(Int) }
    enum Bare: Codable { case add }
    enum Labeled: Codable { case greet(name: String) }
    #expect(ActionSchemaReader.schema(of: One.self)?.cases.map(\.name) == ["only"])
    #expect(ActionSchemaReader.schema(of: Bare.self)?.cases == [.init(name: "add", payload: .none)])
    #expect(ActionNaming(ActionSchemaReader.schema(of: Labeled.self)!).entries.map(\.name) == ["greet"])
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
