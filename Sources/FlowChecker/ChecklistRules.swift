import FlowDiagnostics
import FlowModel

extension DiagnosticMessage {
  static func unboundItem(_ text: String) -> Self {
    Self(
      "checklist.unbound", .warning,
      "checklist item '\(text)' is not bound to any step yet; its test is generated disabled until it has 'when' or 'expect'"
    )
  }
  static func duplicateItem(_ text: String, parent: String?, section: String?) -> Self {
    let place =
      parent.map { "item '\($0)' already has a child" }
      ?? section.map { "section '\($0)' already has an item" }
      ?? "this checklist already has an item"
    return Self(
      "checklist.duplicate-item", .error,
      "\(place) '\(text)'; siblings name their own tests, so give each its own text")
  }
  static func duplicateSection(_ title: String) -> Self {
    Self(
      "checklist.duplicate-section", .warning,
      "section '\(title)' is written twice; a pasted block that repeats its title belongs under the first: move these items there and drop this title"
    )
  }
  static func unknownEvent(_ name: String) -> Self {
    Self("checklist.unknown-event", .error, "no screen handles event '\(name)'")
  }
  static func unknownActionTitle(_ title: String) -> Self {
    Self("checklist.unknown-action", .error, "no alert has an action titled '\(title)'")
  }
  static func unknownParameterAnywhere(_ name: String) -> Self {
    Self("checklist.unknown-param", .error, "no screen has a parameter '\(name)'")
  }
  static func unknownRefusal(_ kind: String, kinds: [String], suggestion: String?) -> Self {
    if kind == "false" {
      // An event refused fails the item anyway: there is nothing to say "not refused" for.
      return Self(
        "checklist.unknown-refusal", .error,
        "'refused: false' is not needed: an item whose event is refused fails unless it expects 'refused'; remove it, and expect what the event shows instead"
      )
    }
    return Self(
      "checklist.unknown-refusal", .error,
      "'\(kind)' is no kind of refusal\(suggestion.map { " (did you mean '\($0)'?)" } ?? ""); 'refused' takes true (any refusal) or one of \(DiagnosticMessage.list(kinds))"
    )
  }
  static func refusedWithoutEvent() -> Self {
    Self(
      "checklist.refused-without-event", .error,
      "'refused' is about the last event of the 'when' step just before this 'expect', and there is none; put the event that is refused in a 'when' right above it"
    )
  }
}

/// The kinds of refusal a checklist may expect: the runtime's refusal ids after `run.`.
let refusalKinds = DiagnosticCatalog.entries.compactMap { entry -> String? in
  guard entry.id.hasPrefix("run.") else { return nil }
  let kind = String(entry.id.dropFirst(4))
  return RefusalKind.defects.contains(kind) ? nil : kind
}

extension Checker {
  /// The checklist's items must be distinct and bound, and their steps must name screens,
  /// alerts, actions, events and state that exist.
  func checkChecklist() {
    guard let checklist = flow.checklist else { return }
    let entries = checklist.entries
    // An item's identity is its path: only siblings may not share a text.
    var seen: [String: Located<String>] = [:]
    for entry in entries where !entry.item.text.value.isEmpty {
      let text = entry.item.text
      let key = "\(entry.sectionIndex)/\(entry.parentID ?? -1)/\(text.value)"
      if let first = seen[key] {
        sink.report(
          .duplicateItem(
            text.value, parent: entry.ancestors.last?.text.value,
            section: checklist.sections[entry.sectionIndex].title?.value),
          at: text.range, notes: [.init("the first is here", range: first.range)])
      } else {
        seen[key] = text
      }
    }
    // A section written twice is most often a pasted block that repeated its title.
    var sectionTitles: [String: Located<String>] = [:]
    for section in checklist.sections {
      guard let title = section.title else { continue }
      if let first = sectionTitles[title.value] {
        sink.report(
          .duplicateSection(title.value), at: title.range,
          notes: [.init("the first is here", range: first.range)])
      } else {
        sectionTitles[title.value] = title
      }
    }
    let names = ChecklistNames(tree)
    for entry in entries {
      if !entry.item.isBound, !entry.item.text.value.isEmpty, !entry.item.hasMisplacedSteps {
        sink.report(.unboundItem(entry.item.text.value), at: entry.item.text.range)
      }
      let steps = entry.item.steps
      for (index, step) in steps.enumerated() {
        check(
          step, after: index > 0 ? steps[index - 1] : nil,
          refusable: steps.refusalExpected(after: index),
          unreadStepBefore: entry.item.hasMisplacedSteps, names)
      }
    }
    checkSelfComparisons(in: entries, names)
  }

