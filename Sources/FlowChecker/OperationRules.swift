import FlowDiagnostics
import FlowModel

extension Checker {
  /// Every screen, alert, state and parameter an operation names must exist, with values
  /// of the right type. Returns what the screen's operations show, found on the way.
  func checkOperations(ofScreen index: Int) -> NavigationTargets {
    var targets = NavigationTargets()
    // Room for what a screen's few handlers show: an array grown one append at a time
    // allocates at one, two and four.
    let room = flow.screens[index].handlers.count + (flow.screens[index].onEnter == nil ? 0 : 1)
    if room > 0 {
      targets.screens.reserveCapacity(room)
      targets.stackedScreens.reserveCapacity(room)
    }
    var dismisses = false
    flow.forEachOperation(ofScreen: index) { operation, origin in
      if case .dismiss = operation.kind { dismisses = true }
      check(operation, origin: origin, showing: &targets)
    }
    if dismisses, !targets.pushes.isEmpty {
      // A push after a `dismiss` in the same list acts on the stack beneath the screen.
      var beneath: [SourceRange] = []
      flow.forEachRootOperation(ofScreen: index) { root, _ in
        root.notePushesAfterDismiss(in: &beneath)
      }
      targets.pushes.removeAll { beneath.contains($0.range) }
    }
    return targets
  }

  /// The same rules for `start`, alert actions, the flow's own handlers and requests'
  /// outcomes; returns what each shows, for reachability.
  func checkOperationsOutsideScreens() -> OutsideScreens {
    var outside = OutsideScreens()
    flow.start?.visit { check($0, origin: .start, showing: &outside.start) }
    outside.alerts = flow.alerts.map { alert in
      var targets = NavigationTargets()
      for action in alert.actions {
        action.operation?.visit { check($0, origin: .alertAction, showing: &targets) }
      }
      return targets
    }
    for handler in flow.handlers {
      handler.operation.visit { check($0, origin: .flowEvent, showing: &outside.flowEvents) }
    }
    outside.requests = flow.requests.indices.map { index in
      var targets = NavigationTargets()
      for outcome in RequestOutcome.allCases {
        flow.requests[index].handler(for: outcome)?.visit {
          check($0, origin: .request(index), showing: &targets)
        }
      }
      return targets
    }
    return outside
  }

  /// Checks one operation (not those nested in it) and adds what it shows to `targets`.
  // Better whole: one arm per operation kind, each the rules UIKit sets for that call.
  private func check(
    _ operation: Operation, origin: OperationOrigin, showing targets: inout NavigationTargets
  ) {
    // After the operation's other rules, as they report first at the same place.
    defer { checkTexts(writtenBy: operation, origin: origin) }
    switch operation.kind {
    case .setRoot(let target), .push(let target):
      let keyword = operation.call?.name ?? "push"
      if let screen = checkRoute(target, keyword: keyword, origin: origin) {
        targets.screens.append(screen)
        targets.stackedScreens.append(screen)
      }
      if case .push = operation.kind, let screen = origin.screen {
        targets.pushes.append((operation.range, screen))
      }
    case .reset(let routes):
      for route in routes {
        if let screen = checkRoute(route, keyword: "reset", origin: origin) {
          targets.screens.append(screen)
          targets.stackedScreens.append(screen)
        }
      }
    case .select(let tab):
      checkTabName(tab, "select")
    case .present(let presentation):
      let target = presentation.target
      if let screen = flow.indexOfScreen(named: target.value) {
        targets.screens.append(screen)
        if presentation.hasNavigationStack?.value == true {
          targets.stackedScreens.append(screen)
        } else {
          targets.stacklessScreens.append(screen)
        }
        checkArguments(
          presentation.arguments, params: flow.screens[screen].params, owner: "screen",
          at: target, origin: origin)
      } else if let alert = flow.indexOfAlert(named: target.value) {
        targets.alerts.append((alert, origin))
        if let style = presentation.style {
          sink.report(.styleOnAlert(target.value), at: style.range)
        }
        if let first = presentation.arguments.first {
          sink.report(.argumentsToAlert(target.value), at: first.name.range)
        }
        if let stack = presentation.hasNavigationStack {
          sink.report(.styleOnAlert(target.value, key: "stack"), at: stack.range)
        }
      } else {
        reportUnknown(
          .unknownPresentable(target.value), name: target, candidates: screenNames + alertNames,
          set: .screensAndAlerts)
      }
    case .set(let assignments):
      for assignment in assignments {
        checkStateAssignment(assignment, context: "'set'", origin: origin)
      }
    case .add(let assignments):
      for assignment in assignments {
        checkStateChange(assignment, keyword: "add", origin: origin)
      }
    case .append(let assignments):
      for assignment in assignments {
        checkStateChange(assignment, keyword: "append", origin: origin)
      }
    case .remove(let assignments):
      for assignment in assignments {
        checkStateChange(assignment, keyword: "remove", origin: origin)
        if case .literal(.record(let fields)) = assignment.value.value, fields.isEmpty {
          sink.report(.emptyRecordPattern(assignment.name.value), at: assignment.value.range)
        }
      }
    case .update(let updates):
      for update in updates {
        // The list must exist and be a list; the fields read must read something.
        _ = changedState(update.state, keyword: "update")
        for assignment in update.match + update.changes {
          checkRecordReferences(assignment.value, origin: origin)
        }
        checkRecordFields(update.match + update.changes, of: update.state.value, origin: origin)
      }
    case .request(let call):
      guard let request = flow.indexOfRequest(named: call.request.value) else {
        reportUnknown(
          .unknownRequest("request", call.request.value), name: call.request,
          candidates: flow.requests.map(\.name))
        return
      }
      targets.requests.append(request)
      checkArguments(
        call.arguments, params: flow.requests[request].params, owner: "request",
        at: call.request, origin: origin)
    case .startFlow(let start):
      targets.startedFlows.append(start.flow.value)
      checkStart(start, origin: origin)
      // Values read here must exist in the parent.
      for argument in start.arguments {
        if case .reference(let name) = argument.value.value,
          case .unresolved(let context) = resolution(of: name, origin: origin)
        {
          sink.report(.unresolvedReference(name, context), at: argument.value.range)
        }
      }
    case .finish(let finish):
      for argument in finish.arguments {
        if case .reference(let name) = argument.value.value,
          case .unresolved(let context) = resolution(of: name, origin: origin)
        {
          sink.report(.unresolvedReference(name, context), at: argument.value.range)
        }
      }
    case .branch(let condition, _, _):
      check(condition, origin: origin)
    case .pop, .popToRoot, .dismiss, .sequence:
      break
    }
  }

