import ExampleShop
import FlowSpec

/// Binds flows/shop.yaml to the app's AppRouter and its views' actions, each tab's router a
/// path spy and each route named by the generated `ShopRoute`. SwiftUI's titles are not
/// observable here: nav bar expectations are declared so, and show as known issues.
typealias ShopDriver = AppDriver<AppRouter>

/// Over any AppRouter, so tests can plant a bug in a subclass.
@MainActor
struct AppDriver<App: AppRouter>: FlowAppDriver {
  static var unobservable: Set<ExpectationKey> { [.navBar] }
  let spy = FlowTabbedPathSpy<ShopRoute>(tabs: ShopRoute.tabRoots)
  let events: ShopActions

  init(start: ScenarioStart) {
    let app = App { [spy] tab in spy.path(for: tab.rawValue) }
    spy.readSelection { app.selectedTab.rawValue }
    events = ShopActions(app: app)
  }
}

extension FlowPathSpy: RouterProtocol where Route == ShopRoute {}
extension ShopRoute: FlowRoute {}
extension ShopActions: ShopEvents {}
