import FlowDiagnostics

/// A navigation flow: the state it keeps, what it does on start, its screens and alerts,
/// and the checklist that specifies it.
///
/// Every name and value keeps its place in the file, so later stages can point at it.
public struct Flow: Sendable {
  /// The flow's name (`flow:`), which names the generated test suite.
  public var name: Located<String>
  /// The path of the file the flow was read from.
  public var file: String
  /// Named values with defaults, in declaration order.
  public var state: [StateVariable]
  /// What the navigation service does when it is created.
  public var start: Operation?
  /// The tab bar's tabs, each with a stack of its own; none for a single stack.
  public var tabs: [Tab]
  /// Deep links: URL patterns and the routes they set.
  public var links: [DeepLink]
  /// Events the flow handles whatever screen is on top (`on:` at the top level), such as a
  /// router's API; a screen's own handler of the same event wins.
  public var handlers: [EventHandler]
  /// Requests the flow starts and steps resolve.
  public var requests: [Request]
  /// Child flows in other files, by the name this flow starts them with.
  public var uses: [FlowUse]
  /// The screens, in declaration order.
  public var screens: [Screen]
  /// Alerts and action sheets, in declaration order.
  public var alerts: [Alert]
  /// The checklist (`spec:`) that specifies the flow, if it has one.
  public var checklist: Checklist?
  /// Statements about every reachable state (`properties:`), in declaration order.
  public var properties: [FlowProperty] = []
  /// What `flowc verify` assumes and how far it looks (`verify:`).
  public var verification = VerificationSettings()
  /// The names of entries written but not decoded (a tab without `root:`, a state without
  /// a value): their own error is reported, and a reference to them is not a second one.
  public var namesWithErrors: Set<String> = []

  private var screenIndex: [String: Int]
  private var alertIndex: [String: Int]
  private var stateIndex: [String: Int]
  private var tabIndex: [String: Int]
  private var requestIndex: [String: Int]

  /// A flow as decoded from `file`; it indexes its screens, alerts, state, tabs and requests
  /// by name, the first of several of the same name winning.
  public init(
    name: Located<String>, file: String, state: [StateVariable], start: Operation?,
    tabs: [Tab] = [], links: [DeepLink] = [], handlers: [EventHandler] = [],
    requests: [Request] = [], uses: [FlowUse] = [], screens: [Screen], alerts: [Alert],
    checklist: Checklist?
  ) {
    self.uses = uses
    self.name = name
    self.file = file
    self.state = state
    self.start = start
    self.tabs = tabs
    self.links = links
    self.handlers = handlers
    self.requests = requests
    self.screens = screens
    self.alerts = alerts
    self.checklist = checklist
    self.screenIndex = Self.firstIndex(of: screens.map(\.name.value))
    self.alertIndex = Self.firstIndex(of: alerts.map(\.name.value))
    self.stateIndex = Self.firstIndex(of: state.map(\.name.value))
    self.tabIndex = Self.firstIndex(of: tabs.map(\.name.value))
    self.requestIndex = Self.firstIndex(of: requests.map(\.name.value))
  }

  /// Where the request of that name is in `requests`.
  public func indexOfRequest(named name: String) -> Int? {
    requestIndex[name]
  }

  /// The flow-level handler of an event.
  public func handler(for event: String) -> EventHandler? {
    handlers.first { $0.event.value == event }
  }

  /// Where the tab of that name is in `tabs`.
  public func indexOfTab(named name: String) -> Int? {
    tabIndex[name]
  }

  /// The screen of that name (the first, if several share it).
  public func screen(named name: String) -> Screen? {
    screenIndex[name].map { screens[$0] }
  }

  /// The alert of that name (the first, if several share it).
  public func alert(named name: String) -> Alert? {
    alertIndex[name].map { alerts[$0] }
  }

  /// Where the screen of that name is in `screens`, without copying it.
  public func indexOfScreen(named name: String) -> Int? {
    screenIndex[name]
  }

  /// The parameter of that name of the screen at `index`, read in place: a caller in another
  /// module reading it through the screen copies the screen first.
  public func parameter(named name: String, ofScreen index: Int) -> Parameter? {
    screens[index].params.first { $0.name.value == name }
  }

  /// Where the alert of that name is in `alerts`, without copying it.
  public func indexOfAlert(named name: String) -> Int? {
    alertIndex[name]
  }

  /// The property of that name (the first, if several share it).
  public func property(named name: String) -> FlowProperty? {
    properties.first { $0.name.value == name }
  }

  /// The state variable of that name.
  public func stateVariable(named name: String) -> StateVariable? {
    stateIndex[name].map { state[$0] }
  }

  private static func firstIndex(of names: [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(names.count)
    // Backwards, so the first of several wins, with one hash of each name.
    for offset in names.indices.reversed() {
      index[names[offset]] = offset
    }
    return index
  }
}

/// `use: { ViewBCoordinator: view-b.yaml }`: a child flow's name here and its file, relative
/// to this flow's file.
public struct FlowUse: Sendable {
  /// The child flow's name here, by which `start:` starts it, such as `ViewBCoordinator`.
  public var name: Located<String>
  /// The child flow's file, relative to this flow's file (`view-b.yaml`).
  public var path: Located<String>

  /// A `use:` entry naming the child flow in `path` as `name`.
  public init(name: Located<String>, path: Located<String>) {
    self.name = name
    self.path = path
  }
}

/// A named value the flow keeps, with its default; a test's `given` overrides it.
public struct StateVariable: Sendable, Hashable {
  /// The state's name, its key under `state:`, which `set:` writes and `$name` reads.
  public var name: Located<String>
  /// The default the state holds when the flow starts; its type is the state's type.
  public var initialValue: Located<Value>

  /// A state variable `name` starting at `initialValue`.
  public init(name: Located<String>, initialValue: Located<Value>) {
    self.name = name
    self.initialValue = initialValue
  }
}
