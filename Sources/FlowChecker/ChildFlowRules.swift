import FlowDiagnostics
import FlowModel

extension DiagnosticMessage {
  static func unknownFlow(_ name: String, uses: [String]) -> Self {
    let known =
      uses.isEmpty
      ? "this flow uses none; name its file under 'use:'" : "it uses \(Self.list(uses))"
    return Self("check.unknown-flow", .error, "'start' names no flow '\(name)'; \(known)")
  }
  static func unheardFinish(_ event: String, child: String, starter: String?) -> Self {
    let place =
      starter.map { "neither screen '\($0)' nor the flow handles it" }
      ?? "the flow does not handle it"
    return Self(
      "check.unheard-finish", .error,
      "flow '\(child)' finishes with '\(event)', but \(place); add it under 'on:'")
  }
  static func unusedFlow(_ name: String) -> Self {
    Self("check.unused-flow", .warning, "flow '\(name)' is used but never started")
  }
  static func pushInStacklessChild(_ child: String, screen: String, at place: String) -> Self {
    Self(
      "check.push-without-stack", .warning,
      "flow '\(child)' is presented without a stack of its own ('stack: false'), but its start pushes '\(screen)' (\(place)), which does nothing there (UIKit has no navigation controller); present it with a stack of its own, or start it on one screen"
    )
  }
}

extension Checker {
  /// A `start` names a flow of `use:`, gives its state values of the right types, and the
  /// parent hears every event the child finishes with.
  func checkStart(_ start: FlowStart, origin: OperationOrigin) {
    guard let index = tree.child(start.flow.value, of: 0) else {
      // A flow the file uses but that could not be read: reported where it is used.
      if flow.uses.contains(where: { $0.name.value == start.flow.value }) { return }
      reportUnknown(
        .unknownFlow(start.flow.value, uses: flow.uses.map(\.name.value)), name: start.flow,
        candidates: flow.uses.map(\.name))
      return
    }
    let child = tree.flows[index]
    if start.presentation != nil, let stack = start.hasOwnStack, !stack.value {
      // The child's first screen, set or pushed, is what is presented; a push after it
      // has no navigation controller to go on.
      var shown = false
      child.start?.visit { operation in
        switch operation.kind {
        case .setRoot, .reset: shown = true
        case .push(let target) where shown:
          sink.report(
            .pushInStacklessChild(
              child.name.value, screen: target.screen.value,
              at: "\(child.file):\(operation.range.start)"),
            at: stack.range)
        case .push: shown = true
        default: break
        }
      }
    }
    for assignment in start.arguments {
      guard let variable = child.stateVariable(named: assignment.name.value) else {
        reportUnknown(
          .unknownState(
            assignment.name.value, "'start: \(start.flow.value)'", declaredIn: child.file),
          name: assignment.name, candidates: child.state.map(\.name),
          fileOfCandidate: { _ in child.file })
        continue
      }
      checkLiteralType(
        assignment.value, expected: variable.initialValue.value.type,
        subject: "state '\(variable.name.value)' of '\(child.name.value)'")
      checkListItems(
        assignment.value, of: variable, named: "\(child.name.value).\(variable.name.value)",
        origin: origin)
    }
    let starter = origin.screen.map { flow.screens[$0] }
    for event in child.finishEvents
    where starter?.handler(for: event) == nil && flow.handler(for: event) == nil {
      sink.report(
        .unheardFinish(event, child: child.name.value, starter: starter?.name.value),
        at: start.flow.range)
    }
    checkFinishValues(of: child, heardOn: starter)
  }

  /// Each literal value a child's `finish:` sends (`finish: done, with: { count: 3 }`) must
  /// have a type the parent's handler of that event (`starter`'s, else the flow's own)
  /// passes it on as, as a step's value for an event must: reported in the child's file,
  /// where the value is written, once however many starts hear it.
  private func checkFinishValues(of child: Flow, heardOn starter: Screen?) {
    child.visitEveryOperation { operation in
      guard case .finish(let finish) = operation.kind, !finish.arguments.isEmpty else { return }
      let event = finish.event.value
      let screen = starter?.handler(for: event) == nil ? nil : starter
      guard let handler = screen?.handler(for: event) ?? flow.handler(for: event) else { return }
      var passed = PassedTypes()
      handler.operation.visit { operation in
        passed.note(operation, in: flow, screen: screen, comparing: false)
      }
      var found = DiagnosticSink(file: child.file)
      Self.reportLiteralTypes(
        of: finish.arguments, sentTo: "event '\(event)'", passed: passed, into: &found)
      for diagnostic in found.diagnostics where !sink.diagnostics.contains(diagnostic) {
        sink.append(contentsOf: [diagnostic])
      }
    }
  }

