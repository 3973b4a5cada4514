public import FlowModel

/// A flow compiled for execution, shared by every navigator that runs it.
///
/// Names are resolved to indexes once, here, so sending an event costs one dictionary
/// lookup for its name and then only array accesses. Immutable, so it is safely shared
/// across threads and tests.
public final class NavigationProgram: Sendable {
  /// The flow this program runs.
  public let flow: Flow
  let screens: [CompiledScreen]
  let alerts: [CompiledAlert]
  let screenIndex: [String: Int]
  let alertIndex: [String: Int]
  let eventIndex: [String: Int]
  let stateNames: [String]
  let stateIndex: [String: Int]
  let initialState: [Value]
  let start: Instruction?
  let tabs: [CompiledTab]
  let tabIndex: [String: Int]
  let links: [CompiledLink]
  /// The flow-level handlers, by event id: they run whatever screen is on top.
  let flowHandlers: [(event: Int, instruction: Instruction)]
  let flowEventNames: [String]
  let requests: [CompiledRequest]
  let requestIndex: [String: Int]

  /// Compiles a flow. A flow with errors still compiles; what the checker reported fails
  /// when it runs.
  public init(_ flow: Flow) {
    self.flow = flow
    let screenIndex = Self.index(flow.screens.map(\.name.value))
    let alertIndex = Self.index(flow.alerts.map(\.name.value))
    let stateIndex = Self.index(flow.state.map(\.name.value))
    let tabIndex = Self.index(flow.tabs.map(\.name.value))
    var eventIndex: [String: Int] = [:]
    for handler in flow.screens.flatMap(\.handlers) + flow.handlers
    where eventIndex[handler.event.value] == nil {
      eventIndex[handler.event.value] = eventIndex.count
    }
    let requestIndex = Self.index(flow.requests.map(\.name.value))
    let compiler = InstructionCompiler(
      flow: flow, screenIndex: screenIndex, alertIndex: alertIndex, stateIndex: stateIndex,
      tabIndex: tabIndex, requestIndex: requestIndex)
    self.screens = flow.screens.map { screen in
      CompiledScreen(
        name: screen.name.value,
        parameters: screen.params.map(\.name.value),
        parameterTypes: screen.params.map(\.type.value),
        handlers: screen.handlers.map { handler in
          (eventIndex[handler.event.value]!, compiler.compile(handler.operation, context: screen))
        },
        eventNames: screen.handlers.map(\.event.value),
        onEnter: screen.onEnter.map { compiler.compile($0, context: screen) },
        onAppear: screen.onAppear.map { compiler.compile($0, context: screen) },
        bar: screen.navigationBar)
    }
    self.alerts = flow.alerts.map { alert in
      CompiledAlert(
        contents: PresentedAlert(
          name: alert.name.value, style: alert.resolvedStyle, title: alert.title?.value,
          message: alert.message?.value,
          actions: alert.actions.map { .init(title: $0.title.value, style: $0.resolvedStyle) }),
        actions: alert.actions.map { action in
          action.operation.map { compiler.compile($0, context: nil) }
        })
    }
    self.screenIndex = screenIndex
    self.alertIndex = alertIndex
    self.eventIndex = eventIndex
    self.stateNames = flow.state.map(\.name.value)
    self.stateIndex = stateIndex
    self.initialState = flow.state.map(\.initialValue.value)
    self.start = flow.start.map { compiler.compile($0, context: nil) }
    self.tabIndex = tabIndex
    self.requestIndex = requestIndex
    self.flowHandlers = flow.handlers.map { handler in
      (eventIndex[handler.event.value]!, compiler.compile(handler.operation, context: nil))
    }
    self.flowEventNames = flow.handlers.map(\.event.value)
    self.requests = flow.requests.map { request in
      CompiledRequest(
        name: request.name.value, parameters: request.params.map(\.name.value),
        parameterTypes: request.params.map(\.type.value),
        onSuccess: request.onSuccess.map { compiler.compile($0, context: nil) },
        onFailure: request.onFailure.map { compiler.compile($0, context: nil) })
    }
    self.tabs = flow.tabs.map { tab in
      CompiledTab(
        name: tab.name.value, title: tab.title?.value ?? tab.name.value, image: tab.image?.value,
        root: compiler.target(tab.root, context: nil))
    }
    self.links = flow.links.compactMap { link in
      guard let pattern = link.parsed else { return nil }
      return CompiledLink(
        pattern: pattern, text: link.pattern.value,
        tab: link.tab.flatMap { tabIndex[$0.value] },
        routes: link.routes.map { compiler.target($0, context: nil) })
    }
  }

  /// The tab bar's tabs; empty for a flow with a single stack.
  public var tabNames: [String] { tabs.map(\.name) }