  /// A route must name a screen and give its parameters values of the right types; returns
  /// the screen's index, or for a misspelt name the screen its error suggests (`Setings` for
  /// `Settings`), so that a typo is one error and the screen is not also reported unreachable.
  @discardableResult
  func checkRoute(_ route: ScreenTarget, keyword: String, origin: OperationOrigin?) -> Int? {
    guard let screen = flow.indexOfScreen(named: route.screen.value) else {
      let isAlert = flow.indexOfAlert(named: route.screen.value) != nil
      let meant = reportUnknown(
        .unknownScreen(keyword, route.screen.value, isAlert: isAlert), name: route.screen,
        candidates: screenNames, set: .screens)
      // Only the screen the error itself suggests: no other is taken as reached.
      return meant.flatMap { flow.indexOfScreen(named: $0) }
    }
    checkArguments(
      route.arguments, params: flow.screens[screen].params, owner: "screen", at: route.screen,
      origin: origin, writtenAsRoute: keyword == "routes" || keyword == "root" || keyword == "reset"
    )
    return screen
  }

  /// A tab name, as `select` or a step writes it, must name a declared tab.
  func checkTabName(_ name: Located<String>, _ keyword: String) {
    guard flow.indexOfTab(named: name.value) == nil else { return }
    if flow.tabs.isEmpty {
      sink.report(.noTabs(keyword), at: name.range)
    } else if let titled = flow.tabs.first(where: { $0.title?.value == name.value }) {
      // The title the tab bar shows is not the tab's name.
      sink.report(
        .unknownTab(keyword, name.value, titleOf: titled.name.value), at: name.range,
        fixIts: [FixIt(range: name.range, replacement: titled.name.value)])
    } else {
      reportUnknown(.unknownTab(keyword, name.value), name: name, candidates: flow.tabs.map(\.name))
    }
  }

  /// `with:` must give every parameter of the screen (or request), and only those, with the
  /// right types.
  private func checkArguments(
    _ arguments: [Assignment], params: [Parameter], owner: String, at target: Located<String>,
    origin: OperationOrigin?, writtenAsRoute: Bool = false
  ) {
    let name = target.value
    for argument in arguments {
      guard let parameter = params.first(where: { $0.name.value == argument.name.value }) else {
        reportUnknown(
          .unknownParameter(argument.name.value, owner: "\(owner) '\(name)'"), name: argument.name,
          candidates: params.map(\.name))
        continue
      }
      checkValue(
        argument.value, expected: parameter.type.value.base,
        subject: "parameter '\(parameter.name.value)' of '\(name)'", origin: origin)
    }
    reportMissingParameters(
      params, in: arguments, owner: "\(owner) '\(name)'", route: writtenAsRoute ? name : nil,
      at: target.range)
  }

