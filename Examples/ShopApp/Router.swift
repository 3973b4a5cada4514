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
/// deep links.
@MainActor
public final class AppRouter {
  public enum Tab: String, CaseIterable, Sendable {
    case accueil = "Accueil"
    case recherche = "Recherche"
    case profil = "Profil"
  }

  public private(set) var selectedTab: Tab = .accueil
  public let home: any RouterProtocol
  public let search: any RouterProtocol
  public let profile: any RouterProtocol

  /// The routers are the app's `Router`s; a test passes spies.
  public init(makeRouter: () -> any RouterProtocol = { Router() }) {
    home = makeRouter()
    search = makeRouter()
    profile = makeRouter()
  }

  public func router(for tab: Tab) -> any RouterProtocol {
    switch tab {
    case .accueil: home
    case .recherche: search
    case .profil: profile
    }
  }

  /// The tab bar's selection binding: tapping the selected tab pops it to its root.
  public func tap(_ tab: Tab) {
    if tab == selectedTab { router(for: tab).popToRoot() }
    selectedTab = tab
  }

  /// `.onOpenURL`: a link's routes replace the path at once, never pushed one by one.
  public func handle(_ url: URL) {
    guard let link = ShopRoute.link(url), !link.routes.isEmpty else { return }
    if let name = link.tab, let tab = Tab(rawValue: name) { selectedTab = tab }
    router(for: selectedTab).reset(to: link.routes)
  }
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
