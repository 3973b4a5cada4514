import FlowDiagnostics

/// A state, parameter or argument value: a flag, a whole number or text.
public enum Value: Hashable, Sendable, CustomStringConvertible {
  case bool(Bool)
  case int(Int)
  case string(String)

  /// The value's type.
  public var type: ValueType {
    switch self {
    case .bool: .bool
    case .int: .int
    case .string: .string
    }
  }

  /// The value as YAML would spell it: `true`, `3`, `"text"`.
  public var description: String {
    switch self {
    case .bool(let value): String(value)
    case .int(let value): String(value)
    case .string(let value): "\"\(value)\""
    }
  }
}

/// The type of a value, as written in `params:` declarations.
public enum ValueType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  case bool = "Bool"
  case int = "Int"
  case string = "String"

  public var description: String { rawValue }
}

/// A value as written in an operation or step: a literal, or `$name`, which reads the
/// current event's argument, the current screen's parameter or the state of that name.
public enum ValueExpression: Hashable, Sendable, CustomStringConvertible {
  case literal(Value)
  case reference(String)

  public var description: String {
    switch self {
    case .literal(let value): value.description
    case .reference(let name): "$" + name
    }
  }
}

/// `name: value`, as in `set:`, `given:` and `with:`.
public struct Assignment: Hashable, Sendable {
  public var name: Located<String>
  public var value: Located<ValueExpression>

  public init(name: Located<String>, value: Located<ValueExpression>) {
    self.name = name
    self.value = value
  }
}
