/// Any JSON value, as read from or written to the outside world.
///
/// Numbers keep their integer-ness: `1` stays an integer, `1.5` a double.
public enum JSONValue: Sendable, Hashable, Codable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number written without a fraction or an exponent that fits in an `Int`: `1`, `-42`.
  case integer(Int)
  /// Any other number: `1.5`, `1e3`, or an integer too large for an `Int`.
  case double(Double)
  /// A string, its escapes decoded.
  case string(String)
  /// An array, its elements in order.
  case array([JSONValue])
  /// An object; a key written twice keeps its last value.
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
    // Scalars, request ids above all, need no buffer.
    switch self {
    case .string(let string): return JSONValue.quoted(string)
    case .integer(let integer): return String(integer)
    default: break
    }
    var output: [UInt8] = []
    output.reserveCapacity(128)
    write(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// `{}`, an action's empty payload.
  public static let emptyObject = JSONValue.object([:])

  /// Whether this is `{}`.
  public var isEmptyObject: Bool {
    if case .object(let object) = self { object.isEmpty } else { false }
  }

  /// Appends this value's text (``text``), as UTF-8, to `output`. Bytes, not a `String`:
  /// appending to a string piece by piece cost more than building the value.
  ///
  /// With ``writeKey(_:first:to:)`` it is how every JSON text Uno writes is written, objects
  /// whose fields come in an order of their own included:
  ///
  /// ```swift
  /// var line: [UInt8] = [UInt8(ascii: "{")]
  /// JSONValue.writeKey("type", first: true, to: &line)
  /// JSONValue.string("state").write(to: &line)
  /// line.append(UInt8(ascii: "}"))  // {"type":"state"}
  /// ```
  @_spi(Internals) public func write(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .integer(let value): JSONValue.writeInteger(value, to: &output)
    case .double(let value):
      // Integral values print without a fraction, as JSONEncoder does.
      if value == value.rounded(.towardZero), abs(value) < 1e15 {
        JSONValue.writeInteger(Int(value), to: &output)
      } else {
        output.append(contentsOf: "\(value)".utf8)
      }
    case .string(let value): JSONValue.writeQuoted(value, to: &output)
    case .array(let values):
      output.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      for (index, key) in object.keys.sorted().enumerated() {
        JSONValue.writeKey(key, first: index == 0, to: &output)
        object[key]!.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Appends the start of an object's field to `output`: a comma unless it is the `first`, the
  /// key quoted, and a colon. The field's value comes next (``write(to:)``).
  @_spi(Internals) public static func writeKey(_ key: String, first: Bool, to output: inout [UInt8]) {
    if !first { output.append(UInt8(ascii: ",")) }
    writeQuoted(key, to: &output)
    output.append(UInt8(ascii: ":"))
  }

  /// Appends `value`'s decimal digits, without making a `String` of them.
  static func writeInteger(_ value: Int, to output: inout [UInt8]) {
    if value < 0 {
      output.append(UInt8(ascii: "-"))
      if value == .min {  // its magnitude is not an Int
        output.append(contentsOf: String(UInt(bitPattern: value)).utf8)
        return
      }
    }
    var magnitude = value.magnitude
    if magnitude < 10 {
      output.append(UInt8(ascii: "0") + UInt8(magnitude))
      return
    }
    let start = output.count
    while magnitude > 0 {
      output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    }
    output[start...].reverse()
  }

  /// `string` as a JSON string literal, with quotes, backslashes and control characters escaped.
  public static func quoted(_ string: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(string.utf8.count + 2)
    writeQuoted(string, to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether JSON escapes `byte`: a quote, a backslash or a control character.
  @inline(__always)
  private static func isEscaped(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Appends `string` as a JSON string literal. The characters JSON escapes are all ASCII, so
  /// the UTF-8 bytes of everything else are copied as they are.
  @_spi(Internals) public static func writeQuoted(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Most strings (keys, names, ids) need no escape: one scan of their bytes, then one copy.
    let copied = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      if bytes.contains(where: isEscaped) { return false }
      output.append(contentsOf: bytes)
      return true
    }
    if copied == true {
      output.append(UInt8(ascii: "\""))
      return
    }
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        output.append(contentsOf: [
          UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
          hex[Int(byte & 0xF)],
        ])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
