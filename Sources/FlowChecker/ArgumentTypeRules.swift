import FlowDiagnostics
import FlowModel

extension Checker {
  /// An event's argument is passed on as one type by all the handlers of that event, in
  /// this flow and the child flows it uses.
  ///
  /// The app sends each argument as one value: its generated surface declares the type the
  /// first handler of the tree passes it on as (`EventSignature`). A use that needs another
  /// type never gets it: a parameter or state refuses the value, a record field holds the
  /// wrong type.
  ///
  /// A conflict between two uses inside one child flow's own tree is that child's to report
  /// (its file is checked with its tree too), so each is reported once, by the flow whose
  /// tree joins the two uses.
  func checkArgumentTypes() {
    // The tree is this flow's: the rule runs in the check of each flow's own tree.
    guard tree.root.file == flow.file else { return }
    let subtree = tree.firstLevelSubtrees
    // Event → argument → its first use and the flow it is in, in the order
    // `EventSignature` reads the handlers.
    var firstUses: [String: [String: (use: ArgumentUse, flow: Int)]] = [:]
    var uses: [ArgumentUse] = []
    func note(
      _ handler: EventHandler, in index: Int, of flow: Flow, on screen: Screen?,
      child: (String) -> Flow?
    ) {
      uses.removeAll(keepingCapacity: true)
      handler.operation.appendArgumentUses(in: flow, screen: screen, child: child, to: &uses)
      let event = handler.event.value
      // Most handlers pass no argument on, nor compare one: only those that do are read for
      // bar buttons.
      if index == 0, !uses.isEmpty || handler.operation.comparesAValueRead {
        checkBarButtons(sending: handler, of: flow, on: screen, child: child)
      }

      for use in uses {
        guard let first = firstUses[event]?[use.name] else {
          firstUses[event, default: [:]][use.name] = (use, index)
          continue
        }
        guard first.use.type != use.type,
          subtree[first.flow] != subtree[index] || subtree[index] == 0
        else { continue }
        var found = DiagnosticSink(file: flow.file)
        found.report(
          .argumentTypeConflict(
            event, argument: use.name, type: use.type, first: first.use.type),
          at: use.range,
          notes: [
            .init(
              "'$\(use.name)' is first passed on as \(first.use.type.withArticle) here",
              file: first.flow == index ? nil : tree.flows[first.flow].file,
              range: first.use.range)
          ])
        sink.append(contentsOf: found.diagnostics)
      }
    }
    tree.forEachHandler { handler, index, flow, screen, child in
      note(handler, in: index, of: flow, on: screen, child: child)
    }
  }
}

extension Checker {
  /// A bar button sends its event with no arguments: a handler that reads one whatever the
  /// state (`push: Item, with: { id: $id }`) refuses every tap. `screen` is the handler's
  /// (`nil` for a flow-wide one, which hears the buttons of screens without their own).
  fileprivate func checkBarButtons(
    sending handler: EventHandler, of flow: Flow, on screen: Screen?, child: (String) -> Flow?
  ) {
    let event = handler.event.value
    let candidates =
      screen.map { [flow.indexOfScreen(named: $0.name.value)].compactMap { $0 } }
      ?? Array(flow.screens.indices)
    let pressing = candidates.filter { index in
      let hasBar = BarSide.allCases.contains {
        flow.screens[index].navigationBar.item($0)?.action?.value == event
      }
      return hasBar && (screen != nil || flow.screens[index].handler(for: event) == nil)
    }
    guard !pressing.isEmpty else { return }
    var unconditional: [ArgumentUse] = []
    handler.operation.appendArgumentUses(
      in: flow, screen: screen, child: child, to: &unconditional, throughArms: false,
      comparisons: true)
    guard let first = unconditional.first else { return }
    for index in pressing {
      for side in BarSide.allCases {
        guard let action = flow.screens[index].navigationBar.item(side)?.action,
          action.value == event
        else { continue }
        sink.report(
          .barButtonNeedsArgument(event, side: side.rawValue, argument: first.name),
          at: action.range,
          notes: [.init("'$\(first.name)' is read here", range: first.range)])
      }
    }
  }
}

extension FlowTree {
  /// For each flow, the root's child whose tree holds it (0 for the root itself): two
  /// flows under one child are also in that child's own tree.
  var firstLevelSubtrees: [Int] {
    var subtree = [Int](repeating: -1, count: flows.count)
    subtree[0] = 0
    for top in children[0].values.sorted() where subtree[top] < 0 {
      var waiting = [top]
      while let flow = waiting.popLast() {
        guard subtree[flow] < 0 else { continue }
        subtree[flow] = top
        waiting += children[flow].values
      }
    }
    return subtree
  }
}

extension Operation {
  /// Whether a condition this operation asks whatever the state (not in an `if:`'s arms)
  /// compares state with a `$name`: what may read an event's argument besides what it passes
  /// on.
  fileprivate var comparesAValueRead: Bool {
    switch kind {
    case .branch(let condition, _, _):
      condition.locatedComparisons.contains {
        if case .reference = $0.value.value { true } else { false }
      }
    case .sequence(let operations): operations.contains { $0.comparesAValueRead }
    default: false
    }
  }
}
