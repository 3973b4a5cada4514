import FlowDiagnostics

/// A state, parameter or argument value: a flag, a whole number, text, a record of those
/// by field name, or a list of any of them.
public enum Value: Hashable, Sendable, CustomStringConvertible {
  /// A flag: `true` or `false`.
  case bool(Bool)
  /// A whole number, such as `42`.
  case int(Int)
  /// Text, such as `KFC`.
  case string(String)
  /// A list of values, as state can hold (`favourites: [KFC]`).
  case list([Value])
  /// A small record of flags, numbers and text by field name, as a list in state holds
  /// them (`tasks: [{ title: Buy milk, isCompleted: false }]`).
  case record([String: Value])

  /// The value's type.
  public var type: ValueType {
    switch self {
    case .bool: .bool
    case .int: .int
    case .string: .string
    case .list: .list
    case .record: .record
    }
  }

  /// Whether this is a record holding every field of `pattern` with the same value: what
  /// `remove` and `update` match by (`{ title: Buy milk }` matches the task of that title).
  public func matches(fields pattern: [String: Value]) -> Bool {
    guard case .record(let fields) = self else { return false }
    return pattern.allSatisfy { fields[$0.key] == $0.value }
  }

  /// The value as YAML would spell it: `true`, `3`, `"text"`, `["a", 2]`; text is
  /// double-quoted with YAML's escapes, so what is written reads back as the same value.
  public var description: String {
    switch self {
    case .bool(let value): String(value)
    case .int(let value): String(value)
    case .string(let value): Self.doubleQuoted(value)
    case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .record(let fields):
      "{ "
        + fields.sorted { $0.key < $1.key }.map { "\(Self.yamlText($0.key)): \($0.value)" }
        .joined(separator: ", ") + " }"
    }
  }

  /// Text as YAML writes it where a name goes (a step's event, tab or alert title): plain
  /// when it reads back as itself (letters, digits, `_`, `.` and inner spaces, starting with
  /// a letter, not a word YAML reads as a flag or null), double-quoted with escapes otherwise,
  /// so no name, a line break or a `}` in it, can add a line or a key to what is pasted.
  public static func yamlText(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let isPlain =
      scalars.first.map { $0.properties.isAlphabetic || $0 == "_" } == true
      && scalars.last != " "
      && scalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "."
          || $0 == " "
      }
      && !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(text.lowercased())
    return isPlain ? text : doubleQuoted(text)
  }

  /// Text as a YAML double-quoted scalar: quotes, backslashes, control characters and
  /// bidirectional controls escaped.
  public static func doubleQuoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\t": quoted += "\\t"
      case "\r": quoted += "\\r"
      case "\u{2028}": quoted += "\\L"
      case "\u{2029}": quoted += "\\P"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        quoted += "\\x" + (hex.count < 2 ? "0" + hex : hex)
      case _ where TerminalText.escape(scalar) != nil:
        // A bidirectional control: escaped here, in YAML's own syntax, so that what is
        // printed on a terminal has nothing left for the terminal's escaper to rewrite.
        let hex = String(scalar.value, radix: 16, uppercase: true)
        quoted += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "\""
  }

  /// The value as text shows it: `true`, `3`, `text` (no quotes), `a, b` for a list.
  public var text: String {
    switch self {
    case .bool(let value): String(value)
    case .int(let value): String(value)
    case .string(let value): value
    case .list(let values): values.map(\.text).joined(separator: ", ")
    case .record(let fields):
      fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.text)" }
        .joined(separator: ", ")
    }
  }
}

/// The type of a value, as written in `params:` declarations.
public enum ValueType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A flag, `true` or `false`.
  case bool = "Bool"
  /// A whole number.
  case int = "Int"
  /// Text.
  case string = "String"
  /// A list of values; only state holds lists.
  case list = "List"
  /// A record of values by field name; only state holds records, in lists or alone.
  case record = "Record"

  /// The type's name as written: `Bool`, `Int`, `String`, `List` or `Record`.
  public var description: String { rawValue }

  /// "a Bool", "an Int", "a String", "a list", as messages name the type.
  public var withArticle: String {
    switch self {
    case .bool: "a Bool"
    case .int: "an Int"
    case .string: "a String"
    case .list: "a list"
    case .record: "a record"
    }
  }

  /// The value a URL segment or a command-line word spells for this type, if any:
  /// `42` for an Int, `true` for a Bool, any text for a String.
  public func parse(_ text: String) -> Value? {
    switch self {
    case .string: .string(text)
    case .int: Int(text).map(Value.int)
    case .bool: text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
    case .list, .record: nil
    }
  }
}

/// A parameter's declared type: `String`, `Int` or `Bool`, optionally followed by `?`.
public struct ParameterType: Hashable, Sendable, CustomStringConvertible {
  /// The type without its `?`: `Int` for `Int?`.
  public var base: ValueType
  /// Whether the parameter may be left out (`Int?`); it then has no value.
  public var isOptional: Bool

  /// The type `base`, followed by `?` when `isOptional`.
  public init(_ base: ValueType, isOptional: Bool = false) {
    self.base = base
    self.isOptional = isOptional
  }

  /// `Int`, `String?`.
  public var description: String { base.rawValue + (isOptional ? "?" : "") }

  /// The types a parameter may be declared with, as written.
  public static let spellings: [String] = ["String", "Int", "Bool", "String?", "Int?", "Bool?"]

  /// The type a spelling names, such as `Int?`.
  public init?(spelling: String) {
    let isOptional = spelling.hasSuffix("?")
    let name = isOptional ? String(spelling.dropLast()) : spelling
    guard let base = ValueType(rawValue: name), base != .list, base != .record else { return nil }
    self.init(base, isOptional: isOptional)
  }
}

/// A value as written in an operation or step: a literal, or `$name`, which reads the
/// current event's argument, the current screen's parameter or the state of that name.
public enum ValueExpression: Hashable, Sendable, CustomStringConvertible {
  /// A value written as it is, such as `42` or `KFC`.
  case literal(Value)
  /// `$name`, holding the name without its `$`.
  case reference(String)
  /// A record whose fields read values where the record is made: `{ title: $title,
  /// isCompleted: false }` (a record of literals only is a literal).
  case record([String: ValueExpression])

  /// The expression as YAML would spell it: `42`, `"KFC"`, `$title`, `{ title: $title }`.
  public var description: String {
    switch self {
    case .literal(let value): value.description
    case .reference(let name): "$" + name
    case .record(let fields):
      "{ "
        + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        .joined(separator: ", ") + " }"
    }
  }

  /// Whether this is a literal list.
  public var isList: Bool {
    if case .literal(.list) = self { return true }
    return false
  }

  /// The `$names` the expression reads, with the record field each is read into, if any.
  public var references: [(name: String, field: String?)] {
    switch self {
    case .literal: []
    case .reference(let name): [(name, nil)]
    case .record(let fields):
      fields.sorted { $0.key < $1.key }.compactMap { field in
        if case .reference(let name) = field.value { return (name, field.key) }
        return nil
      }
    }
  }
}

/// `name: value`, as in `set:`, `given:` and `with:`.
public struct Assignment: Hashable, Sendable {
  /// The key before the colon: the state, parameter or record field it names.
  public var name: Located<String>
  /// The value given it, a literal or a `$name` reference.
  public var value: Located<ValueExpression>

  /// The assignment `name: value`.
  public init(name: Located<String>, value: Located<ValueExpression>) {
    self.name = name
    self.value = value
  }
}
