import FlowDiagnostics
internal import FlowModel

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

  /// Sends one event as `send(_:)` does, but a URL that sets nothing (no link matches it, or
  /// its values do not read) is refused too: what a search of the states sends, where an
  /// event that changes nothing because it was not understood is no transition.
  ///
  /// `id`: a named event's id in the program (`NavigationProgram.eventID(named:)`), where the
  /// caller knows it: its handler is then found by comparing ids rather than names, as a
  /// search sends the same few events from every state.
  package mutating func sendUnderstood(_ event: NavigationEvent, handledAs id: Int? = nil)
    throws(NavigationError)
  {
    switch event {
    case .open(let url):
      if let refusal = try open(url) { throw refusal }
    case .named(let name, let arguments) where id != nil:
      try sendNamed(name, id: id, arguments: arguments)
    default:
      try send(event)
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
    if case .open = event { return lastLinkRefusal }
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
  private mutating func sendNamed(_ name: String, id: Int? = nil, arguments: [String: Value])
    throws(NavigationError)
  {
    let (place, screen, isUnderAlert) = current.visibleTop
    if let screen, !isUnderAlert,
      let instruction = program.screens[screen].handlers.instruction(named: name, id: id),
      let entry = current.lastEntry(place)
    {
      // The visible screen handles it: the common case, with nothing else to look up.
      try execute(
        instruction, in: screenContext(entry, source: .event(name), eventArguments: arguments))
      return
    }
    // The flow's own handlers: the visible child flow's first, then the root flow's.
    let visibleFlow = screen.map { program.screens[$0].flow } ?? 0
    var flowHandler: (instruction: Instruction, flow: Int)?
    if visibleFlow != 0,
      let handler = program.flows[visibleFlow].handlers.instruction(named: name, id: id)
    {
      flowHandler = (handler, visibleFlow)
    } else if let handler = program.flows[0].handlers.instruction(named: name, id: id) {
      flowHandler = (handler, 0)
    }
    if let flowHandler {
      try execute(
        flowHandler.instruction,
        in: ExecutionContext(
          source: .event(name), flow: flowHandler.flow, eventArguments: arguments))
      return
    }
    if let alert = current.topAlertIndex {
      throw .alertCovers(
        program.alerts[alert].contents, what: "the screens, so '\(name)' cannot reach one")
    }
    guard let screen else { throw .noScreen(for: "'\(name)'") }
    let compiled = program.screens[screen]
    throw .unhandledEvent(name, screen: compiled.name, handled: compiled.handlers.names)
  }

  private mutating func tapBarButton(_ side: BarSide) throws(NavigationError) {
    try requireNoAlert(tapping: "the \(side.rawValue) button")
    guard let screen = visibleScreen else {
      throw .noScreen(for: "a tap on the \(side.rawValue) button")
    }
    let bar = program.screens[screen].barBehaviour
    let button = bar.button(side)
    guard !bar.isHidden, button.exists, let action = button.action else {
      let name = program.screens[screen].name
      if bar.isHidden { throw .hiddenBar(name, side: side.rawValue) }
      if !button.exists { throw .noBarButton(name, side: side.rawValue) }
      throw .buttonWithoutAction(name, side: side.rawValue)
    }
    if let target = program.screens[screen].barButtonTargets[side == .left ? 0 : 1] {
      cover(target)
    }
    try sendNamed(action, arguments: [:])
  }

  /// The system back button: pops, animated, where the bar shows one.
  private mutating func tapBack() throws(NavigationError) {
    try requireNoAlert(tapping: "the back button")
    guard let screen = visibleScreen else {
      throw .noBackButton("no screen is shown, so there is no back button")
    }
    guard !showsBackButton(program.screens[screen].barBehaviour) else {
      try pop(animated: true)
      return
    }
    // Why there is none, from the bar as declared.
    let name = program.screens[screen].name
    let declared = program.screens[screen].bar
    if declared.isHidden {
      throw .noBackButton("the nav bar of '\(name)' is hidden, so there is no back button")
    } else if declared.backButton?.value == .hidden {
      throw .noBackButton(
        "the back button of '\(name)' is hidden ('backButton: hidden'), so the user cannot go back")
    } else if let layer = current.topScreenLayer, current.entryCount(.layer(layer)) == 1 {
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
    guard let index = current.topAlertIndex else {
      throw .noAlert(title, presented: presented?.name)
    }
    // The alert's parts read in place: a copy of the compiled alert retains every text.
    guard
      let actionIndex = program.alerts[index].contents.actions.firstIndex(where: {
        $0.title == title
      })
    else {
      throw .unknownAction(title, alert: program.alerts[index].contents)
    }
    current.removeLastLayer()
    records.append(
      LogRecord(
        call: nil, subject: .alertAction(alert: index, action: actionIndex), animated: true,
        outcome: .performed))
    try execute(
      program.alerts[index].actions[actionIndex],
      in: ExecutionContext(flow: program.alerts[index].flow))
  }

  private func requireNoAlert(tapping what: @autoclosure () -> String) throws(NavigationError) {
    if let alert = current.topAlertIndex {
      throw .alertCovers(program.alerts[alert].contents, what: what())
    }
  }

  /// What can be sent now: the visible screen's events and bar buttons, the back button,
  /// the tabs, the flow's own events, or the presented alert's actions; and what resolves
  /// each pending request. An event whose handler reads arguments comes with each of them
  /// set to an empty string, to show their names.
  public var availableEvents: [NavigationEvent] {
    var events = availableEvents(in: eventSituation)
    guard current.pendingCount > 0 else { return events }
    var seen: Set<String> = []
    for pending in current.pending {
      let name = program.requests[pending.request].stepName
      guard seen.insert(name).inserted else { continue }
      events += [.complete(name), .fail(name)]
    }
    return events
  }

  /// What decides which events, other than requests' outcomes, can be sent now.
  package var eventSituation: EventSituation {
    if let alert = current.topAlertIndex {
      var situation = EventSituation(alert: alert, screen: nil, showsBack: false, isCovered: true)
      situation.flow = visibleScreen.map { program.screens[$0].flow } ?? 0
      return situation
    }
    guard let screen = visibleScreen else {
      return EventSituation(alert: nil, screen: nil, showsBack: false, isCovered: false)
    }
    let bar = program.screens[screen].barBehaviour
    return EventSituation(
      alert: nil, screen: screen, showsBack: !bar.isHidden && showsBackButton(bar),
      isCovered: current.layerCount > 0)
  }

  /// The events available in `situation`, with no request pending, as the program worked
  /// them out when it was compiled.
  package func availableEvents(in situation: EventSituation) -> [NavigationEvent] {
    program.events(inSituation: program.index(of: situation))
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
