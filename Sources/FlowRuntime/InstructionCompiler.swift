import FlowDiagnostics
internal import FlowModel

/// Compiles one flow's operations in the context of the screen whose handler or `onEnter`
/// holds them. Names are the flow's own; the indexes it emits are the program's, past the
/// `offsets` of the flows before it.
struct InstructionCompiler {
  let flow: Flow
  let flowIndex: Int
  let offsets: Offsets
  /// Each child flow this flow uses, by the name it uses.
  let children: [String: Int]
  let tabIndex: [String: Int]
  let childFlows: [Flow]
  let childOffsets: [Offsets]
  /// Where the targets a checklist can cover are listed as they are compiled.
  let coverage: CoverageTable
  private let screenIndex: [String: Int]
  private let alertIndex: [String: Int]
  private let stateIndex: [String: Int]
  private let requestIndex: [String: Int]

  init(
    flow: Flow, flowIndex: Int, offsets: Offsets, children: [String: Int],
    tabIndex: [String: Int], childFlows: [Flow], childOffsets: [Offsets], coverage: CoverageTable
  ) {
    self.coverage = coverage
    self.flow = flow
    self.flowIndex = flowIndex
    self.offsets = offsets
    self.children = children
    self.tabIndex = tabIndex
    self.childFlows = childFlows
    self.childOffsets = childOffsets
    screenIndex = Self.index(flow.screens.map(\.name.value))
    alertIndex = Self.index(flow.alerts.map(\.name.value))
    stateIndex = Self.index(flow.state.map(\.name.value))
    requestIndex = Self.index(flow.requests.map(\.name.value))
  }