  /// Each literal of `arguments`, the values `receiver` is sent with (an event by a step or
  /// a child's `finish:`, a request's outcome by a step), of a type none of `passed.types`
  /// is (those its handlers pass each on as), or, for a value nothing passes on, none of
  /// `passed.compared` is; or holding an item of a type none of `passed.items` is (those of
  /// the lists they append it to), reported into `sink`.
  static func reportLiteralTypes(
    of arguments: [Assignment], sentTo receiver: String, passed: PassedTypes,
    into sink: inout DiagnosticSink
  ) {
    for argument in arguments {
      guard case .literal(let value) = argument.value.value else { continue }
      let name = argument.name.value
      if let expected = passed.types[name], !expected.contains(value.type) {
        sink.report(
          .eventArgumentType(receiver, argument: name, expected: expected, found: value.type),
          at: argument.value.range)
      } else if passed.types[name] == nil, let expected = passed.compared[name],
        !expected.contains(value.type)
      {
        // Only compared: a value of no type it is compared with is never equal.
        sink.report(
          .comparedArgumentType(receiver, argument: name, expected: expected, found: value.type),
          at: argument.value.range)
      }
      let items: [Value]
      if case .list(let all) = value { items = all } else { items = [value] }
      if let expected = passed.items[name],
        let item = items.first(where: { !expected.contains($0.type) })
      {
        sink.report(
          .eventArgumentItemType(receiver, argument: name, expected: expected, found: item),
          at: argument.value.range)
      }
    }
  }

  /// Two child flows of the tree with one `flow:` name (two files), at any depth: a
  /// checklist names their screens, state and requests `Flow.name`, which could then be
  /// either's. Reported at this flow's `use:` of the child whose files hold the later one.
  func checkChildFlowNames() {
    guard tree.root.file == flow.file, tree.flows.count > 2 else { return }
    let subtree = tree.firstLevelSubtrees
    /// The root's `use:` entry of the first-level child `top`.
    func use(of top: Int) -> FlowUse? {
      flow.uses.first { tree.child($0.name.value, of: 0) == top }
    }
    var first: [String: Int] = [:]
    for index in tree.flows.indices.dropFirst() {
      let name = tree.flows[index].name.value
      guard let earlier = first[name] else {
        first[name] = index
        continue
      }
      guard tree.flows[earlier].file != tree.flows[index].file,
        subtree[index] >= 0, let entry = use(of: subtree[index])
      else { continue }
      sink.report(
        .sameChildFlowName(
          name, first: Self.relative(tree.flows[earlier].file, to: flow.file),
          second: Self.relative(tree.flows[index].file, to: flow.file)),
        at: entry.name.range)
    }
  }

  /// `file` as a path from the folder of `base`, where it is in that folder or below it.
  private static func relative(_ file: String, to base: String) -> String {
    guard let slash = base.lastIndex(of: "/") else { return file }
    let folder = base[...slash]
    return file.hasPrefix(folder) ? String(file.dropFirst(folder.count)) : file
  }

  /// A flow in `use:` that no operation starts is dead code; `groups` are what the
  /// operation rules gathered.
  func checkUnusedFlows(started groups: [NavigationTargets]) {
    guard !flow.uses.isEmpty else { return }
    let started = Set(groups.flatMap(\.startedFlows))
    for use in flow.uses where !started.contains(use.name.value) {
      sink.report(.unusedFlow(use.name.value), at: use.name.range)
    }
  }

  /// A screen of the flow or of a child flow it uses, by name or as `Flow.Screen`.
  func screenAnywhere(named name: String) -> Screen? {
    for candidate in tree.flows {
      if let screen = candidate.screen(named: name) { return screen }
    }
    for candidate in tree.flows.dropFirst() where name.hasPrefix(candidate.name.value + ".") {
      return candidate.screen(named: String(name.dropFirst(candidate.name.value.count + 1)))
    }
    return nil
  }

  /// Every request name a checklist may use, each where it is declared: the root's, then
  /// each child's (`FlowTree.requestChecklistNames`).
  var requestNamesAnywhere: (names: [Located<String>], files: [String]) {
    var found: (names: [Located<String>], files: [String]) = ([], [])
    for (flow, names) in zip(tree.flows, tree.requestChecklistNames) {
      for (request, name) in zip(flow.requests, names) {
        found.names.append(Located(name, at: request.name.range))
        found.files.append(flow.file)
      }
    }
    return found
  }

