import Testing
import UnoPlugin

@testable import UnoHostCore

/// Every line uno-host writes comes from ``HostResponse/line``: these pin its form.
@Suite struct HostResponseTests {
  static let all: [HostResponse] = [
    .version(id: .integer(1)),
    .features(id: nil, features: #"[{"name":"counter"}]"#),
    .sessions(
      id: .string("s"), [.init(session: 1, feature: "counter"), .init(session: 3, feature: "todos")]),
    .sessions(id: .string("s"), []),
    .opened(id: .string("o"), session: 2, feature: "search", state: #"{"query":""}"#),
    .state(session: 2, request: .string("r1"), state: #"{"count":1}"#),
    .state(session: 2, request: nil, state: "{}"),
    .finished(session: 2, request: .integer(7), cancelled: true),
    .finished(session: 2, request: .string("r1"), cancelled: false),
    .cancelled(id: nil, session: 2, request: "r\"1"),
    .closed(id: .string("c"), session: 2),
    .error(id: .string("e"), code: "bad_request", message: "a \"quoted\"\nline\u{1}"),
  ]

  @Test func linesAreExactlyTheProtocolsForm() {
    #expect(
      Self.all.map(\.line) == [
        #"{"type":"version","id":1,"protocol":1,"host":"uno-host"}"#,
        #"{"type":"features","id":null,"features":[{"name":"counter"}]}"#,
        #"{"type":"sessions","id":"s","sessions":[{"session":1,"feature":"counter"},{"session":3,"feature":"todos"}]}"#,
        #"{"type":"sessions","id":"s","sessions":[]}"#,
        #"{"type":"opened","id":"o","session":2,"feature":"search","state":{"query":""}}"#,
        #"{"type":"state","session":2,"request":"r1","state":{"count":1}}"#,
        #"{"type":"state","session":2,"request":null,"state":{}}"#,
        #"{"type":"finished","session":2,"request":7,"cancelled":true}"#,
        #"{"type":"finished","session":2,"request":"r1","cancelled":false}"#,
        #"{"type":"cancelled","id":null,"session":2,"request":"r\"1"}"#,
        #"{"type":"closed","id":"c","session":2}"#,
        #"{"type":"error","id":"e","code":"bad_request","message":"a \"quoted\"\nline\u0001"}"#,
      ])
  }

  @Test(arguments: all)
  func everyLineIsOneJSONObjectWhoseFirstFieldIsItsType(response: HostResponse) throws {
    let line = response.line
    guard case .object(let fields) = try parseJSON(Array(line.utf8)) else {
      Issue.record("not an object: \(line)")
      return
    }
    #expect(fields["type"] != nil)
    #expect(line.hasPrefix(#"{"type":""#))
    #expect(!line.contains("\n"))
  }
}
