/// Turns checklist text into Swift identifiers and literals.
enum SwiftNames {
  /// `lowerCamelCase` from the words of a text, or `fallback`.
  static func lowerCamel(_ text: String, fallback: String) -> String {
    let words = identifierWords(text)
    guard let first = words.first else { return fallback }
    let name = lowercasedFirst(first) + words.dropFirst().map(capitalized).joined()
    return startsLikeAnIdentifier(name) ? name : fallback + name
  }

  /// `UpperCamelCase` from the words of a text, or `fallback`.
  static func upperCamel(_ text: String, fallback: String) -> String {
    let name = identifierWords(text).map(capitalized).joined()
    guard !name.isEmpty else { return fallback }
    return startsLikeAnIdentifier(name) ? name : fallback + name
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

  /// The words of a text for an identifier: runs of ASCII letters and digits, with Latin
  /// letters folded to ASCII (`é` → `e`, `ß` → `ss`) and other letters (`écran` in Greek or
  /// Japanese) kept as they are, since Swift identifiers may hold them. Anything else
  /// separates words.
  static func identifierWords(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
          word.unicodeScalars.append(scalar)
          continue
        }
      } else if let folded = LatinFolding.ascii(scalar) {
        word += folded
        continue
      } else if scalar.properties.isAlphabetic, scalar.properties.isXIDContinue {
        word.unicodeScalars.append(scalar)
        continue
      } else if scalar.properties.generalCategory == .nonspacingMark, !word.isEmpty {
        continue  // a combining accent written apart from its letter
      }
      if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// A word with its first letter upper-cased and its inner capitals kept (`didTap` →
  /// `DidTap`); a word in capitals is read as one word (`LOGIN` → `Login`).
  private static func capitalized(_ word: String) -> String {
    let body = isCapitals(word) ? word.lowercased() : word
    return body.prefix(1).uppercased() + body.dropFirst()
  }

  /// The first word of a lower camel-case name: `didTap` stays, `Login` and `LOGIN` → `login`.
  private static func lowercasedFirst(_ word: String) -> String {
    let body = isCapitals(word) ? word.lowercased() : word
    return body.prefix(1).lowercased() + body.dropFirst()
  }

  private static func isCapitals(_ word: String) -> Bool {
    word.count > 1 && word == word.uppercased()
  }

  /// Whether an identifier can start with this name's first character (letters and `_`).
  static func startsLikeAnIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first else { return false }
    return first == "_" || (first.properties.isAlphabetic && first.properties.isXIDStart)
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