  /// Each required parameter of `params` that `arguments` leave out, reported at `range`;
  /// `route` names the screen where the arguments are written in a route (see
  /// `missingArgument`). `owner` is made only for a report: most routes leave nothing out.
  func reportMissingParameters(
    _ params: [Parameter], in arguments: [Assignment], owner: @autoclosure () -> String,
    route: @autoclosure () -> String?, at range: SourceRange
  ) {
    for parameter in params
    where !parameter.type.value.isOptional
      && !arguments.contains(where: { $0.name.value == parameter.name.value })
    {
      sink.report(
        .missingArgument(parameter.name.value, owner: owner(), route: route()), at: range)
    }
  }

  /// A state name and value, as in `set:` or `given:`. With `anywhere` (a checklist's
  /// `given` and `state` expectations), a child flow's state as `Flow.name` too.
  func checkStateAssignment(
    _ assignment: Assignment, context: String, origin: OperationOrigin?, anywhere: Bool = false
  ) {
    let name = assignment.name.value
    guard
      let variable = anywhere ? stateAnywhere(named: name) : flow.stateVariable(named: name)
    else {
      if anywhere, let named = stateNamedByUse(name) {
        sink.report(
          .childStateByUseName(name, flowName: named), at: assignment.name.range,
          fixIts: [FixIt(range: assignment.name.range, replacement: named)])
        return
      }
      // A child's state is declared, and suggested from, in the child's file.
      let child = anywhere ? childDeclaring(state: name) : nil
      let files = anywhere ? stateFilesAnywhere : []
      reportUnknown(
        .unknownState(name, context, declaredIn: child?.file), name: assignment.name,
        candidates: anywhere ? stateNamesAnywhere : stateNames,
        set: anywhere ? .stateAnywhere : .state,
        fileOfCandidate: anywhere ? { files[$0] } : nil
      )
      return
    }
    checkValue(
      assignment.value, expected: variable.initialValue.value.type,
      subject: "state '\(name)'", origin: origin)
    checkListItems(
      assignment.value, of: variable, named: name, origin: origin,
      suggestsUpdate: context == "'set'")
  }

  /// A literal must have the expected type; a `$reference` must resolve where it is written.
  private func checkValue(
    _ value: Located<ValueExpression>, expected: ValueType, subject: @autoclosure () -> String,
    origin: OperationOrigin?
  ) {
    switch value.value {
    case .literal(let literal):
      if literal.type != expected {
        sink.report(
          .typeMismatch(subject(), expected: article(expected), found: article(literal.type)),
          at: value.range)
      }
    case .reference(let name):
      guard let origin else {
        sink.report(.referenceOutsideOperation(name), at: value.range)
        return
      }
      checkReference(
        name, at: value.range, expected: expected, subject: subject, origin: origin)
    case .record:
      guard expected == .record else {
        sink.report(
          .typeMismatch(subject(), expected: article(expected), found: article(.record)),
          at: value.range)
        return
      }
      checkRecordReferences(value, origin: origin)
    }
  }

  /// The state `keyword` changes, when it exists and has the type `keyword` needs: an Int
  /// for `add`, a list for `append`, `remove` and `update`.
  private func changedState(_ name: Located<String>, keyword: String) -> StateVariable? {
    guard let variable = flow.stateVariable(named: name.value) else {
      reportUnknown(
        .unknownState(name.value, "'\(keyword)'"), name: name, candidates: stateNames,
        set: .state)
      return nil
    }
    let type = variable.initialValue.value.type
    let needed: ValueType = keyword == "add" ? .int : .list
    // `update` writes fields into a list's records, or into a record state's one record.
    guard type == needed || (keyword == "update" && type == .record) else {
      sink.report(
        .stateChangeType(
          keyword, state: variable.name.value, needed: needed, found: type,
          orRecord: keyword == "update"),
        at: name.range)
      return nil
    }
    return variable
  }

  /// The fields of `update` on a list's records, where its default holds records: a name
  /// none of them has is most often misspelt (`where: { titel: … }` matches nothing), and a
  /// value must have its field's type.
  func checkRecordFields(_ assignments: [Assignment], of list: String, origin: OperationOrigin) {
    let variable = flow.stateVariable(named: list)
    guard let rule = variable?.listItemRule ?? variable?.recordRule, !rule.fieldNames.isEmpty
    else { return }
    for assignment in assignments {
      checkRecordField(
        assignment.name.value, value: assignment.value.value, of: list, rule: rule,
        nameRange: assignment.name.range, valueRange: assignment.value.range, origin: origin)
    }
  }