  private static func index(_ names: [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    for (offset, name) in names.enumerated() where index[name] == nil {
      index[name] = offset
    }
    return index
  }

  /// A screen's name as reports give it: a child flow's as `Flow.Screen`.
  func screenName(_ screen: Screen) -> String {
    flowIndex == 0 ? screen.name.value : flow.name.value + "." + screen.name.value
  }

  /// Compiles an event handler (or an alert action, a request outcome) as a coverage
  /// target: running it notes the target first.
  func compileHandler(
    _ operation: Operation?, context: Screen?, kind: CoverageTarget.Kind, label: String,
    at range: SourceRange
  ) -> Instruction {
    let id = coverage.add(
      kind, label, screen: context.map(screenName), file: flow.file, at: range)
    guard let operation else { return .probe(id) }
    return .probed(id, compile(operation, context: context, owner: label))
  }

  /// Compiles an operation; each arm of an `if:` in it is a coverage target named after
  /// `owner`, the handler (or `start`, `onEnter`) that holds it.
  // Better whole: one short arm per operation kind, as `Operation.Kind` lists them; the switch is
  // the table of what each becomes.
  func compile(_ operation: Operation, context: Screen?, owner: String) -> Instruction {
    let animated = operation.isAnimated
    switch operation.kind {
    case .setRoot(let screen):
      guard let target = target(screen.screen.value, screen.arguments, context) else {
        return .fail("no screen '\(screen.screen.value)'")
      }
      return .setRoot(target, animated: animated)
    case .push(let screen):
      guard let target = target(screen.screen.value, screen.arguments, context) else {
        return .fail("no screen '\(screen.screen.value)'")
      }
      return .push(target, animated: animated)
    case .reset(let routes):
      var targets: [Target] = []
      for route in routes {
        guard let target = target(route.screen.value, route.arguments, context) else {
          return .fail("no screen '\(route.screen.value)'")
        }
        targets.append(target)
      }
      return .reset(targets, animated: animated)
    case .select(let tab):
      guard let index = tabIndex[tab.value] else { return .fail("no tab '\(tab.value)'") }
      return .select(index)
    case .pop: return .pop(animated: animated)
    case .popToRoot: return .popToRoot(animated: animated)
    case .dismiss: return .dismiss(animated: animated)
    case .present(let presentation):
      if let screen = target(presentation.target.value, presentation.arguments, context) {
        return .presentScreen(
          screen, presentation.style?.value ?? .sheet,
          hasNavigation: presentation.hasNavigationStack?.value ?? false, animated: animated)
      }
      if let alert = alertIndex[presentation.target.value] {
        return .presentAlert(offsets.alerts + alert, animated: animated)
      }
      return .fail("no alert or screen '\(presentation.target.value)'")
    case .set(let assignments):
      return writes(assignments, context).map(Instruction.set) ?? .fail(unknownState(assignments))
    case .add(let assignments):
      return writes(assignments, context).map(Instruction.add) ?? .fail(unknownState(assignments))
    case .append(let assignments):
      return writes(assignments, context).map(Instruction.append)
        ?? .fail(unknownState(assignments))
    case .remove(let assignments):
      return writes(assignments, context).map(Instruction.remove)
        ?? .fail(unknownState(assignments))
    case .update(let updates):
      var writes: [RecordWrite] = []
      for update in updates {
        guard let index = stateIndex[update.state.value] else {
          return .fail("no state '\(update.state.value)'")
        }
        func fields(_ assignments: [Assignment]) -> [String: Operand] {
          var fields: [String: Operand] = [:]
          for assignment in assignments {
            fields[assignment.name.value] = operand(assignment.value.value, context)
          }
          return fields
        }
        writes.append(
          RecordWrite(
            index: offsets.state + index, match: fields(update.match),
            changes: fields(update.changes)))
      }
      return .update(writes)
    case .request(let call):
      guard let index = requestIndex[call.request.value] else {
        return .fail("no request '\(call.request.value)'")
      }
      let operands = flow.requests[index].params.map { parameter in
        call.arguments.first { $0.name.value == parameter.name.value }.map {
          operand($0.value.value, context)
        }
          ?? (parameter.type.value.isOptional
            ? .absent
            : .missing(parameter: parameter.name.value, screen: call.request.value))
      }
      return .request(offsets.requests + index, operands)
    case .startFlow(let start):
      guard let child = children[start.flow.value] else {
        return .fail("no flow '\(start.flow.value)' in 'use:'")
      }
      var writes: [StateWrite] = []
      for assignment in start.arguments {
        guard
          let local = childFlows[child].state.firstIndex(where: {
            $0.name.value == assignment.name.value
          })
        else {
          return .fail("flow '\(start.flow.value)' has no state '\(assignment.name.value)'")
        }
        writes.append(
          StateWrite(
            index: childOffsets[child].state + local,
            value: operand(assignment.value.value, context)))
      }
      // Presenting the child's stack animates unless told otherwise, as `present` does.
      return .startFlow(
        child, writes, start.presentation?.value, animated: operation.animated?.value ?? true,
        hasNavigation: start.hasOwnStack?.value ?? true)
    case .finish(let finish):
      return .finish(
        finish.event.value,
        finish.arguments.map { ($0.name.value, operand($0.value.value, context)) })
    case .branch(let condition, let then, let otherwise):
      let screen = context.map(screenName)
      let thenTarget = coverage.add(
        .transition, "\(owner), if \(condition.text)", screen: screen, file: flow.file,
        at: then.range)
      let otherwiseTarget = coverage.add(
        .transition,
        "\(owner), if not \(condition.text)\(otherwise == nil ? " (no else: nothing happens)" : "")",
        screen: screen, file: flow.file, at: otherwise?.range ?? operation.range)
      return .branch(
        predicate(condition, context),
        then: .probed(thenTarget, compile(then, context: context, owner: owner)),
        otherwise: otherwise.map {
          .probed(otherwiseTarget, compile($0, context: context, owner: owner))
        } ?? .probe(otherwiseTarget))
    case .sequence(let operations):
      return .sequence(operations.map { compile($0, context: context, owner: owner) })
    }
  }

  /// A route outside any operation (a tab's root, a link's route); an unknown screen
  /// compiles to a target that fails when shown.
  func target(_ route: ScreenTarget, context: Screen?) -> Target {
    target(route.screen.value, route.arguments, context)
      ?? Target(screen: -1, arguments: [], unknownScreen: route.screen.value)
  }

  private func target(_ name: String, _ arguments: [Assignment], _ context: Screen?) -> Target? {
    guard let index = screenIndex[name] else { return nil }
    let screen = flow.screens[index]
    let operands = screen.params.map { parameter in
      arguments.first { $0.name.value == parameter.name.value }.map {
        operand($0.value.value, context)
      }
        ?? (parameter.type.value.isOptional
          ? .absent : .missing(parameter: parameter.name.value, screen: name))
    }
    return Target(screen: offsets.screens + index, arguments: operands)
  }

  /// The state writes of `set`, `add`, `append` or `remove`; `nil` if a name is not state.
  private func writes(_ assignments: [Assignment], _ context: Screen?) -> [StateWrite]? {
    var writes: [StateWrite] = []
    for assignment in assignments {
      guard let index = stateIndex[assignment.name.value] else { return nil }
      writes.append(
        StateWrite(index: offsets.state + index, value: operand(assignment.value.value, context)))
    }
    return writes
  }

  private func unknownState(_ assignments: [Assignment]) -> String {
    let name = assignments.first { stateIndex[$0.name.value] == nil }?.name.value ?? ""
    return "no state '\(name)'"
  }

  func operand(_ expression: ValueExpression, _ context: Screen?) -> Operand {
    switch expression {
    case .literal(.string(let text)):
      let template = TextTemplate(text)
      // Without values, still a template: `{{` and `}}` write a brace, as where it is shown.
      guard template.hasValues else { return .literal(.string(template.render { _ in nil })) }
      return .text(template, references(template, context))
    case .literal(let value):
      return .literal(value)
    case .reference(let name):
      return reference(name, context)
    case .record(let fields):
      return .record(fields.mapValues { operand($0, context) })
    }
  }

  /// `$name` read where an operation of `context` (a screen, or none) runs.
  func reference(_ name: String, _ context: Screen?) -> Operand {
    .reference(
      name, parameter: context?.params.firstIndex { $0.name.value == name },
      state: stateIndex[name].map { offsets.state + $0 })
  }

  /// Each name a text inserts, read as a reference.
  func references(_ template: TextTemplate, _ context: Screen?) -> [String: Operand] {
    var operands: [String: Operand] = [:]
    for (name, _) in template.names { operands[name] = reference(name, context) }
    return operands
  }

  private func predicate(_ condition: Condition, _ context: Screen?) -> Predicate {
    switch condition {
    case .flag(let name):
      return stateIndex[name.value].map { .flag(offsets.state + $0) } ?? .unknown(name.value)
    case .not(let inner):
      return .not(predicate(inner, context))
    case .equals(let name, let value):
      guard let index = stateIndex[name.value] else { return .unknown(name.value) }
      return .equals(offsets.state + index, operand(value.value, context))
    case .all(let conditions):
      return .all(conditions.map { predicate($0, context) })
    }
  }
}
