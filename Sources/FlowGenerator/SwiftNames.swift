/// Turns checklist text into Swift identifiers and literals.
enum SwiftNames {
  /// `lowerCamelCase` from the ASCII letters and digits of a text, or `fallback`.
  static func lowerCamel(_ text: String, fallback: String) -> String {
    let words = asciiWords(text)
    guard let first = words.first else { return fallback }
    let name = first.lowercased() + words.dropFirst().map(capitalized).joined()
    return name.first!.isNumber ? fallback + name : name
  }

  /// `UpperCamelCase` from the ASCII letters and digits of a text, or `fallback`.
  static func upperCamel(_ text: String, fallback: String) -> String {
    let name = asciiWords(text).map(capitalized).joined()
    guard let first = name.first else { return fallback }
    return first.isNumber ? fallback + name : name
  }

  /// A name not yet in `used`, by appending 2, 3, … when needed; records it as used.
  static func unique(_ name: String, in used: inout Set<String>) -> String {
    var candidate = name
    var suffix = 2
    while used.contains(candidate) || reserved.contains(candidate) {
      candidate = name + String(suffix)
      suffix += 1
    }
    used.insert(candidate)
    return candidate
  }

  /// A Swift string literal (with escapes) of any text.
  static func stringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": literal += "\\\\"
      case "\"": literal += "\\\""
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        literal += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  /// A multi-line raw string literal holding `text` exactly (line breaks as `\n`), with
  /// enough `#` that nothing in the text can end it or start an escape.
  static func rawMultilineLiteral(_ text: String) -> (open: String, body: String, close: String) {
    let hashes = String(repeating: "#", count: longestHashRun(after: ["\"", "\\"], in: text) + 1)
    var body = text.replacingCRLF()
    if !body.hasSuffix("\n") { body += "\n" }
    return (hashes + "\"\"\"", body, "\"\"\"" + hashes)
  }

  private static func longestHashRun(after markers: Set<Character>, in text: String) -> Int {
    var longest = 0
    var current = -1
    for character in text {
      if character == "#", current >= 0 {
        current += 1
        longest = max(longest, current)
      } else {
        current = markers.contains(character) ? 0 : -1
      }
    }
    return longest
  }

  /// The runs of ASCII letters and digits in a text.
  static func asciiWords(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        word.unicodeScalars.append(scalar)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  private static func capitalized(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst().lowercased()
  }

  /// Keywords that cannot name a function or type without backticks.
  private static let reserved: Set<String> = [
    "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum",
    "extension", "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init",
    "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public",
    "repeat", "rethrows", "return", "self", "static", "struct", "subscript", "super", "switch",
    "throw", "throws", "true", "try", "typealias", "var", "where", "while", "Type", "Self",
    "Any", "Protocol",
  ]
}

extension String {
  /// The text with each `\r\n` turned into `\n`.
  func replacingCRLF() -> String {
    guard contains("\r") else { return self }
    var result = ""
    result.reserveCapacity(utf8.count)
    var scalars = unicodeScalars.makeIterator()
    var pending: Unicode.Scalar?
    while let scalar = pending ?? scalars.next() {
      pending = nil
      if scalar == "\r", let next = scalars.next() {
        if next == "\n" {
          result.unicodeScalars.append("\n")
        } else {
          result.unicodeScalars.append(scalar)
          pending = next
        }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
