import FlowDiagnostics
import FlowModel

extension Navigator {
  /// Sends one event, as the user or a view would.
  ///
  /// - Throws: `NavigationError` when the event could not happen in the app: a screen that
  ///   does not handle it, a tap on a button that is not there, an alert in the way.
  public mutating func send(_ event: NavigationEvent) throws(NavigationError) {
    switch event {
    case .named(let name, let arguments):
      try sendNamed(name, arguments: arguments)
    case .tap(.back):
      try tapBack()
    case .tap(let side):
      try tapBarButton(side == .left ? .left : .right)
    case .alertAction(let title):
      try tapAlertAction(title)
    case .open(let url):
      try open(url)
    case .tab(let name):
      try tapTab(name)
    }
  }

  /// Sends events in order, stopping at the first that fails.
  public mutating func send(_ events: [NavigationEvent]) throws(NavigationError) {
    for event in events {
      try send(event)
    }
  }

  private mutating func sendNamed(_ name: String, arguments: [String: Value])
    throws(NavigationError)
  {
    if case .alert(let index) = current.presentation {
      let alert = program.alerts[index].contents
      throw NavigationError(
        "alert '\(alert.name)' is presented, so '\(name)' cannot reach a screen; tap one of its actions: \(DiagnosticMessage.list(alert.actions.map(\.title)))"
      )
    }
    guard let entry = visibleEntry else {
      throw NavigationError("no screen is shown, so nothing handles '\(name)'")
    }
    let screen = program.screens[entry.screen]
    guard let event = program.eventIndex[name], let instruction = screen.handler(for: event) else {
      let handled =
        screen.eventNames.isEmpty
        ? "it handles no events" : "it handles \(DiagnosticMessage.list(screen.eventNames))"
      throw NavigationError("screen '\(screen.name)' does not handle '\(name)'; \(handled)")
    }
    try execute(
      instruction,
      in: ExecutionContext(
        eventName: name, eventArguments: arguments, screenArguments: entry.arguments))
  }

  private mutating func tapBarButton(_ side: BarSide) throws(NavigationError) {
    try requireNoAlert(tapping: "the \(side.rawValue) button")
    guard let entry = visibleEntry, let bar = navigationBar else {
      throw NavigationError("no screen is shown, so there is no \(side.rawValue) button")
    }
    let name = program.screens[entry.screen].name
    guard !bar.isHidden else {
      throw NavigationError(
        "the nav bar of '\(name)' is hidden, so its \(side.rawValue) button cannot be tapped")
    }
    guard let item = bar.item(side) else {
      throw NavigationError("the nav bar of '\(name)' has no \(side.rawValue) button")
    }
    guard let action = item.action else {
      throw NavigationError("the \(side.rawValue) button of '\(name)' sends no action")
    }
    try sendNamed(action, arguments: [:])
  }

  /// The system back button: pops, animated, where the bar shows one.
  private mutating func tapBack() throws(NavigationError) {
    try requireNoAlert(tapping: "the back button")
    if case .screen(let entry, _) = current.presentation {
      throw NavigationError(
        "screen '\(program.screens[entry.screen].name)' is presented modally and has no back button; dismiss it instead"
      )
    }
    guard let top = entries.last else {
      throw NavigationError("no screen is shown, so there is no back button")
    }
    let name = program.screens[top.screen].name
    guard entries.count > 1 else {
      throw NavigationError("'\(name)' is the root, so there is no back button")
    }
    let bar = program.screens[top.screen].bar
    guard !bar.isHidden else {
      throw NavigationError("the nav bar of '\(name)' is hidden, so there is no back button")
    }
    guard bar.backButton?.value != .hidden else {
      throw NavigationError(
        "the back button of '\(name)' is hidden ('backButton: hidden'), so the user cannot go back")
    }
    try execute(.pop(animated: true), in: ExecutionContext())
  }

  /// Taps an action of the presented alert: UIKit dismisses the alert, then runs the handler.
  private mutating func tapAlertAction(_ title: String) throws(NavigationError) {
    guard case .alert(let index) = current.presentation else {
      let what = presented.map { "only '\($0.name)' is presented" } ?? "nothing is presented"
      throw NavigationError("no alert is presented (\(what)), so '\(title)' cannot be tapped")
    }
    let alert = program.alerts[index]
    guard let actionIndex = alert.contents.actions.firstIndex(where: { $0.title == title }) else {
      throw NavigationError(
        "alert '\(alert.contents.name)' has no action '\(title)'; its actions are \(DiagnosticMessage.list(alert.contents.actions.map(\.title)))"
      )
    }
    current.presentation = nil
    records.append(
      LogRecord(
        call: nil, subject: .alertAction(alert: index, action: actionIndex), animated: true,
        outcome: .performed))
    if let instruction = alert.actions[actionIndex] {
      try execute(instruction, in: ExecutionContext())
    }
  }

