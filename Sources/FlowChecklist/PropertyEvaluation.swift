package import FlowModel
package import FlowRuntime

/// Whether a condition holds on what one observation shows.
package enum ConditionVerdict: Sendable, Equatable {
  /// One of the condition's alternatives holds whole.
  case holds
  /// None does.
  case fails
  /// The observation leaves out what the condition needs (an app's observation).
  case unknown
}

/// What a search for a state matching a condition found.
package enum ReachAnswer: Sendable, Equatable {
  /// A state matching it is reached.
  case reached
  /// None is, among every state the search could visit.
  case unreachable
  /// None is among the `states` visited, but the search stopped at its bounds.
  case notWithin(states: Int)
}

extension StateCondition {
  /// Whether the condition holds on `observed`: each alternative checked as an `expect` of
  /// its keys would be.
  package func verdict(
    on observed: Observation, file: String, unobservable: Set<ExpectationKey> = []
  ) -> ConditionVerdict {
    var verdict = ConditionVerdict.fails
    for alternative in alternatives {
      var evaluator = ExpectationEvaluator(
        observed: observed, file: file, unobservable: unobservable)
      evaluator.writesMessages = false
      for expectation in alternative { evaluator.check(expectation) }
      let unobserved =
        !evaluator.unchecked.isEmpty
        || evaluator.failures.contains { $0.id == RunFailure.unobservedID }
      if unobserved {
        verdict = .unknown
      } else if evaluator.failures.isEmpty {
        return .holds
      }
    }
    return verdict
  }
}

extension FlowProperty.Statement {
  /// For `after`, whether `event` is the one it follows: the same event with the same
  /// arguments where the property gives them, or a URL its pattern (`{id}`) matches.
  package func follows(_ event: NavigationEvent) -> Bool {
    guard case .after(let step, _) = self else { return false }
    let expected = NavigationEvent(step)
    switch (step.kind, event) {
    case (.open(let written), .open(let url)):
      guard case .success(let pattern) = URLPattern.parse(written.value),
        !pattern.variables.isEmpty, let link = LinkURL(url)
      else { return expected == event }
      return pattern.match(link) != nil
    case (.event(let name, _), .named(let sent, let arguments)):
      guard case .named(_, let given) = expected, name.value == sent else { return false }
      return given.allSatisfy { arguments[$0.key] == $0.value }
    case (.respond(let request, _, _, let index), .complete(let sent, let values, let at)),
      (.respond(let request, _, _, let index), .fail(let sent, let values, let at)):
      // The same outcome of the request, at any pending index unless the property names one.
      guard request.value == sent, expected.keyword == event.keyword,
        index.map({ $0.value == at }) ?? true
      else { return false }
      return expected.outcomeValues.allSatisfy { values[$0.key] == $0.value }
    default:
      return expected == event
    }
  }
}

extension NavigationEvent {
  /// The values a request's outcome gives; none for any other event.
  fileprivate var outcomeValues: [String: Value] {
    switch self {
    case .complete(_, let values, _), .fail(_, let values, _): values
    default: [:]
    }
  }
}

extension Navigator {
  /// What the interpreter shows now, without the calls it made: what a property's
  /// condition reads, built without the log.
  package var stateObservation: Observation { stateObservation(of: .all) }

  /// What the interpreter shows now, of `parts` only: a search judging a condition on every
  /// state builds no navigation bar for a condition about the stack. A part left out reads
  /// as absent, so the observation serves only expectations that read those parts.
  package func stateObservation(of parts: ObservedParts) -> Observation {
    Observation(
      stack: parts.contains(.stack) ? screens : nil,
      tabs: parts.contains(.tabs)
        ? selectedTab.map { selected in
          TabsObservation(
            selected: selected,
            stacks: Dictionary(
              uniqueKeysWithValues: program.tabNames.map { ($0, stack(ofTab: $0) ?? []) }))
        } : nil,
      presentations: parts.contains(.presentations) ? presentations : nil,
      lastAnimated: lastAnimated,
      navigationBar: parts.contains(.navigationBar) ? navigationBar : nil,
      calls: [], state: parts.contains(.state) ? state : [:],
      pendingRequests: parts.contains(.pending) ? pendingRequests : nil, isComplete: true)
  }
}

/// The parts of an observation that expectations read.
package struct ObservedParts: OptionSet, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let stack = ObservedParts(rawValue: 1 << 0)
  package static let tabs = ObservedParts(rawValue: 1 << 1)
  package static let presentations = ObservedParts(rawValue: 1 << 2)
  package static let navigationBar = ObservedParts(rawValue: 1 << 3)
  package static let state = ObservedParts(rawValue: 1 << 4)
  package static let pending = ObservedParts(rawValue: 1 << 5)
  package static let all: ObservedParts = [
    .stack, .tabs, .presentations, .navigationBar, .state, .pending,
  ]

  /// The parts expectations of `key` read.
  package init(reading key: ExpectationKey) {
    switch key {
    case .stack, .root, .top, .params: self = .stack
    case .tab, .tabs: self = .tabs
    case .presented, .alert: self = .presentations
    case .onStack: self = [.stack, .tabs, .presentations]
    case .navBar: self = .navigationBar
    case .state: self = .state
    case .pending: self = .pending
    case .animated, .calls, .refused, .holds: self = []
    }
  }
}

extension StateCondition {
  /// The parts of an observation the condition reads.
  package var parts: ObservedParts {
    alternatives.joined().reduce(into: []) { $0.formUnion(ObservedParts(reading: $1.kind.key)) }
  }
}

extension Observation {
  /// The state in a few words, for a property's failure: `stack [Home, Detail], presented
  /// [sheet Compose › Detail], pending [load], state isLoggedIn: false`.
  package var summary: String {
    var parts: [String] = []
    if let tabs { parts.append("tab '\(tabs.selected)'") }
    if let stack {
      parts.append("stack [" + stack.map(\.description).joined(separator: ", ") + "]")
    }
    if let presentations, !presentations.isEmpty {
      // A presented screen's own stack follows it: `sheet Compose › Detail`.
      let shown = presentations.map { item -> String in
        guard case .screen(_, _, let stack?) = item, stack.count > 1 else { return "\(item)" }
        return "\(item)" + stack.dropFirst().map { " › \($0)" }.joined()
      }
      parts.append("presented [" + shown.joined(separator: ", ") + "]")
    }
    if let pendingRequests, !pendingRequests.isEmpty {
      parts.append("pending [" + pendingRequests.map(\.description).joined(separator: ", ") + "]")
    }
    if !state.isEmpty {
      parts.append(
        "state "
          + state.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
          .joined(separator: ", "))
    }
    return parts.joined(separator: ", ")
  }
}
