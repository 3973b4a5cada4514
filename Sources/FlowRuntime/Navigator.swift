import FlowDiagnostics
public import FlowModel

/// A headless navigation controller running a flow: the view-controller stack (one per tab
/// when the flow has a tab bar), what is presented over it, the requests still pending, the
/// flow's state, and a log of every call, like a test spy's.
///
/// It follows `UINavigationController`, `UITabBarController` and `UIAlertController`:
/// `setRoot` replaces the stack, `push` and `pop` animate by default, popping at the root
/// changes nothing, each tab keeps its stack while another is shown, an alert may be
/// presented over a presented screen but nothing over an alert, and tapping an alert action
/// dismisses the alert before its handler runs. A value type: copy it to branch a scenario.
///
/// ```swift
/// var navigator = try Navigator(flow: flow, given: ["isLogin": .bool(false)])
/// try navigator.send("login")
/// #expect(navigator.stack == ["Login", "Onboarding"])
/// #expect(navigator.lastAnimated == true)
/// ```
public struct Navigator: Sendable {
  /// The compiled flow.
  public let program: NavigationProgram

  /// What the navigation shows and holds; see `NavigationState`.
  var current: NavigationState
  /// The log, shared with the navigators this one was copied from; see `RecordLog`.
  var records = RecordLog()
  var callCounts = [Int](repeating: 0, count: NavigationCall.allCases.count)
  /// The `animated` flag of the last navigation call, `nil` before the first.
  public internal(set) var lastAnimated: Bool?
  /// The ids of the coverage targets reached so far (indexes into
  /// `program.coverageTargets`); `nil` unless the navigator was started recording them.
  public internal(set) var coveredTargets: Set<Int>?
  /// How many `onEnter`, `onAppear` and child flow starts run inside one another now: a flow
  /// whose screen enters itself (`onEnter: { push: A }` on `A`) would never end.
  var nesting = 0
  /// The most `nesting` may reach before the event is refused (`run.endless`).
  static let mostNesting = 64

