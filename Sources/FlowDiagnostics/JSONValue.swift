/// A JSON value with ordered object keys, written compactly and deterministically.
///
/// The command line's machine-readable output (`--format json`) is built from these, so
/// keys come out in the order the documentation lists them.
public enum JSONValue: Hashable, Sendable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case number(Int)
  /// A number with at most one decimal, given in tenths: `308` writes `30.8`, `1000` writes
  /// `100` (a percentage as reports round it).
  case tenths(Int)
  /// A string, escaped when written.
  case string(String)
  /// An array of values, in order.
  case array([JSONValue])
  /// An object as key-value pairs, written in the order given.
  case object([(String, JSONValue)])

  /// Whether both serialize to the same text, so objects with keys in a different order
  /// are unequal.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  /// Hashes the serialized text, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(serialized())
  }

  /// The value as compact JSON text on one line.
  public func serialized() -> String {
    var output = ""
    write(to: &output)
    return output
  }

  /// The value as JSON text indented by two spaces a level, for files people read; an
  /// empty array or object, and an array of scalars only, stay on one line.
  public func prettyPrinted() -> String {
    var output = ""
    writePretty(to: &output, indentation: "")
    return output + "\n"
  }

  private func writePretty(to output: inout String, indentation: String) {
    let inner = indentation + "  "
    switch self {
    case .array(let values) where !values.isEmpty && values.contains(where: \.isContainer):
      output += "[\n"
      for (index, value) in values.enumerated() {
        output += inner
        value.writePretty(to: &output, indentation: inner)
        output += index == values.count - 1 ? "\n" : ",\n"
      }
      output += indentation + "]"
    case .object(let members) where !members.isEmpty:
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += inner
        Self.writeString(key, to: &output)
        output += ": "
        value.writePretty(to: &output, indentation: inner)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += indentation + "}"
    default:
      write(to: &output)
    }
  }

  private var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += String(value)
    case .tenths(let value):
      let whole = String(value.magnitude / 10)
      let sign = value < 0 ? "-" : ""
      output += sign + (value % 10 == 0 ? whole : whole + "." + String(value.magnitude % 10))
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      // Controls, C1 ones too, and the separators and bidirectional controls that a
      // terminal showing the JSON would obey: escaped, as JSON allows for any character.
      case _ where TerminalText.escape(scalar) != nil:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
