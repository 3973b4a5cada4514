package import FlowModel

/// A property's condition compiled to the program's indexes and judged on a state as it is
/// stored, without the observation (screens with their names and values, the state by
/// name) that the checklist's evaluator reads: what `flowc verify` asks of every state.
///
/// It judges as the evaluator does, expectation for expectation: a condition holds when
/// every expectation of one of its alternatives does. Only the keys read straight from the
/// state compile (`stack`, `root`, `top`, `tab`, `state`, `presented` without `pushed`,
/// `onStack`, `pending`); a condition with any other is not compiled, and is judged by the
/// evaluator.
package struct CompiledCondition: Sendable {
  private let program: NavigationProgram
  private let alternatives: [[Check]]

  /// One expectation, compiled.
  private enum Check: Sendable {
    case stack([Target])
    case root(Target)
    case top(Target)
    case tab(String)
    /// A state value, by its index (`nil` for a name the flow does not declare).
    case state(Int?, Value)
    case nothingPresented
    case presented(Target)
    case onStack([Target])
    case pending([Target])
  }

  /// A screen (or a request) by name, with the values expected where given.
  private struct Target: Sendable {
    var name: String
    /// Whether each of the program's screens (or requests, for a pending request) has the
    /// name: a state's screens are matched by index, without reading their names.
    var named: [Bool]
    /// The literal values expected; `$name` ones are not checked.
    var arguments: [(name: String, value: Value)]
    /// Whether it is written without values, `$name` ones included: what an alert matches.
    var isBare: Bool

    /// `names`: each screen's (or request's) name; `flows`: the `flow:` name of the flow
    /// declaring it, for a `Child.Screen` target (`nil` where the name is one already).
    init(_ target: ScreenTarget, names: [String], flows: [String?]) {
      name = target.screen.value
      let expected = target.screen.value
      named = zip(names, flows).map { name, flow in
        name == expected
          || flow.map { ScreenInstance.isQualified(expected, name: name, flow: $0) } == true
      }
      isBare = target.arguments.isEmpty
      arguments = target.arguments.compactMap { argument in
        guard case .literal(let value) = argument.value.value else { return nil }
        return (argument.name.value, value)
      }
    }

    /// Whether the screen or request at `index`, with `parameters` and `values`, is this.
    func matches(_ index: Int, parameters: [String], values: [Value?]) -> Bool {
      guard named[index] else { return false }
      return arguments.isEmpty
        || arguments.allSatisfy { argument in
          guard let index = parameters.firstIndex(of: argument.name), index < values.count else {
            return false
          }
          return values[index] == argument.value
        }
    }
  }

  /// `condition` compiled for `program`; `nil` when it has an expectation that does not
  /// compile.
  package init?(_ condition: StateCondition, program: NavigationProgram) {
    self.program = program
    let screenNames = program.screens.map(\.name)
    let screenFlows: [String?] = program.screens.map { program.flows[$0.flow].name }
    // Requests as steps name them, as `Navigator.pendingRequests` shows them.
    let requestNames = program.requests.map(\.stepName)
    let requestFlows = program.requests.map {
      $0.stepName == $0.name ? program.flows[$0.flow].name : nil
    }
    func screen(_ target: ScreenTarget) -> Target {
      Target(target, names: screenNames, flows: screenFlows)
    }
    var alternatives: [[Check]] = []
    for alternative in condition.alternatives {
      var checks: [Check] = []
      for expectation in alternative {
        switch expectation.kind {
        case .stack(let routes): checks.append(.stack(routes.map(screen)))
        case .root(let route): checks.append(.root(screen(route)))
        case .top(let route): checks.append(.top(screen(route)))
        case .tab(let name): checks.append(.tab(name.value))
        case .state(let assignments):
          for assignment in assignments {
            guard case .literal(let value) = assignment.value.value else { continue }
            checks.append(.state(program.stateIndex[assignment.name.value], value))
          }
        case .presented(nil): checks.append(.nothingPresented)
        case .presented(let expected?):
          guard expected.pushed == nil else { return nil }
          checks.append(.presented(screen(expected.item)))
        case .onStack(let routes): checks.append(.onStack(routes.map(screen)))
        case .pending(let patterns):
          checks.append(
            .pending(
              patterns.map {
                Target(
                  ScreenTarget(screen: $0.request, arguments: $0.arguments), names: requestNames,
                  flows: requestFlows)
              }))
        case .tabs, .navigationBar, .alert, .params, .animated, .calls, .refused, .holds:
          return nil
        }
      }
      alternatives.append(checks)
    }
    self.alternatives = alternatives
  }

  /// Whether the condition holds in `snapshot`'s state.
  package func holds(in snapshot: NavigationSnapshot) -> Bool {
    holds(in: snapshot.state)
  }

  /// Whether the condition holds in `navigator`'s state: what a search asks of each state it
  /// comes to, without a snapshot made of it.
  package func holds(in navigator: Navigator) -> Bool {
    holds(in: navigator.current)
  }

  private func holds(in state: NavigationState) -> Bool {
    // Loops rather than closures: a search asks this of every state.
    alternatives: for alternative in alternatives.indices {
      for check in alternatives[alternative].indices
      where !holds(alternatives[alternative][check], in: state) {
        continue alternatives
      }
      return true
    }
    return false
  }

  private func holds(_ check: Check, in state: NavigationState) -> Bool {
    switch check {
    case .stack(let targets):
      let stack = state.stacks[state.selectedTab]
      return targets.count == stack.count
        && zip(targets, stack).allSatisfy { matches($0, $1) }
    case .root(let target):
      return state.stacks[state.selectedTab].first.map { matches(target, $0) } ?? false
    case .top(let target):
      return state.stacks[state.selectedTab].last.map { matches(target, $0) } ?? false
    case .tab(let name):
      return !program.tabs.isEmpty && program.tabs[state.selectedTab].name == name
    case .state(let index, let value):
      guard let index else { return false }
      // Lists of another length differ without their items compared.
      if case .list(let expected) = value, case .list(let found) = state.stateValues[index] {
        return expected.count == found.count && expected == found
      }
      return state.stateValues[index] == value
    case .nothingPresented:
      return state.layers.isEmpty
    case .presented(let target):
      switch state.layers.last {
      case nil: return false
      case .alert(let index, _):
        return target.isBare && program.alerts[index].contents.name == target.name
      case .screen(let modal): return matches(target, modal.entries[0])
      }
    case .onStack(let targets):
      return targets.allSatisfy { isOnAStack($0, in: state) }
    case .pending(let targets):
      return targets.count == state.pending.count
        && zip(targets, state.pending).allSatisfy { target, pending in
          target.matches(
            pending.request, parameters: program.requests[pending.request].parameters,
            values: pending.arguments)
        }
    }
  }

  /// Whether `target` is on the selected tab's stack, any tab's, or a presented screen's
  /// (the top presented screen's whole stack when it has one, a lower one's first screen).
  private func isOnAStack(_ target: Target, in state: NavigationState) -> Bool {
    let stacks = program.tabs.isEmpty ? [state.stacks[state.selectedTab]] : state.stacks
    if stacks.contains(where: { $0.contains { matches(target, $0) } }) { return true }
    let top = state.topScreenLayer
    for (index, layer) in state.layers.enumerated() {
      guard case .screen(let modal) = layer else { continue }
      let shown = index == top && modal.hasNavigation ? modal.entries[...] : modal.entries.prefix(1)
      if shown.contains(where: { matches(target, $0) }) { return true }
    }
    return false
  }

  private func matches(_ target: Target, _ entry: StackEntry) -> Bool {
    target.named[entry.screen]
      && target.matches(
        entry.screen, parameters: program.screens[entry.screen].parameters,
        values: entry.arguments)
  }
}