  /// `if: { pin: $pin }` in a handler, where `pin` is state: `$pin` is the event's argument,
  /// and a step that sends the event without it makes the condition compare the state with
  /// itself, which always holds. Reported once per condition, naming the first such step.
  private func checkSelfComparisons(in entries: [ChecklistEntry], _ names: ChecklistNames) {
    guard !names.selfComparisons.isEmpty else { return }
    var reported: Set<SourceRange> = []
    for entry in entries {
      for step in entry.item.steps {
        guard case .when(let events) = step.kind else { continue }
        for event in events {
          guard case .event(let name, let arguments) = event.kind else { continue }
          for comparison in names.selfComparisons[name.value] ?? []
          where !arguments.contains(where: { $0.name.value == comparison.name })
            && reported.insert(comparison.range).inserted
          {
            sink.report(
              .selfComparison(comparison.name, event: name.value, stepLine: name.range.start.line),
              at: comparison.range)
          }
        }
      }
    }
  }

  /// `refusable`: the step's last event may be refused, as the next step expects.
  /// `unreadStepBefore`: a step of the item could not be read (and was reported), so a
  /// `refused` without a `when` before it may follow that one.
  private func check(
    _ step: Step, after previous: Step?, refusable: Bool, unreadStepBefore: Bool,
    _ names: ChecklistNames
  ) {
    switch step.kind {
    case .given(let assignments, let stack):
      reportDollarValues(assignments)
      for assignment in assignments {
        // A child's state is set when the child starts, from its defaults and `with:`.
        if flow.stateVariable(named: assignment.name.value) == nil,
          stateAnywhere(named: assignment.name.value) != nil
        {
          sink.report(.givenChildState(assignment.name.value), at: assignment.name.range)
          continue
        }
        checkStateAssignment(assignment, context: "'given'", origin: nil)
      }
      for route in stack?.value ?? [] {
        checkExpectedRoute(route, "stack", requiresArguments: true)
      }
    case .when(let events):
      for (index, event) in events.enumerated() {
        check(event, mayBeRefused: refusable && index == events.count - 1, names)
      }
    case .expect(let expectations):
      for expectation in expectations {
        if case .refused = expectation.kind, !(previous?.sendsEvents ?? false), !unreadStepBefore {
          sink.report(.refusedWithoutEvent(), at: expectation.range)
        }
        check(expectation, names)
      }
    }
  }

  func check(_ event: EventStep, mayBeRefused: Bool, _ names: ChecklistNames) {
    switch event.kind {
    case .event(let name, let arguments):
      if !names.events.contains(name.value) {
        reportUnknown(
          .unknownEvent(name.value), name: name, candidates: names.handledEvents,
          set: .handledEvents)
      }
      // A value no handler reads passes an item for the wrong reason, refused or not.
      reportDollarValues(arguments)
      reportUnread(
        arguments, sentTo: "event '\(name.value)'", read: names.argumentReads[name.value] ?? [],
        names)
      // A value of the wrong type is what an event expected to be refused may send.
      guard !mayBeRefused else { return }
      for use in names.requiredArguments[name.value] ?? []
      where !arguments.contains(where: { $0.name.value == use.name }) {
        sink.report(.missingEventArgument(name.value, argument: use.name), at: name.range)
      }
      Self.reportLiteralTypes(
        of: arguments, sentTo: "event '\(name.value)'",
        passed: names.argumentTypes[name.value] ?? PassedTypes(), into: &sink)
    case .alertAction(let title):
      if !names.actionTitles.contains(where: { $0.value == title.value }) {
        reportUnknown(
          .unknownActionTitle(title.value), name: title, candidates: names.actionTitles,
          set: .actionTitles)
      }
    case .tab(let tab):
      checkTabName(tab, "tab")
    case .respond(let request, let outcome, let values, _):
      guard let address = names.requestAddresses[request.value] else {
        reportUnknownRequest(.unknownRequest(outcome.keyword, request.value), name: request)
        break
      }
      reportDollarValues(values)
      if !mayBeRefused {
        for needed in names.outcomeNeeds[address]?[outcome] ?? []
        where !values.contains(where: { $0.name.value == needed }) {
          sink.report(
            .missingOutcomeValue(request.value, outcome: outcome.keyword, value: needed),
            at: request.range)
        }
        Self.reportLiteralTypes(
          of: values, sentTo: "'\(outcome.keyword)' of request '\(request.value)'",
          passed: names.outcomeTypes[address]?[outcome] ?? PassedTypes(), into: &sink)
      }
      reportUnread(
        values, sentTo: "'\(outcome.keyword)' of request '\(request.value)'",
        read: names.outcomeReads[address]?[outcome] ?? [], names,
        ownValues: tree.flows[address.flow].requests[address.request].params.map(\.name.value))
    case .open(let url):
      checkLinkTypo(url)
    case .tap:
      break
    }
  }

