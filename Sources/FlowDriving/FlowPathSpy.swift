public import FlowChecklist
import FlowModel
public import FlowRuntime

/// A route as the flow names its screen. The `Route` enum the plugin generates for an app
/// target (`gen --routes`) has both members, so `extension ShopRoute: FlowRoute {}` is the
/// whole mapping: no driver names a screen by hand.
public protocol FlowRoute: Hashable {
  /// The screen's name in the flow.
  var screen: String { get }
  /// The screen's values, by parameter name.
  var screenValues: [(name: String, value: any Sendable)] { get }
  /// The route of a screen with its values; `nil` when the flow has no such route.
  init?(screen: String, values: [String: any Sendable])
}

extension FlowRoute {
  /// The route of a screen instance of the flow; `nil` when it is none.
  public init?(_ screen: ScreenInstance) {
    var values: [String: any Sendable] = [:]
    for argument in screen.values {
      switch argument.value {
      case .bool(let value): values[argument.name] = value
      case .int(let value): values[argument.name] = value
      case .string(let value): values[argument.name] = value
      case .list, .record: return nil
      }
    }
    self.init(screen: screen.name, values: values)
  }

  /// The route as the flow's screen instance.
  public var screenInstance: ScreenInstance {
    ScreenInstance(
      name: screen,
      arguments: Dictionary(
        screenValues.compactMap { pair in FlowValue.value(of: pair.value).map { (pair.name, $0) } },
        uniquingKeysWith: { first, _ in first }))
  }
}

/// A router whose state is `path: [Route]`, as a SwiftUI `NavigationStack(path:)` keeps it,
/// recording every call: `push`, `pop`, `popToRoot` and `reset(to:)` (or assigning `path`)
/// change the path as the last article's `Router` does. Conform the app's router protocol to
/// it in one line (`extension FlowPathSpy: RouterProtocol where Route == ShopRoute {}`).
/// SwiftUI animates a push, a pop and a pop to root, not a reset.
@MainActor
public final class FlowPathSpy<Route: FlowRoute>: FlowAppSpy {
  /// The `NavigationStack`'s root view, as the flow names it.
  public let root: String
  /// The calls of every path sharing this log (one per tab), in order.
  let log: FlowCallLog

  private var routes: [Route] = [] {
    didSet {
      if routes.count != oldValue.count || routes.last != oldValue.last { appeared?(routes.last) }
    }
  }

  /// Called when a view appears on top (the route, or `nil` for the root), as SwiftUI's
  /// `onAppear` runs: the app's own `onAppear` code goes here, so a screen revealed by a pop
  /// refreshes as it does in the app.
  public var appeared: (@MainActor (Route?) -> Void)?

  /// A spy on the root view the flow names `root`, with an empty path and a call log of its own.
  public convenience init(root: String) {
    self.init(root: root, log: FlowCallLog())
  }

  init(root: String, log: FlowCallLog) {
    self.root = root
    self.log = log
  }

  /// Puts the app where the scenario starts, as the app would be shown there, with no call:
  /// on `given { stack: [...] }`, the routes above the root. A stack that does not start at
  /// this spy's root, or holds a screen the route type has not, throws, naming it.
  ///
  /// `appeared`, when given, becomes the spy's `appeared`, and runs for the start's top.
  public func begin(
    at start: ScenarioStart, appeared: (@MainActor (Route?) -> Void)? = nil
  ) throws {
    if let appeared { self.appeared = appeared }
    guard let stack = start.stack else { return }
    guard stack.first?.name == root else {
      throw DriverError("the scenario starts on \(stack), whose root is not '\(root)'")
    }
    routes = try stack.dropFirst().map { screen in
      guard let route = Route(screen) else {
        throw DriverError("the app's routes have no screen \(screen)")
      }
      return route
    }
  }

  /// The path; assigning it is a reset, as SwiftUI shows it (at once, not animated).
  public var path: [Route] {
    get { routes }
    set { reset(to: newValue) }
  }

  /// Appends the route to the path and records `push(ProductDetail(id: 42))`, animated.
  public func push(_ route: Route) {
    routes.append(route)
    log.record(.push, animated: true, "push(\(route.screenInstance))")
  }

  /// Drops the last route (none at the root) and records `pop()`, animated, either way.
  public func pop() {
    if !routes.isEmpty { routes.removeLast() }
    log.record(.pop, animated: true, "pop()")
  }

  /// Empties the path, back to the root, and records `popToRoot()`, animated.
  public func popToRoot() {
    routes.removeAll()
    log.record(.popToRoot, animated: true, "popToRoot()")
  }

  /// Replaces the path at once (by default with none) and records
  /// `reset(to: [Cart, ProductDetail(id: 42)])`, not animated.
  public func reset(to routes: [Route] = []) {
    self.routes = routes
    let names = routes.map { "\($0.screenInstance)" }.joined(separator: ", ")
    log.record(.reset, animated: false, "reset(to: [\(names)])")
  }

