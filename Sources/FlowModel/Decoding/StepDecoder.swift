import FlowDiagnostics
import FlowYAML

/// The keywords of a checklist step.
enum StepKeyword: String, CaseIterable {
  case given, when, expect

  static let allNames = allCases.map(\.rawValue)
}

extension ModelDecoder {
  static let callKeys: [StaticString] = NavigationCall.allCases.map(\.keyword)
  static let expectedBarKeys: [StaticString] = ["hidden", "title", "left", "right", "backButton"]
  static let alertExpectationKeys: [StaticString] = [
    "style", "title", "message", "actions", "action",
  ]

  /// A step's value, decoded by its keyword. `given` is refused below a scenario's root.
  mutating func step(
    _ keyword: StepKeyword, keyword keywordText: Located<String>, value: YAMLNode, isRoot: Bool
  ) -> Step? {
    let range = SourceRange(
      start: keywordText.range.start, end: max(keywordText.range.end, value.range.end))
    switch keyword {
    case .given:
      guard isRoot else {
        sink.report(.givenBelowRoot(), at: keywordText.range)
        return nil
      }
      // `stack` sets where the scenario starts; every other key is a state value.
      var stack: Located<[ScreenTarget]>?
      var state: [Assignment] = []
      if let pairs = value.pairs {
        for pair in pairs {
          if pair.key.hasText("stack") {
            stack = stackExpectation(pair.value, "'stack'").map {
              Located($0, at: pair.key.range)
            }
          } else if let assignment = assignment(pair, allowsReferences: false) {
            state.append(assignment)
          }
        }
      } else {
        state = assignments(value, "'given'", allowsReferences: false)
      }
      return Step(.given(state, stack: stack), keyword: keywordText, range: range)
    case .when:
      let events: [EventStep]
      if let items = value.items {
        events = items.compactMap { eventStep($0) }
      } else {
        events = eventStep(value).map { [$0] } ?? []
      }
      return Step(.when(events), keyword: keywordText, range: range)
    case .expect:
      return Step(.expect(expectations(value)), keyword: keywordText, range: range)
    }
  }

  /// `login`, `{ tap: right }`, `{ alert: Logout }` or `{ selectInfo: { info: A title } }`.
  mutating func eventStep(_ node: YAMLNode) -> EventStep? {
    if node.scalar != nil {
      return string(node, "an event").map {
        EventStep(.event($0, arguments: []), range: node.range)
      }
    }
    guard let pairs = node.pairs, let pair = pairs.first, let key = pair.keyText else {
      sink.report(
        .wrongType(
          "an event", expected: "an event name, '{ tap: right }' or '{ alert: Title }'",
          found: node.kindDescription),
        at: node.range)
      return nil
    }
    let keyword = EventKeyword(rawValue: key).flatMap {
      $0.reservesEventName || pair.value.kind == .scalar ? $0 : nil
    }
    if keyword == .complete || keyword == .fail {
      return requestOutcome(pairs, outcome: keyword == .complete ? .success : .failure, node: node)
    }
    if pairs.count > 1 {
      sink.report(.severalEvents(), at: pairs[1].key.range)
    }
    switch keyword {
    case .tap:
      return choice(pair.value, "a tap target", as: TapTarget.self).map {
        EventStep(.tap($0), range: node.range)
      }
    case .alert:
      return string(pair.value, "an alert action title").map {
        EventStep(.alertAction($0), range: node.range)
      }
    case .open:
      return string(pair.value, "a URL").map { EventStep(.open($0), range: node.range) }
    case .tab:
      return string(pair.value, "a tab name").map { EventStep(.tab($0), range: node.range) }
    case .complete, .fail:
      return nil  // handled above
    case nil:
      let arguments =
        pair.value.isNull
        ? [] : assignments(pair.value, "the arguments of '\(key)'", allowsReferences: false)
      return EventStep(
        .event(Located(key, at: pair.key.range), arguments: arguments), range: node.range)
    }
  }

  /// `{ complete: load, with: { … }, index: 1 }` or `{ fail: … }`.
  private mutating func requestOutcome(_ pairs: YAMLPairs, outcome: RequestOutcome, node: YAMLNode)
    -> EventStep?
  {
    let allowed: [StaticString] =
      outcome == .success ? ["complete", "with", "index"] : ["fail", "with", "index"]
    guard let fields = mapping(node, "'\(outcome.keyword)'", allowed: allowed) else { return nil }
    guard let request = string(pairs[0].value, "the request to \(outcome.keyword)") else {
      return nil
    }
    let values =
      fields["with"].map { assignments($0, "'with'", allowsReferences: false) } ?? []
    var index: Located<Int>?
    if let indexNode = fields["index"], let value = int(indexNode, "'index'") {
      if value.value < 0 {
        sink.report(
          .wrongType("'index'", expected: "0 or more", found: "the number \(value.value)"),
          at: value.range)
      } else {
        index = value
      }
    }
    return EventStep(
      .respond(request, outcome, values: values, index: index), range: node.range)
  }

