import FlowDiagnostics
import FlowYAML

/// Decodes a flow file's YAML nodes into the model, reporting every problem it meets
/// (unknown keys with suggestions, wrong types, missing fields, bad values) and going on.
///
/// Its methods are split by subject across the files of this folder.
struct ModelDecoder {
  var sink: DiagnosticSink
  /// The names of entries whose declaration had an error and was left out (`Flow.namesWithErrors`).
  var namesWithErrors: Set<String> = []
  /// The file's text, for the checklist's block form.
  let source: SourceText
  /// Limits for the YAML inside checklist step lines.
  let limits: YAMLLimits

  init(file: String, source: SourceText, limits: YAMLLimits) {
    self.sink = DiagnosticSink(file: file)
    self.source = source
    self.limits = limits
  }

  var file: String { sink.file }

  // MARK: Shapes

  /// The entries of a mapping, reporting keys outside `allowed` (with a suggestion).
  /// A null value counts as an empty mapping when `allowsNull` is set.
  mutating func mapping(
    _ node: YAMLNode, _ subject: @autoclosure () -> String, allowed: [StaticString],
    allowsNull: Bool = false
  ) -> Fields? {
    guard let pairs = node.pairs else {
      if allowsNull, node.isNull { return Fields(node: node, pairs: nil) }
      sink.report(
        .wrongType(subject(), expected: "a mapping", found: node.kindDescription), at: node.range)
      return nil
    }
    var fields = Fields(node: node, pairs: pairs)
    for index in pairs.indices where pairs.keyPosition(at: index, among: allowed) == nil {
      let pair = pairs[index]
      guard let key = pair.keyText else { continue }
      let meant = reportUnknownKey(
        pair.key, key: key, in: subject(), allowed: allowed.map { "\($0)" })
      if let meant { fields.misspelt.insert(meant) }
    }
    return fields
  }

  /// Reports an unknown key with a "did you mean" fix-it when one is close; returns the key
  /// it suggests.
  @discardableResult
  mutating func reportUnknownKey(
    _ keyNode: YAMLNode, key: String, in subject: @autoclosure () -> String, allowed: [String]
  ) -> String? {
    let suggestion = Suggestion.closest(to: key, among: allowed)
    sink.report(
      .unknownKey(key, in: subject(), suggestion: suggestion, allowed: allowed), at: keyNode.range,
      fixIts: suggestion.map { [FixIt(range: keyNode.range, replacement: $0)] } ?? [])
    return suggestion
  }

  /// Reports a missing required key at `position`, unless `fields` has an unknown key taken
  /// for it (`strat` for `start`): one error for one typo.
  mutating func reportMissing(
    _ key: String, in subject: @autoclosure () -> String, hint: String, at range: SourceRange,
    unlessMisspeltIn fields: Fields? = nil
  ) {
    if let fields, fields.misspelt.contains(key) { return }
    sink.report(.missingKey(key, in: subject(), hint: hint), at: range)
  }

  /// The items of a list.
  mutating func list(_ node: YAMLNode, _ subject: @autoclosure () -> String) -> YAMLItems? {
    guard let items = node.items else {
      sink.report(
        .wrongType(subject(), expected: "a list", found: node.kindDescription), at: node.range)
      return nil
    }
    return items
  }

  // MARK: Scalars

  /// `title: {restaurant}` is a YAML mapping of one key without a value: the text meant, in
  /// quotes, for the message to suggest.
  static func bracedTextHint(_ node: YAMLNode) -> String? {
    guard let pairs = node.pairs, pairs.count == 1, let pair = pairs.first, pair.value.isNull,
      let key = pair.keyText
    else { return nil }
    return "braces make a YAML mapping; quote the text: \"{\(key)}\""
  }

  /// Non-empty text: any scalar that is not null.
  mutating func string(_ node: YAMLNode, _ subject: @autoclosure () -> String) -> Located<String>? {
    guard node.kind == .scalar else {
      sink.report(
        .wrongType(
          subject(), expected: "text", found: node.kindDescription,
          hint: Self.bracedTextHint(node)),
        at: node.range)
      return nil
    }
    let text = node.text
    guard !node.isNull, !text.isEmpty else {
      sink.report(.emptyValue(subject()), at: node.range)
      return nil
    }
    return Located(text, at: node.range)
  }

