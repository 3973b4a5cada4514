package import FlowModel
package import FlowRuntime

/// Whether a property holds at one point of a scenario.
package enum PropertyVerdict: Sendable, Equatable {
  /// It holds.
  case holds
  /// It does not, for this reason (what the state shows, the event that did it).
  case fails(String)
  /// The flow has no property of that name.
  case unknown
  /// It cannot be judged here, for this reason: an app's observation leaves out what its
  /// condition reads, or it needs the interpreter (a search, a built-in property).
  case notJudged(String)
}

/// Judges a flow's properties where a scenario stands: its navigator, and the event just
/// before when the step before sent one. What `expect: { holds: … }` asks, and what
/// `flowc verify` asks of every state.
package struct PropertyJudge {
  package let flow: Flow
  package let navigator: Navigator
  /// The last event sent and whether it was refused.
  package let lastEvent: LastEventOutcome?
  /// The events a search sends.
  package let samples: EventSamples

  package init(
    flow: Flow, navigator: Navigator, lastEvent: LastEventOutcome?, samples: EventSamples
  ) {
    self.flow = flow
    self.navigator = navigator
    self.lastEvent = lastEvent
    self.samples = samples
  }

  /// The verdict on the property named `name`, a flow's or a built-in one.
  package func verdict(on name: String) -> PropertyVerdict {
    if let property = flow.property(named: name) { return verdict(on: property.statement) }
    switch BuiltInProperty(rawValue: name) {
    case .noTrap:
      return navigator.isTrap(samples: samples, finalScreens: flow.verification.finalScreenNames)
        ? .fails("nothing the user can do here changes anything: \(summary)") : .holds
    case .noRepeatedRequest:
      return navigator.repeatedRequest.map {
        .fails("'\($0)' is pending twice: \(summary)")
      } ?? .holds
    case .noDoublePush:
      guard let lastEvent, lastEvent.refusal == nil else { return .holds }
      return navigator.pushesAgain(
        lastEvent.event, repeatable: flow.verification.repeatableScreenNames
      ).map {
        .fails("sending '\(lastEvent.event)' again pushes '\($0)' on top of itself: \(summary)")
      } ?? .holds
    case .allReachable, nil:
      return .unknown
    }
  }

  private var summary: String { navigator.stateObservation.summary }

  private func verdict(on statement: FlowProperty.Statement) -> PropertyVerdict {
    let observed = navigator.stateObservation
    guard case .reachable(let condition) = statement else {
      return statement.verdict(on: observed, lastEvent: lastEvent, file: flow.file)
    }
    switch navigator.reaches(
      condition, file: flow.file, samples: samples, bounds: SearchBounds(flow.verification))
    {
    case .reached: return .holds
    case .unreachable:
      return .fails(
        "no state its 'reachable' condition holds in can be reached from here: \(observed.summary)"
      )
    case .notWithin(let states):
      return .fails(
        "no state its 'reachable' condition holds in is reached within \(states) states from here (a bounded search): \(observed.summary)"
      )
    }
  }
}

extension Flow {
  /// The verdict on property `name` judged on what an app shows, `lastEvent` the event just
  /// before: the flow's `never`, `always` and `after` properties; `reachable` and the
  /// built-in ones are judged on the interpreter only.
  package func verdict(
    onProperty name: String, observed: Observation, lastEvent: LastEventOutcome?,
    unobservable: Set<ExpectationKey>
  ) -> PropertyVerdict {
    guard let property = property(named: name) else {
      return BuiltInProperty(rawValue: name) == nil
        ? .unknown : .notJudged("a built-in property is judged on the interpreter")
    }
    return property.statement.verdict(
      on: observed, lastEvent: lastEvent, file: file, unobservable: unobservable)
  }
}

extension FlowProperty.Statement {
  /// The verdict of a `never`, `always` or `after` statement on one observation, the
  /// interpreter's or an app's, `lastEvent` the event just before; `notJudged` for
  /// `reachable` (it needs a search of the states) and where the observation leaves out
  /// what the condition reads (`unobservable`).
  package func verdict(
    on observed: Observation, lastEvent: LastEventOutcome?, file: String,
    unobservable: Set<ExpectationKey> = []
  ) -> PropertyVerdict {
    func condition(_ condition: StateCondition) -> ConditionVerdict {
      condition.verdict(on: observed, file: file, unobservable: unobservable)
    }
    let unread = PropertyVerdict.notJudged("what it reads is not observed")
    switch self {
    case .never(let never):
      switch condition(never) {
      case .holds: return .fails("its 'never' condition holds here: \(observed.summary)")
      case .fails: return .holds
      case .unknown: return unread
      }
    case .always(let always):
      switch condition(always) {
      case .holds: return .holds
      case .fails: return .fails("its 'always' condition does not hold here: \(observed.summary)")
      case .unknown: return unread
      }
    case .after(_, let then):
      guard let lastEvent, follows(lastEvent.event) else {
        let before = lastEvent.map { "'\($0.event)'" } ?? "none"
        return .fails(
          "it is about the event after which it holds, but the event just before was \(before)")
      }
      guard lastEvent.refusal == nil else { return .holds }
      switch condition(then) {
      case .holds: return .holds
      case .fails:
        return .fails(
          "after '\(lastEvent.event)', its 'then' condition does not hold: \(observed.summary)")
      case .unknown: return unread
      }
    case .reachable:
      return .notJudged("it is judged by a search of the flow's states, on the interpreter")
    }
  }
}

extension VerificationSettings {
  /// The names of the screens declared `final`.
  package var finalScreenNames: Set<String> { Set(finalScreens.map(\.value)) }
  /// The names of the screens declared `repeatable`.
  package var repeatableScreenNames: Set<String> { Set(repeatableScreens.map(\.value)) }
}

extension Navigator {
  /// The stack the user sees: the top presented screen's own (or that screen alone), else
  /// the selected tab's.
  package var visibleStack: [ScreenInstance] {
    for item in presentations.reversed() {
      if case .screen(let screen, _, let stack) = item { return stack ?? [screen] }
    }
    return screens
  }

  /// Whether nothing the user can do changes anything: every event available here (with
  /// `samples`' values) is refused or leaves the state as it is, and the visible screen is
  /// not one of `finalScreens`.
  package func isTrap(samples: EventSamples, finalScreens: Set<String>) -> Bool {
    if showsFinalScreen(finalScreens) { return false }
    let here = snapshot
    for event in samples.concrete(availableEvents, pending: pendingRequests) {
      var next = self
      guard (try? next.send(event)) != nil else { continue }
      if next.snapshot != here { return false }
    }
    return true
  }

  /// Whether the visible screen, with no alert over it, is one of `finalScreens`.
  package func showsFinalScreen(_ finalScreens: Set<String>) -> Bool {
    guard alert == nil, let top = visibleStack.last else { return false }
    return finalScreens.contains(top.name) || top.qualifiedName.map(finalScreens.contains) == true
  }

  /// A request pending twice with the same values, if one is.
  package var repeatedRequest: ScreenInstance? {
    var seen: Set<ScreenInstance> = []
    for request in pendingRequests where !seen.insert(request).inserted { return request }
    return nil
  }

  /// The screen `event`, sent once more, pushes on top of itself, if it does: the double
  /// tap. A screen in `repeatable` may be.
  package func pushesAgain(_ event: NavigationEvent, repeatable: Set<String>) -> ScreenInstance? {
    var again = self
    guard (try? again.send(event)) != nil else { return nil }
    return pushed(onTopOfItself: again, repeatable: repeatable)
  }

}
