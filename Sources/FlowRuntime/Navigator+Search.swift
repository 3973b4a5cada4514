internal import FlowModel

/// What decides the events a navigator can send, other than the outcomes of its pending
/// requests: the alert on top, else the visible screen, whether its back button shows and
/// whether something presented covers the tab bar. Two states in the same situation offer
/// the same events, so a search works them out once per situation.
package struct EventSituation: Hashable, Sendable {
  /// The alert on top, if one is.
  package var alert: Int?
  /// The visible screen, when no alert is on top.
  package var screen: Int?
  /// Whether the visible screen's bar shows the back button.
  package var showsBack: Bool
  /// Whether something presented covers the tabs.
  package var isCovered: Bool
  /// Under an alert, the flow of the screen beneath it, whose own `on:` still hears events
  /// (as a child flow's, not only the root's); 0 elsewhere.
  package var flow = 0
}

/// The requests pending in a state, each with its values, in the order they started: with
/// the event situation, what decides the events a search sends there (the outcomes of each).
package struct PendingRequests: Hashable, Sendable {
  fileprivate let requests: [PendingRequest]
}

extension Navigator {
  /// The requests pending now; see `PendingRequests`.
  package var pendingRequestsKey: PendingRequests { PendingRequests(requests: current.pending) }

  /// Whether a request is pending.
  package var hasPendingRequests: Bool { current.pendingCount > 0 }
}

extension NavigationProgram {
  /// How many event situations the program has: `index(of:)` numbers them from 0.
  package var eventSituationCount: Int { 1 + alertSituationCount + 4 * screens.count }

  /// The situations with an alert on top: one for each alert over each flow's screens.
  private var alertSituationCount: Int { alerts.count * flows.count }

  /// The events available in every situation, by `index(of:)`: the presented alert's actions;
  /// or the visible screen's events, its bar buttons, the back button, the tabs when nothing
  /// covers them; then the own events of the child flow the screen is of, then the root
  /// flow's, each that no handler before it hears (as `flowHandling` dispatches them). Worked
  /// out once, as a walk asks before every step. Situations that offer the same events share
  /// one array.
  static func eventsBySituation(
    screens: [CompiledScreen], alerts: [CompiledAlert], tabs: [CompiledTab],
    flows: [CompiledFlow]
  ) -> [[NavigationEvent]] {
    let root = flows[0].handlers
    /// `flowBeneath`: under an alert, the flow of the screen beneath it.
    func events(
      screen: Int?, alert: Int?, showsBack: Bool, isCovered: Bool, flowBeneath: Int = 0
    ) -> [NavigationEvent] {
      var events: [NavigationEvent] = []
      var screenEvents: [String] = []
      if let alert {
        for action in alerts[alert].contents.actions { events.append(.alertAction(action.title)) }
        if flowBeneath != 0 {
          let own = flows[flowBeneath].handlers
          events.append(contentsOf: own.placeholderEvents)
          screenEvents = own.names
        }
      } else if let screen {
        events.append(contentsOf: screens[screen].handlers.placeholderEvents)
        screenEvents = screens[screen].handlers.names
        let bar = screens[screen].barBehaviour
        if !bar.isHidden {
          if bar.leftAction != nil { events.append(.tap(.left)) }
          if bar.rightAction != nil { events.append(.tap(.right)) }
          if showsBack { events.append(.tap(.back)) }
        }
        if !isCovered {
          for tab in tabs { events.append(.tab(tab.name)) }
        }
        let flow = screens[screen].flow
        if flow != 0 {
          let own = flows[flow].handlers
          for (name, event) in zip(own.names, own.placeholderEvents)
          where !screenEvents.contains(name) {
            events.append(event)
            screenEvents.append(name)
          }
        }
      }
      for (name, event) in zip(root.names, root.placeholderEvents)
      where !screenEvents.contains(name) {
        events.append(event)
      }
      return events
    }
    var table = [events(screen: nil, alert: nil, showsBack: false, isCovered: false)]
    table.reserveCapacity(1 + alerts.count * flows.count + 4 * screens.count)
    for alert in alerts.indices {
      // In the order of `index(of:)`: over each flow's screens; a flow without events of its
      // own offers the root's.
      let overRoot = events(screen: nil, alert: alert, showsBack: false, isCovered: true)
      table.append(overRoot)
      for flow in flows.indices.dropFirst() {
        table.append(
          flows[flow].handlers.names.isEmpty
            ? overRoot
            : events(
              screen: nil, alert: alert, showsBack: false, isCovered: true, flowBeneath: flow))
      }
    }
    for screen in screens.indices {
      // In the order of `index(of:)`: without the back button, uncovered then covered; then
      // with it. Without tabs, covered or not offers the same.
      for showsBack in [false, true] {
        let uncovered = events(screen: screen, alert: nil, showsBack: showsBack, isCovered: false)
        table.append(uncovered)
        table.append(
          tabs.isEmpty
            ? uncovered : events(screen: screen, alert: nil, showsBack: showsBack, isCovered: true))
      }
    }
    return table
  }