  private static func index(_ names: [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    for (offset, name) in names.enumerated() where index[name] == nil {
      index[name] = offset
    }
    return index
  }
}

extension Instruction {
  /// The `$names` this instruction can only read from its event's arguments.
  var eventArguments: [String] {
    var names: [String] = []
    func collect(_ operand: Operand) {
      switch operand {
      case .reference(let name, nil, nil) where !names.contains(name): names.append(name)
      case .text(_, let references): for nested in references.values { collect(nested) }
      default: break
      }
    }
    func visit(_ instruction: Instruction) {
      switch instruction {
      case .setRoot(let target, _), .push(let target, _), .presentScreen(let target, _, _, _):
        for operand in target.arguments { collect(operand) }
      case .reset(let targets, _):
        for target in targets { for operand in target.arguments { collect(operand) } }
      case .set(let writes), .add(let writes), .append(let writes), .remove(let writes):
        for write in writes { collect(write.value) }
      case .request(_, let operands):
        for operand in operands { collect(operand) }
      case .branch(let predicate, let then, let otherwise):
        visit(predicate)
        visit(then)
        if let otherwise { visit(otherwise) }
      case .sequence(let instructions):
        for nested in instructions { visit(nested) }
      case .pop, .popToRoot, .presentAlert, .dismiss, .select, .fail:
        break
      }
    }
    func visit(_ predicate: Predicate) {
      switch predicate {
      case .equals(_, let operand): collect(operand)
      case .not(let inner): visit(inner)
      case .all(let predicates): for nested in predicates { visit(nested) }
      case .flag, .unknown: break
      }
    }
    visit(self)
    return names
  }
}

/// A screen ready to run: handlers by event id, its declared bar.
struct CompiledScreen: Sendable {
  var name: String
  var parameters: [String]
  var parameterTypes: [ParameterType]
  var handlers: [(event: Int, instruction: Instruction)]
  var eventNames: [String]
  var onEnter: Instruction?
  var onAppear: Instruction?
  var bar: NavigationBar

  func handler(for event: Int) -> Instruction? {
    for handler in handlers where handler.event == event {
      return handler.instruction
    }
    return nil
  }
}

/// A request ready to run: its parameters and what each outcome does.
struct CompiledRequest: Sendable {
  var name: String
  var parameters: [String]
  var parameterTypes: [ParameterType]
  var onSuccess: Instruction?
  var onFailure: Instruction?

  func handler(for outcome: RequestOutcome) -> Instruction? {
    outcome == .success ? onSuccess : onFailure
  }
}

/// A tab ready to run: its name, its tab bar item and its root.
struct CompiledTab: Sendable {
  var name: String
  var title: String
  var image: String?
  var root: Target
}

/// A deep link ready to match: its pattern, the tab it lands in, the routes it sets.
struct CompiledLink: Sendable {
  var pattern: URLPattern
  var text: String
  var tab: Int?
  var routes: [Target]
}

/// An alert ready to run: its contents and each action's compiled operation.
struct CompiledAlert: Sendable {
  var contents: PresentedAlert
  var actions: [Instruction?]
}

/// Compiles operations in the context of the screen whose handler or `onEnter` holds them.
struct InstructionCompiler {
  let flow: Flow
  let screenIndex: [String: Int]
  let alertIndex: [String: Int]
  let stateIndex: [String: Int]
  let tabIndex: [String: Int]
  let requestIndex: [String: Int]

  func compile(_ operation: Operation, context: Screen?) -> Instruction {
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
        return .presentAlert(alert, animated: animated)
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
      return .request(index, operands)
    case .branch(let condition, let then, let otherwise):
      return .branch(
        predicate(condition, context), then: compile(then, context: context),
        otherwise: otherwise.map { compile($0, context: context) })
    case .sequence(let operations):
      return .sequence(operations.map { compile($0, context: context) })
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
    return Target(screen: index, arguments: operands)
  }

  /// The state writes of `set`, `add`, `append` or `remove`; `nil` if a name is not state.
  private func writes(_ assignments: [Assignment], _ context: Screen?) -> [StateWrite]? {
    var writes: [StateWrite] = []
    for assignment in assignments {
      guard let index = stateIndex[assignment.name.value] else { return nil }
      writes.append(StateWrite(index: index, value: operand(assignment.value.value, context)))
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
      guard template.hasValues else { return .literal(.string(text)) }
      return .text(template, references(template, context))
    case .literal(let value):
      return .literal(value)
    case .reference(let name):
      return reference(name, context)
    }
  }

  /// `$name` read where an operation of `context` (a screen, or none) runs.
  func reference(_ name: String, _ context: Screen?) -> Operand {
    .reference(
      name, parameter: context?.params.firstIndex { $0.name.value == name },
      state: stateIndex[name])
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
      return stateIndex[name.value].map(Predicate.flag) ?? .unknown(name.value)
    case .not(let inner):
      return .not(predicate(inner, context))
    case .equals(let name, let value):
      guard let index = stateIndex[name.value] else { return .unknown(name.value) }
      return .equals(index, operand(value.value, context))
    case .all(let conditions):
      return .all(conditions.map { predicate($0, context) })
    }
  }
}
