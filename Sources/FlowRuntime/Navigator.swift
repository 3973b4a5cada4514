import FlowDiagnostics
public import FlowModel

/// A headless navigation controller running a flow: the view-controller stack, what is
/// presented over it, the flow's state, and a log of every call, like a test spy's.
///
/// It follows `UINavigationController` and `UIAlertController`: `setRoot` replaces the
/// stack, `push` and `pop` animate by default, popping at the root changes nothing, one
/// presentation at a time, and tapping an alert action dismisses the alert before its
/// handler runs. A value type: copy it to branch a scenario.
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

  var entries: [StackEntry] = []
  var presentation: Presentation?
  var stateValues: [Value]
  var records: [LogRecord] = []
  var callCounts = [Int](repeating: 0, count: NavigationCall.allCases.count)
  /// The `animated` flag of the last navigation call, `nil` before the first.
  public internal(set) var lastAnimated: Bool?

  /// Starts a flow: state takes its defaults, then `given`, then `start` runs.
  ///
  /// - Throws: `NavigationError` for an unknown state name or a value of the wrong type
  ///   in `given`, or when `start` fails.
  public init(program: NavigationProgram, given overrides: [String: Value] = [:])
    throws(NavigationError)
  {
    self.program = program
    self.stateValues = program.initialState
    for (name, value) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let index = program.stateIndex[name] else {
        throw NavigationError(
          "flow '\(program.flow.name.value)' has no state '\(name)'\(Self.known(program.stateNames))"
        )
      }
      let expected = program.initialState[index].type
      guard value.type == expected else {
        throw NavigationError("state '\(name)' is a \(expected), not a \(value.type) like \(value)")
      }
      stateValues[index] = value
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

  /// The screen names in the stack, root first.
  public var stack: [String] { entries.map { program.screens[$0.screen].name } }

  /// The screens in the stack with their arguments, root first.
  public var screens: [ScreenInstance] { entries.map(instance) }

  /// The root screen's name.
  public var root: String? { entries.first.map { program.screens[$0.screen].name } }

  /// The top screen's name.
  public var top: String? { entries.last.map { program.screens[$0.screen].name } }

  /// What is presented over the stack, if anything.
  public var presented: PresentedItem? {
    switch presentation {
    case .alert(let index): .alert(program.alerts[index].contents.name)
    case .screen(let entry, let style): .screen(instance(entry), style)
    case nil: nil
    }
  }

  /// The presented alert's title, message and actions, if an alert is presented.
  public var alert: PresentedAlert? {
    if case .alert(let index) = presentation { return program.alerts[index].contents }
    return nil
  }

  /// Every state value by name.
  public var state: [String: Value] {
    Dictionary(uniqueKeysWithValues: zip(program.stateNames, stateValues))
  }

  /// One state value.
  public func value(of name: String) -> Value? {
    program.stateIndex[name].map { stateValues[$0] }
  }

  /// Every navigation call made so far, in order.
  public var log: [NavigationLogEntry] { records.map(entry) }

  /// How many times a navigation call was made (whether or not it changed anything).
  public func callCount(_ call: NavigationCall) -> Int {
    callCounts[call.ordinal]
  }

  /// The visible screen: the presented screen, else the top of the stack.
  var visibleEntry: StackEntry? {
    if case .screen(let entry, _) = presentation { return entry }
    return entries.last
  }

  /// The visible screen's navigation bar, resolved; `nil` when no screen shows.
  public var navigationBar: ResolvedNavigationBar? {
    guard let entry = visibleEntry else { return nil }
    let bar = program.screens[entry.screen].bar
    let isPresentedScreen: Bool
    if case .screen = presentation { isPresentedScreen = true } else { isPresentedScreen = false }
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
    return ScreenInstance(
      name: screen.name,
      arguments: Dictionary(uniqueKeysWithValues: zip(screen.parameters, entry.arguments)))
  }

  static func known(_ names: [String]) -> String {
    names.isEmpty ? "" : "; it has \(DiagnosticMessage.list(names))"
  }
}

/// A screen in the stack: its index and one argument per parameter.
struct StackEntry: Sendable, Hashable {
  var screen: Int
  var arguments: [Value]
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
  var screenArguments: [Value] = []
}

extension NavigationCall {
  /// The call's position in `allCases`, for counting without hashing.
  var ordinal: Int {
    switch self {
    case .setRoot: 0
    case .push: 1
    case .pop: 2
    case .popToRoot: 3
    case .present: 4
    case .dismiss: 5
    }
  }
}
