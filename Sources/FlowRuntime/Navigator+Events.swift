import FlowDiagnostics
import FlowModel

extension Navigator {
  /// Sends one event, as the user, a view, the system or a test's spy would.
  ///
  /// - Throws: `NavigationError` when the event could not happen in the app: a screen that
  ///   does not handle it, a tap on a button that is not there, an alert in the way, a
  ///   request that is not pending.
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
    case .complete(let request, let values, let index):
      try respond(to: request, .success, values: values, index: index)
    case .fail(let request, let values, let index):
      try respond(to: request, .failure, values: values, index: index)
    }
  }

  /// Sends one event and returns its refusal, if it was refused, leaving the navigator as
  /// it was before it: what `send` throws, or why a URL set nothing (the log keeps the
  /// link's entry, which says so). What a checklist step that `expect`s `refused` sends.
  public mutating func attempt(_ event: NavigationEvent) -> NavigationError? {
    let before = self
    do {
      try send(event)
    } catch {
      self = before
      return error
    }
    if case .open = event, let last = records.last, case .linkRefused(let refusal) = last.outcome {
      return refusal
    }
    return nil
  }

  /// Sends events in order, stopping at the first that fails.
  public mutating func send(_ events: [NavigationEvent]) throws(NavigationError) {
    for event in events {
      try send(event)
    }
  }

  /// An event from a view or a call into the service: the visible screen's handler, else
  /// the flow's own (`on:` at the top). An alert covers the screens, but not the flow.
  private mutating func sendNamed(_ name: String, arguments: [String: Value])
    throws(NavigationError)
  {
    let event = program.eventIndex[name]
    // The flow's own handlers: the visible screen's flow's, else the root's.
    let visibleFlow = visibleEntry.map { program.screens[$0.screen].flow } ?? 0
    var context = ExecutionContext(source: .event(name), eventArguments: arguments)
    var flowHandler: Instruction?
    // The visible child flow's handler first, then the root flow's.
    for flow in visibleFlow == 0 ? [0] : [visibleFlow, 0] where flowHandler == nil {
      if let event, let handler = program.flows[flow].handlers.instruction(for: event) {
        flowHandler = handler
        context.flow = flow
      }
    }
    if let alert = current.topAlert {
      guard let flowHandler else {
        throw .alertCovers(
          program.alerts[alert.index].contents, what: "the screens, so '\(name)' cannot reach one")
      }
      try execute(flowHandler, in: context)
      return
    }
    guard let entry = visibleEntry else {
      guard let flowHandler else { throw .noScreen(for: "'\(name)'") }
      try execute(flowHandler, in: context)
      return
    }
    if let event, let instruction = program.screens[entry.screen].handlers.instruction(for: event) {
      var screenContext = self.screenContext(entry)
      screenContext.source = context.source
      screenContext.eventArguments = arguments
      try execute(instruction, in: screenContext)
    } else if let flowHandler {
      try execute(flowHandler, in: context)
    } else {
      let screen = program.screens[entry.screen]
      throw .unhandledEvent(name, screen: screen.name, handled: screen.handlers.names)
    }
  }

  private mutating func tapBarButton(_ side: BarSide) throws(NavigationError) {
    try requireNoAlert(tapping: "the \(side.rawValue) button")
    guard let entry = visibleEntry else {
      throw .noScreen(for: "a tap on the \(side.rawValue) button")
    }
    let bar = program.screens[entry.screen].barBehaviour
    let button = bar.button(side)
    guard !bar.isHidden, button.exists, let action = button.action else {
      let name = program.screens[entry.screen].name
      if bar.isHidden { throw .hiddenBar(name, side: side.rawValue) }
      if !button.exists { throw .noBarButton(name, side: side.rawValue) }
      throw .buttonWithoutAction(name, side: side.rawValue)
    }
    if let target = program.screens[entry.screen].barButtonTargets[side == .left ? 0 : 1] {
      cover(target)
    }
    try sendNamed(action, arguments: [:])
  }

  /// The system back button: pops, animated, where the bar shows one.
  private mutating func tapBack() throws(NavigationError) {
    try requireNoAlert(tapping: "the back button")
    guard let entry = visibleEntry else {
      throw .noBackButton("no screen is shown, so there is no back button")
    }
    guard !showsBackButton(program.screens[entry.screen].barBehaviour) else {
      try pop(animated: true)
      return
    }
    // Why there is none, from the bar as declared.
    let name = program.screens[entry.screen].name
    let declared = program.screens[entry.screen].bar
    if declared.isHidden {
      throw .noBackButton("the nav bar of '\(name)' is hidden, so there is no back button")
    } else if declared.backButton?.value == .hidden {
      throw .noBackButton(
        "the back button of '\(name)' is hidden ('backButton: hidden'), so the user cannot go back")
    } else if let layer = current.topScreenLayer, case .screen(let modal) = current.layers[layer],
      modal.entries.count == 1
    {
      throw .noBackButton(
        "screen '\(name)' is presented modally and has no back button; dismiss it instead")
    } else if declared.left != nil && !declared.leftSupplementsBackButton {
      throw .noBackButton(
        "the left button of '\(name)' replaces its back button, as leftBarButtonItem does; set 'leftItemsSupplementBackButton: true' to keep both"
      )
    } else {
      throw .noBackButton("'\(name)' is the root, so there is no back button")
    }
  }

  /// Taps an action of the presented alert: UIKit dismisses the alert, then runs the handler.
  private mutating func tapAlertAction(_ title: String) throws(NavigationError) {
    guard let (index, _) = current.topAlert else {
      throw .noAlert(title, presented: presented?.name)
    }
    let alert = program.alerts[index]
    guard let actionIndex = alert.contents.actions.firstIndex(where: { $0.title == title }) else {
      throw .unknownAction(title, alert: alert.contents)
    }
    current.layers.removeLast()
    records.append(
      LogRecord(
        call: nil, subject: .alertAction(alert: index, action: actionIndex), animated: true,
        outcome: .performed))
    try execute(alert.actions[actionIndex], in: ExecutionContext(flow: alert.flow))
  }

  private func requireNoAlert(tapping what: @autoclosure () -> String) throws(NavigationError) {
    if let alert = current.topAlert {
      throw .alertCovers(program.alerts[alert.index].contents, what: what())
    }
  }

  /// What can be sent now: the visible screen's events and bar buttons, the back button,
  /// the tabs, the flow's own events, or the presented alert's actions; and what resolves
  /// each pending request. An event whose handler reads arguments comes with each of them
  /// set to an empty string, to show their names.
  public var availableEvents: [NavigationEvent] {
    var events = availableEvents(in: eventSituation, reserving: 2 * current.pending.count)
    var seen: Set<String> = []
    for pending in current.pending {
      let name = program.requests[pending.request].name
      guard seen.insert(name).inserted else { continue }
      events += [.complete(name), .fail(name)]
    }
    return events
  }

  /// What decides which events, other than requests' outcomes, can be sent now.
  package var eventSituation: EventSituation {
    if let alert = current.topAlert {
      return EventSituation(alert: alert.index, screen: nil, showsBack: false, isCovered: true)
    }
    guard let entry = visibleEntry else {
      return EventSituation(alert: nil, screen: nil, showsBack: false, isCovered: false)
    }
    let bar = program.screens[entry.screen].barBehaviour
    return EventSituation(
      alert: nil, screen: entry.screen, showsBack: !bar.isHidden && showsBackButton(bar),
      isCovered: !current.layers.isEmpty)
  }

  /// The events available in `situation`, with no request pending, and room for `extra`
  /// more.
  package func availableEvents(in situation: EventSituation, reserving extra: Int = 0)
    -> [NavigationEvent]
  {
    var events: [NavigationEvent] = []
    var screenEvents: [String] = []
    // Room for everything at once: the walks ask this on every step.
    events.reserveCapacity(
      16 + program.tabs.count + program.flows[0].handlers.names.count + extra)
    if let alert = situation.alert {
      for action in program.alerts[alert].contents.actions {
        events.append(.alertAction(action.title))
      }
    } else if let screen = situation.screen {
      events.append(contentsOf: program.screens[screen].handlers.placeholderEvents)
      screenEvents = program.screens[screen].handlers.names
      let bar = program.screens[screen].barBehaviour
      if !bar.isHidden {
        if bar.leftAction != nil { events.append(.tap(.left)) }
        if bar.rightAction != nil { events.append(.tap(.right)) }
        if situation.showsBack { events.append(.tap(.back)) }
      }
      if !situation.isCovered {
        for tab in program.tabs { events.append(.tab(tab.name)) }
      }
    }
    let root = program.flows[0].handlers
    for (name, event) in zip(root.names, root.placeholderEvents)
    where !screenEvents.contains(name) {
      events.append(event)
    }
    return events
  }

  /// A tap on a tab: selects it, or, when it is already selected, pops its stack to the root,
  /// animated, as `UITabBarController` does.
  private mutating func tapTab(_ name: String) throws(NavigationError) {
    guard !program.tabs.isEmpty else { throw .noTabs(flow: program.flow.name.value, name) }
    guard let tab = program.tabIndex[name] else {
      throw .unknownTab(name, tabs: program.tabNames)
    }
    if let presented { throw .tabBarCovered(presented.name, tab: name) }
    cover(program.tabs[tab].coverageTarget)
    if tab == current.selectedTab {
      try popToRoot(animated: true)
    } else {
      try select(tab)
    }
  }
}
