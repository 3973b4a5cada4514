public import FlowDiagnostics
public import FlowYAML

/// Turns a flow file's YAML tree into a `Flow`.
public enum FlowDecoder {
  /// The top-level keys of a flow file.
  static let topLevelKeys: [StaticString] = [
    "flow", "use", "state", "start", "tabs", "links", "on", "requests", "screens", "alerts",
    "properties", "verify", "spec",
  ]

  /// Decodes a parsed flow file, reporting every problem in one pass.
  ///
  /// A flow comes back whenever the root is a mapping, even with errors, so later stages
  /// can still report what they find; callers decide whether errors stop them.
  ///
  /// - Parameters:
  ///   - root: the parsed document's root (`nil` for an empty file).
  ///   - file: the path to name in diagnostics.
  ///   - source: the file's text, needed for a checklist written as a literal block.
  ///   - limits: the YAML limits for checklist step lines.
  public static func decode(
    _ root: YAMLNode?, file: String, source: SourceText, limits: YAMLLimits = .default
  ) -> (flow: Flow?, diagnostics: [Diagnostic]) {
    var decoder = ModelDecoder(file: file, source: source, limits: limits)
    guard let root else {
      decoder.sink.report(.emptyFile(), at: .start)
      return (nil, decoder.sink.diagnostics)
    }
    let flow = decoder.flow(root)
    return (flow, decoder.sink.diagnostics)
  }

  /// A value written as a checklist's `given` writes one (`true`, `3`, `[KFC, Burger King]`,
  /// `[{ title: Buy milk, isCompleted: false }]`), parsed from a YAML node of its own.
  public static func value(_ node: YAMLNode, file: String, source: SourceText) -> (
    value: Value?, diagnostics: [Diagnostic]
  ) {
    var decoder = ModelDecoder(file: file, source: source, limits: .default)
    let value = decoder.literal(node, "the value")
    return (value?.value, decoder.sink.diagnostics)
  }
}

extension ModelDecoder {
  /// The whole file.
  mutating func flow(_ root: YAMLNode) -> Flow? {
    guard let fields = mapping(root, "a flow file", allowed: FlowDecoder.topLevelKeys) else {
      return nil
    }
    let name: Located<String>
    if let node = fields["flow"], let decoded = string(node, "'flow'") {
      name = decoded
    } else {
      if fields["flow"] == nil {
        reportMissing(
          "flow", in: "a flow file", hint: "the flow's name, such as 'flow: NavigationService'",
          at: SourceRange(at: root.position), unlessMisspeltIn: fields)
      }
      name = Located("Flow", at: SourceRange(at: root.position))
    }
    let state = fields["state"].map { stateVariables($0) } ?? []
    let tabs = fields["tabs"].map { self.tabs($0) } ?? []
    var start: Operation?
    if let node = fields["start"] {
      start = operation(node)
    } else if fields["tabs"] == nil {
      reportMissing(
        "start", in: "a flow",
        hint: "what the navigation service does when it is created, such as '{ setRoot: Login }'",
        at: name.range, unlessMisspeltIn: fields)
    }
    if fields["screens"] == nil {
      reportMissing(
        "screens", in: "a flow", hint: "the screens it navigates between", at: name.range,
        unlessMisspeltIn: fields)
    }
    let (screens, alerts) = screensAndAlerts(screens: fields["screens"], alerts: fields["alerts"])
    let checklist = fields.pair("spec").flatMap { self.checklist($0) }
    var flow = Flow(
      name: name, file: file, state: state, start: start, tabs: tabs,
      links: fields["links"].map { links($0) } ?? [],
      handlers: fields["on"].map { eventHandlers($0, of: nil) } ?? [],
      requests: fields["requests"].map { requests($0) } ?? [],
      uses: fields["use"].map { uses($0) } ?? [], screens: screens, alerts: alerts,
      checklist: checklist)
    flow.properties = fields["properties"].map { properties($0) } ?? []
    if let verify = fields["verify"] { flow.verification = verificationSettings(verify) }
    flow.namesWithErrors = namesWithErrors
    return flow
  }

  /// `state:`: names with default values.
  mutating func stateVariables(_ node: YAMLNode) -> [StateVariable] {
    namedEntries(node, "'state'").compactMapReserving { pair in
      guard let name = string(pair.key, "a state name") else { return nil }
      guard let value = literal(pair.value, "the default of state '\(name.value)'") else {
        namesWithErrors.insert(name.value)
        return nil
      }
      return StateVariable(name: name, initialValue: value)
    }
  }
}

extension ModelDecoder {
  /// `use:`: child flow name → file path.
  mutating func uses(_ node: YAMLNode) -> [FlowUse] {
    namedEntries(node, "'use'").compactMapReserving { pair in
      guard let name = string(pair.key, "a flow name"),
        let path = string(pair.value, "the file of '\(name.value)'")
      else { return nil }
      return FlowUse(name: name, path: path)
    }
  }

  /// A `mapping` whose every key is allowed: for name → declaration mappings.
  mutating func namedEntries(_ node: YAMLNode, _ subject: @autoclosure () -> String)
    -> YAMLPairs
  {
    guard let pairs = node.pairs else {
      if node.isNull { return .empty(in: node) }
      sink.report(
        .wrongType(subject(), expected: "a mapping of names", found: node.kindDescription),
        at: node.range)
      return .empty(in: node)
    }
    return pairs
  }
}