  /// Each value of `assignments` that is text starting with `$name` (or a list or record
  /// holding one): a checklist reads no `$name`, so it is that text, most often meant as a
  /// value of the flow's.
  func reportDollarValues(_ assignments: [Assignment]) {
    func dollarText(in value: Value) -> String? {
      switch value {
      case .string(let text):
        guard text.hasPrefix("$"), TextTemplate.dollarNames(in: text).first?.offset == 0 else {
          return nil
        }
        return text
      case .list(let items): return items.lazy.compactMap(dollarText).first
      case .record(let fields):
        return fields.sorted { $0.key < $1.key }.lazy.compactMap { dollarText(in: $0.value) }.first
      case .bool, .int: return nil
      }
    }
    for assignment in assignments {
      guard case .literal(let value) = assignment.value.value, let text = dollarText(in: value)
      else { continue }
      sink.report(.dollarInChecklist(text), at: assignment.value.range)
    }
  }

  /// Each of `arguments` that nothing `sentTo` reads (`read`, nor a text shown or a screen's
  /// `onEnter`): most often a misspelt name (`draf` for `draft`), whose value then does
  /// nothing while the item may still pass.
  private func reportUnread(
    _ arguments: [Assignment], sentTo receiver: String, read: Set<String>,
    _ names: ChecklistNames, ownValues: [String] = []
  ) {
    for argument in arguments {
      let name = argument.name.value
      guard !read.contains(name), !names.readAnywhere.contains(name) else { continue }
      if ownValues.contains(name) {
        // A request's own value of that name is read first (`with:` where it started).
        sink.report(.shadowedOutcomeValue(name, receiver: receiver), at: argument.name.range)
        continue
      }
      let suggestion = Suggestion.closest(to: name, among: read.sorted())
      sink.report(
        .unreadArgument(name, receiver: receiver, suggestion: suggestion),
        at: argument.name.range,
        fixIts: suggestion.map { [FixIt(range: argument.name.range, replacement: $0)] } ?? [])
    }
  }

  /// An expected route: a screen that exists, values for parameters it has, of their types.
  /// A route a step names. `requiresArguments` where the step builds the screen (a given
  /// stack), so that each required parameter must be given; an expected route matches any
  /// value of a parameter it leaves out.
  private func checkExpectedRoute(
    _ route: ScreenTarget, _ keyword: String, requiresArguments: Bool = false
  ) {
    guard let screen = screenAnywhere(named: route.screen.value) else {
      checkScreenName(route.screen, keyword)
      return
    }
    if requiresArguments {
      reportMissingParameters(
        screen.params, in: route.arguments, owner: "screen '\(screen.name.value)'",
        route: screen.name.value, at: route.screen.range)
    }
    checkLiteralArguments(
      route.arguments, params: screen.params, owner: "screen '\(screen.name.value)'",
      named: "'\(screen.name.value)'")
  }

  /// Values a checklist gives the parameters `params` of `owner` (a screen's, a request's):
  /// each must name one, and a literal must have its type. `named` is how a type mismatch
  /// names the owner (`'Detail'`; the owner itself when left out).
  private func checkLiteralArguments(
    _ arguments: [Assignment], params: [Parameter], owner: String, named: String? = nil
  ) {
    for argument in arguments {
      guard let parameter = params.first(where: { $0.name.value == argument.name.value }) else {
        reportUnknown(
          .unknownParameter(argument.name.value, owner: owner), name: argument.name,
          candidates: params.map(\.name))
        continue
      }
      checkLiteralType(
        argument.value, expected: parameter.type.value.base,
        subject: "parameter '\(parameter.name.value)' of \(named ?? owner)")
    }
  }