  /// A record written for a list whose default holds records, or a list of such records
  /// (`append`, `remove`, and a whole list in `set`, `given`, an expectation or a child's
  /// `with:`): each field must be one the records have, with their type. The record's fields
  /// keep no place of their own, so it is reported at the record, naming the field. Where
  /// no operation runs (`origin` is `nil`), a value is a literal.
  func checkRecordValue(
    _ value: Located<ValueExpression>, of list: String, rule: ListItemRule,
    origin: OperationOrigin?
  ) {
    guard !rule.fieldNames.isEmpty else { return }
    let records: [[String: ValueExpression]]
    switch value.value {
    case .record(let fields): records = [fields]
    case .literal(.record(let fields)): records = [fields.mapValues(ValueExpression.literal)]
    case .literal(.list(let items)):
      records = items.compactMap {
        guard case .record(let fields) = $0 else { return nil }
        return fields.mapValues(ValueExpression.literal)
      }
    case .literal, .reference: return
    }
    for fields in records {
      for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
        checkRecordField(
          name, value: field, of: list, rule: rule, nameRange: nil, valueRange: value.range,
          origin: origin)
      }
    }
  }

  /// One field of a record written for list `list`, whose records' fields `rule` gives; its
  /// name is reported at `nameRange`, with a fix-it, where it has a place of its own, else at
  /// the value. A field the default's records give different types takes any value.
  private func checkRecordField(
    _ name: String, value: ValueExpression, of list: String, rule: ListItemRule,
    nameRange: SourceRange?, valueRange: SourceRange, origin: OperationOrigin?
  ) {
    guard rule.fieldNames.contains(name) else {
      let fixIt = nameRange.flatMap { range in
        Suggestion.closest(to: name, among: rule.fieldNames).map {
          FixIt(range: range, replacement: $0)
        }
      }
      sink.report(
        .unknownRecordField(
          name, list: list, fields: rule.fieldNames, oneRecord: rule.holdsOneRecord),
        at: nameRange ?? valueRange, fixIts: fixIt.map { [$0] } ?? [])
      return
    }
    guard let expected = rule.fieldTypes[name] else { return }
    let subject = ListItemMisfit.subject(
      field: name, of: "'\(list)'", inOneRecord: rule.holdsOneRecord)
    switch value {
    case .literal(let literal) where literal.type != expected:
      sink.report(
        .typeMismatch(subject, expected: article(expected), found: article(literal.type)),
        at: valueRange)
    case .reference(let reference):
      if let origin, case .typed(let found) = resolution(of: reference, origin: origin),
        found != expected
      {
        sink.report(
          .typeMismatch(subject, expected: article(expected), found: article(found)),
          at: valueRange)
      }
    case .literal, .record:
      break
    }
  }

  /// Each `$name` a record's fields read must read something where the record is made; the
  /// fields' types are the record's own, so only that is checked.
  func checkRecordReferences(_ value: Located<ValueExpression>, origin: OperationOrigin?) {
    for (name, _) in value.value.references {
      guard let origin else {
        sink.report(.referenceOutsideOperation(name), at: value.range)
        continue
      }
      if case .unresolved(let context) = resolution(of: name, origin: origin) {
        sink.report(.unresolvedReference(name, context), at: value.range)
      }
    }
  }

  private func checkReference(
    _ name: String, at range: SourceRange, expected: ValueType, subject: () -> String,
    origin: OperationOrigin
  ) {
    switch resolution(of: name, origin: origin) {
    case .typed(let found) where found != expected:
      sink.report(
        .typeMismatch(subject(), expected: article(expected), found: article(found)), at: range)
    case .typed, .untyped:
      break
    case .unresolved(let context):
      sink.report(.unresolvedReference(name, context), at: range)
    case .notALinkVariable(let link):
      sink.report(
        .notALinkVariable(
          name, pattern: flow.links[link].pattern.value,
          variables: flow.links[link].parsed?.variables ?? []),
        at: range)
    }
  }

  /// What `$name` (or `{name}` in text) reads where an operation of `origin` runs.
  func resolution(of name: String, origin: OperationOrigin) -> Resolution {
    if case .link(let index) = origin {
      guard flow.links[index].parsed?.variables.contains(name) ?? true else {
        return .notALinkVariable(index)
      }
      return .untyped  // a segment of the URL, read as the parameter's type when opened
    }
    if let screen = origin.screen, let parameter = flow.parameter(named: name, ofScreen: screen) {
      return .typed(parameter.type.value.base)
    }
    if case .request(let index) = origin,
      let parameter = flow.requests[index].parameter(named: name)
    {
      return .typed(parameter.type.value.base)
    }
    if let variable = flow.stateVariable(named: name) {
      return .typed(variable.initialValue.value.type)
    }
    if origin.readsRuntimeValues {
      return .untyped  // an event's argument or a request's outcome value, known when it runs
    }
    if case .alertAction = origin {
      // Its text is made when presented; its action runs after the alert is gone.
      return .unresolved(
        "state: an alert's action reads only state, so keep the value in a state where the alert is presented, as in '[{ set: { \(name): $\(name) } }, { present: … }]'"
      )
    }
    return .unresolved(
      origin.screen.map { "parameter of '\(flow.screens[$0].name.value)' or state" } ?? "state")
  }

  /// A state change by `add`, `append` or `remove`: the state must be an Int for `add` and
  /// a list for the others.
  private func checkStateChange(_ assignment: Assignment, keyword: String, origin: OperationOrigin)
  {
    guard let variable = changedState(assignment.name, keyword: keyword) else { return }
    if keyword == "add" {
      checkValue(
        assignment.value, expected: .int, subject: "what 'add' adds to '\(variable.name.value)'",
        origin: origin)
    } else {
      // An element, a record or a list: each name must read something, and a record's
      // fields must be the list's records' own.
      checkRecordReferences(assignment.value, origin: origin)
      checkListElement(assignment.value, of: variable, origin: origin)
    }
  }

  private func check(_ condition: Condition, origin: OperationOrigin) {
    switch condition {
    case .flag(let name):
      guard let variable = flow.stateVariable(named: name.value) else {
        reportUnknown(
          .unknownState(name.value, "'if'"), name: name, candidates: stateNames, set: .state)
        return
      }
      let type = variable.initialValue.value.type
      if type != .bool {
        sink.report(.flagNotBool(name.value, type: article(type)), at: name.range)
      }
    case .not(let inner):
      check(inner, origin: origin)
    case .equals(let name, let value):
      checkStateAssignment(Assignment(name: name, value: value), context: "'if'", origin: origin)
    case .all(let conditions):
      for inner in conditions { check(inner, origin: origin) }
    }
  }

  func article(_ type: ValueType) -> String { type.withArticle }

  /// A literal value must have the type of what it is written to; a `$name` is checked
  /// where it is read.
  func checkLiteralType(
    _ value: Located<ValueExpression>, expected: ValueType, subject: @autoclosure () -> String
  ) {
    guard case .literal(let literal) = value.value, literal.type != expected else { return }
    sink.report(
      .typeMismatch(subject(), expected: article(expected), found: article(literal.type)),
      at: value.range)
  }
}