  /// A number for `situation`, below `eventSituationCount`, that no other has: what a
  /// search keeps the events of each situation under, in an array.
  package func index(of situation: EventSituation) -> Int {
    if let alert = situation.alert { return 1 + alert * flows.count + situation.flow }
    guard let screen = situation.screen else { return 0 }
    return 1 + alertSituationCount + 4 * screen + (situation.showsBack ? 2 : 0)
      + (situation.isCovered ? 1 : 0)
  }

  /// The events available, with no request pending, in the situation numbered `situation`
  /// (`index(of:)`).
  package func events(inSituation situation: Int) -> [NavigationEvent] {
    situationEvents[situation]
  }

  /// The visible screen of the situation numbered `situation` (`index(of:)`): `nil` where
  /// none shows or an alert is on top.
  package func screen(inSituation situation: Int) -> Int? {
    situation > alertSituationCount ? (situation - 1 - alertSituationCount) / 4 : nil
  }

  /// The events handlers hear from a child flow: an operation starts the child (`start:
  /// Child`), the child finishes with the event (`finish: done`), and the handler is for that
  /// event. Such a handler runs when the child finishes: a search does not send the event to
  /// it itself, as no user can.
  ///
  /// - `screens`: for each screen, the events its own handlers hear from a child one of its
  ///   operations starts;
  /// - `flows`: for each flow, the events its own `on:` hears from a child started anywhere in
  ///   it (its `start:`, an alert's action, a request's outcome, a screen that does not
  ///   handle the event itself).
  package func childFinishesHeard() -> (screens: [Set<String>], flows: [Set<String>]) {
    /// Made only when returned: a tree with children that finish with events hears something.
    func nothingHeard() -> (screens: [Set<String>], flows: [Set<String>]) {
      (self.screens.map { _ in [] }, tree.flows.map { _ in [] })
    }
    // A flow alone starts no child: nothing to walk (most flows; a search asks this of flows
    // of thousands of screens).
    guard tree.flows.count > 1 else { return nothingHeard() }
    // Each flow's finish events, worked out once: many screens may start one child.
    let finishes = tree.flows.map(\.finishEvents)
    guard finishes.contains(where: { !$0.isEmpty }) else { return nothingHeard() }
    /// What `handlers` hear of the children the operations `visit` gives start in `flow`.
    func heard(
      in flow: Int, by handlers: [EventHandler], visit: ((Operation) -> Void) -> Void
    ) -> Set<String> {
      var heard: Set<String> = []
      visit { operation in
        guard case .startFlow(let start) = operation.kind,
          let child = tree.child(start.flow.value, of: flow)
        else { return }
        for event in finishes[child] where handlers.contains(where: { $0.event.value == event }) {
          heard.insert(event)
        }
      }
      return heard
    }
    let screens = self.screens.map { compiled -> Set<String> in
      guard let screen = tree.flows[compiled.flow].screen(named: compiled.name) else { return [] }
      return heard(in: compiled.flow, by: screen.handlers) { note in
        for handler in screen.handlers { handler.operation.visit(note) }
        screen.onEnter?.visit(note)
        screen.onAppear?.visit(note)
      }
    }
    let flows = tree.flows.indices.map { index in
      heard(in: index, by: tree.flows[index].handlers, visit: tree.flows[index].visitEveryOperation)
    }
    return (screens, flows)
  }

  /// The flow whose own `on:` handles the event named `name` where `screen` is visible (a
  /// child flow's before the root's), when the screen does not handle it itself; `nil` when
  /// the screen does, or no flow does.
  package func flowHandling(_ name: String, visible screen: Int?) -> Int? {
    if let screen, screens[screen].handlers.instruction(named: name) != nil { return nil }
    let visibleFlow = screen.map { screens[$0].flow } ?? 0
    if visibleFlow != 0, flows[visibleFlow].handlers.instruction(named: name) != nil {
      return visibleFlow
    }
    return flows[0].handlers.instruction(named: name) != nil ? 0 : nil
  }

