import FlowDiagnostics
import FlowYAML

extension DiagnosticMessage {
  static func propertyStatement(_ name: String, found: [String]) -> Self {
    let what =
      found.isEmpty
      ? "states nothing" : "states \(found.map { "'\($0)'" }.joined(separator: " and ")) at once"
    return Self(
      "property.statement", .error,
      "property '\(name)' \(what); a property is one of 'never', 'always', 'reachable', or 'after' with 'then'"
    )
  }
  static func propertyThen(_ name: String, hasAfter: Bool) -> Self {
    Self(
      "property.then", .error,
      hasAfter
        ? "property '\(name)' says 'after' an event but not what holds 'then'"
        : "'then' belongs with 'after': property '\(name)' has no event to follow")
  }
  static func propertyCondition(_ found: String) -> Self {
    Self(
      "property.condition", .error,
      "a condition is a mapping of expectations, or a list of them (any of which holds), found \(found)"
    )
  }
}

extension ModelDecoder {
  /// The keys of a property.
  static let propertyKeys: [StaticString] = ["never", "always", "reachable", "after", "then"]
  /// The keys of `verify:`.
  static let verificationKeys: [StaticString] = [
    "off", "final", "repeatable", "depth", "states", "lists", "ints", "stack", "texts",
  ]

  /// `properties:`: name → statement.
  mutating func properties(_ node: YAMLNode) -> [FlowProperty] {
    namedEntries(node, "'properties'").compactMapReserving { pair in
      guard let name = string(pair.key, "a property name") else { return nil }
      // One error per mistake: an item's `holds` of a property left out is not another.
      guard let property = property(named: name, pair.value) else {
        namesWithErrors.insert(name.value)
        return nil
      }
      return property
    }
  }

  private mutating func property(named name: Located<String>, _ node: YAMLNode) -> FlowProperty? {
    guard
      let fields = mapping(node, "property '\(name.value)'", allowed: Self.propertyKeys)
    else { return nil }
    let statements: [(String, YAMLNode)] = [
      ("never", fields["never"]), ("always", fields["always"]),
      ("reachable", fields["reachable"]), ("after", fields["after"]),
    ].compactMap { key, value in value.map { (key, $0) } }
    guard statements.count == 1, let (keyword, value) = statements.first else {
      let place = statements.dropFirst().first?.1.range ?? name.range
      sink.report(.propertyStatement(name.value, found: statements.map(\.0)), at: place)
      return nil
    }
    let then = fields.pair("then")
    if keyword != "after", let then {
      sink.report(.propertyThen(name.value, hasAfter: false), at: then.key.range)
    }
    let statement: FlowProperty.Statement
    switch keyword {
    case "never": statement = .never(condition(value))
    case "always": statement = .always(condition(value))
    case "reachable": statement = .reachable(condition(value))
    default:
      guard let then else {
        // A misspelt `then` (`than:`) is already an unknown key that names it.
        if !fields.misspelt.contains("then") {
          sink.report(.propertyThen(name.value, hasAfter: true), at: name.range)
        }
        return nil
      }
      guard let event = eventStep(value) else { return nil }
      statement = .after(event, then: condition(then.value))
    }
    return FlowProperty(name: name, statement: statement)
  }

  /// A condition: a mapping of the expectations that describe a state, all of which hold, or
  /// a list of such mappings, one of which holds.
  private mutating func condition(_ node: YAMLNode) -> StateCondition {
    let written = node.items.map(Array.init) ?? [node]
    guard !written.isEmpty else {
      sink.report(.propertyCondition("an empty list"), at: node.range)
      return StateCondition(alternatives: [], range: node.range)
    }
    let keys = ExpectationKey.allCases.filter(\.describesState)
    var alternatives: [[Expectation]] = []
    for item in written {
      guard let pairs = item.pairs, !pairs.isEmpty else {
        let found = item.pairs == nil ? item.kindDescription : "an empty mapping"
        sink.report(.propertyCondition(found), at: item.range)
        continue
      }
      alternatives.append(expectations(item, in: "a condition", allowing: keys))
    }
    return StateCondition(alternatives: alternatives, range: node.range)
  }

  /// `verify:`: the built-in properties switched off, the screens exempt from them, and the
  /// bounds of the search.
  mutating func verificationSettings(_ node: YAMLNode) -> VerificationSettings {
    var settings = VerificationSettings()
    settings.range = node.range
    guard let fields = mapping(node, "'verify'", allowed: Self.verificationKeys, allowsNull: true)
    else { return settings }
    if let off = fields["off"], let items = namesList(off, "'off'") {
      settings.off = items.compactMap { choice($0, "a built-in property") }
    }
    if let final = fields["final"] {
      settings.finalScreens =
        namesList(final, "'final'")?.compactMap { string($0, "a screen") } ?? []
    }
    if let repeatable = fields["repeatable"] {
      settings.repeatableScreens =
        namesList(repeatable, "'repeatable'")?.compactMap { string($0, "a screen") } ?? []
    }
    settings.depth = fields["depth"].flatMap { boundInt($0, "'depth'", least: 1) }
    settings.states = fields["states"].flatMap { boundInt($0, "'states'", least: 1) }
    settings.listLength = fields["lists"].flatMap { boundInt($0, "'lists'", least: 0) }
    settings.intMagnitude = fields["ints"].flatMap { boundInt($0, "'ints'", least: 0) }
    settings.stackHeight = fields["stack"].flatMap { boundInt($0, "'stack'", least: 1) }
    settings.textLength = fields["texts"].flatMap { boundInt($0, "'texts'", least: 0) }
    return settings
  }

  /// A list of names, or one name standing for a list of one.
  private mutating func namesList(_ node: YAMLNode, _ subject: String) -> [YAMLNode]? {
    if node.kind == .scalar { return [node] }
    return list(node, subject).map(Array.init)
  }

  /// A bound of the search: an Int of `least` or more.
  private mutating func boundInt(_ node: YAMLNode, _ subject: String, least: Int)
    -> Located<Int>?
  {
    guard let value = int(node, subject) else { return nil }
    guard value.value >= least else {
      sink.report(
        .wrongType(subject, expected: "\(least) or more", found: "the number \(value.value)"),
        at: value.range)
      return nil
    }
    return value
  }
}
