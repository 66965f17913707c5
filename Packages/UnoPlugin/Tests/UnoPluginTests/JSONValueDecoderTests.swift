import Foundation
import Testing

@testable import UnoPlugin

/// `JSONValueDecoder` must decode exactly what `JSONDecoder` decodes from the same JSON, and fail
/// where it fails, with the same error (kind and coding path): uno-host's messages are built from
/// them.
@Suite struct JSONValueDecoderTests {
  enum Action: Codable, Equatable, Sendable {
    case bare
    case labeled(amount: Int, note: String?)
    case unlabeled(Double, [UInt8])
    case nested(Inner)
    case mixed(flag: Bool, values: [Int: String], small: Int8)
    case text(String)
    case maybe(Int?)
    indirect case wrapped(Action)
  }

  struct Inner: Codable, Equatable, Sendable {
    var name: String
    var tags: [String] = []
    var child: [Inner]? = nil
    var number: Float? = nil
  }

  static let cases: [String] = [
    #"{"bare":{}}"#,
    #"{"labeled":{"amount":3,"note":"hi"}}"#,
    #"{"labeled":{"amount":3}}"#,
    #"{"labeled":{"amount":3,"note":null}}"#,
    #"{"unlabeled":{"_0":1.5,"_1":[1,2,255]}}"#,
    #"{"unlabeled":{"_0":2,"_1":[]}}"#,
    #"{"nested":{"_0":{"name":"a","tags":["x"],"child":[{"name":"b"}],"number":0.25}}}"#,
    #"{"mixed":{"flag":true,"values":{"1":"one","2":"two"},"small":-128}}"#,
    // Failures: each must fail the same way.
    #"{"labeled":{"amount":"3"}}"#,
    #"{"labeled":{"note":"no amount"}}"#,
    #"{"labeled":{"amount":1.5}}"#,
    #"{"labeled":{"amount":null}}"#,
    #"{"unlabeled":{"_0":1,"_1":[256]}}"#,
    #"{"unlabeled":{"_0":1,"_1":[-1]}}"#,
    #"{"mixed":{"flag":true,"values":{"x":"one"},"small":1}}"#,
    #"{"mixed":{"flag":true,"values":{},"small":128}}"#,
    #"{"nested":{"_0":{"tags":[]}}}"#,
    #"{"nested":{"_0":null}}"#,
    #"{"nested":{"_0":{"name":"a","child":[{"name":1}]}}}"#,
    #"{"unknown":{}}"#,
    #"{"bare":{},"labeled":{"amount":1}}"#,
    #"[]"#,
    #"null"#,
    #""unknown""#,
  ]

  /// Where it reads more than JSONDecoder: actions as people write them, at any depth (an
  /// unlabeled value as itself, a case without values as its bare name), and Swift's forms too.
  @Test(arguments: [
    (#""bare""#, Action.bare),
    (#"{"nested":{"name":"a","tags":[]}}"#, .nested(Inner(name: "a"))),
    (#"{"text":"x"}"#, .text("x")),
    (#"{"wrapped":"bare"}"#, .wrapped(.bare)),
    (#"{"wrapped":{"text":"y"}}"#, .wrapped(.text("y"))),
    (
      #"{"wrapped":{"wrapped":{"nested":{"name":"b","tags":[]}}}}"#,
      .wrapped(.wrapped(.nested(Inner(name: "b"))))
    ),
    (#"{"maybe":{}}"#, .maybe(nil)),
    (#"{"maybe":4}"#, .maybe(4)),
    (#"{"wrapped":{"_0":{"bare":{}}}}"#, .wrapped(.bare)),
    (#"{"nested":{"_0":{"name":"a","tags":[]}}}"#, .nested(Inner(name: "a"))),
  ])
  func readsActionsAsPeopleWriteThem(_ json: String, _ expected: Action) throws {
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    #expect(try JSONValueDecoder().decode(Action.self, from: value) == expected)
  }

  /// A value of the wrong kind, written in the short form, is named by its place, the one
  /// unlabeled value (`_0`) included.
  @Test(arguments: [
    (#"{"text":1}"#, "typeMismatch String at text._0"),
    (#"{"wrapped":"unknown"}"#, "typeMismatch Dictionary<String, Any> at wrapped._0"),
    (#"{"wrapped":7}"#, "typeMismatch Dictionary<String, Any> at wrapped._0"),
  ])
  func aValueOfTheWrongKindInTheShortFormIsNamedByItsPlace(_ json: String, _ shape: String) throws {
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Action.self, from: value) }
    do {
      _ = try JSONValueDecoder().decode(Action.self, from: value)
    } catch {
      #expect(Self.shape(error) == shape)
    }
  }

  /// The encoder writes an unlabeled value as itself, and reads back what it wrote.
  @Test(arguments: [
    (Action.text("x"), #"{"text":"x"}"#),
    (.wrapped(.text("y")), #"{"wrapped":{"text":"y"}}"#),
    (.nested(Inner(name: "a")), #"{"nested":{"name":"a","tags":[]}}"#),
    (.maybe(nil), #"{"maybe":{}}"#),
    (.maybe(4), #"{"maybe":4}"#),
    (.wrapped(.bare), #"{"wrapped":{"bare":{}}}"#),
    (.unlabeled(1.5, [1]), #"{"unlabeled":{"_0":1.5,"_1":[1]}}"#),
  ])
  func writesUnlabeledValuesAsThemselvesAndReadsThemBack(_ action: Action, _ json: String) throws {
    #expect(try JSONValueEncoder().text(action) == json)
    #expect(try JSONValueDecoder().decode(Action.self, from: JSONValueEncoder().encode(action)) == action)
  }

  @Test(arguments: cases)
  func decodesAndFailsLikeJSONDecoder(_ json: String) throws {
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    let expected = Result { try JSONDecoder().decode(Action.self, from: Data(json.utf8)) }
    let actual = Result { try JSONValueDecoder().decode(Action.self, from: value) }
    switch (expected, actual) {
    case (.success(let expected), .success(let actual)):
      #expect(actual == expected)
    case (.failure(let expected), .failure(let actual)):
      if Self.shape(expected) == "dataCorrupted at " {
        // JSONDecoder loses the path of a number that does not fit; ours names the field.
        #expect(Self.shape(actual).hasPrefix("dataCorrupted at "))
        #expect(Self.shape(actual) != "dataCorrupted at ")
      } else {
        #expect(Self.shape(actual) == Self.shape(expected))
      }
    default:
      Issue.record("JSONDecoder: \(expected); JSONValueDecoder: \(actual)")
    }
  }

  /// The error's kind and coding path: what uno-host's messages are made of.
  static func shape(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "not a DecodingError: \(error)" }
    func path(_ context: DecodingError.Context) -> String {
      context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
    case .typeMismatch(let type, let context): return "typeMismatch \(type) at \(path(context))"
    case .valueNotFound(let type, let context): return "valueNotFound \(type) at \(path(context))"
    case .dataCorrupted(let context): return "dataCorrupted at \(path(context))"
    @unknown default: return "\(error)"
    }
  }
}
