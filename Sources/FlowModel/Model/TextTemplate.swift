/// Text with values in it: `"Error {code}"`, `"{name}"`. A `{name}` is replaced by the value
/// of that name where the text is shown or stored; `{{` and `}}` write a brace. A brace that
/// does not enclose a name is kept as it is.
public struct TextTemplate: Sendable, Hashable {
  /// A run of text, or a value to insert.
  public enum Part: Sendable, Hashable {
    /// Text shown as it is, with `{{` and `}}` already read as single braces.
    case text(String)
    /// A name, and its offset in Unicode scalars from the start of the text (at its `{`).
    case value(String, offset: Int)
  }

  /// The text's runs and values, in order.
  public var parts: [Part]

  /// The names the text inserts, in order.
  public var names: [(name: String, offset: Int)] {
    parts.compactMap {
      if case .value(let name, let offset) = $0 { return (name, offset) }
      return nil
    }
  }

  /// Whether the text inserts any value.
  public var hasValues: Bool { !names.isEmpty }

  /// Reads text; cheap when it holds no brace.
  public init(_ text: String) {
    // Bytes, not characters: most texts have no brace, and this is asked of every one.
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
    else {
      parts = [.text(text)]
      return
    }
    let scalars = Array(text.unicodeScalars)
    var parts: [Part] = []
    var run = String.UnicodeScalarView()
    var index = 0
    func flush() {
      if !run.isEmpty { parts.append(.text(String(run))) }
      run = String.UnicodeScalarView()
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "{" || scalar == "}", index + 1 < scalars.count, scalars[index + 1] == scalar {
        run.append(scalar)
        index += 2
        continue
      }
      if scalar == "{", let close = scalars[(index + 1)...].firstIndex(of: "}") {
        let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
        if Self.isName(name) {
          flush()
          parts.append(.value(name, offset: index))
          index = close + 1
          continue
        }
      }
      run.append(scalar)
      index += 1
    }
    flush()
    self.parts = parts
  }

  /// The text with each value inserted by `value(name)`; a name without a value is kept
  /// as written.
  public func render(_ value: (String) -> String?) -> String {
    var result = ""
    for part in parts {
      switch part {
      case .text(let text): result += text
      case .value(let name, _): result += value(name) ?? "{\(name)}"
      }
    }
    return result
  }

  /// Whether `text` holds a brace or a dollar, so that `names` or `dollarNames(in:)` may
  /// find something: read as bytes, for the many texts that hold neither.
  public static func mayHoldNames(_ text: String) -> Bool {
    text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "$") }
  }

  /// The `{ name }` spellings in text (a name with spaces inside its braces), which are kept
  /// as they are, as no name holds a space: each name and the offset of its `{` in Unicode
  /// scalars, with the spelling's length.
  public static func spacedNames(in text: String) -> [(name: String, offset: Int, length: Int)] {
    guard text.utf8.contains(UInt8(ascii: "{")) else { return [] }
    var found: [(String, Int, Int)] = []
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      if scalars[index] == "{", index + 1 < scalars.count, scalars[index + 1] == "{" {
        index += 2
        continue
      }
      if scalars[index] == "{", let close = scalars[(index + 1)...].firstIndex(of: "}") {
        let inside = scalars[(index + 1)..<close]
        let trimmed = String(
          String.UnicodeScalarView(
            inside.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
        if trimmed.unicodeScalars.count != inside.count, isName(trimmed) {
          found.append((trimmed, index, close + 1 - index))
        }
        index = close + 1
        continue
      }
      index += 1
    }
    return found
  }

  /// The `$name` spellings in text, which would be kept as they are (only a whole value
  /// `$name` is a reference): each name and its offset in Unicode scalars.
  public static func dollarNames(in text: String) -> [(name: String, offset: Int)] {
    guard text.utf8.contains(UInt8(ascii: "$")) else { return [] }
    let scalars = Array(text.unicodeScalars)
    var found: [(String, Int)] = []
    for (index, scalar) in scalars.enumerated() where scalar == "$" {
      let name = scalars[(index + 1)...].prefix { isNameScalar($0) }
      if let first = name.first, first == "_" || first.properties.isAlphabetic {
        found.append((String(String.UnicodeScalarView(name)), index))
      }
    }
    return found
  }

  static func isName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else { return false }
    return text.unicodeScalars.allSatisfy(isNameScalar)
  }

  private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
  }
}