  /// `reportUnknown` for a request name no flow of the tree declares, with the closest
  /// declared anywhere.
  func reportUnknownRequest(_ message: DiagnosticMessage, name: Located<String>) {
    let candidates = requestNamesAnywhere
    reportUnknown(
      message, name: name, candidates: candidates.names,
      fileOfCandidate: { candidates.files[$0] })
  }

  /// Every screen name a checklist may use.
  var screenNamesAnywhere: [Located<String>] {
    tree.flows.flatMap { $0.screens.map(\.name) }
  }

  /// A state variable of the flow, by name, or of a child flow it uses, as `Flow.name`
  /// (how the navigator names a child's state).
  func stateAnywhere(named name: String) -> StateVariable? {
    if let variable = flow.stateVariable(named: name) { return variable }
    for candidate in tree.flows where candidate.file != flow.file {
      let prefix = candidate.name.value + "."
      guard name.hasPrefix(prefix) else { continue }
      if let variable = candidate.stateVariable(named: String(name.dropFirst(prefix.count))) {
        return variable
      }
    }
    return nil
  }

  /// `Use.name` where `Use` is a child's name under `use:` and not its flow's name, and the
  /// child has that state: the name the navigator gives it, `Flow.name`.
  func stateNamedByUse(_ name: String) -> String? {
    guard let dot = name.firstIndex(of: ".") else { return nil }
    let (use, state) = (String(name[..<dot]), String(name[name.index(after: dot)...]))
    for index in tree.flows.indices {
      guard let child = tree.child(use, of: index) else { continue }
      let childFlow = tree.flows[child]
      if childFlow.name.value != use, childFlow.stateVariable(named: state) != nil {
        return childFlow.name.value + "." + state
      }
    }
    return nil
  }

  /// Every state name a checklist may use: the flow's, and its children's as `Flow.name`.
  var stateNamesAnywhere: [Located<String>] {
    stateNames
      + children.flatMap { child in
        child.state.map { Located(child.name.value + "." + $0.name.value, at: $0.name.range) }
      }
  }

  /// The file each of `stateNamesAnywhere` is declared in.
  var stateFilesAnywhere: [String] {
    Array(repeating: flow.file, count: stateNames.count)
      + children.flatMap { child in child.state.map { _ in child.file } }
  }

  /// The flows of the tree other than this one.
  private var children: [Flow] { tree.flows.filter { $0.file != flow.file } }

  /// The child flow whose state `name` would be (`Flow.name`), if it names one.
  func childDeclaring(state name: String) -> Flow? {
    children.first { name.hasPrefix($0.name.value + ".") }
  }
}

extension DiagnosticMessage {
  static func sameChildFlowName(_ name: String, first: String, second: String) -> Self {
    Self(
      "check.same-flow-name", .error,
      "two child flows are named '\(name)' (\(first) and \(second)): a checklist names their screens, state and requests '\(name).…', which could be either's; give each its own 'flow:' name"
    )
  }
  static func pushOnModalWithoutStack(_ screen: String) -> Self {
    Self(
      "check.push-without-stack", .warning,
      "screen '\(screen)' is only ever presented without a stack of its own, so this push does nothing (UIKit has no navigation controller there); present it with 'stack: true'"
    )
  }
}

extension Checker {
  /// A push from a screen that is only ever presented without a navigation stack is
  /// certain to do nothing; `groups` are what the operation rules gathered.
  func checkPushesOnModals(_ groups: [NavigationTargets]) {
    var onStack = [Bool](repeating: false, count: flow.screens.count)
    var stackless = onStack
    for group in groups {
      for screen in group.stackedScreens { onStack[screen] = true }
      for screen in group.stacklessScreens { stackless[screen] = true }
    }
    guard stackless.contains(true) else { return }
    for tab in flow.tabs {
      if let screen = flow.indexOfScreen(named: tab.root.screen.value) { onStack[screen] = true }
    }
    for link in flow.links {
      for route in link.routes {
        if let screen = flow.indexOfScreen(named: route.screen.value) { onStack[screen] = true }
      }
    }
    for group in groups {
      for (range, screen) in group.pushes where stackless[screen] && !onStack[screen] {
        sink.report(.pushOnModalWithoutStack(flow.screens[screen].name.value), at: range)
      }
    }
  }
}
