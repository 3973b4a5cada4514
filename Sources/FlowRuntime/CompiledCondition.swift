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
///
/// A class, never changed once made: a search asks it of every state, and a struct would be
/// copied out of its caller's array for each, retaining every array in it.
package final class CompiledCondition: Sendable {
  private let program: NavigationProgram
  /// Each alternative's checks, as a range of `checks`.
  private let alternatives: [Range<Int>]
  private let checks: [Check]
  /// The screens and requests the checks name, by the index a check holds.
  private let targets: [Target]
  /// The state values the checks expect, by the index a check holds.
  private let expectedValues: [ExpectedValue]
  /// For each tab a check names, whether each of the program's tabs has that name.
  private let tabsNamed: [[Bool]]

  /// One expectation, compiled, its screens, values and tab names held apart and named by
  /// index: judging a state reads each check out of its array, and a check of plain
  /// numbers is read without a retain.
  private enum Check: Sendable {
    case stack(Range<Int>)
    case root(Int)
    case top(Int)
    case tab(Int)
    /// A state value, by its index (`nil` for a name the flow does not declare), and the
    /// value expected.
    case state(Int?, Int)
    case nothingPresented
    case presented(Int)
    case onStack(Range<Int>)
    case pending(Range<Int>)
  }

  /// A state value expected, with its words (`StateWords`) to compare a state's with.
  private struct ExpectedValue: Sendable {
    var value: Value
    var words: [UInt32]
    /// Whether it holds text, which two spellings may give: then unlike words may still be
    /// an equal value.
    var holdsText: Bool

    init(_ value: Value) {
      self.value = value
      words = [UInt32](repeating: 0, count: value.stateWordCount)
      words.withUnsafeMutableBufferPointer { buffer in
        var writer = StateWordWriter(buffer, at: 0)
        value.write(to: &writer)
      }
      holdsText = Self.holdsText(value)
    }

    private static func holdsText(_ value: Value) -> Bool {
      switch value {
      case .bool, .int: false
      case .string, .record: true
      case .list(let values): values.contains(where: holdsText)
      }
    }
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
    var targets: [Target] = []
    var expectedValues: [ExpectedValue] = []
    var tabsNamed: [[Bool]] = []
    func screen(_ target: ScreenTarget) -> Int {
      targets.append(Target(target, names: screenNames, flows: screenFlows))
      return targets.count - 1
    }
    func screens(_ routes: [ScreenTarget]) -> Range<Int> {
      let first = targets.count
      for route in routes { _ = screen(route) }
      return first..<targets.count
    }
    var alternatives: [Range<Int>] = []
    var checks: [Check] = []
    for alternative in condition.alternatives {
      let first = checks.count
      for expectation in alternative {
        switch expectation.kind {
        case .stack(let routes): checks.append(.stack(screens(routes)))
        case .root(let route): checks.append(.root(screen(route)))
        case .top(let route): checks.append(.top(screen(route)))
        case .tab(let name):
          tabsNamed.append(program.tabs.map { $0.name == name.value })
          checks.append(.tab(tabsNamed.count - 1))
        case .state(let assignments):
          for assignment in assignments {
            guard case .literal(let value) = assignment.value.value else { continue }
            expectedValues.append(ExpectedValue(value))
            checks.append(
              .state(program.stateIndex[assignment.name.value], expectedValues.count - 1))
          }
        case .presented(nil): checks.append(.nothingPresented)
        case .presented(let expected?):
          guard expected.pushed == nil else { return nil }
          checks.append(.presented(screen(expected.item)))
        case .onStack(let routes): checks.append(.onStack(screens(routes)))
        case .pending(let patterns):
          let first = targets.count
          for pattern in patterns {
            targets.append(
              Target(
                ScreenTarget(screen: pattern.request, arguments: pattern.arguments),
                names: requestNames, flows: requestFlows))
          }
          checks.append(.pending(first..<targets.count))
        case .tabs, .navigationBar, .alert, .params, .animated, .calls, .refused, .holds:
          return nil
        }
      }
      alternatives.append(first..<checks.count)
    }
    self.checks = checks
    self.targets = targets
    self.expectedValues = expectedValues
    self.tabsNamed = tabsNamed
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
    alternatives: for alternative in alternatives {
      for check in alternative where !holds(checks[check], in: state) {
        continue alternatives
      }
      return true
    }
    return false
  }

  private func holds(_ check: Check, in state: NavigationState) -> Bool {
    switch check {
    case .stack(let targets):
      let place = NavigationState.StackPlace.tab(state.selectedTab)
      guard targets.count == state.entryCount(place) else { return false }
      for (index, target) in targets.enumerated() where !matches(target, state, place, index) {
        return false
      }
      return true
    case .root(let target):
      let place = NavigationState.StackPlace.tab(state.selectedTab)
      return state.entryCount(place) > 0 && matches(target, state, place, 0)
    case .top(let target):
      let place = NavigationState.StackPlace.tab(state.selectedTab)
      let count = state.entryCount(place)
      return count > 0 && matches(target, state, place, count - 1)
    case .tab(let names):
      return !program.tabs.isEmpty && tabsNamed[names][state.selectedTab]
    case .state(let index, let value):
      guard let index else { return false }
      // Words alike are values alike; words unlike are values unlike but for text, whose two
      // spellings of one accent Swift calls equal.
      // A value of another kind, or a list of another length, differs without its text read.
      // The expected value read in place: a copy of it retains its words and value.
      let (same, mayBeEqual) = state.withValueWords(at: index) { found in
        expectedValues[value].words.withUnsafeBufferPointer { words in
          (
            wordsEqual(words, found),
            expectedValues[value].holdsText && words[0] == found[0]
              && (words[0] != StateWordTag.list || words[1] == found[1])
          )
        }
      }
      return same || (mayBeEqual && state.value(at: index) == expectedValues[value].value)
    case .nothingPresented:
      return state.layerCount == 0
    case .presented(let target):
      let count = state.layerCount
      guard count > 0 else { return false }
      switch state.layerKind(count - 1) {
      case .alert(let index):
        return targets[target].isBare
          && program.alerts[index].contents.name == targets[target].name
      case .screen: return matches(target, state, .layer(count - 1), 0)
      }
    case .onStack(let targets):
      return targets.allSatisfy { isOnAStack($0, in: state) }
    case .pending(let targets):
      guard targets.count == state.pendingCount else { return false }
      return zip(targets, state.pending).allSatisfy { target, pending in
        self.targets[target].matches(
          pending.request, parameters: program.requests[pending.request].parameters,
          values: pending.arguments)
      }
    }
  }

  /// Whether `target` (its index in `targets`) is on any tab's stack (the only one's, without
  /// tabs), or a presented screen's (the top presented screen's whole stack when it has one,
  /// a lower one's first screen).
  private func isOnAStack(_ target: Int, in state: NavigationState) -> Bool {
    for tab in 0..<state.tabCount {
      let place = NavigationState.StackPlace.tab(tab)
      for index in 0..<state.entryCount(place) where matches(target, state, place, index) {
        return true
      }
    }
    let top = state.topScreenLayer
    for layer in 0..<state.layerCount {
      guard case .screen(_, let hasNavigation) = state.layerKind(layer) else { continue }
      let place = NavigationState.StackPlace.layer(layer)
      let count = state.entryCount(place)
      let shown = layer == top && hasNavigation ? count : min(count, 1)
      for index in 0..<shown where matches(target, state, place, index) { return true }
    }
    return false
  }

  /// Whether entry `index` of `place`'s stack in `state` is `target` (its index in
  /// `targets`): its screen compared by index, its values read only when the target
  /// expects some.
  private func matches(
    _ target: Int, _ state: NavigationState, _ place: NavigationState.StackPlace, _ index: Int
  ) -> Bool {
    let screen = state.screen(place, at: index)
    guard targets[target].named[screen] else { return false }
    guard !targets[target].arguments.isEmpty else { return true }
    return targets[target].matches(
      screen, parameters: program.screens[screen].parameters,
      values: state.entry(place, at: index).arguments)
  }
}
