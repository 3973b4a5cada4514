public import FlowDiagnostics

/// Reads JSON text (RFC 8259) into `JSONValue`s: what a language client sends.
///
/// Strict where it matters for a protocol (one value, nothing after it, valid escapes and
/// UTF-8), bounded where input could be hostile (nesting depth). Numbers are whole in the
/// language server protocol; a fraction or an exponent is read and rounded toward zero, and
/// a number beyond `Int` is clamped.
public enum JSONReader {
  /// Why a text is not JSON, and the byte offset where that was found.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in the style of diagnostic messages.
    public var message: String
    /// The byte offset, from 0, where reading stopped.
    public var offset: Int
    /// `message at byte offset`.
    public var description: String { "\(message) at byte \(offset)" }
  }

  /// How deeply arrays and objects may nest: a client never sends more than a few levels,
  /// and a hostile frame of a million `[` must not exhaust the stack.
  public static let maxDepth = 128

  /// The value the bytes hold, or why they hold none.
  public static func value(from bytes: [UInt8]) throws(Failure) -> JSONValue {
    var reader = Reader(bytes: bytes)
    reader.skipWhitespace()
    let value = try reader.readValue(depth: 0)
    reader.skipWhitespace()
    guard reader.offset == bytes.count else { throw reader.failure("text after the JSON value") }
    return value
  }

  private struct Reader {
    let bytes: [UInt8]
    var offset = 0

    func failure(_ message: String) -> Failure { Failure(message: message, offset: offset) }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
      while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        offset += 1
      }
    }

    mutating func expect(_ word: String) throws(Failure) {
      for byte in word.utf8 {
        guard current == byte else { throw failure("expected '\(word)'") }
        offset += 1
      }
    }

    mutating func readValue(depth: Int) throws(Failure) -> JSONValue {
      guard depth < JSONReader.maxDepth else {
        throw failure("arrays and objects nested more than \(JSONReader.maxDepth) deep")
      }
      guard let byte = current else { throw failure("expected a value, found the end") }
      switch byte {
      case UInt8(ascii: "{"): return try readObject(depth: depth)
      case UInt8(ascii: "["): return try readArray(depth: depth)
      case UInt8(ascii: "\""): return .string(try readString())
      case UInt8(ascii: "t"):
        try expect("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try expect("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try expect("null")
        return .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return .number(try readNumber())
      default: throw failure("expected a value")
      }
    }

    mutating func readObject(depth: Int) throws(Failure) -> JSONValue {
      offset += 1
      var members: [(String, JSONValue)] = []
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        offset += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
        let key = try readString()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
        offset += 1
        skipWhitespace()
        members.append((key, try readValue(depth: depth + 1)))
        skipWhitespace()
        switch current ?? 0 {
        case UInt8(ascii: ","): offset += 1
        case UInt8(ascii: "}"):
          offset += 1
          return .object(members)
        default: throw failure("expected ',' or '}' in an object")
        }
      }
    }

    mutating func readArray(depth: Int) throws(Failure) -> JSONValue {
      offset += 1
      var values: [JSONValue] = []
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        offset += 1
        return .array(values)
      }
      while true {
        skipWhitespace()
        values.append(try readValue(depth: depth + 1))
        skipWhitespace()
        switch current ?? 0 {
        case UInt8(ascii: ","): offset += 1
        case UInt8(ascii: "]"):
          offset += 1
          return .array(values)
        default: throw failure("expected ',' or ']' in an array")
        }
      }
    }

    mutating func readNumber() throws(Failure) -> Int {
      let start = offset
      var negative = false
      if current == UInt8(ascii: "-") {
        negative = true
        offset += 1
      }
      guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
        throw failure("expected a digit")
      }
      var magnitude = 0
      var overflowed = false
      if first == UInt8(ascii: "0") {
        offset += 1
      } else {
        while let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
          let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
          let (plus, o2) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
          if o1 || o2 { overflowed = true } else { magnitude = plus }
          offset += 1
        }
      }
      if current == UInt8(ascii: ".") {
        offset += 1
        try skipDigits()
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        offset += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
        try skipDigits()
        // An exponent changes the magnitude: the protocol sends none, so it reads as 0.
        if offset > start { magnitude = 0 }
      }
      if overflowed { return negative ? Int.min : Int.max }
      return negative ? -magnitude : magnitude
    }

    mutating func skipDigits() throws(Failure) {
      guard let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else {
        throw failure("expected a digit")
      }
      while let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
        offset += 1
      }
    }

    mutating func readString() throws(Failure) -> String {
      offset += 1
      var scalars = String.UnicodeScalarView()
      var runStart = offset
      func flushRun(_ end: Int) throws(Failure) {
        guard runStart < end else { return }
        guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
          throw Failure(message: "a string that is not UTF-8", offset: runStart)
        }
        scalars.append(contentsOf: text.unicodeScalars)
      }
      while true {
        guard let byte = current else { throw failure("a string without its closing quote") }
        switch byte {
        case UInt8(ascii: "\""):
          try flushRun(offset)
          offset += 1
          return String(scalars)
        case UInt8(ascii: "\\"):
          try flushRun(offset)
          offset += 1
          scalars.append(try readEscape())
          runStart = offset
        case 0..<0x20:
          throw failure("a control character in a string")
        default:
          offset += 1
        }
      }
    }

    mutating func readEscape() throws(Failure) -> Unicode.Scalar {
      guard let byte = current else { throw failure("a string without its closing quote") }
      offset += 1
      switch byte {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let unit = try readHex4()
        if (0xD800...0xDBFF).contains(unit) {
          // A high surrogate: its low half must follow as a second escape.
          guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count,
            bytes[offset + 1] == UInt8(ascii: "u")
          else { return "\u{FFFD}" }
          let save = offset
          offset += 2
          let low = try readHex4()
          guard (0xDC00...0xDFFF).contains(low) else {
            offset = save
            return "\u{FFFD}"
          }
          let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
      default:
        offset -= 1
        throw failure("an unknown escape in a string")
      }
    }

    mutating func readHex4() throws(Failure) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let byte = current else { throw failure("a '\\u' escape without four hex digits") }
        guard let digit = Hexadecimal.value(of: byte) else {
          throw failure("a '\\u' escape without four hex digits")
        }
        value = value * 16 + UInt32(digit)
        offset += 1
      }
      return value
    }
  }
}

extension JSONValue {
  /// The member of an object with that key; `nil` for other values or a missing key.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The text of a string value.
  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The number of a number value.
  public var intValue: Int? {
    if case .number(let number) = self { return number }
    return nil
  }

  /// The truth of a Boolean value.
  public var boolValue: Bool? {
    if case .bool(let truth) = self { return truth }
    return nil
  }

  /// The elements of an array value.
  public var arrayValue: [JSONValue]? {
    if case .array(let values) = self { return values }
    return nil
  }
}
