// The first article's navigation service is written against UIKit, which exists on iOS only.
// These are small stand-ins with UIKit's names and shapes (UIViewController,
// UIHostingController, UINavigationItem, UIBarButtonItem, UIAlertController, UIAlertAction),
// so the service below reads as the article's and builds and runs under test on Linux and
// macOS. In an iOS app the service is the same code over UIKit's own types, and
// `extension UINavigationController: NavigationControllerType {}` is all it takes.

/// `UIViewController`: a title and a navigation item.
@MainActor
open class ViewController {
  public var title: String?
  public let navigationItem = NavigationItem()

  public init() {}
}

/// `UIHostingController<Content>`: the view controller of a SwiftUI view, known here by
/// the view's name and the values it was made with.
@MainActor
public final class HostingController: ViewController {
  public let viewName: String
  public let values: [String: String]
  /// `.navigationBarHidden(true)` on the view.
  public var isNavigationBarHidden = false

  public init(rootView viewName: String, values: [String: String] = [:]) {
    self.viewName = viewName
    self.values = values
  }
}

/// `UINavigationItem`.
@MainActor
public final class NavigationItem {
  public var rightBarButtonItem: BarButtonItem?
  public var leftBarButtonItem: BarButtonItem?
  public var hidesBackButton = false
}

/// `UIBarButtonItem`: an SF Symbol, a style, a tint, and the action a tap performs.
@MainActor
public final class BarButtonItem {
  public enum Style: Sendable { case plain, done }
  public let image: String?
  public let style: Style
  public var tintColor: String?
  public let actionName: String
  private let action: @MainActor () -> Void

  public init(
    image: String?, style: Style, actionName: String, action: @escaping @MainActor () -> Void
  ) {
    self.image = image
    self.style = style
    self.actionName = actionName
    self.action = action
  }

  /// What UIKit does when the button is tapped.
  public func performAction() { action() }
}

/// `UIAlertController`.
@MainActor
public final class AlertController: ViewController {
  public enum Style: Sendable { case alert, actionSheet }
  public let message: String?
  public let preferredStyle: Style
  public private(set) var actions: [AlertAction] = []

  public init(title: String?, message: String?, preferredStyle: Style) {
    self.message = message
    self.preferredStyle = preferredStyle
    super.init()
    self.title = title
  }

  public func addAction(_ action: AlertAction) { actions.append(action) }
}

/// `UIAlertAction`.
@MainActor
public final class AlertAction {
  public enum Style: Sendable { case `default`, cancel, destructive }
  public let title: String?
  public let style: Style
  public let handler: (@MainActor (AlertAction) -> Void)?

  public init(title: String?, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// What the service asks of its `UINavigationController`, with UIKit's names: the app passes
/// a real one, the tests a spy.
@MainActor
public protocol NavigationControllerType: AnyObject {
  func setViewControllers(_ viewControllers: [ViewController], animated: Bool)
  func pushViewController(_ viewController: ViewController, animated: Bool)
  @discardableResult func popViewController(animated: Bool) -> ViewController?
  @discardableResult func popToRootViewController(animated: Bool) -> [ViewController]?
  func present(
    _ viewControllerToPresent: ViewController, animated flag: Bool, completion: (() -> Void)?)
}
