import FlowDiagnostics
import FlowYAML

/// Decodes a flow file's YAML nodes into the model, reporting every problem it meets
/// (unknown keys with suggestions, wrong types, missing fields, bad values) and going on.
///
/// Its methods are split by subject across the files of this folder.
struct ModelDecoder {
  var sink: DiagnosticSink
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
    _ node: YAMLNode, _ subject: String, allowed: [String], allowsNull: Bool = false
  ) -> Fields? {
    if allowsNull, node.isNull { return Fields(node: node, pairs: []) }
    guard let pairs = node.pairs else {
      sink.report(
        .wrongType(subject, expected: "a mapping", found: node.kindDescription), at: node.range)
      return nil
    }
    for pair in pairs {
      guard let key = pair.keyText, !allowed.contains(key) else { continue }
      reportUnknownKey(pair.key, key: key, in: subject, allowed: allowed)
    }
    return Fields(node: node, pairs: pairs)
  }

  /// Reports an unknown key with a "did you mean" fix-it when one is close.
  mutating func reportUnknownKey(
    _ keyNode: YAMLNode, key: String, in subject: String, allowed: [String]
  ) {
    let suggestion = Suggestion.closest(to: key, among: allowed)
    sink.report(
      .unknownKey(key, in: subject, suggestion: suggestion, allowed: allowed), at: keyNode.range,
      fixIts: suggestion.map { [FixIt(range: keyNode.range, replacement: $0)] } ?? [])
  }

  /// Reports a missing required key at `position`.
  mutating func reportMissing(
    _ key: String, in subject: String, hint: String, at range: SourceRange
  ) {
    sink.report(.missingKey(key, in: subject, hint: hint), at: range)
  }

  /// The items of a list.
  mutating func list(_ node: YAMLNode, _ subject: String) -> [YAMLNode]? {
    guard let items = node.items else {
      sink.report(
        .wrongType(subject, expected: "a list", found: node.kindDescription), at: node.range)
      return nil
    }
    return items
  }

  // MARK: Scalars

  /// Non-empty text: any scalar that is not null.
  mutating func string(_ node: YAMLNode, _ subject: String) -> Located<String>? {
    guard let scalar = node.scalar else {
      sink.report(
        .wrongType(subject, expected: "text", found: node.kindDescription), at: node.range)
      return nil
    }
    guard !scalar.isNull, !scalar.value.isEmpty else {
      sink.report(.emptyValue(subject), at: node.range)
      return nil
    }
    return Located(scalar.value, at: node.range)
  }

  /// Text, or `nil` inside for an explicit null (`title: ~` expects no title).
  mutating func optionalString(_ node: YAMLNode, _ subject: String) -> Located<String?>? {
    if node.isNull { return Located(nil, at: node.range) }
    return string(node, subject).map { Located($0.value, at: $0.range) }
  }

  /// An unquoted `true` or `false`; YAML 1.1 spellings and quoted text are explained.
  mutating func bool(_ node: YAMLNode, _ subject: String) -> Located<Bool>? {
    if let scalar = node.scalar {
      if let value = scalar.bool { return Located(value, at: node.range) }
      if scalar.isYAML11Boolean {
        sink.report(.yaml11Boolean(scalar.value), at: node.range)
        return nil
      }
      if scalar.isQuoted, ["true", "false"].contains(scalar.value.lowercased()) {
        sink.report(.quotedBoolean(scalar.value), at: node.range)
        return nil
      }
    }
    sink.report(
      .wrongType(subject, expected: "true or false", found: node.kindDescription), at: node.range)
    return nil
  }

  /// An unquoted whole number.
  mutating func int(_ node: YAMLNode, _ subject: String) -> Located<Int>? {
    guard let value = node.scalar?.integer else {
      sink.report(
        .wrongType(subject, expected: "a whole number", found: node.kindDescription), at: node.range
      )
      return nil
    }
    return Located(value, at: node.range)
  }

  /// One of an enumeration's raw values, with a suggestion for near misses.
  mutating func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ node: YAMLNode, _ subject: String, as type: Choice.Type = Choice.self
  ) -> Located<Choice>? where Choice.RawValue == String {
    guard let text = string(node, subject) else { return nil }
    if let value = Choice(rawValue: text.value) { return Located(value, at: text.range) }
    let options = Choice.allCases.map(\.rawValue)
    let suggestion = Suggestion.closest(to: text.value, among: options)
    sink.report(
      .invalidChoice(text.value, for: subject, options: options, suggestion: suggestion),
      at: text.range, fixIts: suggestion.map { [FixIt(range: text.range, replacement: $0)] } ?? [])
    return nil
  }

  // MARK: Values

  /// A literal value: `true`/`false`, a whole number, or text (quoted text stays text).
  mutating func literal(_ node: YAMLNode, _ subject: String) -> Located<Value>? {
    guard let scalar = node.scalar else {
      sink.report(
        .wrongType(subject, expected: "true, false, a number or text", found: node.kindDescription),
        at: node.range)
      return nil
    }
    if scalar.isNull {
      sink.report(
        .wrongType(subject, expected: "true, false, a number or text", found: "nothing"),
        at: node.range)
      return nil
    }
    if let bool = scalar.bool { return Located(.bool(bool), at: node.range) }
    if let integer = scalar.integer { return Located(.int(integer), at: node.range) }
    if scalar.isYAML11Boolean {
      // Reported, then read as the flag it was meant to be, so later checks do not cascade.
      sink.report(.yaml11Boolean(scalar.value), at: node.range)
      let isTrue = ["yes", "on", "y"].contains(scalar.value.lowercased())
      return Located(.bool(isTrue), at: node.range)
    }
    return Located(.string(scalar.value), at: node.range)
  }

  /// A literal, or `$name` (unquoted) reading an event argument, screen parameter or state.
  mutating func valueExpression(_ node: YAMLNode, _ subject: String) -> Located<ValueExpression>? {
    if let scalar = node.scalar, !scalar.isQuoted, scalar.value.hasPrefix("$") {
      let name = String(scalar.value.dropFirst())
      guard Self.isIdentifier(name) else {
        sink.report(.invalidReference(scalar.value), at: node.range)
        return nil
      }
      return Located(.reference(name), at: node.range)
    }
    return literal(node, subject).map { Located(.literal($0.value), at: $0.range) }
  }

  /// `name: value` entries; `$references` are allowed only where `allowsReferences`.
  mutating func assignments(_ node: YAMLNode, _ subject: String, allowsReferences: Bool)
    -> [Assignment]
  {
    guard let pairs = node.pairs else {
      sink.report(
        .wrongType(subject, expected: "a mapping of names to values", found: node.kindDescription),
        at: node.range)
      return []
    }
    return pairs.compactMap { pair in
      guard let name = string(pair.key, "a name") else { return nil }
      let value: Located<ValueExpression>? =
        allowsReferences
        ? valueExpression(pair.value, "the value of '\(name.value)'")
        : literal(pair.value, "the value of '\(name.value)'").map {
          Located(.literal($0.value), at: $0.range)
        }
      return value.map { Assignment(name: name, value: $0) }
    }
  }

  /// Whether text is a name that `$name` can refer to: letters, digits and `_`.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
    else {
      return false
    }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
    }
  }
}
