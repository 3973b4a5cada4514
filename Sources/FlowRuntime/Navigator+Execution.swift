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
      record(.setRoot, .screen(entry.screen), animated: animated)
      try enter(entry)
    case .push(let target, let animated):
      let entry = try makeEntry(target, context)
      entries.append(entry)
      record(.push, .screen(entry.screen), animated: animated)
      try enter(entry)
    case .pop(let animated):
      if entries.count > 1 {
        let popped = entries.removeLast()
        record(.pop, .screen(popped.screen), animated: animated)
      } else {
        record(.pop, .none, animated: animated, .popAtRoot)
      }
    case .popToRoot(let animated):
      if entries.count > 1 {
        entries.removeSubrange(1...)
        record(.popToRoot, .none, animated: animated)
      } else {
        record(.popToRoot, .none, animated: animated, .popToRootAtRoot)
      }
    case .presentAlert(let index, let animated):
      if let presented {
        record(.present, .alert(index), animated: animated, .alreadyPresenting(presented.name))
      } else {
        presentation = .alert(index)
        record(.present, .alert(index), animated: animated)
      }
    case .presentScreen(let target, let style, let animated):
      let entry = try makeEntry(target, context)
      if let presented {
        record(
          .present, .screen(entry.screen), animated: animated, .alreadyPresenting(presented.name))
      } else {
        presentation = .screen(entry, style)
        record(.present, .screen(entry.screen), animated: animated)
        try enter(entry)
      }
    case .dismiss(let animated):
      switch presentation {
      case .alert(let index):
        presentation = nil
        record(.dismiss, .alert(index), animated: animated)
      case .screen(let entry, _):
        presentation = nil
        record(.dismiss, .screen(entry.screen), animated: animated)
      case nil:
        record(.dismiss, .none, animated: animated, .nothingPresented)
      }
    case .set(let writes):
      for write in writes {
        let value = try resolve(write.value, context)
        let expected = program.initialState[write.index].type
        guard value.type == expected else {
          throw NavigationError(
            "state '\(program.stateNames[write.index])' is a \(expected), but the value \(value) is a \(value.type)"
          )
        }
        stateValues[write.index] = value
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

  /// Runs a screen's `onEnter`, reading the screen's own arguments.
  private mutating func enter(_ entry: StackEntry) throws(NavigationError) {
    guard let onEnter = program.screens[entry.screen].onEnter else { return }
    try execute(onEnter, in: ExecutionContext(screenArguments: entry.arguments))
  }

  private func makeEntry(_ target: Target, _ context: ExecutionContext) throws(NavigationError)
    -> StackEntry
  {
    if target.arguments.isEmpty { return StackEntry(screen: target.screen, arguments: []) }
    var arguments: [Value] = []
    arguments.reserveCapacity(target.arguments.count)
    for operand in target.arguments {
      arguments.append(try resolve(operand, context))
    }
    return StackEntry(screen: target.screen, arguments: arguments)
  }

  /// The value of an operand: a literal, or `$name` from the event, the screen, the state.
  private func resolve(_ operand: Operand, _ context: ExecutionContext) throws(NavigationError)
    -> Value
  {
    switch operand {
    case .literal(let value):
      return value
    case .reference(let name, let parameter, let state):
      if let value = context.eventArguments[name] { return value }
      if let parameter, parameter < context.screenArguments.count {
        return context.screenArguments[parameter]
      }
      if let state { return stateValues[state] }
      if let event = context.eventName {
        throw NavigationError(
          "event '\(event)' needs the argument '\(name)', as in '{ \(event): { \(name): … } }'")
      }
      throw NavigationError("'$\(name)' has no value here")
    case .missing(let parameter, let screen):
      throw NavigationError("screen '\(screen)' needs parameter '\(parameter)'")
    }
  }

  private func holds(_ predicate: Predicate, _ context: ExecutionContext) throws(NavigationError)
    -> Bool
  {
    switch predicate {
    case .flag(let index):
      guard case .bool(let value) = stateValues[index] else {
        throw NavigationError("state '\(program.stateNames[index])' is not a Bool")
      }
      return value
    case .not(let inner):
      return try !holds(inner, context)
    case .equals(let index, let operand):
      return try stateValues[index] == resolve(operand, context)
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
