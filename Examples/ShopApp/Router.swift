import Foundation

// The last article's router, as it writes it, over the `ShopRoute` enum that FlowSpecPlugin
// generates from flows/shop.yaml on every build (so the app's routes cannot drift from the
// flow): `productDetail(id:)`, `profile(userID:)`, `settings`, the exercise's `cart` and
// `checkout`, and the deep-link parser `ShopRoute.link(_:)`.

/// What a view model may ask of navigation, without importing SwiftUI.
@MainActor
public protocol RouterProtocol: AnyObject {
  var path: [ShopRoute] { get }
  func push(_ route: ShopRoute)
  func pop()
  func popToRoot()
  func reset(to routes: [ShopRoute])
}

/// `@Observable final class Router`: the `NavigationStack`'s path.
@MainActor
public final class Router: RouterProtocol {
  public private(set) var path: [ShopRoute] = []

  public init() {}

  public func push(_ route: ShopRoute) { path.append(route) }
  public func pop() { if !path.isEmpty { path.removeLast() } }
  public func popToRoot() { path.removeAll() }
  public func reset(to routes: [ShopRoute] = []) { path = routes }
}

/// One router per tab (`TabView` with a `NavigationStack` each), the selected tab, and the
/// deep links. `open`, so the tests can plant a bug in one method.
@MainActor
open class AppRouter {
  public enum Tab: String, CaseIterable, Sendable {
    case accueil = "Accueil"
    case recherche = "Recherche"
    case profil = "Profil"
  }

  public var selectedTab: Tab = .accueil
  public let home: any RouterProtocol
  public let search: any RouterProtocol
  public let profile: any RouterProtocol

  /// The routers are the app's `Router`s; a test passes spies.
  public required init(makeRouter: (Tab) -> any RouterProtocol = { _ in Router() }) {
    home = makeRouter(.accueil)
    search = makeRouter(.recherche)
    profile = makeRouter(.profil)
  }

  public func router(for tab: Tab) -> any RouterProtocol {
    switch tab {
    case .accueil: home
    case .recherche: search
    case .profil: profile
    }
  }

  /// The selected tab's router, which the visible screen's buttons use.
  public var current: any RouterProtocol { router(for: selectedTab) }

  /// The tab bar's selection binding: tapping the selected tab pops it to its root.
  open func tap(_ tab: Tab) {
    if tab == selectedTab { router(for: tab).popToRoot() }
    selectedTab = tab
  }

  /// `.onOpenURL`: a link's routes replace the path at once, never pushed one by one.
  open func handle(_ url: URL) {
    guard let link = ShopRoute.link(url), !link.routes.isEmpty else { return }
    if let name = link.tab, let tab = Tab(rawValue: name) { selectedTab = tab }
    current.reset(to: link.routes)
  }
}

/// What the shop's views do when the user taps, as their buttons and toolbars call it: each
/// asks the selected tab's router, or the view model the article gives it.
@MainActor
public final class ShopActions {
  public let app: AppRouter

  public init(app: AppRouter) {
    self.app = app
  }

  // The home view: `Button("Voir le produit 42") { router.push(.productDetail(id: 42)) }`.
  public func showProduct(id: Int) { app.current.push(.productDetail(id: id)) }
  public func showCart() { app.current.push(.cart) }
  // The search list, through its view model.
  public func selectProduct(id: Int) {
    ProductListViewModel(router: app.current).didTapProduct(id: id)
  }
  // The account, the product details, a profile and the settings.
  public func showProfile(userID: String) { app.current.push(.profile(userID: userID)) }
  public func showSimilar(similarID: Int) { app.current.push(.productDetail(id: similarID)) }
  public func showSeller(userID: String) { app.current.push(.profile(userID: userID)) }
  public func backToHome() { app.current.popToRoot() }
  public func showSettings() { app.current.push(.settings) }
  public func close() { app.current.pop() }
  // The cart and the checkout, through the exercise's view model.
  public func checkout() { CartViewModel(router: app.current).checkout() }
  public func orderPlaced() { app.current.reset(to: []) }
  // The tab bar and `.onOpenURL`.
  public func selectTab(named name: String) { Tab(rawValue: name).map(app.tap) }
  public func open(url: URL) { app.handle(url) }

  public typealias Tab = AppRouter.Tab
}

/// The product list's view model: a tap pushes the product's details.
@MainActor
public final class ProductListViewModel {
  private let router: any RouterProtocol

  public init(router: any RouterProtocol) {
    self.router = router
  }

  public func didTapProduct(id: Int) {
    router.push(.productDetail(id: id))
  }
}

/// The exercise's cart: `checkout()` pushes `checkout`.
@MainActor
public final class CartViewModel {
  private let router: any RouterProtocol

  public init(router: any RouterProtocol) {
    self.router = router
  }

  public func checkout() {
    router.push(.checkout)
  }
}
