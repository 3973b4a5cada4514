internal import FlowChecklist
import FlowDiagnostics
internal import FlowModel
import FlowRuntime

extension SpaceSearch {
  /// The failures of a built-in property: one per declaration never reached for
  /// `all-reachable`, else the first state (or event) that breaks it, at the end of a
  /// shortest path.
  func failures(of builtIn: BuiltInProperty) -> [VerificationReport.Failure] {
    switch builtIn {
    case .allReachable:
      return unreached()
    case .noTrap:
      let final = flow.verification.finalScreenNames
      let trap = (0..<space.count).first { state in
        space.expanded[state]
          && space.transitions(from: state).allSatisfy { Int($0.to) == state }
          && !space.navigator(state).showsFinalScreen(final)
      }
      return trap.map { state in
        let navigator = space.navigator(state)
        // A screen meant to end the flow is declared so; an alert has no such way out.
        let hint =
          navigator.alert == nil
          ? navigator.visibleStack.last.map {
            "; if the flow is meant to end on '\($0.name)', declare it: 'verify: { final: [\($0.name)] }'"
          } ?? "" : ""
        return [
          failure(
            builtIn, path: space.path(to: state),
            "nothing the user can do changes anything \(events(space.path(to: state))): \(observation(state).summary)\(hint)"
          )
        ]
      } ?? []
    case .noRepeatedRequest:
      for state in judgments.statesPendingTwice {
        guard let request = space.navigator(state).repeatedRequest else { continue }
        let path = space.path(to: state)
        return [
          failure(
            builtIn, path: path,
            "'\(request)' is started again while it is pending \(events(path)): \(observation(state).summary)"
          )
        ]
      }
      return []
    case .noDoublePush:
      let repeatable = flow.verification.repeatableScreenNames
      let repushing = statesRepushingTheirTop()
      for transition in space.transitions {
        let middle = Int(transition.to)
        guard !space.expanded[middle] || repushing[middle],
          let pushed = pushesAgain(transition.event, at: middle, repeatable: repeatable)
        else { continue }
        let path = space.path(to: Int(transition.from)) + [space.event(of: transition)]
        return [
          failure(
            builtIn, path: path,
            "sending '\(space.event(of: transition))' twice \(events(Array(path.dropLast()))) pushes '\(pushed)' on top of itself (a double tap)"
          )
        ]
      }
      return []
    }
  }

  /// For each state, whether some event from it pushes its top screen once more: what the
  /// second tap of a double tap does. Rarely true, so the check compares events only there.
  private func statesRepushingTheirTop() -> [Bool] {
    var repushing = [Bool](repeating: false, count: space.count)
    for transition in space.transitions.indices where space.pushesTopAgain(transition) {
      repushing[Int(space.transitions[transition].from)] = true
    }
    return repushing
  }

  /// The screen the event `event` (its id in the space's events), sent again in state
  /// `state`, pushes on top of itself, if it does: read from the transition the search
  /// already made with that event there, the event sent again only where the search did not
  /// go on from `state`.
  private func pushesAgain(_ event: Int32, at state: Int, repeatable: Set<String>)
    -> ScreenInstance?
  {
    guard space.expanded[state] else {
      let sent = space.events[Int(event)]
      // Most events change no stack where they are sent: those are not sent again.
      guard
        space.program.mayChangeVisibleStack(sending: sent, inSituation: space.situation(of: state))
      else { return nil }
      return space.navigator(state).pushesAgain(sent, repeatable: repeatable)
    }
    guard let again = space.transitions(from: state).firstIndex(where: { $0.event == event }),
      space.pushesTopAgain(again)
    else { return nil }
    return space.navigator(state).pushed(
      onTopOfItself: space.navigator(Int(space.transitions[again].to)), repeatable: repeatable)
  }

  private func failure(_ builtIn: BuiltInProperty, path: [NavigationEvent], _ message: String)
    -> VerificationReport.Failure
  {
    VerificationReport.Failure(
      property: builtIn.rawValue, id: builtIn.diagnosticID, file: flow.file,
      range: flow.name.range, message: "\(builtIn.rawValue): \(message)", path: path,
      item: Counterexample.item(
        property: builtIn.rawValue, path: path, form: flow.checklist?.form ?? .block))
  }

  /// Every screen, alert, tab and link declared that no visited state reaches.
  private func unreached() -> [VerificationReport.Failure] {
    let program = space.navigator(0).program
    let shown = judgments.shown
    let screens = shown.screenNames
    let alerts = shown.alertNames
    let tabs = shown.tabNames
    // The URLs some transition opened: each event once, not once per transition.
    let opened = space.acceptedEvents.compactMap { event -> LinkURL? in
      guard case .open(let url) = event else { return nil }
      return LinkURL(url)
    }
    let bounded = space.boundsHit.any ? " (within the bounds)" : ""
    let visited =
      space.boundsHit.interrupted
      ? "in the \(space.count) states visited before the search was interrupted"
      : space.count == 1
        ? "in the one reachable state\(bounded)"
        : "in the \(space.count) reachable states\(bounded)"
    var failures: [VerificationReport.Failure] = []
    func unreached(_ what: String, _ name: Located<String>, file: String) {
      failures.append(
        VerificationReport.Failure(
          property: BuiltInProperty.allReachable.rawValue,
          id: BuiltInProperty.allReachable.diagnosticID,
          file: file, range: name.range,
          message: "all-reachable: \(what) '\(name.value)' is never reached \(visited)",
          path: nil, item: nil))
    }
    for declaring in program.tree.flows {
      // By index: iterating the screens would copy each one.
      for screen in declaring.screens.indices
      where !screens.contains(declaring.screens[screen].name.value) {
        unreached("screen", declaring.screens[screen].name, file: declaring.file)
      }
      for alert in declaring.alerts where !alerts.contains(alert.name.value) {
        unreached("alert", alert.name, file: declaring.file)
      }
    }
    for tab in flow.tabs where !tabs.contains(tab.name.value) {
      unreached("tab", tab.name, file: flow.file)
    }
    for link in flow.links {
      guard let pattern = link.parsed, !opened.contains(where: { pattern.match($0) != nil })
      else { continue }
      unreached("link", link.pattern, file: flow.file)
    }
    return failures
  }
}

extension BuiltInProperty {
  /// The id of the diagnostic `flowc verify` reports when the property fails.
  var diagnosticID: String {
    switch self {
    case .allReachable: "verify.all-reachable"
    case .noTrap: "verify.no-trap"
    case .noRepeatedRequest: "verify.no-repeated-request"
    case .noDoublePush: "verify.no-double-push"
    }
  }
}
