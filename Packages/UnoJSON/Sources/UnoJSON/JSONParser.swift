/// Why ``parseJSON(_:maximumDepth:)`` rejected its input, and where.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of problem it is, for programs (a host's error code).
  public enum Kind: Equatable, Sendable {
    /// The bytes are not UTF-8.
    case invalidUTF8
    /// Arrays and objects nest deeper than allowed.
    case tooDeep
    /// Anything else: the text is not JSON.
    case syntax
  }

  /// What kind of problem it is.
  public let kind: Kind
  /// What is wrong, for a person: `"invalid literal, expected 'true'"`.
  public let message: String
  /// The byte offset where the problem was found.
  public let offset: Int

  /// An error of `kind` (a syntax error unless said), with its message and offset.
  public init(_ kind: Kind = .syntax, message: String, offset: Int) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }
  /// The message and the offset: `"invalid literal, expected 'true' at byte 0"`.
  public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 JSON parser for request lines, with the limits a host needs: bounded depth,
/// UTF-8 checked, and errors that say what is wrong and where.
///
/// ```swift
/// let value = try parseJSON(Array(#"{"op":"open","feature":"counter"}"#.utf8))
/// ```
///
/// Numbers without fraction or exponent that fit in an `Int` become ``JSONValue/integer(_:)``;
/// other numbers become ``JSONValue/double(_:)`` and must be finite. Strings must be valid UTF-8
/// with no unescaped control characters and no lone surrogate escapes.
///
/// - Parameters:
///   - bytes: One line, without its newline.
///   - maximumDepth: How deeply arrays and objects may nest; deeper input is rejected before it
///     can exhaust the stack.
/// - Throws: ``JSONParseError`` naming the first problem.
public func parseJSON(
  _ bytes: [UInt8], maximumDepth: Int = defaultMaximumJSONDepth
) throws(JSONParseError) -> JSONValue {
  // Most lines are ASCII, which is valid UTF-8: only others need the full check.
  guard bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil else {
    throw JSONParseError(.invalidUTF8, message: "invalid UTF-8", offset: 0)
  }
  var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
  parser.skipWhitespace()
  let value = try parser.parseValue(depth: 0)
  parser.skipWhitespace()
  guard parser.index == bytes.count else {
    throw parser.error("unexpected \(parser.describeCurrent()) after the value")
  }
  return value
}

struct JSONParser {
  let bytes: [UInt8]
  let maximumDepth: Int
  var index = 0

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  func error(_ message: String) -> JSONParseError {
    JSONParseError(message: message, offset: index)
  }

  func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected \(describeCurrent()), expected a value")
    }
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let count = literal.utf8CodeUnitCount
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
      throw error("invalid literal, expected '\(literal)'")
    }
    index += count
  }

  mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maximumDepth else {
      throw JSONParseError(.tooDeep, message: "nesting deeper than \(maximumDepth) levels", offset: index)
    }
    index += 1
    var object: [String: JSONValue] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(object)
    }
    object.reserveCapacity(4)  // a request's fields, without growing the table on the way
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("unexpected \(describeCurrent()), expected a string key")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("unexpected \(describeCurrent()), expected ':'")
      }
      index += 1
      skipWhitespace()
      object[key] = try parseValue(depth: depth)
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else {
        throw error("unexpected \(describeCurrent()), expected ',' or '}'")
      }
      index += 1
      return .object(object)
    }
  }

  mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maximumDepth else {
      throw JSONParseError(.tooDeep, message: "nesting deeper than \(maximumDepth) levels", offset: index)
    }
    index += 1
    var array: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(array)
    }
    while true {
      skipWhitespace()
      array.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else {
        throw error("unexpected \(describeCurrent()), expected ',' or ']'")
      }
      index += 1
      return .array(array)
    }
  }

  mutating func parseString() throws(JSONParseError) -> String {
    index += 1  // the opening quote
    // Most strings have no escape: find the closing quote and take the bytes between at once.
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return bytes.withUnsafeBufferPointer { [end = index - 1] in
          String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    var utf8 = Array(bytes[start..<index])
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unterminated escape") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): utf8.append(0x22)
        case UInt8(ascii: "\\"): utf8.append(0x5C)
        case UInt8(ascii: "/"): utf8.append(0x2F)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var value = try parseHex4()
          if (0xD800...0xDBFF).contains(value) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else {
              throw error("lone high surrogate escape")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw error("high surrogate escape not followed by a low one")
            }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(value) {
            throw error("lone low surrogate escape")
          }
          utf8.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(value)!)!)
        default:
          index -= 1
          throw error("invalid escape \\\(describeCurrent())")
        }
      case 0x00..<0x20:
        throw error("unescaped control character in a string")
      default:
        utf8.append(byte)
        index += 1
      }
    }
  }

  mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid hex digit in a \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: expected a digit") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw error("invalid number: leading zero") }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number: expected a digit after '.'")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number: expected a digit in the exponent")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let integer = Int(text) { return .integer(integer) }
    guard let double = Double(text), double.isFinite else {
      index = start
      throw error("number out of range")
    }
    return .double(double)
  }

  func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// How deeply ``parseJSON(_:maximumDepth:)`` lets arrays and objects nest unless told otherwise:
/// deep enough for any action or state, shallow enough that hostile input cannot exhaust the stack.
public let defaultMaximumJSONDepth = 64
