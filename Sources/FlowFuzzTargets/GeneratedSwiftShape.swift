/// What generated Swift is made of, read by a small lexer for the subset the generators
/// write (`//` comments, string literals, multi-line raw strings): the code outside them,
/// and what each raw string holds. Input text can reach generated code only inside those,
/// so a comment or a literal that input ended early shows here as code that should not be
/// there, or as a raw string whose value is not the text embedded.
public struct GeneratedSwiftShape: Sendable {
  /// `@Test` attributes in code (not in a comment or a literal).
  public var testAttributes = 0
  /// The values of the multi-line raw strings, in order, their escapes read.
  public var rawStrings: [String] = []
  /// What breaks the expected structure: a line terminator or control character where
  /// none may be, or a literal that does not end.
  public var problems: [String] = []

  /// Lexes `source`.
  // Better whole: a lexer: one loop over the scalars whose states (code, comment, string, raw
  // string) share the position and line it tracks.
  public init(_ source: String) {
    let scalars = Array(source.unicodeScalars)
    var index = 0
    var line = 1
    func problem(_ text: String) { problems.append("line \(line): \(text)") }
    func at(_ offset: Int, _ text: String) -> Bool {
      let wanted = Array(text.unicodeScalars)
      guard offset + wanted.count <= scalars.count else { return false }
      return Array(scalars[offset..<offset + wanted.count]) == wanted
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\n" {
        line += 1
        index += 1
      } else if at(index, "//") {
        // A comment runs to the line feed; nothing in it may end it earlier.
        while index < scalars.count, scalars[index] != "\n" {
          if Self.isForbidden(scalars[index]) {
            problem("U+\(String(scalars[index].value, radix: 16)) in a comment")
          }
          index += 1
        }
      } else if scalar == "#" || at(index, "\"\"\"") {
        var hashes = 0
        while index + hashes < scalars.count, scalars[index + hashes] == "#" { hashes += 1 }
        guard at(index + hashes, "\"\"\"") else {
          // `#if`, `#else`, `#endif`: a directive, one `#` before a name.
          let next = index + hashes < scalars.count ? scalars[index + hashes] : " "
          if hashes != 1 || !next.properties.isXIDStart { problem("'#' in code") }
          index += hashes
          continue
        }
        index += hashes + 3
        let close = "\"\"\"" + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        var value = ""
        while index < scalars.count, !at(index, close) {
          if hashes > 0, at(index, escape) {
            index += escape.unicodeScalars.count
            let (read, length) = Self.escapeValue(scalars, at: index)
            guard let read else {
              problem("an unknown escape in a raw string")
              break
            }
            value.unicodeScalars.append(read)
            index += length
            continue
          }
          if scalars[index] == "\n" {
            line += 1
          } else if scalars[index] != "\t", Self.isForbidden(scalars[index]) {
            problem("U+\(String(scalars[index].value, radix: 16)) raw in a raw string")
          }
          value.unicodeScalars.append(scalars[index])
          index += 1
        }
        guard index < scalars.count else {
          problem("a raw string that does not end")
          break
        }
        index += close.unicodeScalars.count
        // The body starts after the opening line's break and ends before the closing one's.
        if value.hasPrefix("\n") { value.removeFirst() }
        if value.hasSuffix("\n") { value.removeLast() }
        rawStrings.append(value)
      } else if scalar == "\"" {
        index += 1
        while index < scalars.count, scalars[index] != "\"" {
          if scalars[index] == "\\" { index += 1 }
          if index < scalars.count, Self.isForbidden(scalars[index]) {
            problem("U+\(String(scalars[index].value, radix: 16)) raw in a string literal")
          }
          index += 1
        }
        guard index < scalars.count else {
          problem("a string literal that does not end")
          break
        }
        index += 1
      } else {
        if Self.isForbidden(scalar) {
          problem("U+\(String(scalar.value, radix: 16)) in code")
        }
        if at(index, "@Test"), index + 5 < scalars.count,
          !scalars[index + 5].properties.isXIDContinue
        {
          testAttributes += 1
        }
        index += 1
      }
    }
  }

  /// A scalar that may appear only as an escape: every control character (tab, CR, NEL
  /// among them), the line and paragraph separators and the bidirectional controls.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E,
      0x2066...0x2069:
      scalar != "\n"
    default: false
    }
  }

  /// The scalar an escape after its backslash stands for (`r`, `n`, `t`, `u{…}`, `\`, `"`,
  /// `0`), and how many scalars it takes.
  private static func escapeValue(_ scalars: [Unicode.Scalar], at index: Int) -> (
    Unicode.Scalar?, Int
  ) {
    guard index < scalars.count else { return (nil, 0) }
    switch scalars[index] {
    case "r": return ("\r", 1)
    case "n": return ("\n", 1)
    case "t": return ("\t", 1)
    case "0": return ("\0", 1)
    case "\\": return ("\\", 1)
    case "\"": return ("\"", 1)
    case "u":
      guard index + 1 < scalars.count, scalars[index + 1] == "{",
        let close = scalars[(index + 2)...].firstIndex(of: "}")
      else { return (nil, 0) }
      let digits = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
      return (UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init), close - index + 1)
    default: return (nil, 0)
    }
  }
}
