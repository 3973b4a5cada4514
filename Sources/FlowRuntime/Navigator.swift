import FlowDiagnostics
public import FlowModel

/// A headless navigation controller running a flow: the view-controller stack (one per tab
/// when the flow has a tab bar), what is presented over it, the flow's state, and a log of
/// every call, like a test spy's.
///
/// It follows `UINavigationController`, `UITabBarController` and `UIAlertController`:
/// `setRoot` replaces the stack, `push` and `pop` animate by default, popping at the root
/// changes nothing, each tab keeps its stack while another is shown, one presentation at a
/// time, and tapping an alert action dismisses the alert before its handler runs. A value
/// type: copy it to branch a scenario.
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
  var records: [LogRecord] = []
  var callCounts = [Int](repeating: 0, count: NavigationCall.allCases.count)
  /// The `animated` flag of the last navigation call, `nil` before the first.
  public internal(set) var lastAnimated: Bool?

  /// Starts a flow: state takes its defaults, then `given`; each tab's stack starts at its
  /// root (the first tab is selected); then `start` runs.
  ///
  /// - Throws: `NavigationError` for an unknown state name or a value of the wrong type
  ///   in `given`, or when `start` fails.
  public init(program: NavigationProgram, given overrides: [String: Value] = [:])
    throws(NavigationError)
  {
    self.program = program
    self.current = NavigationState(
      tabCount: program.tabs.count, stateValues: program.initialState)
    for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let index = program.stateIndex[name] else {
        throw NavigationError(
          "flow '\(program.flow.name.value)' has no state '\(name)'\(Self.known(program.stateNames))"
        )
      }
      let expected = program.initialState[index].type
      guard value.type == expected else {
        throw NavigationError(
          "state '\(name)' is \(expected.withArticle), not \(value.type.withArticle) like \(value)")
      }
      current.stateValues[index] = value
    }
    for (index, tab) in program.tabs.enumerated() {
      current.stacks[index] = [try makeEntry(tab.root, ExecutionContext())]
    }
    if !program.tabs.isEmpty {
      try loadTab(0)
    }
    if let start = program.start {
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
  public var root: String? { entries.first.map { program.screens[$0.screen].name } }

  /// The top screen's name.
  public var top: String? { entries.last.map { program.screens[$0.screen].name } }

  /// The selected tab's name; `nil` for a flow without tabs.
  public var selectedTab: String? {
    program.tabs.isEmpty ? nil : program.tabs[current.selectedTab].name
  }

  /// A tab's stack with its values, root first; `nil` for a name that is not a tab.
  public func stack(ofTab name: String) -> [ScreenInstance]? {
    program.tabIndex[name].map { current.stacks[$0].map(instance) }
  }

  /// What is presented over the stack, if anything.
  public var presented: PresentedItem? {
    switch current.presentation {
    case .alert(let index): .alert(program.alerts[index].contents.name)
    case .screen(let entry, let style): .screen(instance(entry), style)
    case nil: nil
    }
  }

  /// The presented alert's title, message and actions, if an alert is presented.
  public var alert: PresentedAlert? {
    if case .alert(let index) = current.presentation { return program.alerts[index].contents }
    return nil
  }

  /// Every state value by name.
  public var state: [String: Value] {
    Dictionary(uniqueKeysWithValues: zip(program.stateNames, current.stateValues))
  }

  /// One state value.
  public func value(of name: String) -> Value? {
    program.stateIndex[name].map { current.stateValues[$0] }
  }

  /// Every navigation call made so far, in order.
  public var log: [NavigationLogEntry] { records.map(entry) }

  /// How many times a navigation call was made (whether or not it changed anything).
  public func callCount(_ call: NavigationCall) -> Int {
    callCounts[call.ordinal]
  }

  /// Every call's count so far, by call.
  public var callCountsByCall: [NavigationCall: Int] {
    Dictionary(uniqueKeysWithValues: NavigationCall.allCases.map { ($0, callCounts[$0.ordinal]) })
  }

  /// The selected tab's stack.
  var entries: [StackEntry] {
    get { current.stacks[current.selectedTab] }
    _modify { yield &current.stacks[current.selectedTab] }
  }

  /// The visible screen: the presented screen, else the top of the stack.
  var visibleEntry: StackEntry? {
    if case .screen(let entry, _) = current.presentation { return entry }
    return entries.last
  }

  /// The visible screen's navigation bar, resolved; `nil` when no screen shows.
  public var navigationBar: ResolvedNavigationBar? {
    guard let entry = visibleEntry else { return nil }
    let bar = program.screens[entry.screen].bar
    let isPresentedScreen: Bool
    if case .screen = current.presentation {
      isPresentedScreen = true
    } else {
      isPresentedScreen = false
    }
    let canGoBack = !isPresentedScreen && entries.count > 1
    return ResolvedNavigationBar(
      isHidden: bar.isHidden, title: bar.title?.value, left: bar.left.map(Self.resolve),
      right: bar.right.map(Self.resolve),
      showsBackButton: canGoBack && !bar.isHidden && bar.backButton?.value != .hidden)
  }

  private static func resolve(_ item: BarButtonItem) -> ResolvedBarButton {
    ResolvedBarButton(
      image: item.image?.value, title: item.title?.value, style: item.style?.value ?? .plain,
      tint: item.tint?.value, action: item.action?.value)
  }

  func instance(_ entry: StackEntry) -> ScreenInstance {
    let screen = program.screens[entry.screen]
    var values: [(String, Value)] = []
    for (name, value) in zip(screen.parameters, entry.arguments) {
      if let value { values.append((name, value)) }
    }
    return ScreenInstance(name: screen.name, values: values)
  }

  static func known(_ names: [String]) -> String {
    names.isEmpty ? "" : "; it has \(DiagnosticMessage.list(names))"
  }
}

/// What a navigator shows and holds: a stack per tab (one without tabs), the selected tab,
/// what is presented, and the state values.
struct NavigationState: Sendable, Hashable {
  var stacks: [[StackEntry]]
  var selectedTab = 0
  /// Which tabs have been shown (their root's `onEnter` has run), as UIKit loads a tab's
  /// view controllers the first time it is selected.
  var loadedTabs: [Bool]
  var presentation: Presentation?
  var stateValues: [Value]

  init(tabCount: Int, stateValues: [Value]) {
    stacks = Array(repeating: [], count: max(1, tabCount))
    loadedTabs = Array(repeating: false, count: max(1, tabCount))
    self.stateValues = stateValues
  }
}

/// A screen in a stack: its index and one value per parameter (`nil` for an optional
/// parameter left out).
struct StackEntry: Sendable, Hashable {
  var screen: Int
  var arguments: [Value?]
}

/// What is presented: an alert by index, or a screen in a modal style.
enum Presentation: Sendable, Hashable {
  case alert(Int)
  case screen(StackEntry, ModalStyle)
}

/// The arguments and screen an instruction runs with.
struct ExecutionContext {
  var eventName: String?
  var eventArguments: [String: Value] = [:]
  /// The arguments of the screen whose handler or `onEnter` runs.
  var screenArguments: [Value?] = []
}
