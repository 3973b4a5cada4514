import FlowDiagnostics

/// Text from a flow made safe inside Markdown (a pull-request comment): it reads as the
/// characters it is, never as markup, a link, an HTML tag, a table cell's end or a line of
/// its own.
public enum MarkdownText {
  /// The text as inline Markdown: control characters and line breaks shown as escapes, the
  /// characters Markdown gives a meaning backslash-escaped, and `<`, `>`, `&` as entities (so
  /// no HTML passes through, whatever the renderer allows), `@` too (no one is mentioned).
  public static func inline(_ text: String) -> String {
    var escaped = ""
    for character in TerminalText.line(text) {
      switch character {
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "&": escaped += "&amp;"
      // No @mention of anyone in a pull-request comment.
      case "@": escaped += "&#64;"
      case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "+", "-", ".", "!", "|", "~",
        "\"":
        escaped += "\\" + String(character)
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The text inside an HTML element of the Markdown (`<summary>`), where backslash escapes
  /// are not read: markup characters as references, the text on one line.
  public static func html(_ text: String) -> String {
    MarkupText.escaped(TerminalText.line(text))
  }
}
