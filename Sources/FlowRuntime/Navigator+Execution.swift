import FlowDiagnostics
import FlowModel

extension Navigator {
  /// Runs a compiled operation with UIKit's semantics.
  mutating func execute(_ instruction: Instruction, in context: ExecutionContext)
    throws(NavigationError)
  {
    switch instruction {
    case .setRoot(let target, let animated):
      let entry = try makeEntry(target, context)
      entries = [entry]
      record(.setRoot, .entry(entry), animated: animated)
      try enter(entry)
    case .push(let target, let animated):
      let entry = try makeEntry(target, context)
      entries.append(entry)
      record(.push, .entry(entry), animated: animated)
      try enter(entry)
    case .reset(let targets, let animated):
      var routes: [StackEntry] = []
      routes.reserveCapacity(targets.count)
      for target in targets { routes.append(try makeEntry(target, context)) }
      try reset(to: routes, animated: animated)
    case .select(let tab):
      try select(tab)
    case .pop(let animated):
      if entries.count > 1 {
        let popped = entries.removeLast()
        record(.pop, .entry(popped), animated: animated)
      } else {
        record(.pop, .none, animated: animated, .popAtRoot)
      }
    case .popToRoot(let animated):
      popToRoot(animated: animated)
    case .presentAlert(let index, let animated):
      if let presented {
        record(.present, .alert(index), animated: animated, .alreadyPresenting(presented.name))
      } else {
        current.presentation = .alert(index)
        record(.present, .alert(index), animated: animated)
      }
    case .presentScreen(let target, let style, let animated):
      let entry = try makeEntry(target, context)
      if let presented {
        record(
          .present, .entry(entry), animated: animated, .alreadyPresenting(presented.name))
      } else {
        current.presentation = .screen(entry, style)
        record(.present, .entry(entry), animated: animated)
        try enter(entry)
      }
    case .dismiss(let animated):
      switch current.presentation {
      case .alert(let index):
        current.presentation = nil
        record(.dismiss, .alert(index), animated: animated)
      case .screen(let entry, _):
        current.presentation = nil
        record(.dismiss, .entry(entry), animated: animated)
      case nil:
        record(.dismiss, .none, animated: animated, .nothingPresented)
      }
    case .set(let writes):
      for write in writes {
        let value = try resolve(write.value, context)
        let expected = program.initialState[write.index].type
        guard value.type == expected else {
          throw NavigationError(
            "state '\(program.stateNames[write.index])' is \(expected.withArticle), but the value \(value) is \(value.type.withArticle)"
          )
        }
        current.stateValues[write.index] = value
      }
    case .branch(let predicate, let then, let otherwise):
      if try holds(predicate, context) {
        try execute(then, in: context)
      } else if let otherwise {
        try execute(otherwise, in: context)
      }
    case .sequence(let instructions):
      for instruction in instructions {
        try execute(instruction, in: context)
      }
    case .fail(let reason):
      throw NavigationError("the flow has an error: \(reason)")
    }
  }

  /// `popToRootViewController(animated:)` on the selected tab's stack.
  mutating func popToRoot(animated: Bool) {
    if entries.count > 1 {
      entries.removeSubrange(1...)
      record(.popToRoot, .none, animated: animated)
    } else {
      record(.popToRoot, .none, animated: animated, .popToRootAtRoot)
    }
  }

  /// Replaces everything above the selected stack's root with `routes` at once, as
  /// `path = routes` does; on an empty stack the first route becomes the root.
  mutating func reset(to routes: [StackEntry], animated: Bool) throws(NavigationError) {
    entries = Array(entries.prefix(1)) + routes
    record(.reset, .entries(routes), animated: animated)
    for route in routes { try enter(route) }
  }

  /// Selects a tab, loading it the first time.
  mutating func select(_ tab: Int) throws(NavigationError) {
    current.selectedTab = tab
    record(.select, .tab(tab), animated: false)
    try loadTab(tab)
  }

  /// Runs a tab root's `onEnter` the first time the tab is selected, as UIKit loads a tab's
  /// view controller then.
  mutating func loadTab(_ tab: Int) throws(NavigationError) {
    guard !current.loadedTabs[tab] else { return }
    current.loadedTabs[tab] = true
    if let root = current.stacks[tab].first { try enter(root) }
  }

  /// Runs a screen's `onEnter`, reading the screen's own arguments.
  private mutating func enter(_ entry: StackEntry) throws(NavigationError) {
    guard let onEnter = program.screens[entry.screen].onEnter else { return }
    try execute(onEnter, in: ExecutionContext(screenArguments: entry.arguments))
  }

  /// The stack entry a target makes, each value resolved and checked against its parameter's
  /// type: an event argument of the wrong type is refused, as Swift would not compile it.
  func makeEntry(_ target: Target, _ context: ExecutionContext) throws(NavigationError)
    -> StackEntry
  {
    if let unknown = target.unknownScreen {
      throw NavigationError("the flow has an error: no screen '\(unknown)'")
    }
    if target.arguments.isEmpty { return StackEntry(screen: target.screen, arguments: []) }
    let screen = program.screens[target.screen]
    var arguments: [Value?] = []
    arguments.reserveCapacity(target.arguments.count)
    for (index, operand) in target.arguments.enumerated() {
      if case .absent = operand {
        arguments.append(nil)
        continue
      }
      let value = try resolve(operand, context)
      let expected = screen.parameterTypes[index].base
      guard value.type == expected else {
        throw NavigationError(
          "'\(screen.name)' takes '\(screen.parameters[index])' as \(expected.withArticle), but was given \(value)"
        )
      }
      arguments.append(value)
    }
    return StackEntry(screen: target.screen, arguments: arguments)
  }

  /// The value of an operand: a literal, or `$name` from the event, the screen, the state.
  func resolve(_ operand: Operand, _ context: ExecutionContext) throws(NavigationError)
    -> Value
  {
    switch operand {
    case .literal(let value):
      return value
    case .reference(let name, let parameter, let state):
      if let value = context.eventArguments[name] { return value }
      if let parameter, parameter < context.screenArguments.count,
        let value = context.screenArguments[parameter]
      {
        return value
      }
      if let state { return current.stateValues[state] }
      if let event = context.eventName {
        throw NavigationError(
          "event '\(event)' needs the argument '\(name)', as in '{ \(event): { \(name): … } }'")
      }
      throw NavigationError("'$\(name)' has no value here")
    case .missing(let parameter, let screen):
      throw NavigationError("screen '\(screen)' needs parameter '\(parameter)'")
    case .absent:
      throw NavigationError("an optional parameter has no value here")
    }
  }

  private func holds(_ predicate: Predicate, _ context: ExecutionContext) throws(NavigationError)
    -> Bool
  {
    switch predicate {
    case .flag(let index):
      guard case .bool(let value) = current.stateValues[index] else {
        throw NavigationError("state '\(program.stateNames[index])' is not a Bool")
      }
      return value
    case .not(let inner):
      return try !holds(inner, context)
    case .equals(let index, let operand):
      return try current.stateValues[index] == resolve(operand, context)
    case .all(let predicates):
      for inner in predicates where try !holds(inner, context) {
        return false
      }
      return true
    case .unknown(let name):
      throw NavigationError("the flow has an error: no state '\(name)'")
    }
  }
}
