import Foundation
import Testing

@testable import UnoPlugin

/// A view state with every shape the encoder handles itself, and some it leaves to JSONEncoder.
private struct Shapes: Encodable {
  enum Kind: Encodable { case plain, labeled(amount: Int, note: String?), unlabeled(Int, [Bool]) }
  struct Row: Encodable {
    var id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    var title = "Buy milk / \"oat\" \\ é 😀 \u{1}\n\t"
  }
  var count = -42
  var ratio = 0.1
  var big = 1e20
  var integral = 3.0
  var small: Int8 = -128
  var wide: UInt32 = 4_000_000_000
  var flag = true
  var missing: String? = nil
  var present: String? = "here"
  var nothing: Int?? = .some(nil)
  var rows = [Row(), Row()]
  var empty: [Row] = []
  var byName = ["b": 2, "a": 1, "é": 3, "Z": 0]
  var kinds: [Kind] = [.plain, .labeled(amount: 1, note: nil), .unlabeled(2, [true, false])]
  var nested = [[1, 2], [], [3]]
}

private struct Unsupported<Value: Encodable>: Encodable {
  var value: Value
}

@Suite struct JSONValueEncoderTests {
  func jsonEncoderText(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func writesWhatJSONEncoderWrites() throws {
    let expected = try jsonEncoderText(Shapes())
    #expect(try JSONValueEncoder().text(Shapes()) == expected)
    #expect(try JSONValueEncoder().encode(Shapes()).text == expected)
  }

  @Test func leavesToJSONEncoderWhatItWouldWriteDifferently() throws {
    func leftToJSONEncoder(_ value: some Encodable) -> Bool {
      (try? JSONValueEncoder().text(value)) == nil
    }
    #expect(leftToJSONEncoder(Unsupported(value: Data([1, 2, 3]))))
    #expect(leftToJSONEncoder(Unsupported(value: URL(string: "https://example.com/a")!)))
    #expect(leftToJSONEncoder(Unsupported(value: Decimal(string: "1.10")!)))
    #expect(leftToJSONEncoder(Unsupported(value: Float(0.1))))
    #expect(leftToJSONEncoder(Unsupported(value: UInt64.max)))
    #expect(leftToJSONEncoder(Unsupported(value: -0.0)))
    #expect(leftToJSONEncoder(Unsupported(value: Double.nan)))
    // Through the fallback, the text is JSONEncoder's in every case.
    let fallback = JSONCoding.makeEncoder()
    for value in [Unsupported(value: Float(0.1))] {
      #expect(JSONCoding.text(of: value, fallback: fallback) == (try jsonEncoderText(value)))
    }
    let data = Unsupported(value: Data([1, 2, 3]))
    #expect(JSONCoding.text(of: data, fallback: fallback) == (try jsonEncoderText(data)))
    #expect(JSONCoding.text(of: Shapes(), fallback: fallback) == (try jsonEncoderText(Shapes())))
  }

  /// Fields are kept sorted as they are written: appended, inserted before others, or, written
  /// again, replaced where they are.
  @Test func fieldsWrittenInAnyOrderOrTwiceComeOutSortedOnce() throws {
    struct Scrambled: Encodable {
      enum Key: String, CodingKey { case a, b, c, d }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(3, forKey: .c)
        try container.encode(1, forKey: .a)
        try container.encode("first", forKey: .d)
        try container.encode(2, forKey: .b)
        try container.encode("again", forKey: .d)
        try container.encode(0, forKey: .a)
      }
    }
    #expect(try JSONValueEncoder().text(Scrambled()) == #"{"a":0,"b":2,"c":3,"d":"again"}"#)
    #expect(try JSONValueEncoder().encode(Scrambled()).text == #"{"a":0,"b":2,"c":3,"d":"again"}"#)
  }

  @Test func anEmptyEncodableIsAnEmptyObject() throws {
    struct Nothing: Encodable {}
    #expect(try JSONValueEncoder().text(Nothing()) == (try jsonEncoderText(Nothing())))
  }
}
