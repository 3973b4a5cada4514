import FlowSpec
import FlowTestSupport
import Testing

#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

final class SearchViewController: UIViewController {}

/// A UIKit app with a tab bar: a navigation controller per tab, each made by the test's spy.
@MainActor
final class TabbedApp {
  let tabBar: UITabBarController
  /// A bug switch: a push goes to the first tab, whichever is selected.
  let pushesOnFirstTab: Bool

  init(
    tabBar: UITabBarController, pushesOnFirstTab: Bool,
    makeNavigation: () -> UINavigationController
  ) {
    self.tabBar = tabBar
    self.pushesOnFirstTab = pushesOnFirstTab
    let home = makeNavigation()
    home.tabBarItem = UITabBarItem(title: "Home")
    home.viewControllers = [HomeViewController()]
    let search = makeNavigation()
    search.tabBarItem = UITabBarItem(title: "Search")
    search.viewControllers = [SearchViewController()]
    tabBar.viewControllers = [home, search]
  }

  func go() {
    let tab = pushesOnFirstTab ? tabBar.viewControllers?.first : tabBar.selectedViewController
    (tab as? UINavigationController)?.pushViewController(DetailViewController(), animated: true)
  }
}

@MainActor
struct TabbedDriver: FlowAppDriver {
  let spy = FlowTabBarControllerSpy()
  let events: TabbedApp

  init(start: ScenarioStart) {
    events = TabbedApp(
      tabBar: spy, pushesOnFirstTab: start.bool("buggy"),
      makeNavigation: { [spy] in spy.makeNavigationController() })
  }

  /// What the generated `TabbedEvents` conformance would do, written out.
  func receive(_ event: NavigationEvent, visibleScreen: String?) async throws -> Bool {
    guard event == "go" else { return false }
    events.go()
    return true
  }
}

private let tabbedFlow = """
  flow: Tabbed
  state: { buggy: false }
  tabs:
    Home: { title: Home, root: Home }
    Search: { title: Search, root: Search }
  screens:
    Home: { on: { go: { push: Detail } } }
    Search: { on: { go: { push: Detail } } }
    Detail: {}
  spec: |
    [ ] each tab keeps its stack
        when [go, { tab: Search }, go, { tab: Home }]
        expect:
          tab: Home
          tabs: { Home: [Home, Detail], Search: [Search, Detail] }
          calls: { push: 2, select: 2 }
    [ ] a re-tap pops the tab to its root
        when [go, { tab: Home }]
        expect { tab: Home, stack: [Home], animated: true, calls: { popToRoot: 1 } }
    [ ] a push on another tab stays there
        given { buggy: true }
        when [{ tab: Search }, go]
        expect { tab: Search, stack: [Search, Detail] }
  """

@Suite("A UIKit tab bar: the spy taps it as UIKit does, and shows every tab")
@MainActor
struct TabBarDriverTests {
  let runner = ChecklistRunner(flow: try! TestFlows.flow(tabbedFlow))

  @Test("selection and re-tap are the spy's gestures; every tab's calls come in one log")
  func agrees() async {
    for entry in runner.entries.prefix(2) {
      let result = await runner.run(entry, against: TabbedDriver.self)
      #expect(result.failures.map(\.message) == [], "\(entry.item.text.value)")
    }
  }

  @Test("an app that pushes on the wrong tab fails the item, saying what it did")
  func wrongTab() async {
    let result = await runner.run(runner.entries[2], against: TabbedDriver.self)
    #expect(
      result.failures.map(\.message) == [
        "the app disagrees: expected stack [Search, Detail], found [Search]"
      ])
  }

  @Test("a tab the app's tab bar does not have fails the step, naming the tabs it has")
  func unknownTab() async throws {
    var driver = TabbedDriver(start: ScenarioStart(state: [:]))
    await #expect(throws: DriverError.self) { try await driver.send(.tab("Profile")) }
    #expect(driver.spy.tabNames == ["Home", "Search"])
  }
}
