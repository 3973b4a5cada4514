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
      guard let screen = flow.indexOfScreen(named: target.screen.value) else {
        let isAlert = flow.indexOfAlert(named: target.screen.value) != nil
        reportUnknown(
          .unknownScreen(keyword, target.screen.value, isAlert: isAlert), name: target.screen,
          candidates: screenNames)
        return
      }
      targets.screens.append(screen)
      checkArguments(target.arguments, for: screen, at: target.screen, origin: origin)
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

  /// `with:` must give every parameter of the screen, and only those, with the right types.
  private func checkArguments(
    _ arguments: [Assignment], for screen: Int, at target: Located<String>, origin: OperationOrigin
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
        argument.value, expected: parameter.type.value,
        subject: "parameter '\(parameter.name.value)' of '\(name)'", origin: origin)
    }
    for parameter in params
    where !arguments.contains(where: { $0.name.value == parameter.name.value }) {
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
      guard let origin else { return }
      checkReference(
        name, at: value.range, expected: expected, subject: subject, origin: origin)
    }
  }

  private func checkReference(
    _ name: String, at range: SourceRange, expected: ValueType, subject: () -> String,
    origin: OperationOrigin
  ) {
    let found: ValueType?
    if let screen = origin.screen, let parameter = flow.screens[screen].parameter(named: name) {
      found = parameter.type.value
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

  func article(_ type: ValueType) -> String {
    switch type {
    case .bool: "a Bool"
    case .int: "an Int"
    case .string: "a String"
    }
  }
}