  func checkScreenName(_ name: Located<String>, _ keyword: String) {
    if screenAnywhere(named: name.value) == nil {
      reportUnknown(
        .unknownScreen(keyword, name.value, isAlert: flow.indexOfAlert(named: name.value) != nil),
        name: name,
        candidates: screenNamesAnywhere, set: .screensAnywhere,
        fileOfCandidate: fileOfNameAnywhere())
    }
  }

  // Better whole: one arm per expectation key, each checking the names that key takes.
  func check(_ expectation: Expectation, _ names: ChecklistNames) {
    switch expectation.kind {
    case .stack(let routes):
      for route in routes { checkExpectedRoute(route, "stack") }
    case .root(let route):
      checkExpectedRoute(route, "root")
    case .top(let route):
      checkExpectedRoute(route, "top")
    case .tab(let tab):
      checkTabName(tab, "tab")
    case .tabs(let stacks):
      for stack in stacks {
        checkTabName(stack.tab, "tabs")
        for route in stack.stack { checkExpectedRoute(route, "tabs") }
      }
    case .presented(let expected):
      guard let expected else { break }
      let name = expected.item.screen
      if screenAnywhere(named: name.value) != nil {
        checkExpectedRoute(expected.item, "presented")
      } else if !tree.flows.contains(where: { $0.indexOfAlert(named: name.value) != nil }) {
        reportUnknown(
          .unknownPresentable(name.value, keyword: "presented"), name: name,
          candidates: screenNamesAnywhere + tree.flows.flatMap { $0.alerts.map(\.name) },
          set: .screensAndAlertsAnywhere, fileOfCandidate: fileOfNameAnywhere(alerts: true))
      }
      for route in expected.pushed ?? [] { checkExpectedRoute(route, "presented") }
    case .navigationBar(let bar):
      for item in [bar.left?.value, bar.right?.value] {
        if let action = item?.action, !names.events.contains(action.value) {
          reportUnknown(
            .unknownEvent(action.value), name: action, candidates: names.handledEvents,
            set: .handledEvents)
        }
      }
    case .alert(let alert):
      let expected = (alert.actions?.value ?? []) + alert.includedActions
      for action in expected
      where !names.actionTitles.contains(where: { $0.value == action.title.value }) {
        reportUnknown(
          .unknownActionTitle(action.title.value), name: action.title,
          candidates: names.actionTitles, set: .actionTitles)
      }
    case .state(let assignments):
      reportDollarValues(assignments)
      for assignment in assignments {
        checkStateAssignment(assignment, context: "'state'", origin: nil, anywhere: true)
      }
    case .params(let assignments):
      reportDollarValues(assignments)
      // A child's screens are on the stack as the parent's are.
      let screens = tree.flows.flatMap(\.screens)
      let parameters = screens.flatMap { $0.params.map(\.name) }
      for assignment in assignments {
        let declared = screens.flatMap { screen in
          screen.params.filter { $0.name.value == assignment.name.value }.map(\.type.value.base)
        }
        guard !declared.isEmpty else {
          reportUnknown(
            .unknownParameterAnywhere(assignment.name.value), name: assignment.name,
            candidates: parameters)
          continue
        }
        // A value no screen's parameter of that name can hold never matches.
        if case .literal(let value) = assignment.value.value, !declared.contains(value.type) {
          var types: [ValueType] = []
          for type in declared where !types.contains(type) { types.append(type) }
          sink.report(
            .typeMismatch(
              "parameter '\(assignment.name.value)'",
              expected: types.map(\.withArticle).joined(separator: " or "),
              found: value.type.withArticle),
            at: assignment.value.range)
        }
      }
    case .pending(let requests):
      for pattern in requests {
        guard let address = names.requestAddresses[pattern.request.value] else {
          reportUnknownRequest(
            .unknownRequest("pending", pattern.request.value), name: pattern.request)
          continue
        }
        let request = tree.flows[address.flow].requests[address.request]
        checkLiteralArguments(
          pattern.arguments, params: request.params, owner: "request '\(request.name.value)'")
      }
    case .refused(let kind):
      guard let kind, !refusalKinds.contains(kind.value) else { break }
      let suggestion = Suggestion.closest(to: kind.value, among: refusalKinds)
      sink.report(
        .unknownRefusal(kind.value, kinds: refusalKinds, suggestion: suggestion), at: kind.range,
        fixIts: suggestion.map { [FixIt(range: kind.range, replacement: $0)] } ?? [])
    case .onStack(let routes):
      for route in routes { checkExpectedRoute(route, "onStack") }
    case .holds(let name):
      let builtIns = BuiltInProperty.allCases.filter { $0 != .allReachable }.map(\.rawValue)
      if name.value == BuiltInProperty.allReachable.rawValue,
        flow.property(named: name.value) == nil
      {
        sink.report(.wholeSpaceProperty(name.value), at: name.range)
      } else if flow.property(named: name.value) == nil, !builtIns.contains(name.value) {
        reportUnknown(
          .unknownProperty(name.value), name: name,
          candidates: flow.properties.map(\.name) + builtIns.map { Located($0, at: name.range) })
      }
    case .animated, .calls:
      break
    }
  }
}

