import ExampleShop
import FlowSpec
import Foundation

/// The path spy stands in for each tab's router.
extension PathSpy: RouterProtocol where Route == ShopRoute {}

/// Binds flows/shop.yaml to the app's AppRouter and view models, each tab's router a
/// `PathSpy`. SwiftUI's titles are not observable here: nav bar expectations are declared
/// so, and show as known issues.
@MainActor
struct ShopDriver: FlowDriver {
  static let unobservable: Set<ExpectationKey> = [.navBar]
  let app = AppRouter(makeRouter: { PathSpy<ShopRoute>() })
  /// The tab bar's selections the user made, which the routers do not see.
  private var selections: [CallObservation] = []
  /// The `animated` flag of the last call, a router's or the tab bar's.
  private var lastAnimated: Bool?

  init(start: ScenarioStart) {}

  private var router: any RouterProtocol { app.router(for: app.selectedTab) }

  mutating func send(_ event: NavigationEvent) throws {
    let before = (selections.count, routerCalls)
    try perform(event)
    if selections.count > before.0 {
      lastAnimated = false
    } else if routerCalls > before.1 {
      lastAnimated = spy(app.selectedTab).calls.last.map { $0.call != .reset }
    }
  }

  /// How many calls the routers have recorded.
  private var routerCalls: Int {
    AppRouter.Tab.allCases.reduce(0) { $0 + spy($1).calls.count }
  }

  private func spy(_ tab: AppRouter.Tab) -> PathSpy<ShopRoute> {
    app.router(for: tab) as! PathSpy<ShopRoute>
  }

  private mutating func perform(_ event: NavigationEvent) throws {
    switch event {
    case .named("showProduct", let values):
      router.push(.productDetail(id: try int(values, "id")))
    case .named("showSimilar", let values):
      router.push(.productDetail(id: try int(values, "similarID")))
    case .named("selectProduct", let values):
      ProductListViewModel(router: router).didTapProduct(id: try int(values, "id"))
    case .named("showProfile", let values), .named("showSeller", let values):
      guard case .string(let userID) = values["userID"] else { throw DriverError("no userID") }
      router.push(.profile(userID: userID))
    case .named("showSettings", _): router.push(.settings)
    case .named("showCart", _): router.push(.cart)
    case .tap(.right):
      // The bar buttons: the cart on the home screen, the settings on a profile.
      switch router.path.last {
      case .profile: router.push(.settings)
      case nil where app.selectedTab == .accueil: router.push(.cart)
      default: throw DriverError("the top screen has no right bar button")
      }
    case .named("checkout", _): CartViewModel(router: router).checkout()
    case .named("orderPlaced", _): router.reset(to: [])
    case .named("backToHome", _): router.popToRoot()
    case .named("close", _), .tap(.back): router.pop()
    case .tab(let name):
      guard let tab = AppRouter.Tab(rawValue: name) else { throw DriverError("no tab \(name)") }
      if tab != app.selectedTab {
        selections.append(
          CallObservation(call: .select, animated: false, description: "select(\(name))"))
      }
      app.tap(tab)
    case .open(let url):
      guard let url = URL(string: url) else { return }
      let before = app.selectedTab
      app.handle(url)
      if app.selectedTab != before {
        selections.append(
          CallObservation(
            call: .select, animated: false, description: "select(\(app.selectedTab.rawValue))"))
      }
    default:
      throw DriverError.unsupported(event)
    }
  }

  private func int(_ values: [String: Value], _ name: String) throws -> Int {
    guard case .int(let value) = values[name] else { throw DriverError("no Int '\(name)'") }
    return value
  }

  func observe() -> Observation {
    let roots: [AppRouter.Tab: String] = [
      .accueil: "Home", .recherche: "Search", .profil: "Account",
    ]
    var stacks: [String: [ScreenInstance]] = [:]
    var calls: [CallObservation] = selections
    var selected = Observation()
    for tab in AppRouter.Tab.allCases {
      let observation = spy(tab).observation(
        root: ScreenInstance(name: roots[tab]!), describing: Self.screen)
      stacks[tab.rawValue] = observation.stack
      calls += observation.calls ?? []
      if tab == app.selectedTab { selected = observation }
    }
    selected.tabs = TabsObservation(selected: app.selectedTab.rawValue, stacks: stacks)
    selected.calls = calls
    selected.lastAnimated = lastAnimated
    return selected
  }

  /// A route as the flow names its screen.
  static func screen(_ route: ShopRoute) -> ScreenInstance {
    switch route {
    case .productDetail(let id): ScreenInstance(name: "ProductDetail", values: [("id", .int(id))])
    case .profile(let userID):
      ScreenInstance(name: "Profile", values: [("userID", .string(userID))])
    default: ScreenInstance(name: route.screen)
    }
  }
}
