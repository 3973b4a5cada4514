import FlowDiagnostics
internal import FlowModel

extension Navigator {
  /// Starts a child flow, as a coordinator starts the next one: its state back to its
  /// defaults with the values given, then its `start` runs, on the current navigation stack
  /// (the parent passes its navigation controller on) or, with a modal style, on a stack of
  /// its own presented over everything, or, without one (`stack: false`), its root
  /// presented as a single screen, on which a push is refused as UIKit ignores it.
  mutating func startFlow(
    _ child: Int, writes: [StateWrite], style: ModalStyle?, animated: Bool,
    hasNavigation: Bool = true, _ context: ExecutionContext
  ) throws(NavigationError) {
    let compiled = program.flows[child]
    var values: [(Int, Value)] = []
    for write in writes { values.append((write.index, try resolve(write.value, context))) }
    for index in compiled.state { current.setValue(program.initialState[index], at: index) }
    for (index, value) in values {
      try program.checkStateValue(value, at: index)
      current.setValue(value, at: index)
    }
    let starter = context.screen.map {
      StackEntry(screen: $0, arguments: context.screenArguments)
    }
    current.appendChild(ChildFlow(flow: child, parent: context.flow, starter: starter))
    records.append(
      LogRecord(call: nil, subject: .flow(child, nil), animated: false, outcome: .performed))
    if let style {
      if let blocking = current.topAlertIndex {
        let name = program.alerts[blocking].contents.name
        record(.present, .none, animated: animated, .alreadyPresenting(name))
        return
      }
      current.appendLayer(.screen(ModalStack(entries: [], style: style, hasNavigation: true)))
      let layer = current.layerCount - 1
      guard let start = compiled.start else {
        current.removeLastLayer()
        return
      }
      // The child's start sets its root on the new layer; a single screen keeps no stack.
      try execute(start, in: ExecutionContext(flow: child))
      if layer < current.layerCount, case .screen = current.layerKind(layer) {
        if current.entryCount(.layer(layer)) > 0 {
          let root = current.entry(.layer(layer), at: 0)
          if !hasNavigation {
            current.keepEntries(1, of: .layer(layer))
            current.setHasNavigation(false, layer: layer)
          }
          record(.present, .shown(root), animated: animated)
        } else {
          current.removeLayer(at: layer)
        }
      }
    } else if let start = compiled.start {
      try execute(start, in: ExecutionContext(flow: child))
    }
  }

  /// A child flow tells its parent it is done: the event goes to the parent's screen that
  /// started it, else to the parent flow's own handlers. The parent decides what happens
  /// to the child's screens (a pop, a dismiss), as a coordinator's delegate does.
  mutating func finish(_ flow: Int, event: String, values: [String: Value])
    throws(NavigationError)
  {
    guard let position = current.children.lastIndex(where: { $0.flow == flow }) else {
      throw .notStarted(program.flows[flow].name, event: event, isChild: flow != 0)
    }
    let child = current.removeChild(at: position)
    records.append(
      LogRecord(call: nil, subject: .flow(flow, event), animated: false, outcome: .performed))
    let eventID = program.eventIndex[event]
    var context = ExecutionContext(
      source: .event(event), flow: child.parent, eventArguments: values)
    if let starter = child.starter, let eventID,
      let handler = program.screens[starter.screen].handlers.instruction(for: eventID)
    {
      context.screen = starter.screen
      context.screenArguments = starter.arguments
      try execute(handler, in: context)
    } else if let eventID,
      let handler = program.flows[child.parent].handlers.instruction(for: eventID)
    {
      try execute(handler, in: context)
    } else {
      throw .unhandledFinish(
        event, child: program.flows[flow].name, parent: program.flows[child.parent].name)
    }
  }
}
