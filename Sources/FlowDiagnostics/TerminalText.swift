/// Text that is safe to print on a terminal: control characters shown as escapes, so a
/// value such as `"\e[2J"` in a flow is printed, not obeyed.
public enum TerminalText {
  /// The escape shown for a control character (`\u{1B}`), or nil for a printable one. Tab
  /// and line feed are left to the caller.
  public static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
      "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default:
      nil
    }
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