  /// Starts a flow: state takes its defaults, then `given`; each tab's stack starts at its
  /// root (the first tab is selected); then `start` runs, or, given a starting stack, that
  /// stack is shown instead (each screen's `onEnter` runs, then the top's `onAppear`; no call
  /// is logged: it is where the scenario starts, as a test's `setUp` pushes).
  ///
  /// - Throws: `NavigationError` for an unknown state name or a value of the wrong type
  ///   in `given`, an unknown screen or a wrong value in the stack, or when `start` fails.
  ///
  /// With `recordingCoverage`, the navigator notes every coverage target it reaches, from
  /// `start` on, in `coveredTargets`.
  public init(
    program: NavigationProgram, given overrides: [String: Value] = [:],
    startingAt stack: [ScreenInstance]? = nil, recordingCoverage: Bool = false
  ) throws(NavigationError) {
    self.program = program
    if recordingCoverage { coveredTargets = [] }
    self.current = NavigationState(
      tabCount: program.tabs.count, stateValues: program.initialState)
    for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let index = program.stateIndex[name] else {
        throw .unknownGivenState(
          flow: program.flow.name.value, name, known: program.stateNames)
      }
      try program.checkStateValue(value, at: index)
      current.setValue(value, at: index)
    }
    for (index, tab) in program.tabs.enumerated() {
      let root = try makeEntry(tab.root, ExecutionContext())
      current.setEntries([root], of: .tab(index))
    }
    if !program.tabs.isEmpty {
      if stack == nil {
        // The first tab is selected and its root shown, as a tab bar controller shows it.
        try loadTab(0)
        try appear()
      } else {
        // The stack given is shown instead, its screens entered once by `show`.
        current.setLoaded(0)
      }
    }
    if let stack {
      try show(stack)
    } else if let start = program.start {
      try execute(start, in: ExecutionContext())
    }
  }

  /// Compiles and starts a flow; see `init(program:given:)`.
  public init(flow: Flow, given overrides: [String: Value] = [:]) throws(NavigationError) {
    try self.init(program: NavigationProgram(flow), given: overrides)
  }

  // MARK: Reading

  /// The screen names in the stack (the selected tab's), root first.
  public var stack: [String] { entries.map { program.screens[$0.screen].name } }

  /// The screens in the stack (the selected tab's) with their values, root first.
  public var screens: [ScreenInstance] { entries.map(instance) }

  /// The root screen's name.
  public var root: String? { current.firstScreen(selectedStack).map { program.screens[$0].name } }

  /// The top screen's name.
  public var top: String? { current.lastScreen(selectedStack).map { program.screens[$0].name } }

  /// The selected tab's name; `nil` for a flow without tabs.
  public var selectedTab: String? {
    program.tabs.isEmpty ? nil : program.tabs[current.selectedTab].name
  }

  /// A tab's stack with its values, root first; `nil` for a name that is not a tab.
  public func stack(ofTab name: String) -> [ScreenInstance]? {
    program.tabIndex[name].map { current.entries(.tab($0)).map(instance) }
  }

  /// What is presented on top, if anything: the alert, or the presented screen (the top of
  /// its own stack when it has one).
  public var presented: PresentedItem? {
    (0..<current.layerCount).last.map(presentedItem(ofLayer:))
  }

  /// Everything presented, bottom first: a sheet, then an alert over it. An alert comes with
  /// the text it shows; the top presented screen with its own stack when it has one.
  public var presentations: [PresentedItem] {
    (0..<current.layerCount).map(presentedItem(ofLayer:))
  }

  /// What layer `layer` presents, the stack included when it is the top presented screen's.
  private func presentedItem(ofLayer layer: Int) -> PresentedItem {
    switch current.layer(layer) {
    case .alert(let index, let text):
      return .alert(alertContents(index, text))
    case .screen(let modal):
      let stack =
        layer == current.topScreenLayer && modal.hasNavigation
        ? modal.entries.map(instance) : nil
      return .screen(instance(modal.entries[0]), modal.style, stack: stack)
    }
  }

  /// The presented screen's own navigation stack, root first, when it has one
  /// (`present: … , stack: true`); `nil` otherwise.
  public var presentedStack: [ScreenInstance]? {
    guard let layer = current.topScreenLayer,
      case .screen(_, _, let stack) = presentedItem(ofLayer: layer)
    else { return nil }
    return stack
  }

  /// The presented alert's title, message and actions, if an alert is on top.
  public var alert: PresentedAlert? {
    current.topAlert.map { alertContents($0.index, $0.text) }
  }

  /// Alert `index` as declared, with the title and message it was presented with.
  private func alertContents(_ index: Int, _ text: AlertText) -> PresentedAlert {
    var contents = program.alerts[index].contents
    contents.title = text.title
    contents.message = text.message
    return contents
  }

  /// Every state value by name.
  public var state: [String: Value] {
    Dictionary(uniqueKeysWithValues: zip(program.stateNames, current.stateValues))
  }

  /// One state value.
  public func value(of name: String) -> Value? {
    program.stateIndex[name].map { current.value(at: $0) }
  }

  /// The requests started and not yet resolved, in the order they started, each as its
  /// name with the values it was started with: `addFavourite(restaurant: "KFC")`. A child
  /// flow's request is named as a step names it (`FlowTree.requestChecklistNames`).
  public var pendingRequests: [ScreenInstance] {
    current.pending.map { pending in
      let request = program.requests[pending.request]
      var values: [(String, Value)] = []
      for (name, value) in zip(request.parameters, pending.arguments) {
        if let value { values.append((name, value)) }
      }
      // Named as a step names it (`Child.fetch` where a flow before the child has a
      // `fetch`), so that what a step sends is what is pending.
      var instance = ScreenInstance(name: request.stepName, values: values)
      if request.stepName == request.name { instance.flow = program.flows[request.flow].name }
      return instance
    }
  }

  /// Every navigation call made so far, in order.
  public var log: [NavigationLogEntry] { records.records(from: 0).map(entry) }

  /// How many navigation calls were made so far: `log.count`, without building the log.
  public var logCount: Int { records.count }

  /// The navigation calls made since the first `start` of them, in order: the end of `log`,
  /// built alone, so a caller reporting each step's calls does not rebuild the whole log.
  public func log(from start: Int) -> [NavigationLogEntry] {
    records.records(from: max(start, 0)).map(entry)
  }

  /// A value equal for two navigators showing and holding the same (stacks, presentations,
  /// pending requests, state), whatever led there: what an exploration of the flow visits.
  public var stateFingerprint: Int { current.hashValue }

  /// How many times a navigation call was made (whether or not it changed anything).
  public func callCount(_ call: NavigationCall) -> Int {
    callCounts[call.ordinal]
  }

  /// Every call's count so far, by call.
  public var callCountsByCall: [NavigationCall: Int] {
    Dictionary(uniqueKeysWithValues: NavigationCall.allCases.map { ($0, callCounts[$0.ordinal]) })
  }

  /// The selected tab's stack (the only one, without tabs).
  var selectedStack: NavigationState.StackPlace { .tab(current.selectedTab) }

  /// The selected tab's stack, root first.
  var entries: [StackEntry] { current.entries(selectedStack) }

  /// The stack the user sees: the topmost presented screen's, else the selected tab's.
  var visibleStack: NavigationState.StackPlace { current.visibleStack }

  /// The visible screen's index: `visibleEntry`'s, without reading its values.
  var visibleScreen: Int? { current.lastScreen(visibleStack) }

  /// The visible screen: the top of the topmost presented screen's stack, else the top of
  /// the selected tab's stack.
  var visibleEntry: StackEntry? { current.lastEntry(visibleStack) }

  /// The visible screen's navigation bar, resolved; `nil` when no screen shows.
  public var navigationBar: ResolvedNavigationBar? {
    guard let entry = visibleEntry else { return nil }
    let bar = program.screens[entry.screen].bar
    let context = screenContext(entry)
    let text = { (template: String?) in template.map { render($0, context) } }
    return ResolvedNavigationBar(
      isHidden: bar.isHidden, title: text(bar.title?.value),
      left: bar.left.map { resolve($0, text) },
      right: bar.right.map { resolve($0, text) },
      showsBackButton: showsBackButton(program.screens[entry.screen].barBehaviour))
  }

  /// Whether `bar`, the visible screen's, shows the system back button: below another
  /// screen in a navigation stack, unless the bar is hidden, the button is, or a left item
  /// replaces it, as leftBarButtonItem does without leftItemsSupplementBackButton.
  ///
  /// The taps and `availableEvents` ask this and the declared items, not `navigationBar`,
  /// which renders every text of the bar.
  func showsBackButton(_ bar: BarBehaviour) -> Bool {
    guard !bar.isHidden, !bar.hidesBackButton else { return false }
    if let layer = current.topScreenLayer,
      case .screen(_, let hasNavigation) = current.layerKind(layer)
    {
      return hasNavigation && current.entryCount(.layer(layer)) > 1
    }
    return current.entryCount(selectedStack) > 1
  }

  private func resolve(_ item: BarButtonItem, _ text: (String?) -> String?) -> ResolvedBarButton {
    ResolvedBarButton(
      image: item.image?.value, title: text(item.title?.value), style: item.style?.value ?? .plain,
      tint: item.tint?.value, action: item.action?.value)
  }

  func instance(_ entry: StackEntry) -> ScreenInstance {
    // Reads the two fields it needs: a copy of the whole compiled screen retains each of
    // its handlers, texts and buffers.
    let name = program.screens[entry.screen].name
    var instance = ScreenInstance(name: name, values: [])
    instance.flow = program.flows[program.screens[entry.screen].flow].name
    guard !entry.arguments.isEmpty else { return instance }
    let parameters = program.screens[entry.screen].parameters
    instance.values.reserveCapacity(entry.arguments.count)
    for (name, value) in zip(parameters, entry.arguments) {
      if let value { instance.values.append(ScreenInstance.Argument(name: name, value: value)) }
    }
    return instance
  }
}

extension Navigator {
  /// Notes a coverage target as reached, when the navigator records coverage.
  mutating func cover(_ target: Int) {
    coveredTargets?.insert(target)
  }
}
