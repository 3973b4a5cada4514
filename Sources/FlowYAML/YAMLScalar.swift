/// A scalar's text and how it was written.
///
/// Plain scalars are resolved by the YAML 1.2 core schema (`true`, `false`, `null`, `~`,
/// integers); quoted and block scalars are always strings. YAML 1.1's `yes`, `no`, `on`
/// and `off` stay strings here, and the decoder says so where a boolean is expected.
public struct YAMLScalar: Sendable, Hashable {
  /// How a scalar was written in the source.
  public enum Style: UInt8, Sendable {
    /// Unquoted, in `'single'` or `"double"` quotes, or a `|` literal or `>` folded block.
    case plain, singleQuoted, doubleQuoted, literal, folded
  }

  /// The scalar's text, with quotes, escapes and block indentation resolved.
  public var value: String
  /// How the scalar was written: plain, quoted or as a block.
  public var style: Style
  /// Whether a `!!str` or `!` tag made a plain scalar a string.
  public var isTaggedString: Bool

  /// A scalar of text `value`, written in `style`; plain and untagged unless told.
  public init(_ value: String, style: Style = .plain, isTaggedString: Bool = false) {
    self.value = value
    self.style = style
    self.isTaggedString = isTaggedString
  }

  /// Whether the text is a string whatever it looks like (quoted, block or `!!str`).
  public var isQuoted: Bool { style != .plain || isTaggedString }

  /// Whether the scalar is null: `~`, `null` or empty, unquoted.
  public var isNull: Bool { !isQuoted && resolve(ScalarResolution.isNull) }

  /// The boolean of an unquoted `true` or `false` (any YAML 1.2 spelling).
  public var bool: Bool? { isQuoted ? nil : resolve(ScalarResolution.bool) }

  /// Whether an unquoted scalar is a YAML 1.1 boolean spelling such as `yes` or `off`,
  /// which YAML 1.2 (and flowspec) reads as a string.
  public var isYAML11Boolean: Bool { !isQuoted && resolve(ScalarResolution.isYAML11Boolean) }

  /// The integer of an unquoted decimal (`42`, `-7`, `+3`) or `0x`/`0o` literal.
  public var integer: Int? { isQuoted ? nil : resolve(ScalarResolution.integer) }

  /// "the string 'x'", "the number 3", "true", "null": how messages name this scalar.
  public var kindDescription: String {
    if isNull { return "null" }
    if let bool { return String(bool) }
    if integer != nil { return "the number \(value)" }
    if !isQuoted, resolve(ScalarResolution.isOutOfRangeInteger) {
      return "the number \(value), beyond an Int's range"
    }
    return "the string '\(value)'"
  }

  private func resolve<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    var value = value
    return value.withUTF8(body)
  }
}

/// How plain scalars resolve, on their UTF-8 bytes, shared by `YAMLScalar` and `YAMLNode`.
enum ScalarResolution {
  static func isNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.isEmpty || matches(bytes, ["~", "null", "Null", "NULL"])
  }

  static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    if matches(bytes, ["true", "True", "TRUE"]) { return true }
    if matches(bytes, ["false", "False", "FALSE"]) { return false }
    return nil
  }

  static func isYAML11Boolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    matches(
      bytes,
      [
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n",
        "N",
      ])
  }

  /// A decimal with an optional sign, or `0x`/`0o` digits, parsed from the bytes; `nil`
  /// for other text and for a number an `Int` cannot hold (`isOutOfRangeInteger`).
  static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard case .value(let value) = readInteger(bytes) else { return nil }
    return value
  }

  /// Whether the bytes spell a whole number an `Int` cannot hold.
  static func isOutOfRangeInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    readInteger(bytes) == .outOfRange
  }

  /// What the bytes spell read as a whole number.
  private enum IntegerReading: Equatable {
    case notANumber
    case value(Int)
    case outOfRange
  }

  private static func readInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> IntegerReading {
    guard !bytes.isEmpty else { return .notANumber }
    var index = 0
    var negative = false
    if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
      negative = bytes[0] == UInt8(ascii: "-")
      index = 1
    }
    var radix = 10
    if bytes.count - index > 2, bytes[index] == UInt8(ascii: "0") {
      if bytes[index + 1] == UInt8(ascii: "x") { radix = 16 }
      if bytes[index + 1] == UInt8(ascii: "o") { radix = 8 }
      if radix != 10 { index += 2 }
    }
    guard index < bytes.count else { return .notANumber }
    // Accumulated on the sign's side, so that `Int.min`, whose magnitude no `Int` holds,
    // is read too.
    var value = 0
    var overflowed = false
    while index < bytes.count {
      let byte = bytes[index]
      let digit: Int
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
      default: return .notANumber
      }
      guard digit < radix else { return .notANumber }
      if !overflowed {
        let (multiplied, overflow) = value.multipliedReportingOverflow(by: radix)
        let (added, overflowAdding) =
          negative
          ? multiplied.subtractingReportingOverflow(digit)
          : multiplied.addingReportingOverflow(digit)
        overflowed = overflow || overflowAdding
        value = added
      }
      index += 1
    }
    return overflowed ? .outOfRange : .value(value)
  }

  private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ candidates: [StaticString])
    -> Bool
  {
    guard bytes.count <= 5 else { return false }
    for candidate in candidates where candidate.utf8CodeUnitCount == bytes.count {
      if UnsafeBufferPointer(start: candidate.utf8Start, count: candidate.utf8CodeUnitCount)
        .elementsEqual(bytes)
      {
        return true
      }
    }
    return false
  }
}
