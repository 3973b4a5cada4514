import FlowDiagnostics
import FlowModel

extension Checker {
  /// Bar buttons must send an event their screen handles, with a valid tint and symbol.
  mutating func checkNavigationBars() {
    for screen in flow.screens {
      for side in BarSide.allCases {
        guard let item = screen.navigationBar.item(side) else { continue }
        if let action = item.action, screen.handler(for: action.value) == nil {
          let handled = screen.handlers.map(\.event)
          reportUnknown(
            .unhandledBarAction(
              action.value, screen: screen.name.value, handled: handled.map(\.value)),
            name: action, candidates: handled)
        }
        if let tint = item.tint, !SystemColors.isValid(tint.value) {
          let suggestion = Suggestion.closest(to: tint.value, among: SystemColors.names.sorted())
          sink.report(
            .invalidTint(tint.value, suggestion: suggestion), at: tint.range,
            fixIts: suggestion.map { [FixIt(range: tint.range, replacement: $0)] } ?? [])
        }
        if let image = item.image, !SystemColors.isPlausibleSymbolName(image.value) {
          sink.report(.unusualSymbolName(image.value), at: image.range)
        }
      }
    }
  }

  /// An alert needs an action to be dismissed, one cancel action at most, distinct titles.
  mutating func checkAlerts() {
    for alert in flow.alerts {
      if alert.actions.isEmpty {
        sink.report(.undismissableAlert(alert.name.value), at: alert.name.range)
      }
      let cancels = alert.actions.filter { $0.resolvedStyle == .cancel }
      for extra in cancels.dropFirst() {
        sink.report(
          .twoCancelActions(alert.name.value), at: extra.style?.range ?? extra.title.range,
          notes: [.init("the first 'cancel' action is here", range: cancels[0].title.range)])
      }
      var seen: [String: Located<String>] = [:]
      for action in alert.actions {
        if let first = seen[action.title.value] {
          sink.report(
            .duplicateActionTitle(action.title.value, alert: alert.name.value),
            at: action.title.range,
            notes: [.init("first titled here", range: first.range)])
        } else {
          seen[action.title.value] = action.title
        }
      }
    }
  }

  /// Event names `tap` and `alert` would be read as taps and alert actions in steps; with
  /// a checklist, every handled event should be sent by a bar button or a step.
  mutating func checkEvents() {
    for screen in flow.screens {
      for handler in screen.handlers where ["tap", "alert"].contains(handler.event.value) {
        sink.report(.reservedEventName(handler.event.value), at: handler.event.range)
      }
    }
    guard let checklist = flow.checklist, !checklist.sections.isEmpty else { return }
    var triggered = Set(
      checklist.entries.flatMap { entry in entry.item.steps.flatMap(\.sentEvents) })
    for screen in flow.screens {
      for side in BarSide.allCases {
        if let action = screen.navigationBar.item(side)?.action { triggered.insert(action.value) }
      }
    }
    for screen in flow.screens {
      for handler in screen.handlers where !triggered.contains(handler.event.value) {
        sink.report(
          .untriggeredEvent(handler.event.value, screen: screen.name.value), at: handler.event.range
        )
      }
    }
  }

  /// Screens nothing reachable from `start` shows, and alerts nothing presents.
  mutating func checkReachability() {
    var presentedAlerts: Set<String> = []
    flow.forEachOperation { operation, _ in
      if case .present(let presentation) = operation.kind {
        presentedAlerts.insert(presentation.target.value)
      }
    }
    for alert in flow.alerts where !presentedAlerts.contains(alert.name.value) {
      sink.report(.unpresentedAlert(alert.name.value), at: alert.name.range)
    }
    guard let start = flow.start else { return }
    var reachedScreens: Set<String> = []
    var reachedAlerts: Set<String> = []
    var pending: [Operation] = [start]
    while let operation = pending.popLast() {
      operation.forEach { nested in
        for name in nested.shownNames {
          if let screen = flow.screen(named: name), reachedScreens.insert(name).inserted {
            pending.append(contentsOf: screen.handlers.map(\.operation))
            if let onEnter = screen.onEnter { pending.append(onEnter) }
          } else if let alert = flow.alert(named: name), reachedAlerts.insert(name).inserted {
            pending.append(contentsOf: alert.actions.compactMap(\.operation))
          }
        }
      }
    }
    for screen in flow.screens where !reachedScreens.contains(screen.name.value) {
      sink.report(.unreachableScreen(screen.name.value), at: screen.name.range)
    }
  }
}

extension Operation {
  /// The screens or alerts this operation itself shows (not its nested operations).
  var shownNames: [String] {
    switch kind {
    case .setRoot(let target), .push(let target): [target.screen.value]
    case .present(let presentation): [presentation.target.value]
    default: []
    }
  }
}

extension Step {
  /// The named events a `when` step sends.
  var sentEvents: [String] {
    guard case .when(let events) = kind else { return [] }
    return events.compactMap { event in
      if case .event(let name, _) = event.kind { return name.value }
      return nil
    }
  }
}
