import Foundation
import Testing
import UnoCore
import UnoPlugin

/// A binding as the host, the terminal and MCP read and write it: `{"binding":{"title":"x"}}`.
@Suite struct BindingJSONTests {
  struct Form: Sendable, Equatable, BindableState {
    var title = ""
    var minutes = 5
    static let bindableFields: BindableFields<Self> = [
      .field("title", \.title), .field("minutes", \.minutes),
    ]
  }

  enum Action: BindableAction, Equatable, Codable {
    case binding(BindingAction<Form>)
    case save
  }

  func decode(_ json: String) throws -> Action {
    try JSONValueDecoder().decode(
      Action.self, from: JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)))
  }

  @Test func aBindingIsTheFieldAndItsValueUnderBinding() throws {
    #expect(try decode(#"{"binding":{"title":"Morning sync"}}"#) == .binding(.set(\.title, "Morning sync")))
    #expect(try decode(#"{"binding":{"minutes":10}}"#) == .binding(.set(\.minutes, 10)))
    let encoded = try JSONValueEncoder().text(Action.binding(.set(\.title, "Morning sync")))
    #expect(encoded == #"{"binding":{"title":"Morning sync"}}"#)
  }

  @Test func anUnknownFieldOrAWrongTypeIsAnError() {
    #expect {
      try decode(#"{"binding":{"colour":"red"}}"#)
    } throws: {
      "\($0)".contains("'colour' is not a bindable field of Form. Bindable fields: title, minutes")
    }
    #expect {
      try decode(#"{"binding":{"minutes":"ten"}}"#)
    } throws: { "\($0)".contains("The field 'minutes' of Form expects Int") }
  }
}