  private func requireNoAlert(tapping what: String) throws(NavigationError) {
    if case .alert(let index) = current.presentation {
      let alert = program.alerts[index].contents
      throw NavigationError(
        "alert '\(alert.name)' is presented and covers \(what); tap one of its actions: \(DiagnosticMessage.list(alert.actions.map(\.title)))"
      )
    }
  }

  /// What can be sent now: the visible screen's events and bar buttons, the back button,
  /// or the presented alert's actions. An event whose handler reads arguments comes with
  /// each of them set to an empty string, to show their names.
  public var availableEvents: [NavigationEvent] {
    if let alert { return alert.actions.map { .alertAction($0.title) } }
    guard let entry = visibleEntry else { return [] }
    let screen = program.screens[entry.screen]
    var events = zip(screen.eventNames, screen.handlers).map { name, handler in
      NavigationEvent.named(
        name,
        arguments: Dictionary(
          uniqueKeysWithValues: handler.instruction.eventArguments.map { ($0, Value.string("")) }))
    }
    if let bar = navigationBar, !bar.isHidden {
      if bar.left?.action != nil { events.append(.tap(.left)) }
      if bar.right?.action != nil { events.append(.tap(.right)) }
      if bar.showsBackButton { events.append(.tap(.back)) }
    }
    if current.presentation == nil {
      events += program.tabs.map { .tab($0.name) }
    }
    return events
  }

  /// A tap on a tab: selects it, or, when it is already selected, pops its stack to the root,
  /// animated, as `UITabBarController` does.
  private mutating func tapTab(_ name: String) throws(NavigationError) {
    guard !program.tabs.isEmpty else {
      throw NavigationError(
        "flow '\(program.flow.name.value)' has no tabs, so '\(name)' cannot be tapped")
    }
    guard let tab = program.tabIndex[name] else {
      throw NavigationError(
        "there is no tab '\(name)'; the tabs are \(DiagnosticMessage.list(program.tabNames))")
    }
    if let presented {
      throw NavigationError(
        "'\(presented.name)' is presented and covers the tab bar, so tab '\(name)' cannot be tapped"
      )
    }
    if tab == current.selectedTab {
      popToRoot(animated: true)
    } else {
      try select(tab)
    }
  }

  /// Opens a URL: the first link whose pattern matches sets its routes above the root of its
  /// tab's stack (selecting the tab), at once and without animation. A URL no pattern
  /// matches, or whose values do not read as the parameters' types, changes nothing; the
  /// log says why.
  private mutating func open(_ text: String) throws(NavigationError) {
    guard let url = LinkURL(text) else {
      records.append(unchangedLink(text, "it is not a URL (no 'scheme://')"))
      return
    }
    for link in program.links {
      guard let variables = link.pattern.match(url) else { continue }
      var routes: [StackEntry] = []
      for target in link.routes {
        switch linkEntry(target, variables: variables) {
        case .success(let entry): routes.append(entry)
        case .failure(let failure):
          records.append(unchangedLink(text, failure.reason))
          return
        }
      }
      records.append(
        LogRecord(call: nil, subject: .url(text), animated: false, outcome: .performed))
      if let tab = link.tab {
        try loadTab(tab)
        if tab != current.selectedTab { try select(tab) }
      }
      try reset(to: routes, animated: false)
      return
    }
    let patterns = program.links.map(\.text)
    records.append(
      unchangedLink(
        text,
        patterns.isEmpty
          ? "the flow declares no links"
          : "no link matches it (\(DiagnosticMessage.list(patterns)))"))
  }

  private func unchangedLink(_ url: String, _ reason: String) -> LogRecord {
    LogRecord(call: nil, subject: .url(url), animated: false, outcome: .unchanged(reason))
  }

  /// A link's route with the URL's values read as its parameters' types.
  private func linkEntry(_ target: Target, variables: [String: String]) -> Result<
    StackEntry, LinkFailure
  > {
    if let unknown = target.unknownScreen { return .failure(LinkFailure("no screen '\(unknown)'")) }
    let screen = program.screens[target.screen]
    var arguments: [String: Value] = [:]
    for (index, operand) in target.arguments.enumerated() {
      guard case .reference(let name, _, _) = operand, let text = variables[name] else { continue }
      let type = screen.parameterTypes[index].base
      guard let value = type.parse(text) else {
        return .failure(
          LinkFailure("'{\(name)}' is '\(text)', not \(type.withArticle) as '\(screen.name)' needs")
        )
      }
      arguments[name] = value
    }
    do {
      return .success(
        try makeEntry(target, ExecutionContext(eventName: "open", eventArguments: arguments)))
    } catch {
      return .failure(LinkFailure(error.message))
    }
  }
}

/// Why a URL set nothing.
struct LinkFailure: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}