/// What checklist steps may name, gathered once per flow: the handled events, the alert
/// action titles, and the types each event's arguments are passed on as.
struct ChecklistNames {
  let handledEvents: [Located<String>]
  let events: Set<String>
  let actionTitles: [Located<String>]
  /// Event → the types its handlers need each argument to have (`PassedTypes`).
  let argumentTypes: [String: PassedTypes]
  /// Event → every name its handlers read as `$name` or `{name}` in their operations.
  let argumentReads: [String: Set<String>]
  /// Request → outcome → every name it reads as `$name` or `{name}` from a step's values
  /// (the request's own values are read first, so a step's value of such a name is not).
  let outcomeReads: [FlowTree.RequestAddress: [RequestOutcome: Set<String>]]
  /// Request → outcome → the values it reads whatever the state (not in an `if:`'s arms),
  /// that are neither the request's own values nor state: what a step must give.
  let outcomeNeeds: [FlowTree.RequestAddress: [RequestOutcome: [String]]]
  /// Request → outcome → the types it needs each value a step gives to have
  /// (`PassedTypes`); the request's own values are read first, so none of those is here.
  let outcomeTypes: [FlowTree.RequestAddress: [RequestOutcome: PassedTypes]]
  /// Every name a step may give a request (`FlowTree.requestAddresses`), and the request:
  /// the three maps above are by request.
  let requestAddresses: [String: FlowTree.RequestAddress]
  /// Every `{name}` in an alert's title or message: an alert's text is made when it is
  /// presented, from the arguments of the event that presents it.
  let readAnywhere: Set<String>
  /// Event → the arguments every handler of it reads whatever the state, each with where
  /// the first handler reads it: a step that sends the event without one is refused.
  let requiredArguments: [String: [ArgumentUse]]
  /// Event → the conditions that compare a state with the argument of the same name
  /// (`if: { pin: $pin }`, `pin` being state and no parameter of the screen) in every
  /// handler of it, by that name and where the first handler's `$pin` is: a step that sends
  /// the event without the argument reaches one whatever screen shows.
  let selfComparisons: [String: [(name: String, range: SourceRange)]]

