import Foundation
import Testing

@testable import UnoPlugin

/// `JSONValueDecoder` must decode exactly what `JSONDecoder` decodes from the same JSON, and fail
/// where it fails, with the same error (kind and coding path): uno-host's messages are built from
/// them.
@Suite struct JSONValueDecoderTests {
  enum Action: Codable, Equatable {
    case bare
    case labeled(amount: Int, note: String?)
    case unlabeled(Double, [UInt8])
    case nested(Inner)
    case mixed(flag: Bool, values: [Int: String], small: Int8)
  }

  struct Inner: Codable, Equatable {
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
    #""bare""#,
    #"null"#,
  ]

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