  /// Text, or `nil` inside for an explicit null (`title: ~` expects no title).
  mutating func optionalString(_ node: YAMLNode, _ subject: @autoclosure () -> String) -> Located<
    String?
  >? {
    if node.isNull { return Located(nil, at: node.range) }
    return string(node, subject()).map { Located($0.value, at: $0.range) }
  }

  /// An unquoted `true` or `false`; YAML 1.1 spellings and quoted text are explained.
  mutating func bool(_ node: YAMLNode, _ subject: @autoclosure () -> String) -> Located<Bool>? {
    if let value = node.bool { return Located(value, at: node.range) }
    if node.isYAML11Boolean {
      sink.report(.yaml11Boolean(node.text), at: node.range)
      return nil
    }
    if node.kind == .scalar, !node.isPlainScalar,
      ["true", "false"].contains(node.text.lowercased())
    {
      sink.report(.quotedBoolean(node.text), at: node.range)
      return nil
    }
    sink.report(
      .wrongType(subject(), expected: "true or false", found: node.kindDescription), at: node.range)
    return nil
  }

  /// An unquoted whole number.
  mutating func int(_ node: YAMLNode, _ subject: @autoclosure () -> String) -> Located<Int>? {
    guard let value = node.integer else {
      sink.report(
        node.isOutOfRangeInteger
          ? .numberOutOfRange(node.text, in: subject())
          : .wrongType(subject(), expected: "a whole number", found: node.kindDescription),
        at: node.range)
      return nil
    }
    return Located(value, at: node.range)
  }

