/// Text that is safe to print on a terminal: control characters shown as escapes, so a
/// value such as `"\e[2J"` in a flow is printed, not obeyed, and bidirectional controls
/// shown too, so no text reads in another order than it is.
public enum TerminalText {
  /// The escape shown for a control character (`\u{1B}`), or nil for a printable one. Tab
  /// and line feed are left to the caller.
  public static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E,
      0x2066...0x2069:
      "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      nil
    }
  }

  /// The text as one line: every control character escaped, the line feed too, so a file
  /// name or a value with a line break in it cannot print a line of its own (a forged
  /// `x.yaml:1:1: error:`).
  public static func line(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { escape($0) != nil }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if let escaped = escape(scalar) {
        result += escaped
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The text with every control character but the line feed escaped.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && escape($0) != nil }) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar != "\n", let escaped = escape(scalar) {
        result += escaped
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
