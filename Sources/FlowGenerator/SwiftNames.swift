/// Turns checklist text into Swift identifiers and literals.
enum SwiftNames {
  /// `lowerCamelCase` from the words of a text, or `fallback`.
  static func lowerCamel(_ text: String, fallback: String) -> String {
    let words = nameWords(text)
    guard let first = words.first else { return fallback }
    let name = lowercasedFirst(first) + words.dropFirst().map(capitalized).joined()
    return startsLikeAnIdentifier(name) ? name : fallback + name
  }

  /// `UpperCamelCase` from the words of a text, or `fallback`.
  static func upperCamel(_ text: String, fallback: String) -> String {
    let name = nameWords(text).map(capitalized).joined()
    guard !name.isEmpty else { return fallback }
    return startsLikeAnIdentifier(name) ? name : fallback + name
  }

  /// A parameter name as a Swift label: backticked when it is a keyword.
  static func label(_ name: String) -> String {
    let identifier = lowerCamel(name, fallback: "value")
    return keywords.contains(identifier) ? "`\(identifier)`" : identifier
  }

  /// The words a name is made of: the text's own (`identifierWords`), else, for a text of
  /// symbols alone such as an emoji, the words of their Unicode names (`🏠` → `HOUSE
  /// BUILDING`), so two such names do not both take the fallback.
  static func nameWords(_ text: String) -> [String] {
    let words = identifierWords(text)
    guard words.isEmpty else { return words }
    return text.unicodeScalars.filter { $0.properties.generalCategory == .otherSymbol }
      .flatMap { scalar in
        (scalar.properties.name ?? "").split(whereSeparator: { $0 == " " || $0 == "-" })
          .map(String.init)
      }
      .filter { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
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
      } else if scalar.properties.isAlphabetic, scalar.properties.isXIDContinue,
        !(0x3021...0x3029).contains(scalar.value)  // Hangzhou numerals: Swift's operator characters
      {
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

  /// Swift's keywords, and the contextual ones that would read wrongly as a name: a name
  /// equal to one of these gets a number after it.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated",
    "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
    "self", "Self", "super", "throws", "true", "try", "async", "actor", "some", "any",
    "macro", "package", "Type", "Protocol", "_",
  ]

  /// Type names the generated code itself uses inside the suite: a section or item type
  /// named like one would hide it.
  static let reservedTypeNames: Set<String> = [
    "Test", "Suite", "Issue", "Tag", "Comment", "SourceLocation", "Testing", "Trait",
    "ChecklistVerifier", "FlowSpec", "FlowSpecTesting", "Int", "String", "Bool", "Swift",
  ]
}

/// The names already taken in one Swift scope (a suite type), so every generated type and
/// member is unique there and none hides what the generated code refers to.
struct NameScope {
  private var used: Set<String>

  /// Names no type or member of this scope may take: the driver's type, which a type of
  /// the same name would hide.
  private let reserved: Set<String>

  /// A scope inside the type `enclosing`; the top suite's own members, what `record` calls
  /// and `reserved` are taken too.
  init(enclosing: String, topSuite: String, reserved: Set<String> = []) {
    used = Set([enclosing, topSuite, "verify", "checklist", "record", "withKnownIssue"])
      .union(reserved)
    self.reserved = reserved
  }

  /// The scope inside a type of this scope, reserving the same names.
  func nested(in enclosing: String, topSuite: String) -> NameScope {
    NameScope(enclosing: enclosing, topSuite: topSuite, reserved: reserved)
  }

  /// A type name not yet used here, nor reserved.
  mutating func typeName(_ name: String) -> String {
    unique(name, avoiding: SwiftNames.reservedTypeNames)
  }

  /// A function name not yet used here.
  mutating func memberName(_ name: String) -> String {
    unique(name, avoiding: [])
  }

  /// The next number to try after each name already given a number, so a thousand items
  /// named alike take a thousand steps, not half a million.
  private var nextSuffix: [String: Int] = [:]

  private mutating func unique(_ name: String, avoiding reserved: Set<String>) -> String {
    var candidate = name
    var suffix = nextSuffix[name] ?? 2
    while used.contains(candidate) || reserved.contains(candidate)
      || SwiftNames.keywords.contains(candidate)
    {
      candidate = name + String(suffix)
      suffix += 1
    }
    if candidate != name { nextSuffix[name] = suffix }
    used.insert(candidate)
    return candidate
  }
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

/// Swift names and literals for the other stages: `flowc init` names a package's test
/// target and quotes paths in its manifest.
public enum SwiftIdentifier {
  /// `UpperCamelCase` from the words of a text (`my-app` → `MyApp`), `App` when it has none.
  public static func typeName(_ text: String) -> String {
    SwiftNames.upperCamel(text, fallback: "App")
  }

  /// A Swift string literal of any text, escaped.
  public static func stringLiteral(_ text: String) -> String {
    SwiftSource.stringLiteral(text)
  }
}
