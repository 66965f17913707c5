// Compiled with the `Host` trait only (Package.swift).
#if Host
  import MCP
  import UnoPlugin

  extension JSONValue {
    /// This value as the MCP SDK's ``MCP/Value``.
    var mcpValue: Value {
      switch self {
      case .null: .null
      case .bool(let value): .bool(value)
      case .integer(let value): .int(value)
      case .double(let value): .double(value)
      case .string(let value): .string(value)
      case .array(let values): .array(values.map(\.mcpValue))
      case .object(let object): .object(object.mapValues(\.mcpValue))
      }
    }

    /// The MCP SDK's ``MCP/Value`` as a host value; binary data becomes its base64 text.
    init(_ value: Value) {
      switch value {
      case .null: self = .null
      case .bool(let value): self = .bool(value)
      case .int(let value): self = .integer(value)
      case .double(let value): self = .double(value)
      case .string(let value): self = .string(value)
      case .data(_, let data): self = .string(data.base64EncodedString())
      case .array(let values): self = .array(values.map(JSONValue.init))
      case .object(let object): self = .object(object.mapValues(JSONValue.init))
      }
    }
  }
#endif