  /// `expect`'s mapping of expectations; an empty one, which would pass whatever happened,
  /// is an error.
  mutating func expectations(_ node: YAMLNode) -> [Expectation] {
    guard !isEmptyMapping(node, "'expect'", expected: "one or more expectations") else {
      return []
    }
    return expectations(node, in: "'expect'", allowing: ExpectationKey.allCases)
  }

  /// A mapping of expectations whose keys are among `keys`, named `subject` in messages.
  mutating func expectations(
    _ node: YAMLNode, in subject: String, allowing keys: [ExpectationKey]
  ) -> [Expectation] {
    guard let pairs = node.pairs else {
      sink.report(
        .wrongType(subject, expected: "a mapping", found: node.kindDescription), at: node.range)
      return []
    }
    let allowed = keys.map(\.rawValue)
    return pairs.compactMap { pair in
      guard let text = pair.keyText else { return nil }
      guard let key = ExpectationKey(rawValue: text), keys.contains(key) else {
        reportUnknownKey(pair.key, key: text, in: subject, allowed: allowed)
        return nil
      }
      return expectation(key, pair.value).map { Expectation($0, range: pair.key.range) }
    }
  }

  private mutating func expectation(_ key: ExpectationKey, _ value: YAMLNode) -> Expectation.Kind? {
    switch key {
    case .stack:
      return stackExpectation(value, "'stack'").map { .stack($0) }
    case .root: return route(value, allowsReferences: false).map { .root($0) }
    case .top: return route(value, allowsReferences: false).map { .top($0) }
    case .tab: return string(value, "a tab name").map { .tab($0) }
    case .tabs:
      guard !isEmptyMapping(value, "'tabs'", expected: "one or more tabs with their stacks") else {
        return nil
      }
      var stacks: [TabStackExpectation] = []
      for pair in namedEntries(value, "'tabs'") {
        guard let tab = string(pair.key, "a tab name"),
          let stack = stackExpectation(pair.value, "the stack of '\(tab.value)'")
        else { continue }
        stacks.append(TabStackExpectation(tab: tab, stack: stack))
      }
      return .tabs(stacks)
    case .animated: return bool(value, "'animated'").map { .animated($0.value) }
    case .presented:
      if value.isNull || (value.scalar?.value == "none" && value.scalar?.isQuoted == false) {
        return .presented(nil)
      }
      // `{ Compose: [Step2] }`: a presented screen and what is pushed on its own stack.
      if let pairs = value.pairs, pairs.count == 1, pairs[0].value.kind == .sequence {
        guard let name = string(pairs[0].key, "a screen name"),
          let pushed = stackExpectation(pairs[0].value, "the stack of '\(name.value)'")
        else { return nil }
        return .presented(PresentedExpectation(item: ScreenTarget(screen: name), pushed: pushed))
      }
      return route(value, allowsReferences: false).map {
        .presented(PresentedExpectation(item: $0))
      }
    case .navBar:
      guard !isEmptyMapping(value, "'navBar'", expected: "the title or buttons to expect") else {
        return nil
      }
      return navigationBarExpectation(value).map { .navigationBar($0) }
    case .alert: return alertExpectation(value).map { .alert($0) }
    case .state: return namesSomething(value, "'state'").map { .state($0) }
    case .params: return namesSomething(value, "'params'").map { .params($0) }
    case .calls:
      guard !isEmptyMapping(value, "'calls'", expected: "one or more calls with their counts")
      else { return nil }
      return callCounts(value).map { .calls($0) }
    case .pending:
      return stackExpectation(value, "'pending'").map { routes in
        .pending(routes.map { RequestPattern(request: $0.screen, arguments: $0.arguments) })
      }
    case .refused:
      // `true` for any refusal; otherwise the kind, which the checker knows.
      if value.hasText("true") { return .refused(nil) }
      return string(value, "'refused' (true, or a kind of refusal such as argument-type)").map {
        .refused($0)
      }
    case .onStack:
      if let items = value.items, items.isEmpty {
        sink.report(
          .wrongType("'onStack'", expected: "one or more screens to find", found: "an empty list"),
          at: value.range)
        return nil
      }
      return stackExpectation(value, "'onStack'").map { .onStack($0) }
    case .holds:
      return string(value, "the name of a property").map { .holds($0) }
    }
  }

  /// The values a `state:` or `params:` expectation expects, or `nil` for an empty mapping.
  private mutating func namesSomething(_ value: YAMLNode, _ subject: String) -> [Assignment]? {
    guard !isEmptyMapping(value, subject, expected: "one or more names with the values to expect")
    else { return nil }
    return assignments(value, subject, allowsReferences: false)
  }

