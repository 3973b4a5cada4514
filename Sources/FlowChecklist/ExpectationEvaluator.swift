import FlowDiagnostics
package import FlowModel
package import FlowRuntime

/// Checks expectations against an observation, the interpreter's or an app's; each failure
/// says what was expected and what was found, at the expectation's place in the YAML. What an
/// app's observation leaves out is reported as not checked.
package struct ExpectationEvaluator {
  package let observed: Observation
  package let file: String
  /// The call counts before the item's own steps.
  package let callBaseline: [NavigationCall: Int]
  package private(set) var failures: [ChecklistFailure] = []
  /// Expectations the observation could not check, and why.
  package private(set) var unchecked: [ChecklistFailure] = []
  /// The id of the expectation being checked.
  private var currentID = "expect"

  /// Whether a failure's message is written: a property's verdict, judged on every state of
  /// a search, needs only whether each expectation holds.
  package var writesMessages = true

  /// The kinds of expectation the driver declared it cannot observe.
  package let unobservable: Set<ExpectationKey>
  /// The kind of the expectation being checked.
  private var currentKey = ExpectationKey.stack

  /// How the event just before went, when the step before sent one and this `expect`
  /// expects it refused.
  package let lastEvent: LastEventOutcome?

  /// Judges the property `holds:` names where the steps left the navigation; `nil` where
  /// there is no interpreter to judge with (an app's run).
  package var judge: ((String) -> PropertyVerdict)?

  package init(
    observed: Observation, file: String, callBaseline: [NavigationCall: Int] = [:],
    unobservable: Set<ExpectationKey> = [], lastEvent: LastEventOutcome? = nil
  ) {
    self.observed = observed
    self.file = file
    self.callBaseline = callBaseline
    self.unobservable = unobservable
    self.lastEvent = lastEvent
  }

  /// `holds`: the property of that name holds here.
  private mutating func checkHolds(_ name: Located<String>, _ range: SourceRange) {
    guard let judge else {
      unchecked.append(
        ChecklistFailure(
          id: currentID,
          message: "not checked: property '\(name.value)' is judged on the interpreter",
          file: file, range: range))
      return
    }
    switch judge(name.value) {
    case .holds: break
    case .fails(let why): fail("property '\(name.value)' fails: \(why)", range)
    case .unknown:
      fail("expected property '\(name.value)' to hold, but the flow has no such property", range)
    case .notJudged(let why):
      unchecked.append(
        ChecklistFailure(
          id: currentID, message: "not checked: property '\(name.value)': \(why)", file: file,
          range: range))
    }
  }

  /// `onStack`: each screen is on some stack, any tab's or a presented screen's own.
  private mutating func checkOnStack(_ routes: [ScreenTarget], _ range: SourceRange) {
    guard let stack = read(observed.stack, "its stack", range) else { return }
    var stacks = [stack] + (observed.tabs.map { Array($0.stacks.values) } ?? [])
    for item in observed.presentations ?? [] {
      if case .screen(let screen, _, let own) = item { stacks.append(own ?? [screen]) }
    }
    let observed = observed
    for route in routes where !stacks.contains(where: { $0.contains(where: route.matches) }) {
      fail(
        "expected \(route.text) on a stack, found none: \(observed.summary)", route.screen.range)
    }
  }

  /// `refused`: the event just before was refused, of `kind` when one is given and the
  /// refusal's kind is known (an error an app's own code throws is of any kind).
  private mutating func checkRefusal(_ kind: Located<String>?, _ range: SourceRange) {
    guard let lastEvent else {
      fail("expected the event just before to be refused, but no event was sent before", range)
      return
    }
    guard let refusal = lastEvent.refusal else {
      let changes =
        lastEvent.changes.isEmpty ? "" : ": " + lastEvent.changes.joined(separator: ", ")
      fail("expected '\(lastEvent.event)' to be refused, but it was done\(changes)", range)
      return
    }
    guard lastEvent.changes.isEmpty else {
      fail(
        "expected '\(lastEvent.event)' to be refused and change nothing, but it changed \(lastEvent.changes.joined(separator: ", ")) (\(refusal.reason))",
        range)
      return
    }
    if let kind, let found = refusal.kind, found != kind.value {
      fail(
        "expected '\(lastEvent.event)' to be refused as \(kind.value), but it was refused as \(found): \(refusal.reason)",
        kind.range)
    }
  }

  /// A part of the observation. When an incomplete observation leaves it out, the
  /// expectation at `range` is not checked: a known issue when the driver declared its kind
  /// unobservable, else a failure saying how to observe or declare it.
  private mutating func read<Part>(_ part: Part?, _ what: String, _ range: SourceRange) -> Part? {
    if part == nil, !observed.isComplete {
      if unobservable.contains(currentKey) {
        unchecked.append(
          ChecklistFailure(
            id: currentID, message: "not checked: the app does not show \(what)", file: file,
            range: range))
      } else {
        let failure = RunFailure.unobserved(what, key: currentKey)
        failures.append(
          ChecklistFailure(id: failure.id, message: failure.message, file: file, range: range))
      }
    }
    return part
  }

  // Better whole: one arm per expectation key, as `Expectation.Kind` lists them, each comparing one
  // field of what is observed.
  package mutating func check(_ expectation: Expectation) {
    currentKey = expectation.kind.key
    currentID = "expect." + expectation.kind.key.rawValue
    switch expectation.kind {
    case .stack(let routes):
      guard let stack = read(observed.stack, "its stack", expectation.range) else { return }
      checkStack(routes, stack, what: "stack", expectation.range)
    case .root(let route):
      guard let stack = read(observed.stack, "its stack", expectation.range) else { return }
      compare("root", route, stack.first)
    case .top(let route):
      guard let stack = read(observed.stack, "its stack", expectation.range) else { return }
      compare("top", route, stack.last)
    case .tab(let name):
      let tabs = read(observed.tabs, "its tab bar", name.range)
      if tabs == nil, !observed.isComplete { return }
      if tabs?.selected != name.value {
        fail(
          "expected tab '\(name.value)' selected, found \(tabs.map { "'\($0.selected)'" } ?? "no tab bar")",
          name.range)
      }
    case .tabs(let stacks):
      let tabs = read(observed.tabs, "its tab bar", expectation.range)
      if tabs == nil, !observed.isComplete { return }
      for stack in stacks {
        guard let found = tabs?.stacks[stack.tab.value] else {
          fail("expected a tab '\(stack.tab.value)', but there is none", stack.tab.range)
          continue
        }
        checkStack(stack.stack, found, what: "stack of tab '\(stack.tab.value)'", stack.tab.range)
      }
    case .animated(let expected):
      checkAnimated(expected, expectation.range)
    case .presented(let expected):
      checkPresented(expected, expectation.range)
    case .navigationBar(let bar):
      checkNavigationBar(bar, expectation.range)
    case .alert(let alert):
      checkAlert(alert, expectation.range)
    case .state(let assignments):
      for assignment in assignments {
        guard case .literal(let expected) = assignment.value.value else { continue }
        let name = assignment.name.value
        guard let found = read(observed.state[name], "state '\(name)'", assignment.name.range)
        else {
          if observed.isComplete {
            fail(
              "expected state '\(name)' to be \(expected), found no such state",
              assignment.value.range)
          }
          continue
        }
        if found != expected {
          fail(
            "expected state '\(name)' to be \(expected), found \(found)", assignment.value.range)
        }
      }
    case .calls(let counts):
      guard let calls = read(observed.calls, "the calls it makes", expectation.range) else {
        return
      }
      for count in counts {
        let call = count.call.value
        let before = callBaseline[call] ?? 0
        let found = calls.count { $0.call == call } - before
        if found != count.count.value {
          let context = before > 0 ? " in this item's steps (\(times(before)) before them)" : ""
          fail(
            "expected '\(call)' called \(times(count.count.value)), found \(times(found))\(context)",
            count.count.range)
        }
      }
    case .pending(let patterns):
      guard let found = read(observed.pendingRequests, "its pending requests", expectation.range)
      else { return }
      let matches =
        patterns.count == found.count
        && zip(patterns, found).allSatisfy {
          ScreenTarget(screen: $0.request, arguments: $0.arguments).matches($1)
        }
      if !matches {
        fail(
          "expected pending \(list(patterns.map { ScreenTarget(screen: $0.request, arguments: $0.arguments).plainText })), found \(list(found.map(\.description)))",
          expectation.range)
      }
    case .refused(let kind):
      checkRefusal(kind, expectation.range)
    case .onStack(let routes):
      checkOnStack(routes, expectation.range)
    case .holds(let name):
      checkHolds(name, expectation.range)
    case .params(let assignments):
      guard let stack = read(observed.stack, "its stack", expectation.range) else { return }
      let top = stack.last
      for assignment in assignments {
        guard case .literal(let expected) = assignment.value.value else { continue }
        let found = top?.arguments[assignment.name.value]
        if found != expected {
          let what =
            found.map(String.init(describing:))
            ?? "no such parameter on '\(top?.name ?? "nothing")'"
          fail(
            "expected parameter '\(assignment.name.value)' of the top screen to be \(expected), found \(what)",
            assignment.value.range)
        }
      }
    }
  }

  private mutating func checkAnimated(_ expected: Bool, _ range: SourceRange) {
    guard let last = read(observed.lastAnimated, "its calls' animated flags", range) else {
      guard observed.isComplete else { return }
      fail(
        "expected the last navigation call \(expected ? "animated" : "not animated"), but no call was made",
        range)
      return
    }
    if last != expected {
      let call = observed.calls?.last.map { " (\($0))" } ?? ""
      fail(
        "expected the last navigation call \(expected ? "animated" : "not animated"), found \(last ? "animated" : "not animated")\(call)",
        range)
    }
  }

  private mutating func checkPresented(_ expected: PresentedExpectation?, _ range: SourceRange) {
    guard let top = read(observed.topPresentation, "what it presents", range) else { return }
    let found = top
    guard let expected else {
      if let found { fail("expected nothing presented, found \(found) presented", range) }
      return
    }
    let name = expected.item.screen
    guard let found else {
      fail("expected \(expected.item.text) presented, found nothing presented", name.range)
      return
    }
    let matches: Bool
    var presentedStack: [ScreenInstance]?
    switch found {
    case .alert(let alert): matches = alert.name == name.value && expected.item.arguments.isEmpty
    case .screen(let screen, _, let stack):
      matches = expected.item.matches(screen)
      presentedStack = stack
    }
    guard matches else {
      fail("expected \(expected.item.text) presented, found \(found) presented", name.range)
      return
    }
    guard let pushed = expected.pushed else { return }
    guard let stack = presentedStack else {
      fail(
        "expected '\(name.value)' presented with a stack of its own ('stack: true'), but it has none",
        name.range)
      return
    }
    let above = Array(stack.dropFirst())
    let same = pushed.count == above.count && zip(pushed, above).allSatisfy { $0.matches($1) }
    if !same {
      fail(
        "expected [\(pushed.map(\.plainText).joined(separator: ", "))] pushed on '\(name.value)', found [\(above.map(\.description).joined(separator: ", "))]",
        name.range)
    }
  }

  private mutating func checkNavigationBar(
    _ expected: NavigationBarExpectation, _ range: SourceRange
  ) {
    guard let bar = read(observed.navigationBar, "its nav bar", range) else {
      if observed.isComplete { fail("expected a nav bar, but no screen is shown", range) }
      return
    }
    if let hidden = expected.hidden, bar.isHidden != hidden.value {
      fail(
        "expected the nav bar \(hidden.value ? "hidden" : "visible"), found it \(bar.isHidden ? "hidden" : "visible")",
        hidden.range)
    }
    if let title = expected.title, bar.title != title.value {
      fail("expected nav bar title \(quoted(title.value)), found \(quoted(bar.title))", title.range)
    }
    if let back = expected.backButton {
      let shows = back.value == .visible
      if bar.showsBackButton != shows {
        fail(
          "expected the back button \(shows ? "visible" : "hidden"), found it \(bar.showsBackButton ? "visible" : "hidden")",
          back.range)
      }
    }
    for side in BarSide.allCases {
      guard let item = side == .left ? expected.left : expected.right else { continue }
      checkBarButton(item, found: bar.item(side), side: side.rawValue)
    }
  }

  private mutating func checkBarButton(
    _ expected: Located<BarButtonExpectation?>, found: ResolvedBarButton?, side: String
  ) {
    guard let expectedItem = expected.value else {
      if found != nil { fail("expected no \(side) button, found one", expected.range) }
      return
    }
    guard let found else {
      fail("expected a \(side) button, found none", expected.range)
      return
    }
    let fields: [(String, Located<String>?, String?)] = [
      ("image", expectedItem.image, found.image),
      ("title", expectedItem.title, found.title),
      (
        "style", expectedItem.style.map { Located($0.value.rawValue, at: $0.range) },
        found.style.rawValue
      ),
      ("tint", expectedItem.tint, found.tint),
      ("action", expectedItem.action, found.action),
    ]
    for (field, expectedValue, foundValue) in fields {
      guard let expectedValue, expectedValue.value != foundValue else { continue }
      fail(
        "expected the \(side) button's \(field) \(quoted(expectedValue.value)), found \(quoted(foundValue))",
        expectedValue.range)
    }
  }

  private mutating func checkAlert(_ expected: AlertExpectation, _ range: SourceRange) {
    guard let top = read(observed.topPresentation, "what it presents", range) else { return }
    guard case .alert(let alert) = top else {
      let found = top.map { "\($0) presented" } ?? "nothing presented"
      fail("expected an alert, found \(found)", range)
      return
    }
    if let style = expected.style, alert.style != style.value {
      fail(
        "expected alert style '\(style.value.rawValue)', found '\(alert.style.rawValue)'",
        style.range)
    }
    if let title = expected.title, alert.title != title.value {
      fail("expected alert title \(quoted(title.value)), found \(quoted(alert.title))", title.range)
    }
    if let message = expected.message, alert.message != message.value {
      fail(
        "expected alert message \(quoted(message.value)), found \(quoted(alert.message))",
        message.range)
    }
    if let actions = expected.actions {
      let matches =
        actions.value.count == alert.actions.count
        && zip(actions.value, alert.actions).allSatisfy { actionMatches($0, $1) }
      if !matches {
        fail(
          "expected actions \(list(actions.value.map(\.written))), found \(list(alert.actions.map(\.description)))",
          actions.range)
      }
    }
    for action in expected.includedActions {
      guard let found = alert.actions.first(where: { $0.title == action.title.value }) else {
        fail(
          "expected an action '\(action.title.value)', found \(list(alert.actions.map(\.description)))",
          action.title.range)
        continue
      }
      if let style = action.style, found.style != style.value {
        fail(
          "expected action '\(action.title.value)' to be '\(style.value.rawValue)', found '\(found.style.rawValue)'",
          style.range)
      }
    }
  }

  private func actionMatches(_ expected: AlertActionExpectation, _ found: PresentedAlert.Action)
    -> Bool
  {
    expected.title.value == found.title && (expected.style.map { $0.value == found.style } ?? true)
  }

  private mutating func compare(_ what: String, _ expected: ScreenTarget, _ found: ScreenInstance?)
  {
    guard let found, expected.matches(found) else {
      fail(
        "expected \(what) \(expected.text), found \(found.map { "'\($0)'" } ?? "an empty stack")",
        expected.screen.range)
      return
    }
  }

  /// A whole stack, root first: names everywhere, values where the expectation gives them.
  private mutating func checkStack(
    _ expected: [ScreenTarget], _ found: [ScreenInstance], what: String, _ range: SourceRange
  ) {
    let matches =
      expected.count == found.count && zip(expected, found).allSatisfy { $0.matches($1) }
    if !matches {
      fail(
        "expected \(what) [\(expected.map(\.plainText).joined(separator: ", "))], found [\(found.map(\.description).joined(separator: ", "))]",
        range)
    }
  }

  /// Notes a failure; its message is written only when `writesMessages`.
  private mutating func fail(_ message: @autoclosure () -> String, _ range: SourceRange) {
    failures.append(
      ChecklistFailure(
        id: currentID, message: writesMessages ? message() : "", file: file, range: range))
  }

}

