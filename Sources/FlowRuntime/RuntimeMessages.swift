import FlowDiagnostics
internal import FlowModel

/// Every refusal the navigator can give, in one place: the id and the text.
extension NavigationError {
  static func unknownGivenState(flow: String, _ name: String, known: [String]) -> Self {
    Self(
      "run.unknown-state",
      "flow '\(flow)' has no state '\(name)'\(known.isEmpty ? "" : "; it has \(DiagnosticMessage.list(known))")"
    )
  }
  static func stateType(_ name: String, expected: ValueType, found value: Value) -> Self {
    Self(
      "run.state-type",
      "state '\(name)' is \(expected.withArticle), but the value \(value) is \(value.type.withArticle)"
    )
  }
  static func listItemType(_ name: String, _ misfit: ListItemMisfit) -> Self {
    Self(
      "run.state-type",
      "\(misfit.subject("state '\(name)'")) is \(misfit.expected.withArticle), as in its default, but the value \(misfit.found) is \(misfit.found.type.withArticle)"
    )
  }
  static func missingRecordField(_ name: String, field: String, found value: Value) -> Self {
    Self(
      "run.state-type",
      "state '\(name)' is a record with a field '\(field)', as in its default, but the value \(value) has none"
    )
  }
  static func endless(_ what: String, depth: Int) -> Self {
    Self(
      "run.endless",
      "\(what) would run inside \(depth) others, each inside the one before (screens' 'onEnter' and 'onAppear', child flows' starts), which flowc takes for a flow that never ends: a screen that enters itself, or a child that finishes into its own start"
    )
  }
  static func flowError(_ reason: String) -> Self {
    Self("run.flow-error", "the flow has an error: \(reason)")
  }
  static func alertCovers(_ alert: PresentedAlert, what: String) -> Self {
    Self(
      "run.alert-covers",
      "alert '\(alert.name)' is presented and covers \(what); tap one of its actions: \(DiagnosticMessage.list(alert.actions.map(\.title)))"
    )
  }
  static func noScreen(for what: String) -> Self {
    Self("run.no-screen", "no screen is shown, so nothing handles \(what)")
  }
  static func unhandledEvent(_ event: String, screen: String, handled: [String]) -> Self {
    let known =
      handled.isEmpty ? "it handles no events" : "it handles \(DiagnosticMessage.list(handled))"
    return Self("run.unhandled-event", "screen '\(screen)' does not handle '\(event)'; \(known)")
  }
  static func hiddenBar(_ screen: String, side: String) -> Self {
    Self(
      "run.hidden-bar",
      "the nav bar of '\(screen)' is hidden, so its \(side) button cannot be tapped")
  }
  static func noBarButton(_ screen: String, side: String) -> Self {
    Self("run.no-bar-button", "the nav bar of '\(screen)' has no \(side) button")
  }
  static func buttonWithoutAction(_ screen: String, side: String) -> Self {
    Self("run.no-bar-button", "the \(side) button of '\(screen)' sends no action")
  }
  static func noBackButton(_ reason: String) -> Self {
    Self("run.no-back-button", reason)
  }
  static func noAlert(_ title: String, presented: String?) -> Self {
    let what = presented.map { "only '\($0)' is presented" } ?? "nothing is presented"
    return Self(
      "run.no-alert", "no alert is presented (\(what)), so '\(title)' cannot be tapped")
  }
  static func unknownAction(_ title: String, alert: PresentedAlert) -> Self {
    Self(
      "run.unknown-action",
      "alert '\(alert.name)' has no action '\(title)'; its actions are \(DiagnosticMessage.list(alert.actions.map(\.title)))"
    )
  }
  static func noTabs(flow: String, _ name: String) -> Self {
    Self("run.no-tabs", "flow '\(flow)' has no tabs, so '\(name)' cannot be tapped")
  }
  static func unknownTab(_ name: String, tabs: [String]) -> Self {
    Self(
      "run.unknown-tab", "there is no tab '\(name)'; the tabs are \(DiagnosticMessage.list(tabs))")
  }
  static func tabBarCovered(_ presented: String, tab: String) -> Self {
    Self(
      "run.tab-bar-covered",
      "'\(presented)' is presented and covers the tab bar, so tab '\(tab)' cannot be tapped")
  }
  static func argumentType(screen: String, parameter: String, expected: ValueType, found: Value)
    -> Self
  {
    Self(
      "run.argument-type",
      "'\(screen)' takes '\(parameter)' as \(expected.withArticle), but was given \(found)")
  }
  static func linkValueType(
    _ variable: String, text: String, expected: ValueType, screen: String
  ) -> Self {
    Self(
      "run.argument-type",
      "'{\(variable)}' is '\(text)', not \(expected.withArticle) as '\(screen)' needs")
  }
  static func unmatchedLink(_ reason: String) -> Self {
    Self("run.unmatched-link", reason)
  }
  static func missingEventArgument(_ event: String, _ name: String) -> Self {
    Self(
      "run.missing-argument",
      "event '\(event)' needs the argument '\(name)', as in '{ \(event): { \(name): … } }'")
  }
  static func missingOutcomeValue(_ request: String, _ outcome: RequestOutcome, _ name: String)
    -> Self
  {
    Self(
      "run.missing-argument",
      "'\(outcome.keyword)' of '\(request)' needs the value '\(name)', as in '{ \(outcome.keyword): \(request), with: { \(name): … } }'"
    )
  }
  static func noValue(_ name: String) -> Self {
    Self("run.missing-argument", "'$\(name)' has no value here")
  }
  static func missingParameter(_ name: String, of owner: String) -> Self {
    Self("run.missing-argument", "'\(owner)' needs parameter '\(name)'")
  }
  static func leftOutParameter(_ name: String) -> Self {
    Self(
      "run.missing-argument",
      "'$\(name)' reads the screen's parameter '\(name)', which it was shown without (it is optional), so it has no value here"
    )
  }
  static func notABool(_ state: String) -> Self {
    Self("run.state-type", "state '\(state)' is not a Bool")
  }
  static func notAList(_ state: String, operation: String) -> Self {
    Self("run.state-type", "'\(operation)' needs a list, but state '\(state)' is not one")
  }
  static func notAnInt(_ state: String, value: Value) -> Self {
    Self("run.state-type", "'add' needs Int values, but state '\(state)' plus \(value) is not")
  }
  static func intOverflow(_ state: String, base: Int, amount: Int) -> Self {
    Self(
      "run.int-overflow",
      "'add' of \(amount) to state '\(state)' (\(base)) goes beyond the largest Int (\(Int.max)) or the smallest (\(Int.min))"
    )
  }
  static func textTooLong(_ length: Int) -> Self {
    Self(
      "run.text-too-long",
      "a text of \(length) bytes is longer than the \(Navigator.longestText) a value may hold: text that inserts itself ('{name}' in its own value) doubles with every event"
    )
  }
  static func notPending(_ request: String, outcome: RequestOutcome, pending: [String]) -> Self {
    let now = pending.isEmpty ? "nothing is pending" : "pending: \(pending.joined(separator: ", "))"
    return Self(
      "run.not-pending",
      "no '\(request)' request is pending, so it cannot \(outcome.keyword) (\(now))")
  }
  static func pendingIndex(_ request: String, index: Int, count: Int) -> Self {
    Self(
      "run.pending-index",
      "'\(request)' has \(count) request\(count == 1 ? "" : "s") pending, so index \(index) is out of range (it counts from 0)"
    )
  }
  static func unknownScreen(_ name: String, known: [String]) -> Self {
    Self(
      "run.unknown-screen",
      "the flow has no screen '\(name)'; it has \(DiagnosticMessage.list(known))")
  }
  static func notStarted(_ flow: String, event: String, isChild: Bool) -> Self {
    let why =
      isChild
      ? "but it is not running: it finished already while its screens stayed (the handler that hears '\(event)' should pop or dismiss them), or they were shown without starting it"
      : "but no other flow started it"
    return Self(
      "run.finish-unstarted", "flow '\(flow)' finishes with '\(event)', \(why), so no one hears it")
  }
  static func unhandledFinish(_ event: String, child: String, parent: String) -> Self {
    Self(
      "run.unhandled-finish",
      "flow '\(child)' finishes with '\(event)', which neither the screen that started it nor flow '\(parent)' handles"
    )
  }
  static func unknownRequest(_ request: String) -> Self {
    Self("run.unknown-request", "the flow declares no request '\(request)'")
  }
}