  /// The stack as the flow sees it: the root, then each route's screen.
  public var stack: [ScreenInstance] {
    [ScreenInstance(name: root)] + routes.map(\.screenInstance)
  }

  /// Back is SwiftUI's own: the `NavigationStack` drops the last route through its binding.
  public func perform(_ event: NavigationEvent) async throws -> Bool {
    guard event == .tap(.back) else { return false }
    guard !routes.isEmpty else {
      throw DriverError.refused("no-back-button", "the app shows no back button")
    }
    pop()
    return true
  }

  /// The stack, the calls of every path sharing this log, in order, and the last one's
  /// `animated` flag.
  public func observation() -> Observation {
    Observation(stack: stack, lastAnimated: log.lastAnimated, calls: log.calls)
  }
}

/// One `FlowPathSpy` per tab of a `TabView`, the tab the app selects read from the app after
/// each event (a selection change is recorded as the tab bar's `select` call):
///
/// ```swift
/// extension ShopRoute: FlowRoute {}
/// extension FlowPathSpy: RouterProtocol where Route == ShopRoute {}
///
/// @MainActor
/// func makeApp() -> (FlowTabbedPathSpy<ShopRoute>, AppRouter) {
///   let spy = FlowTabbedPathSpy<ShopRoute>(tabs: ShopRoute.tabRoots)
///   let app = AppRouter { tab in spy.path(for: tab.rawValue) }
///   spy.readSelection { app.selectedTab.rawValue }
///   return (spy, app)
/// }
/// ```
@MainActor
public final class FlowTabbedPathSpy<Route: FlowRoute>: FlowAppSpy {
  /// The tabs in order, each with its path.
  public let tabs: [(name: String, path: FlowPathSpy<Route>)]
  private let log: FlowCallLog
  private var readSelected: (@MainActor () -> String)?
  private var lastSelected: String?

  /// Tabs by name with their root screens, as the generated `Route.tabRoots` lists them.
  public init(tabs: [(tab: String, root: String)]) {
    let log = FlowCallLog()
    self.log = log
    self.tabs = tabs.map { ($0.tab, FlowPathSpy(root: $0.root, log: log)) }
  }

  /// The path of a tab; a tab the flow does not have gets a path of its own, so the
  /// observation shows where the app navigated.
  public func path(for tab: String) -> FlowPathSpy<Route> {
    tabs.first { $0.name == tab }?.path ?? FlowPathSpy(root: tab, log: log)
  }

  /// How to read the tab the app selects; read after each event.
  public func readSelection(_ read: @escaping @MainActor () -> String) {
    readSelected = read
    lastSelected = read()
    log.beforeEachCall = { [weak self] in self?.recordSelectionChange() }
  }

  /// The name of the tab the app selects, as `readSelection` reads it; the first tab until
  /// one is given.
  public var selected: String { readSelected?() ?? tabs.first?.name ?? "" }

  /// Performs the gesture on the selected tab's path (back drops its last route).
  public func perform(_ event: NavigationEvent) async throws -> Bool {
    try await path(for: selected).perform(event)
  }

  /// Records the tab bar's `select(Search)` when the app selected another tab.
  public func eventDidFinish() {
    recordSelectionChange()
  }

  /// Records the tab bar's `select` when the app's selection changed since last read: after
  /// each event, and before each router call, so a selection the app makes before calling
  /// a router (a deep link to another tab) comes first, as it happened.
  private func recordSelectionChange() {
    guard readSelected != nil else { return }
    let now = selected
    if now != lastSelected {
      log.append(.select, animated: false, "select(\(now))")
      lastSelected = now
    }
  }

  /// The selected tab's stack, every tab's stack by name, and the calls of every tab, in order.
  public func observation() -> Observation {
    let selected = selected
    return Observation(
      stack: path(for: selected).stack,
      tabs: TabsObservation(
        selected: selected,
        stacks: Dictionary(tabs.map { ($0.name, $0.path.stack) }, uniquingKeysWith: { a, _ in a })),
      lastAnimated: log.lastAnimated, calls: log.calls)
  }
}

/// The calls of one or more spies, in order.
@MainActor
final class FlowCallLog {
  private(set) var calls: [CallObservation] = []

  var lastAnimated: Bool? { calls.last?.animated }

  /// Runs before each call is recorded: the tabbed spy records a selection the app made
  /// before it, so the calls keep the app's order.
  var beforeEachCall: (@MainActor () -> Void)?

  func record(_ call: NavigationCall, animated: Bool, _ description: String) {
    beforeEachCall?()
    append(call, animated: animated, description)
  }

  /// Records a call without running `beforeEachCall`.
  func append(_ call: NavigationCall, animated: Bool, _ description: String) {
    calls.append(CallObservation(call: call, animated: animated, description: description))
  }
}