/// What a name reads where an operation runs.
enum Resolution {
  /// A parameter or state of this type.
  case typed(ValueType)
  /// A value known only when the operation runs: an event's argument, a request's outcome
  /// value, a URL's segment.
  case untyped
  /// Nothing; the context says what was looked for.
  case unresolved(String)
  /// Not a variable of the deep link at this index.
  case notALinkVariable(Int)
}

/// What the operations outside screens show: `start`, each alert's actions, the flow's own
/// handlers, each request's outcomes.
struct OutsideScreens: Sendable {
  var start = NavigationTargets()
  var alerts: [NavigationTargets] = []
  var flowEvents = NavigationTargets()
  var requests: [NavigationTargets] = []

  /// Every group but `start`'s, in the order the flow's operations read: alert actions, the
  /// flow's own handlers, requests.
  var others: [NavigationTargets] { alerts + [flowEvents] + requests }
}

extension Operation {
  /// Notes the pushes that come after a `dismiss` in a list of operations (the list an `if:`
  /// arm holds included): they push onto the stack beneath what was presented.
  func notePushesAfterDismiss(in ranges: inout [SourceRange], dismissed: Bool = false) {
    switch kind {
    case .push where dismissed:
      ranges.append(range)
    case .sequence(let operations):
      var dismissed = dismissed
      for operation in operations {
        operation.notePushesAfterDismiss(in: &ranges, dismissed: dismissed)
        if case .dismiss = operation.kind { dismissed = true }
      }
    case .branch(_, let then, let otherwise):
      then.notePushesAfterDismiss(in: &ranges, dismissed: dismissed)
      otherwise?.notePushesAfterDismiss(in: &ranges, dismissed: dismissed)
    default:
      break
    }
  }
}