// Free of the evaluator, so that a failure's message, written only when asked for, does not
// capture it while it records the failure.
private func list(_ names: [String]) -> String { "[" + names.joined(separator: ", ") + "]" }
private func quoted(_ text: String?) -> String { text.map { "'\($0)'" } ?? "none" }
private func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

extension AlertActionExpectation {
  /// `Cancel (cancel)`, or the title alone: the action as expected, for messages.
  fileprivate var written: String {
    "\(title.value)\(style.map { " (\($0.value.rawValue))" } ?? "")"
  }
}

extension ScreenTarget {
  /// Whether a shown screen is this one, with these values where values are given.
  package func matches(_ instance: ScreenInstance) -> Bool {
    guard Self.names(screen.value, instance) else { return false }
    return arguments.allSatisfy { argument in
      guard case .literal(let value) = argument.value.value else { return true }
      // The first value of that name, as `instance.arguments` keeps it, without building
      // its dictionary.
      return instance.values.first { $0.name == argument.name.value }?.value == value
    }
  }

  /// Whether `expected`, a screen's (or request's) name as a checklist writes it, names
  /// `instance`: by its name, or as `Child.Screen` by its flow's too. What an app observes
  /// knows no flows: there `Child.Screen` names the screen `Screen` (the checker has made
  /// sure such a child screen exists).
  static func names(_ expected: String, _ instance: ScreenInstance) -> Bool {
    if instance.name == expected { return true }
    guard let flow = instance.flow else {
      return expected.hasSuffix("." + instance.name)
    }
    return ScreenInstance.isQualified(expected, name: instance.name, flow: flow)
  }

  /// `ProductDetail(id: 42)`, or the name alone.
  package var plainText: String {
    guard !arguments.isEmpty else { return screen.value }
    return screen.value + "("
      + arguments.map { "\($0.name.value): \($0.value.value)" }.joined(separator: ", ") + ")"
  }

  /// `'ProductDetail(id: 42)'`.
  package var text: String { "'\(plainText)'" }
}
