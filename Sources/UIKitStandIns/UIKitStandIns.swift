// UIKit exists on Apple's devices only. These stand-ins carry UIKit's names and the part of
// its API that navigation code uses, so a navigation service written against UIKit builds
// and runs under test on Linux and macOS unchanged:
//
//     #if canImport(UIKit)
//       import UIKit
//     #else
//       import UIKitStandIns
//     #endif
//
// They behave as UIKit does where navigation can see it (a stack that push and pop change,
// one presentation at a time) and draw nothing. FlowSpec's `FlowNavigationControllerSpy`
// subclasses `UINavigationController` from here, or from UIKit where it exists.

/// `UIViewController`: a title, a navigation item, and what it presents.
@MainActor
open class UIViewController {
  open var title: String?
  public let navigationItem = UINavigationItem()
  /// What the tab bar shows for this controller, where it is a tab.
  open var tabBarItem = UITabBarItem()
  /// The controller this one presents, if any.
  open internal(set) var presentedViewController: UIViewController?
  /// The navigation controller whose stack holds this controller.
  open internal(set) weak var navigationController: UINavigationController?

  public init() {}

  /// Shows a controller over this one; UIKit presents one at a time and ignores another.
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    if presentedViewController == nil { presentedViewController = viewControllerToPresent }
    completion?()
  }

  /// Dismisses what this controller presents.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    presentedViewController = nil
    completion?()
  }
}

/// `UINavigationController`: a stack of view controllers, root first.
@MainActor
open class UINavigationController: UIViewController {
  open var viewControllers: [UIViewController] = [] {
    didSet { for controller in viewControllers { controller.navigationController = self } }
  }
  /// Whether the navigation bar is hidden (`setNavigationBarHidden(_:animated:)`).
  open var isNavigationBarHidden = false

  public override init() {}

  public init(rootViewController: UIViewController) {
    super.init()
    viewControllers = [rootViewController]
  }

  /// The controller on top of the stack.
  open var topViewController: UIViewController? { viewControllers.last }

  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    isNavigationBarHidden = hidden
  }

  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    self.viewControllers = viewControllers
  }

  open func pushViewController(_ viewController: UIViewController, animated: Bool) {
    viewControllers.append(viewController)
  }

  /// Pops the top controller; the root stays.
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? {
    viewControllers.count > 1 ? viewControllers.removeLast() : nil
  }

  /// Pops every controller above the root.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? {
    guard viewControllers.count > 1 else { return nil }
    let popped = Array(viewControllers.dropFirst())
    viewControllers.removeSubrange(1...)
    return popped
  }
}

/// `UITabBarController`: a controller per tab, one of them selected.
@MainActor
open class UITabBarController: UIViewController {
  open var viewControllers: [UIViewController]? {
    didSet { if selectedIndex >= (viewControllers?.count ?? 0) { selectedIndex = 0 } }
  }
  open var selectedIndex = 0

  public override init() {}

  /// The selected tab's controller; setting one of the tabs selects it.
  open var selectedViewController: UIViewController? {
    get {
      guard let controllers = viewControllers, controllers.indices.contains(selectedIndex) else {
        return nil
      }
      return controllers[selectedIndex]
    }
    set {
      if let newValue, let index = viewControllers?.firstIndex(where: { $0 === newValue }) {
        selectedIndex = index
      }
    }
  }

  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    self.viewControllers = viewControllers
  }
}

/// `UITabBarItem`: a tab's title and image.
@MainActor
open class UITabBarItem {
  open var title: String?
  open var image: UIImage?
  open var tag: Int

  public init(title: String? = nil, image: UIImage? = nil, tag: Int = 0) {
    self.title = title
    self.image = image
    self.tag = tag
  }
}

/// `UIHostingController<Content>`: the view controller of a SwiftUI view.
@MainActor
open class UIHostingController<Content>: UIViewController {
  open var rootView: Content

  public init(rootView: Content) {
    self.rootView = rootView
  }
}

/// `UINavigationItem`: what a controller shows in the navigation bar.
@MainActor
public final class UINavigationItem {
  public var title: String?
  public var rightBarButtonItem: UIBarButtonItem?
  public var leftBarButtonItem: UIBarButtonItem?
  public var hidesBackButton = false
  /// Whether the back button shows beside a left item rather than being replaced by it.
  public var leftItemsSupplementBackButton = false

  public init() {}
}

/// `UIImage`, known by the SF Symbol it shows.
public struct UIImage: Sendable, Hashable {
  /// The SF Symbol's name.
  public let symbolName: String

  /// `UIImage(systemName: "plus")`.
  public init?(systemName name: String) {
    symbolName = name
  }
}

/// `UIColor`, known by its name: `.red`, `.systemBlue`.
public struct UIColor: Sendable, Hashable {
  /// The color's name, `red` for both `.red` and `.systemRed`.
  public let name: String

  public init(named name: String) {
    self.name = name
  }

  public static let red = UIColor(named: "red")
  public static let blue = UIColor(named: "blue")
  public static let green = UIColor(named: "green")
  public static let orange = UIColor(named: "orange")
  public static let black = UIColor(named: "black")
  public static let white = UIColor(named: "white")
  public static let gray = UIColor(named: "gray")
  public static let systemRed = UIColor(named: "red")
  public static let systemBlue = UIColor(named: "blue")
  public static let systemGreen = UIColor(named: "green")
  public static let systemOrange = UIColor(named: "orange")
  public static let label = UIColor(named: "label")
}

/// `UIAction`: what a control does, with an identifier naming it.
@MainActor
public final class UIAction {
  /// `UIAction.Identifier`.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  public let title: String
  public let identifier: Identifier
  public let handler: @MainActor (UIAction) -> Void

  public init(
    title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
    handler: @escaping @MainActor (UIAction) -> Void
  ) {
    self.title = title
    self.identifier = identifier ?? Identifier("")
    self.handler = handler
  }
}

/// `UIBarButtonItem`: an SF Symbol or a title, a style, a tint, and its primary action.
@MainActor
open class UIBarButtonItem {
  public enum Style: Sendable { case plain, done }
  open var image: UIImage?
  open var title: String?
  open var style: Style = .plain
  open var tintColor: UIColor?
  open var primaryAction: UIAction?

  /// `UIBarButtonItem(title:image:primaryAction:menu:)`.
  public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
    self.title = title
    self.image = image
    self.primaryAction = primaryAction
  }
}

/// `UIAlertController`: an alert or an action sheet.
@MainActor
open class UIAlertController: UIViewController {
  public enum Style: Sendable { case actionSheet, alert }
  open var message: String?
  public let preferredStyle: Style
  public private(set) var actions: [UIAlertAction] = []

  public init(title: String?, message: String?, preferredStyle: Style) {
    self.message = message
    self.preferredStyle = preferredStyle
    super.init()
    self.title = title
  }

  open func addAction(_ action: UIAlertAction) { actions.append(action) }
}

/// `UIAlertAction`: a button of an alert and what tapping it runs.
@MainActor
public final class UIAlertAction {
  public enum Style: Sendable { case `default`, cancel, destructive }
  public let title: String?
  public let style: Style
  /// What the tap runs (UIKit keeps it private; the stand-in shows it to the spy).
  public let handler: (@MainActor (UIAlertAction) -> Void)?

  public init(
    title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil
  ) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}
