import FlowDiagnostics
import FlowModel

extension Checker {
  /// Every screen, alert, state and parameter an operation names must exist, with values
  /// of the right type. Returns what the screen's operations show, found on the way.
  func checkOperations(ofScreen index: Int) -> NavigationTargets {
    var targets = NavigationTargets()
    flow.forEachOperation(ofScreen: index) { operation, origin in
      check(operation, origin: origin, showing: &targets)
    }
    return targets
  }

  /// The same rules for `start` and alert actions; returns what `start` shows and what
  /// each alert's actions show, for reachability.
  func checkOperationsOutsideScreens() -> (start: NavigationTargets, alerts: [NavigationTargets]) {
    var start = NavigationTargets()
    flow.start?.visit { check($0, origin: .start, showing: &start) }
    let alerts = flow.alerts.map { alert in
      var targets = NavigationTargets()
      for action in alert.actions {
        action.operation?.visit { check($0, origin: .alertAction, showing: &targets) }
      }
      return targets
    }
    return (start, alerts)
  }

  /// Checks one operation (not those nested in it) and adds what it shows to `targets`.
  private func check(
    _ operation: Operation, origin: OperationOrigin, showing targets: inout NavigationTargets
  ) {
    switch operation.kind {
    case .setRoot(let target), .push(let target):
      let keyword = operation.call?.rawValue ?? "push"
      if let screen = checkRoute(target, keyword: keyword, origin: origin) {
        targets.screens.append(screen)
      }
    case .reset(let routes):
      for route in routes {
        if let screen = checkRoute(route, keyword: "reset", origin: origin) {
          targets.screens.append(screen)
        }
      }
    case .select(let tab):
      checkTabName(tab, "select")
    case .present(let presentation):
      let target = presentation.target
      if let screen = flow.indexOfScreen(named: target.value) {
        targets.screens.append(screen)
        checkArguments(presentation.arguments, for: screen, at: target, origin: origin)
      } else if let alert = flow.indexOfAlert(named: target.value) {
        targets.alerts.append(alert)
        if let style = presentation.style {
          sink.report(.styleOnAlert(target.value), at: style.range)
        }
        if let first = presentation.arguments.first {
          sink.report(.argumentsToAlert(target.value), at: first.name.range)
        }
      } else {
        reportUnknown(
          .unknownPresentable(target.value), name: target, candidates: screenNames + alertNames)
      }
    case .set(let assignments):
      for assignment in assignments {
        checkStateAssignment(assignment, context: "'set'", origin: origin)
      }
    case .branch(let condition, _, _):
      check(condition, origin: origin)
    case .pop, .popToRoot, .dismiss, .sequence:
      break
    }
  }

  /// A route must name a screen and give its parameters values of the right types; returns
  /// the screen's index.
  @discardableResult
  func checkRoute(_ route: ScreenTarget, keyword: String, origin: OperationOrigin?) -> Int? {
    guard let screen = flow.indexOfScreen(named: route.screen.value) else {
      let isAlert = flow.indexOfAlert(named: route.screen.value) != nil
      reportUnknown(
        .unknownScreen(keyword, route.screen.value, isAlert: isAlert), name: route.screen,
        candidates: screenNames)
      return nil
    }
    checkArguments(route.arguments, for: screen, at: route.screen, origin: origin)
    return screen
  }

  /// A tab name, as `select` or a step writes it, must name a declared tab.
  func checkTabName(_ name: Located<String>, _ keyword: String) {
    guard flow.indexOfTab(named: name.value) == nil else { return }
    if flow.tabs.isEmpty {
      sink.report(.noTabs(keyword), at: name.range)
    } else {
      reportUnknown(.unknownTab(keyword, name.value), name: name, candidates: flow.tabs.map(\.name))
    }
  }

  /// `with:` must give every parameter of the screen, and only those, with the right types.
  private func checkArguments(
    _ arguments: [Assignment], for screen: Int, at target: Located<String>,
    origin: OperationOrigin?
  ) {
    let params = flow.screens[screen].params
    let name = target.value
    for argument in arguments {
      guard let parameter = params.first(where: { $0.name.value == argument.name.value }) else {
        reportUnknown(
          .unknownParameter(argument.name.value, screen: name), name: argument.name,
          candidates: params.map(\.name))
        continue
      }
      checkValue(
        argument.value, expected: parameter.type.value.base,
        subject: "parameter '\(parameter.name.value)' of '\(name)'", origin: origin)
    }
    for parameter in params
    where !parameter.type.value.isOptional
      && !arguments.contains(where: { $0.name.value == parameter.name.value })
    {
      sink.report(.missingArgument(parameter.name.value, screen: name), at: target.range)
    }
  }

  /// A state name and value, as in `set:` or `given:`.
  func checkStateAssignment(
    _ assignment: Assignment, context: String, origin: OperationOrigin?
  ) {
    guard let variable = flow.stateVariable(named: assignment.name.value) else {
      reportUnknown(
        .unknownState(assignment.name.value, context), name: assignment.name, candidates: stateNames
      )
      return
    }
    checkValue(
      assignment.value, expected: variable.initialValue.value.type,
      subject: "state '\(variable.name.value)'", origin: origin)
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
    }
  }

  private func checkReference(
    _ name: String, at range: SourceRange, expected: ValueType, subject: () -> String,
    origin: OperationOrigin
  ) {
    let found: ValueType?
    if case .link(let index) = origin {
      guard flow.links[index].parsed?.variables.contains(name) ?? true else {
        sink.report(
          .notALinkVariable(
            name, pattern: flow.links[index].pattern.value,
            variables: flow.links[index].parsed?.variables ?? []),
          at: range)
        return
      }
      found = nil  // a segment of the URL, read as the parameter's type when opened
    } else if let screen = origin.screen,
      let parameter = flow.screens[screen].parameter(named: name)
    {
      found = parameter.type.value.base
    } else if let variable = flow.stateVariable(named: name) {
      found = variable.initialValue.value.type
    } else if case .event = origin {
      found = nil  // an argument of the event, typed when it is sent
    } else {
      let context =
        origin.screen.map { "parameter of '\(flow.screens[$0].name.value)' or state" } ?? "state"
      sink.report(.unresolvedReference(name, context), at: range)
      return
    }
    if let found, found != expected {
      sink.report(
        .typeMismatch(subject(), expected: article(expected), found: article(found)), at: range)
    }
  }

  private func check(_ condition: Condition, origin: OperationOrigin) {
    switch condition {
    case .flag(let name):
      guard let variable = flow.stateVariable(named: name.value) else {
        reportUnknown(.unknownState(name.value, "'if'"), name: name, candidates: stateNames)
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
}
