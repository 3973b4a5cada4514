/// Writes Swift source line by line with indentation, so rendering code reads like the
/// code it produces.
struct SwiftWriter {
  private(set) var text = ""
  private var depth = 0

  /// Writes one line at the current indentation (an empty line stays empty).
  mutating func line(_ content: String = "") {
    text += content.isEmpty ? "\n" : String(repeating: "  ", count: depth) + content + "\n"
  }

  /// Writes `opening`, the body one level deeper, then `closing`.
  mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftWriter) -> Void)
  {
    line(opening)
    depth += 1
    body(&self)
    depth -= 1
    line(closing)
  }

  /// Writes the body one level deeper, with no line around it.
  mutating func indented(_ body: (inout SwiftWriter) -> Void) {
    depth += 1
    body(&self)
    depth -= 1
  }

  /// Writes text exactly as given, without indentation.
  mutating func raw(_ content: String) {
    text += content
  }
}