  /// Whether sending `event` in the situation numbered `situation` (`index(of:)`) may change
  /// the stack the user sees. `false` only where the handler the event reaches changes no
  /// stack (it writes state, starts requests, presents alerts) or nothing handles it: such
  /// an event cannot push a screen on top of itself. `true` for what it cannot tell from the
  /// situation alone.
  package func mayChangeVisibleStack(sending event: NavigationEvent, inSituation situation: Int)
    -> Bool
  {
    if case .complete(let request, _, _) = event { return outcomeMayChangeStack(request, .success) }
    if case .fail(let request, _, _) = event { return outcomeMayChangeStack(request, .failure) }
    // No alert on top: the situation's screen, if one shows.
    guard situation == 0 || situation > alertSituationCount else { return true }
    let screen = self.screen(inSituation: situation)
    let name: String
    switch event {
    case .named(let named, _):
      name = named
    case .tap(.left), .tap(.right):
      guard let screen else { return false }
      let bar = screens[screen].barBehaviour
      guard !bar.isHidden, let action = bar.button(event == .tap(.left) ? .left : .right).action
      else { return false }
      name = action
    default:
      return true
    }
    let handler =
      screen.flatMap { screens[$0].handlers.instruction(named: name) }
      ?? screen.flatMap { screen in
        screens[screen].flow == 0
          ? nil : flows[screens[screen].flow].handlers.instruction(named: name)
      }
      ?? flows[0].handlers.instruction(named: name)
    return handler?.mayChangeVisibleStack ?? false
  }
}

extension NavigationProgram {
  /// Whether what the request named `request` runs on `outcome` may change a stack: the
  /// service's completion does not go through the screens, so the situation does not matter.
  private func outcomeMayChangeStack(_ request: String, _ outcome: RequestOutcome) -> Bool {
    guard let index = requestIndex[request] else { return false }
    return requests[index].handler(for: outcome)?.mayChangeVisibleStack ?? false
  }
}

extension Instruction {
  /// Whether running it may change a navigation stack or what is presented over it: `false`
  /// for writes to state, requests started, alerts presented and coverage noted.
  var mayChangeVisibleStack: Bool {
    switch self {
    case .set, .add, .append, .remove, .update, .request, .presentAlert, .probe, .fail:
      false
    case .probed(_, let instruction):
      instruction.mayChangeVisibleStack
    case .branch(_, let then, let otherwise):
      then.mayChangeVisibleStack || (otherwise?.mayChangeVisibleStack ?? false)
    case .sequence(let instructions):
      instructions.contains { $0.mayChangeVisibleStack }
    case .setRoot, .push, .reset, .select, .pop, .popToRoot, .presentScreen, .dismiss,
      .startFlow, .finish:
      true
    }
  }
}

/// What a search of every state (`flowc verify`) asks of each state it stores, read from the
/// navigator's indexes rather than from screens and alerts made with their names and values:
/// the search asks it of hundreds of thousands of states.
extension NavigationState {
  /// The stack the user sees, as entries: the top presented screen's own (or that screen
  /// alone, without a navigation controller), else the selected tab's.
  var visibleEntries: [StackEntry] {
    let (place, onlyRoot) = visiblePlace
    return onlyRoot ? [entry(place, at: 0)] : entries(place)
  }

  /// Where the stack the user sees is, and whether only its root shows (a screen presented
  /// without a navigation controller).
  private var visiblePlace: (place: StackPlace, onlyRoot: Bool) {
    if let layer = topScreenLayer, case .screen(_, let hasNavigation) = layerKind(layer) {
      return (.layer(layer), !hasNavigation)
    }
    return (.tab(selectedTab), false)
  }

  /// How many screens `visibleEntries` holds, and its top screen's index, without making it.
  var visibleHeightAndTop: (height: Int, top: Int?) {
    let (place, onlyRoot) = visiblePlace
    return onlyRoot ? (1, firstScreen(place)) : (entryCount(place), lastScreen(place))
  }

  /// Whether `after`'s visible stack is this one's with its top screen pushed once more
  /// (other values allowed): compared by screen index, without names or values made.
  func topPushedAgain(in after: NavigationState) -> Bool {
    let (height, top) = visibleHeightAndTop
    let grown = after.visibleHeightAndTop
    guard let top, grown.height == height + 1, grown.top == top else { return false }
    return after.visibleEntries.dropLast().elementsEqual(visibleEntries)
  }
}

extension NavigationSnapshot {
  /// Whether `after`'s visible stack is this one's with its top screen pushed once more
  /// (other values allowed): compared by screen index, without names or values made.
  package func topPushedAgain(in after: NavigationSnapshot) -> Bool {
    state.topPushedAgain(in: after.state)
  }
}

