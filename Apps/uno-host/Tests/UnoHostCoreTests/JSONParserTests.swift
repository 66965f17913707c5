import Testing
import UnoPlugin

@testable import UnoHostCore

@Suite struct JSONParserTests {
  @Test func corpusIsThere() {
    #expect(Corpus.files.count == 318, "expected the JSONTestSuite corpus at \(Corpus.directory.path)")
  }

  @Test func acceptsEveryDocumentThatMustParse() {
    for file in Corpus.files where file.name.hasPrefix("y_") {
      #expect(throws: Never.self, "\(file.name)") { try parseJSON(file.bytes, maximumDepth: 1000) }
    }
  }

  @Test func rejectsEveryDocumentThatMustNotParse() {
    for file in Corpus.files where file.name.hasPrefix("n_") {
      #expect(throws: JSONParseError.self, "\(file.name)") { try parseJSON(file.bytes, maximumDepth: 1000) }
    }
  }

  @Test func implementationDefinedDocumentsNeitherCrashNorHang() {
    for file in Corpus.files where file.name.hasPrefix("i_") {
      _ = try? parseJSON(file.bytes)
    }
  }

  @Test func values() throws {
    let value = try parseJSON(
      Array(#" {"a": [1, -2.5e1, "x\u00e9\ud83d\ude00\n", true, false, null], "b": {}} "#.utf8))
    #expect(
      value
        == .object([
          "a": .array([.integer(1), .double(-25), .string("xé😀\n"), .bool(true), .bool(false), .null]),
          "b": .object([:]),
        ])
    )
    #expect(try parseJSON(Array("12345678901234567890".utf8)) == .double(Double("12345678901234567890")!))
  }

  @Test func errorsSayWhatAndWhere() {
    #expect(throws: JSONParseError(message: "unexpected character 'x', expected a value", offset: 6)) {
      try parseJSON(Array(#"{"a": x}"#.utf8))
    }
    #expect(throws: JSONParseError(.tooDeep, message: "nesting deeper than 2 levels", offset: 2)) {
      try parseJSON(Array("[[[1]]]".utf8), maximumDepth: 2)
    }
    #expect(throws: JSONParseError(.invalidUTF8, message: "invalid UTF-8", offset: 0)) {
      try parseJSON([0x22, 0xFF, 0x22])
    }
    #expect(throws: JSONParseError(message: "number out of range", offset: 0)) {
      try parseJSON(Array("1e999".utf8))
    }
  }
}
