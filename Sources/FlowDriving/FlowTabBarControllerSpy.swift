public import FlowChecklist
import FlowModel
public import FlowRuntime

#if canImport(UIKit)
  public import UIKit
#else
  public import UIKitStandIns
#endif

/// A `UITabBarController` with a navigation controller per tab, as UIKit apps build a tab
/// bar: it records each selection, and performs the user's taps on the tab bar as UIKit does
/// (a tap on another tab selects it, a tap on the selected one pops its stack to the root).
/// Each tab's navigation controller is a `FlowNavigationControllerSpy` from
/// `makeNavigationController()`, so every tab's calls come in one log, in order; a tab is
/// named by its `tabBarItem.title`, as the flow names its tabs.
@MainActor
open class FlowTabBarControllerSpy: UITabBarController, FlowAppSpy {
  private let log = FlowCallLog()
  /// Names each tab's view controllers as the flow names its screens.
  public var naming = FlowScreenNaming()

  /// A tab bar with no tabs yet: give it one navigation controller per tab from
  /// `makeNavigationController()`.
  public override init() {
    super.init()
  }

  /// A navigation controller for a tab, recording into this tab bar's log.
  public func makeNavigationController() -> FlowNavigationControllerSpy {
    FlowNavigationControllerSpy(log: log, naming: naming)
  }

  /// UIKit's `selectedIndex`; a change to another tab records `select(Search)`, by its name.
  open override var selectedIndex: Int {
    didSet {
      guard selectedIndex != oldValue, let name = tabName(at: selectedIndex) else { return }
      log.record(.select, animated: false, "select(\(name))")
    }
  }

  /// The tabs' names, in order.
  public var tabNames: [String] {
    (viewControllers ?? []).indices.compactMap(tabName(at:))
  }

  private func tabName(at index: Int) -> String? {
    guard let controllers = viewControllers, controllers.indices.contains(index) else {
      return nil
    }
    let controller = controllers[index]
    return controller.tabBarItem.title ?? controller.title
  }

  /// The selected tab's navigation controller, where it is one.
  private var selectedNavigation: UINavigationController? {
    selectedViewController as? UINavigationController
  }

  /// A `tab` event taps the tab bar as UIKit does; any other gesture goes to the selected
  /// tab's spy. Throws for a tab the tab bar does not have.
  public func perform(_ event: NavigationEvent) async throws -> Bool {
    guard case .tab(let name) = event else {
      guard let spy = selectedNavigation as? FlowNavigationControllerSpy else { return false }
      return try await spy.perform(event)
    }
    guard let index = tabNames.firstIndex(of: name) else {
      throw DriverError.refused(
        "unknown-tab", "the app's tab bar has no tab '\(name)' (it has \(tabNames))")
    }
    if index == selectedIndex {
      // UIKit pops the selected tab's stack to its root when its tab is tapped again.
      selectedNavigation?.popToRootViewController(animated: true)
    } else {
      selectedIndex = index
    }
    return true
  }

  /// The selected tab's observation, with the selected tab, every tab's stack by name, and
  /// the calls of every tab, in order.
  public func observation() -> Observation {
    var observation =
      (selectedNavigation as? FlowNavigationControllerSpy)?.observation() ?? Observation()
    var stacks: [String: [ScreenInstance]] = [:]
    for (index, controller) in (viewControllers ?? []).enumerated() {
      guard let name = tabName(at: index) else { continue }
      let stack = (controller as? UINavigationController)?.viewControllers ?? [controller]
      stacks[name] = stack.map { naming.screen(of: $0) }
    }
    if let selected = tabName(at: selectedIndex) {
      observation.tabs = TabsObservation(selected: selected, stacks: stacks)
      observation.stack = stacks[selected]
    }
    observation.calls = log.calls
    observation.lastAnimated = log.lastAnimated
    return observation
  }
}
