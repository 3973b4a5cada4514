/// A scalar's text and how it was written.
///
/// Plain scalars are resolved by the YAML 1.2 core schema (`true`, `false`, `null`, `~`,
/// integers); quoted and block scalars are always strings. YAML 1.1's `yes`, `no`, `on`
/// and `off` stay strings here, and the decoder says so where a boolean is expected.
public struct YAMLScalar: Sendable, Hashable {
  /// How a scalar was written in the source.
  public enum Style: UInt8, Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
  }

  /// The scalar's text, with quotes, escapes and block indentation resolved.
  public var value: String
  public var style: Style
  /// Whether a `!!str` or `!` tag made a plain scalar a string.
  public var isTaggedString: Bool

  public init(_ value: String, style: Style = .plain, isTaggedString: Bool = false) {
    self.value = value
    self.style = style
    self.isTaggedString = isTaggedString
  }

  /// Whether the text is a string whatever it looks like (quoted, block or `!!str`).
  public var isQuoted: Bool { style != .plain || isTaggedString }

  /// Whether the scalar is null: `~`, `null` or empty, unquoted.
  public var isNull: Bool {
    guard !isQuoted else { return false }
    switch value {
    case "", "~", "null", "Null", "NULL": return true
    default: return false
    }
  }

  /// The boolean of an unquoted `true` or `false` (any YAML 1.2 spelling).
  public var bool: Bool? {
    guard !isQuoted else { return nil }
    switch value {
    case "true", "True", "TRUE": return true
    case "false", "False", "FALSE": return false
    default: return nil
    }
  }

  /// Whether an unquoted scalar is a YAML 1.1 boolean spelling such as `yes` or `off`,
  /// which YAML 1.2 (and flowspec) reads as a string.
  public var isYAML11Boolean: Bool {
    guard !isQuoted else { return false }
    switch value {
    case "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
      "y", "Y", "n", "N":
      return true
    default:
      return false
    }
  }

  /// The integer of an unquoted decimal (`42`, `-7`, `+3`) or `0x`/`0o` literal.
  public var integer: Int? {
    guard !isQuoted, let first = value.utf8.first else { return nil }
    if value.hasPrefix("0x") { return Int(value.dropFirst(2), radix: 16) }
    if value.hasPrefix("0o") { return Int(value.dropFirst(2), radix: 8) }
    guard first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || (48...57).contains(first)
    else { return nil }
    return Int(value)
  }

  /// "the string 'x'", "the number 3", "true", "null": how messages name this scalar.
  public var kindDescription: String {
    if isNull { return "null" }
    if let bool { return String(bool) }
    if integer != nil { return "the number \(value)" }
    return "the string '\(value)'"
  }
}
