import FlowDiagnostics

/// The one way any text from input (a flow, a file name, `flowspec.json`) reaches generated
/// Swift: one total function per context, so no input can end a comment or a literal early,
/// start an interpolation, or name a type it should not.
///
/// Swift's lexer ends a `//` comment at a line feed or a carriage return, and refuses other
/// control characters anywhere in a file; editors and terminals also break lines at NEL, LS,
/// PS, VT and FF and reorder text at bidirectional controls. Every such scalar is written as
/// an escape, `\u{…}`, in every context.
enum SwiftSource {
  /// Whether a scalar must never appear raw in generated source: C0 and C1 controls (line
  /// feed, carriage return, NEL, VT, FF and tab among them), DEL, the line and paragraph
  /// separators, and the bidirectional controls. The set a terminal must not be sent raw
  /// either: `TerminalText` holds it, once.
  static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    TerminalText.escape(scalar) != nil
  }

  /// `\u{1B}`: the escape of a scalar, as a string literal, a comment and (after the
  /// backslash's `#`s) a raw string write it.
  private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }

  /// The text of one `//` comment line: whatever the text holds, the comment ends where the
  /// line does. Every scalar `mustEscape` names is written as `\u{…}`, so a line terminator
  /// of any kind cannot end the comment and let the rest of the text be code.
  static func comment(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: mustEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if mustEscape(scalar) {
        result += "\\" + unicodeEscape(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A Swift string literal of any text: quotes and backslashes escaped (so no
  /// interpolation can start), and every scalar `mustEscape` names as an escape.
  static func stringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": literal += "\\\\"
      case "\"": literal += "\\\""
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case _ where mustEscape(scalar): literal += "\\" + unicodeEscape(scalar)
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  /// A multi-line raw string literal whose value is exactly `text`, with more `#` than any run of `#` after a quote or a backslash in
  /// the text, counted in Unicode scalars as the lexer counts them (a combining mark after
  /// `"""#` does not hide the `#`). Line feeds and tabs stay as they are; every other scalar
  /// `mustEscape` names, a carriage return included, is written as the raw string's own
  /// escape (`\#r`, `\#u{85}`), so the lexer sees no line break the text did not have.
  static func rawMultilineLiteral(_ text: String) -> (open: String, body: String, close: String) {
    let hashes = String(repeating: "#", count: longestHashRun(in: text) + 1)
    var body = ""
    body.reserveCapacity(text.utf8.count + 1)
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\t" || !mustEscape(scalar) {
        body.unicodeScalars.append(scalar)
      } else if scalar == "\r" {
        body += "\\" + hashes + "r"
      } else {
        body += "\\" + hashes + unicodeEscape(scalar)
      }
    }
    // The line break before the closing delimiter is not part of the value.
    body += "\n"
    return (hashes + "\"\"\"", body, "\"\"\"" + hashes)
  }

  /// The longest run of `#` right after a `"` or a `\`, in Unicode scalars.
  private static func longestHashRun(in text: String) -> Int {
    var longest = 0
    var current = -1
    for scalar in text.unicodeScalars {
      if scalar == "#", current >= 0 {
        current += 1
        longest = max(longest, current)
      } else {
        current = scalar == "\"" || scalar == "\\" ? 0 : -1
      }
    }
    return longest
  }
}

/// A reference to a Swift type, validated: one or more identifiers joined by dots
/// (`NavigationServiceDriver`, `MyAppTests.Driver`), none of them a keyword. The only way a
/// type name from `flowspec.json` reaches generated code.
public struct SwiftTypeReference: Hashable, Sendable, CustomStringConvertible {
  /// The reference as written in Swift.
  public let description: String

  /// The reference, or `nil` when `text` is not a dotted sequence of identifiers.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.allSatisfy({ Self.isIdentifier(String($0)) }) else { return nil }
    description = text
  }

  /// Whether `text` is a Swift identifier that needs no backticks: an identifier start
  /// (a letter or `_`) then identifier characters, not a keyword, not `_` alone.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, text != "_",
      !SwiftNames.keywords.contains(text),
      first == "_" || first.properties.isXIDStart
    else { return false }
    return text.unicodeScalars.dropFirst().allSatisfy { $0.properties.isXIDContinue }
  }
}