/// How many screens the stack the user sees holds, and its top screen's index: what tells
/// first whether an event pushed the top screen once more.
package struct VisibleTop: Sendable, Hashable {
  let height: Int
  let top: Int?
}

extension Navigator {
  /// How many screens the visible stack holds, and its top screen.
  package var visibleTop: VisibleTop {
    let (height, top) = current.visibleHeightAndTop
    return VisibleTop(height: height, top: top)
  }

  /// Whether this navigator's visible stack is that of the state `before` describes, with
  /// its top screen pushed once more: `before`'s visible top is compared first, and the
  /// state `earlier` gives is read only where the heights and tops agree.
  package func pushedTopAgain(since before: VisibleTop, in earlier: () -> NavigationSnapshot)
    -> Bool
  {
    let (height, top) = current.visibleHeightAndTop
    guard let pushed = before.top, height == before.height + 1, top == pushed else {
      return false
    }
    return current.visibleEntries.dropLast().elementsEqual(earlier().state.visibleEntries)
  }

  /// How far the state's values reach; see `NavigationSnapshot.valueExtent`.
  package var valueExtent: ValueExtent { current.valueExtent }
}

extension NavigationSnapshot {
  /// Whether a request is pending twice with the same values.
  package var pendsARequestTwice: Bool { state.pendsARequestTwice }
}

extension Navigator {
  /// Whether a request is pending twice with the same values.
  package var pendsARequestTwice: Bool { current.pendsARequestTwice }
}

extension Navigator {
  /// The screen pushed on top of itself between here and `after`, if `after`'s visible stack
  /// is this one with its top screen pushed once more (other values allowed): the double
  /// tap. A screen named in `repeatable` may be.
  package func pushed(onTopOfItself after: Navigator, repeatable: Set<String>) -> ScreenInstance? {
    guard snapshot.topPushedAgain(in: after.snapshot),
      let pushed = after.current.visibleEntries.last,
      !repeatable.contains(program.screens[pushed.screen].name)
    else { return nil }
    return instance(pushed)
  }
}

/// The screens, alerts and tabs that a search's states show, gathered state by state: what
/// `all-reachable` compares with what the flows declare.
package struct ShownDeclarations {
  private let program: NavigationProgram
  private var screens: [Bool]
  private var alerts: [Bool]
  private var tabs: [Bool]
  /// How many screens, alerts and tabs no state has shown yet: once none is left, a state
  /// has nothing to add, and is not read (a search comes to most states after that).
  private var unshown: Int

  /// Nothing shown yet, for the screens, alerts and tabs of `program`.
  package init(program: NavigationProgram) {
    self.program = program
    screens = Array(repeating: false, count: program.screens.count)
    alerts = Array(repeating: false, count: program.alerts.count)
    tabs = Array(repeating: false, count: program.tabs.count)
    unshown = screens.count + alerts.count + tabs.count
  }

  /// Notes what a state shows: the selected tab, every screen on a tab's stack or in a
  /// presented screen's stack, every alert presented.
  package mutating func gather(_ snapshot: NavigationSnapshot) {
    gather(snapshot.state)
  }

  /// Notes what `navigator`'s state shows; see `gather(_:)`.
  package mutating func gather(_ navigator: Navigator) {
    gather(navigator.current)
  }

  private mutating func gather(_ state: NavigationState) {
    guard unshown > 0 else { return }
    // Each counted off `unshown` the first time it shows.
    if !tabs.isEmpty, Self.marks(state.selectedTab, in: &tabs) { unshown -= 1 }
    state.forEachShown(
      screen: { if Self.marks($0, in: &screens) { unshown -= 1 } },
      alert: { if Self.marks($0, in: &alerts) { unshown -= 1 } })
  }

  /// Marks `index` of `shown`; whether it was not marked yet.
  private static func marks(_ index: Int, in shown: inout [Bool]) -> Bool {
    guard !shown[index] else { return false }
    shown[index] = true
    return true
  }

  /// The names of the screens shown in some state.
  package var screenNames: Set<String> { names(screens) { program.screens[$0].name } }
  /// The names of the alerts shown in some state.
  package var alertNames: Set<String> { names(alerts) { program.alerts[$0].contents.name } }
  /// The names of the tabs selected in some state.
  package var tabNames: Set<String> { names(tabs) { program.tabs[$0].name } }

  private func names(_ shown: [Bool], _ name: (Int) -> String) -> Set<String> {
    Set(shown.indices.filter { shown[$0] }.map(name))
  }
}
