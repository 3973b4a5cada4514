import FlowDiagnostics
import FlowModel

extension DiagnosticMessage {
  static func unboundItem(_ text: String) -> Self {
    Self(
      "checklist.unbound", .warning,
      "checklist item '\(text)' is not bound to any step yet; its test is generated disabled until it has 'when' or 'expect'"
    )
  }
  static func duplicateItem(_ text: String, section: String?) -> Self {
    let place = section.map { "section '\($0)'" } ?? "this checklist"
    return Self(
      "checklist.duplicate-item", .error,
      "\(place) already has an item '\(text)'; each item names its own test")
  }
  static func unknownEvent(_ name: String) -> Self {
    Self("checklist.unknown-event", .error, "no screen handles event '\(name)'")
  }
  static func unknownActionTitle(_ title: String) -> Self {
    Self("checklist.unknown-action", .error, "no alert has an action titled '\(title)'")
  }
  static func unknownParameterAnywhere(_ name: String) -> Self {
    Self("checklist.unknown-param", .error, "no screen has a parameter '\(name)'")
  }
}

extension Checker {
  /// The checklist's items must be distinct and bound, and their steps must name screens,
  /// alerts, actions, events and state that exist.
  func checkChecklist() {
    guard let checklist = flow.checklist else { return }
    let entries = checklist.entries
    for (index, section) in checklist.sections.enumerated() {
      var seen: [String: Located<String>] = [:]
      for entry in entries where entry.sectionIndex == index {
        let text = entry.item.text
        if let first = seen[text.value] {
          sink.report(
            .duplicateItem(text.value, section: section.title?.value), at: text.range,
            notes: [.init("the first is here", range: first.range)])
        } else {
          seen[text.value] = text
        }
      }
    }
    for entry in entries {
      if !entry.item.isBound {
        sink.report(.unboundItem(entry.item.text.value), at: entry.item.text.range)
      }
      for step in entry.item.steps {
        check(step)
      }
    }
  }

  private func check(_ step: Step) {
    switch step.kind {
    case .given(let assignments):
      for assignment in assignments {
        checkStateAssignment(assignment, context: "'given'", origin: nil)
      }
    case .when(let events):
      for event in events { check(event) }
    case .expect(let expectations):
      for expectation in expectations { check(expectation) }
    }
  }

  private var handledEvents: [Located<String>] {
    flow.screens.flatMap { $0.handlers.map(\.event) }
  }

  private var actionTitles: [Located<String>] {
    flow.alerts.flatMap { $0.actions.map(\.title) }
  }

  private func check(_ event: EventStep) {
    switch event.kind {
    case .event(let name, _):
      if !handledEvents.contains(where: { $0.value == name.value }) {
        reportUnknown(.unknownEvent(name.value), name: name, candidates: handledEvents)
      }
    case .alertAction(let title):
      if !actionTitles.contains(where: { $0.value == title.value }) {
        reportUnknown(.unknownActionTitle(title.value), name: title, candidates: actionTitles)
      }
    case .tap:
      break
    }
  }

  private func checkScreenName(_ name: Located<String>, _ keyword: String) {
    if flow.indexOfScreen(named: name.value) == nil {
      reportUnknown(
        .unknownScreen(keyword, name.value, isAlert: flow.indexOfAlert(named: name.value) != nil),
        name: name,
        candidates: screenNames)
    }
  }

  private func check(_ expectation: Expectation) {
    switch expectation.kind {
    case .stack(let names):
      for name in names { checkScreenName(name, "stack") }
    case .root(let name):
      checkScreenName(name, "root")
    case .top(let name):
      checkScreenName(name, "top")
    case .presented(let name):
      if let name, flow.indexOfScreen(named: name.value) == nil,
        flow.indexOfAlert(named: name.value) == nil
      {
        reportUnknown(
          .unknownPresentable(name.value), name: name, candidates: screenNames + alertNames)
      }
    case .navigationBar(let bar):
      for item in [bar.left?.value, bar.right?.value] {
        if let action = item?.action, !handledEvents.contains(where: { $0.value == action.value }) {
          reportUnknown(.unknownEvent(action.value), name: action, candidates: handledEvents)
        }
      }
    case .alert(let alert):
      let expected = (alert.actions?.value ?? []) + alert.includedActions
      for action in expected where !actionTitles.contains(where: { $0.value == action.title.value })
      {
        reportUnknown(
          .unknownActionTitle(action.title.value), name: action.title, candidates: actionTitles)
      }
    case .state(let assignments):
      for assignment in assignments {
        checkStateAssignment(assignment, context: "'state'", origin: nil)
      }
    case .params(let assignments):
      let parameters = flow.screens.flatMap { $0.params.map(\.name) }
      for assignment in assignments
      where !parameters.contains(where: { $0.value == assignment.name.value }) {
        reportUnknown(
          .unknownParameterAnywhere(assignment.name.value), name: assignment.name,
          candidates: parameters)
      }
    case .animated, .calls:
      break
    }
  }
}