  /// Whether `value` is an empty mapping, reported as an error: an expectation of nothing
  /// holds everywhere (a property it is part of would fail at the start, or never).
  private mutating func isEmptyMapping(_ value: YAMLNode, _ subject: String, expected: String)
    -> Bool
  {
    guard let pairs = value.pairs, pairs.isEmpty else { return false }
    sink.report(.wrongType(subject, expected: expected, found: "an empty mapping"), at: value.range)
    return true
  }

  /// An expected stack: a list of routes (a single name stands for a stack of one).
  private mutating func stackExpectation(_ node: YAMLNode, _ subject: @autoclosure () -> String)
    -> [ScreenTarget]?
  {
    if node.kind == .scalar {
      return route(node, allowsReferences: false).map { [$0] }
    }
    return list(node, subject()).map { items in
      items.compactMap { route($0, allowsReferences: false) }
    }
  }

  private mutating func navigationBarExpectation(_ node: YAMLNode) -> NavigationBarExpectation? {
    guard let fields = mapping(node, "an expected nav bar", allowed: Self.expectedBarKeys) else {
      return nil
    }
    return NavigationBarExpectation(
      hidden: fields["hidden"].flatMap { bool($0, "'hidden'") },
      title: fields["title"].flatMap { expectedTitle($0) },
      left: fields["left"].flatMap { barButtonExpectation($0, "left") },
      right: fields["right"].flatMap { barButtonExpectation($0, "right") },
      backButton: fields["backButton"].flatMap { choice($0, "a back button visibility") })
  }

  /// An expected title: text, `~` for no title, or a quoted empty text (`""`) for a title
  /// that renders empty (`"{userName}"` while the name is empty), which `flowc suggest`
  /// writes. An unquoted empty value is still an error, as a value left out.
  private mutating func expectedTitle(_ node: YAMLNode) -> Located<String?>? {
    if node.kind == .scalar, !node.isNull, !node.isPlainScalar, node.text.isEmpty {
      return Located("", at: node.range)
    }
    return optionalString(node, "an expected title")
  }

  /// An expected bar button, or `none`/null for no button.
  private mutating func barButtonExpectation(_ node: YAMLNode, _ side: String) -> Located<
    BarButtonExpectation?
  >? {
    if node.isNull || (node.scalar?.value == "none" && node.scalar?.isQuoted == false) {
      return Located(nil, at: node.range)
    }
    guard let fields = mapping(node, "an expected \(side) button", allowed: Self.barButtonKeys)
    else { return nil }
    let expectation = BarButtonExpectation(
      image: fields["image"].flatMap { string($0, "an SF Symbol name") },
      title: fields["title"].flatMap { string($0, "a button title") },
      style: fields["style"].flatMap { choice($0, "a bar button style") },
      tint: fields["tint"].flatMap { string($0, "a tint") },
      action: fields["action"].flatMap { string($0, "an action event") })
    return Located(expectation, at: node.range)
  }

  private mutating func alertExpectation(_ node: YAMLNode) -> AlertExpectation? {
    guard let fields = mapping(node, "an expected alert", allowed: Self.alertExpectationKeys) else {
      return nil
    }
    var expectation = AlertExpectation(
      style: fields["style"].flatMap { choice($0, "an alert style") },
      title: fields["title"].flatMap { optionalString($0, "an expected alert title") },
      message: fields["message"].flatMap { optionalString($0, "an expected alert message") })
    if let actionsNode = fields["actions"], let items = list(actionsNode, "'actions'") {
      expectation.actions = Located(
        items.compactMap { alertActionExpectation($0) }, at: actionsNode.range)
    }
    if let actionNode = fields["action"] {
      expectation.includedActions = alertActionExpectation(actionNode).map { [$0] } ?? []
    }
    return expectation
  }

  /// `{ title: Logout, style: destructive }`, or just the title.
  private mutating func alertActionExpectation(_ node: YAMLNode) -> AlertActionExpectation? {
    if node.scalar != nil {
      return string(node, "an action title").map {
        AlertActionExpectation(title: $0, style: nil, range: node.range)
      }
    }
    guard let fields = mapping(node, "an expected action", allowed: ["title", "style"]) else {
      return nil
    }
    guard let titleNode = fields["title"], let title = string(titleNode, "an action title") else {
      if fields["title"] == nil {
        reportMissing(
          "title", in: "an expected action", hint: "the action's text",
          at: SourceRange(at: node.position), unlessMisspeltIn: fields)
      }
      return nil
    }
    return AlertActionExpectation(
      title: title, style: fields["style"].flatMap { choice($0, "an alert action style") },
      range: node.range)
  }

  private mutating func callCounts(_ node: YAMLNode) -> [CallCount]? {
    guard let fields = mapping(node, "'calls'", allowed: Self.callKeys) else { return nil }
    return fields.entries.compactMap { pair in
      guard let name = pair.keyText, let call = NavigationCall(name: name),
        let count = int(pair.value, "a call count")
      else { return nil }
      return CallCount(call: Located(call, at: pair.key.range), count: count)
    }
  }
}
