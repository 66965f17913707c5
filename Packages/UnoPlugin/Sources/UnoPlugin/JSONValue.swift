/// Any JSON value, as read from or written to the outside world.
///
/// Numbers keep their integer-ness: `1` stays an integer, `1.5` a double.
public enum JSONValue: Sendable, Hashable, Codable {
  case null
  case bool(Bool)
  case integer(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The value for `key` when this is an object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The string when this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// A short name of the kind of value, for error messages.
  public var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .integer, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue {
  /// This value as compact JSON text, object keys sorted, slashes not escaped: the form every
  /// plugin and `uno-host` write. Written by hand because it is on every line's path; going
  /// through `JSONEncoder` cost more than handling the action.
  ///
  /// ```swift
  /// JSONValue.object(["b": .integer(1), "a": .string("x/y")]).text  // {"a":"x/y","b":1}
  /// ```
  public var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .double(let value):
      // Integral values print without a fraction, as JSONEncoder does.
      if value == value.rounded(.towardZero), abs(value) < 1e15 {
        output += String(Int(value))
      } else {
        output += "\(value)"
      }
    case .string(let value): output += JSONValue.quoted(value)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let object):
      output += "{"
      for (index, key) in object.keys.sorted().enumerated() {
        if index > 0 { output += "," }
        output += JSONValue.quoted(key)
        output += ":"
        object[key]!.write(to: &output)
      }
      output += "}"
    }
  }

  /// `string` as a JSON string literal, with quotes, backslashes and control characters escaped.
  public static func quoted(_ string: String) -> String {
    // Most strings (names, ids, titles) need no escape: copy them whole.
    if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      return "\"" + string + "\""
    }
    var result = "\""
    result.reserveCapacity(string.utf8.count + 2)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    result += "\""
    return result
  }
}