  init(_ tree: FlowTree) {
    handledEvents = tree.flows.flatMap { flow in
      flow.screens.flatMap { $0.handlers.map(\.event) } + flow.handlers.map(\.event)
    }
    events = Set(handledEvents.map(\.value))
    actionTitles = tree.flows.flatMap { $0.alerts.flatMap { $0.actions.map(\.title) } }
    var types: [String: PassedTypes] = [:]
    var reads: [String: Set<String>] = [:]
    var required: [String: [ArgumentUse]] = [:]
    var unconditional: [ArgumentUse] = []
    var comparisons: [String: [(name: String, range: SourceRange)]] = [:]
    tree.forEachHandler { handler, index, flow, screen, child in
      let event = handler.event.value
      // A child flow's handlers are its file's to judge: one makes "every handler" false.
      let own = index == 0 ? handler.operation.selfComparisons(in: flow, screen: screen) : []
      if let known = comparisons[event] {
        comparisons[event] = known.filter { compared in own.contains { $0.name == compared.name } }
      } else {
        comparisons[event] = own
      }
      handler.operation.visit { operation in
        operation.insertValuesRead(into: &reads[event, default: []])
        types[event, default: PassedTypes()].note(
          operation, in: flow, screen: screen, child: child)
      }
      unconditional.removeAll(keepingCapacity: true)
      handler.operation.appendArgumentUses(
        in: flow, screen: screen, child: child, to: &unconditional, throughArms: false,
        comparisons: true)
      // What every handler reads: the first handler's, less what any other does not read.
      if let known = required[event] {
        required[event] = known.filter { use in unconditional.contains { $0.name == use.name } }
      } else {
        var seen: Set<String> = []
        required[event] = unconditional.filter { seen.insert($0.name).inserted }
      }
    }
    argumentTypes = types
    argumentReads = reads
    var outcomeReads: [FlowTree.RequestAddress: [RequestOutcome: Set<String>]] = [:]
    var outcomeNeeds: [FlowTree.RequestAddress: [RequestOutcome: [String]]] = [:]
    var outcomeTypes: [FlowTree.RequestAddress: [RequestOutcome: PassedTypes]] = [:]
    requestAddresses = tree.requestAddresses
    var anywhere: Set<String> = []
    func readText(_ text: Located<String>?) {
      guard let text, TextTemplate.mayHoldNames(text.value) else { return }
      for (name, _) in TextTemplate(text.value).names { anywhere.insert(name) }
    }
    for (index, flow) in tree.flows.enumerated() {
      let child = tree.childFlow(of: index)
      for (position, request) in flow.requests.enumerated() {
        let address = FlowTree.RequestAddress(flow: index, request: position)
        for (outcome, operation) in [
          (RequestOutcome.success, request.onSuccess), (.failure, request.onFailure),
        ] {
          var passed = PassedTypes()
          operation?.visit { operation in
            passed.note(
              operation, in: flow, screen: nil, child: child,
              shadowed: { request.parameter(named: $0) != nil })
          }
          outcomeTypes[address, default: [:]][outcome] = passed
          let needed = operation.map(Self.readsWhateverTheState) ?? []
          outcomeNeeds[address, default: [:]][outcome] = needed.filter { name in
            request.parameter(named: name) == nil && flow.stateVariable(named: name) == nil
          }
          var read: Set<String> = []
          operation?.visit { $0.insertValuesRead(into: &read) }
          outcomeReads[address, default: [:]][outcome] = read.filter {
            request.parameter(named: $0) == nil
          }
        }
      }
      for alert in flow.alerts {
        readText(alert.title)
        readText(alert.message)
      }
    }
    self.outcomeReads = outcomeReads
    self.outcomeNeeds = outcomeNeeds
    self.outcomeTypes = outcomeTypes
    readAnywhere = anywhere
    requiredArguments = required
    selfComparisons = comparisons.filter { !$0.value.isEmpty }
  }
}

extension ChecklistNames {
  /// The names `operation` reads as `$name` or `{name}` whatever the state: in it and the
  /// operations it runs in order, not in an `if:`'s arms, in the order first read.
  static func readsWhateverTheState(_ operation: Operation) -> [String] {
    var names: Set<String> = []
    var ordered: [String] = []
    func walk(_ operation: Operation) {
      var read: Set<String> = []
      if case .branch(let condition, _, _) = operation.kind {
        // The conditions of `all` are asked in order until one fails: the first always.
        condition.insertValuesReadWhateverTheState(into: &read)
      } else {
        operation.insertValuesRead(into: &read)
      }
      for name in read.sorted() where names.insert(name).inserted { ordered.append(name) }
      if case .sequence(let operations) = operation.kind { operations.forEach(walk) }
    }
    walk(operation)
    return ordered
  }
}

extension Operation {
  /// The conditions of this operation and those nested in it that compare a state with the
  /// event's argument of the same name, where that name is state and no parameter of
  /// `screen`: by name, with where the `$name` is.
  func selfComparisons(in flow: Flow, screen: Screen?) -> [(name: String, range: SourceRange)] {
    var found: [(name: String, range: SourceRange)] = []
    visit { operation in
      guard case .branch(let condition, _, _) = operation.kind else { return }
      for (state, value) in condition.locatedComparisons {
        guard case .reference(let name) = value.value, name == state.value,
          flow.stateVariable(named: name) != nil,
          screen?.params.contains(where: { $0.name.value == name }) != true
        else { continue }
        found.append((name, value.range))
      }
    }
    return found
  }
}