  /// One of an enumeration's raw values, with a suggestion for near misses.
  mutating func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ node: YAMLNode, _ subject: @autoclosure () -> String, as type: Choice.Type = Choice.self
  ) -> Located<Choice>? where Choice.RawValue == String {
    for option in Choice.allCases where node.hasText(option.rawValue) {
      return Located(option, at: node.range)
    }
    guard let text = string(node, subject()) else { return nil }
    let options = Choice.allCases.map(\.rawValue)
    let suggestion = Suggestion.closest(to: text.value, among: options)
    sink.report(
      .invalidChoice(text.value, for: subject(), options: options, suggestion: suggestion),
      at: text.range, fixIts: suggestion.map { [FixIt(range: text.range, replacement: $0)] } ?? [])
    return nil
  }

  // MARK: Values

  /// A literal value: `true`/`false`, a whole number, text (quoted text stays text), or a
  /// list of these (`[KFC, Burger King]`).
  mutating func literal(_ node: YAMLNode, _ subject: @autoclosure () -> String) -> Located<Value>? {
    if let items = node.items {
      var values: [Value] = []
      for item in items {
        guard item.kind != .sequence else {
          sink.report(
            .wrongType(
              "an item of a list", expected: "true, false, a number, text or a record",
              found: item.kindDescription),
            at: item.range)
          return nil
        }
        guard let value = literal(item, "an item of a list") else { return nil }
        values.append(value.value)
      }
      return Located(.list(values), at: node.range)
    }
    if node.pairs != nil {
      return recordExpression(node, allowsReferences: false).flatMap {
        guard case .literal(let record) = $0.value else { return nil }
        return Located(record, at: $0.range)
      }
    }
    guard node.kind == .scalar else {
      sink.report(
        .wrongType(
          subject(), expected: "true, false, a number, text or a list", found: node.kindDescription
        ),
        at: node.range)
      return nil
    }
    if node.isNull {
      sink.report(
        .wrongType(subject(), expected: "true, false, a number or text", found: "nothing"),
        at: node.range)
      return nil
    }
    if let bool = node.bool { return Located(.bool(bool), at: node.range) }
    if let integer = node.integer { return Located(.int(integer), at: node.range) }
    if node.isOutOfRangeInteger {
      sink.report(.numberOutOfRange(node.text), at: node.range)
      return nil
    }
    let text = node.text
    if node.isYAML11Boolean {
      // Reported, then read as the flag it was meant to be, so later checks do not cascade.
      sink.report(.yaml11Boolean(text), at: node.range)
      let isTrue = ["yes", "on", "y"].contains(text.lowercased())
      return Located(.bool(isTrue), at: node.range)
    }
    if node.isPlainScalar, Self.isDecimalNumber(text) {
      sink.report(.decimalNumber(text), at: node.range)
    }
    return Located(.string(text), at: node.range)
  }

  /// A number with a fraction or an exponent (`1.5`, `-0.25`, `1e3`), which YAML reads as a
  /// float and flowspec, whose numbers are whole, reads as text.
  static func isDecimalNumber(_ text: String) -> Bool {
    var scalars = Substring(text).unicodeScalars[...]
    if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
    let mantissa = scalars.prefix { $0 != "e" && $0 != "E" }
    let exponent = scalars.dropFirst(mantissa.count)
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
      parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } })
    else { return false }
    if exponent.isEmpty { return parts.count == 2 }
    var digits = exponent.dropFirst()
    if let sign = digits.first, sign == "-" || sign == "+" { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
  }

  /// A literal, or `$name` (unquoted) reading an event argument, screen parameter or state.
  mutating func valueExpression(_ node: YAMLNode, _ subject: @autoclosure () -> String) -> Located<
    ValueExpression
  >? {
    if node.isPlainScalar, node.firstByte == UInt8(ascii: "$") {
      let text = node.text
      let name = String(text.dropFirst())
      guard Self.isIdentifier(name) else {
        sink.report(.invalidReference(text), at: node.range)
        return nil
      }
      return Located(.reference(name), at: node.range)
    }
    if node.pairs != nil { return recordExpression(node, allowsReferences: true) }
    return literal(node, subject()).map { Located(.literal($0.value), at: $0.range) }
  }

  /// `{ title: $title, isCompleted: false }`: a record, each field a flag, a number, text or
  /// (where `allowsReferences`) a `$name`; a literal when no field reads a name.
  mutating func recordExpression(_ node: YAMLNode, allowsReferences: Bool) -> Located<
    ValueExpression
  >? {
    guard let pairs = node.pairs else { return nil }
    var fields: [String: ValueExpression] = [:]
    var isLiteral = true
    for pair in pairs {
      guard let name = string(pair.key, "a field name") else { return nil }
      let subject = "field '\(name.value)' of a record"
      guard pair.value.kind == .scalar else {
        sink.report(
          .wrongType(
            subject, expected: "true, false, a number or text", found: pair.value.kindDescription),
          at: pair.value.range)
        return nil
      }
      let value =
        allowsReferences
        ? valueExpression(pair.value, subject)
        : literal(pair.value, subject).map {
          Located(ValueExpression.literal($0.value), at: $0.range)
        }
      guard let value else { return nil }
      if case .reference = value.value { isLiteral = false }
      fields[name.value] = value.value
    }
    guard isLiteral else { return Located(.record(fields), at: node.range) }
    var values: [String: Value] = [:]
    for (name, field) in fields {
      if case .literal(let value) = field { values[name] = value }
    }
    return Located(.literal(.record(values)), at: node.range)
  }

  /// `name: value` entries; `$references` are allowed only where `allowsReferences`.
  mutating func assignments(
    _ node: YAMLNode, _ subject: @autoclosure () -> String, allowsReferences: Bool
  )
    -> [Assignment]
  {
    guard let pairs = node.pairs else {
      sink.report(
        .wrongType(
          subject(), expected: "a mapping of names to values", found: node.kindDescription),
        at: node.range)
      return []
    }
    return pairs.compactMapReserving { pair in
      assignment(pair, allowsReferences: allowsReferences)
    }
  }

  /// One `name: value` entry (a literal, or `$name` where `allowsReferences`).
  mutating func assignment(_ pair: YAMLPair, allowsReferences: Bool) -> Assignment? {
    guard let name = string(pair.key, "a name") else { return nil }
    let value: Located<ValueExpression>? =
      allowsReferences
      ? valueExpression(pair.value, "the value of '\(name.value)'")
      : literal(pair.value, "the value of '\(name.value)'").map {
        Located(.literal($0.value), at: $0.range)
      }
    return value.map { Assignment(name: name, value: $0) }
  }

  /// Whether text is a name that `$name` can refer to: letters, digits and `_`.
  /// Names are read by the hundred thousand in a large flow: ASCII is read as bytes, and
  /// only other text goes through Unicode's property tables.
  static func isIdentifier(_ text: String) -> Bool {
    var isFirst = true
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "_"):
        break
      case UInt8(ascii: "0")...UInt8(ascii: "9") where !isFirst:
        break
      case 0x80...:
        return isUnicodeIdentifier(text)
      default:
        return false
      }
      isFirst = false
    }
    return !isFirst
  }

  /// `isIdentifier` for text beyond ASCII: letters in any script, digits and `_`.
  private static func isUnicodeIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || isLetter(first) else {
      return false
    }
    return text.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
  }

  /// A letter, with an ASCII fast path before Unicode's property tables.
  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    return scalar.properties.isAlphabetic
  }
}
