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
  /// UIKit's `title`: what the bar shows for this controller when its navigation item has
  /// no title of its own.
  open var title: String?
  /// UIKit's `navigationItem`: what the bar shows for this controller; made with the
  /// controller here, where UIKit makes it on first use.
  public let navigationItem = UINavigationItem()
  /// What the tab bar shows for this controller, where it is a tab.
  open var tabBarItem = UITabBarItem()
  /// The controller this one presents, if any.
  open internal(set) var presentedViewController: UIViewController?
  /// The navigation controller whose stack holds this controller.
  open internal(set) weak var navigationController: UINavigationController?

  /// UIKit's `init()`: a controller with no title, on no stack, presenting nothing.
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
  /// UIKit's `viewControllers`: the stack, root first; setting it replaces the stack at once.
  /// Each controller set gets this one as its `navigationController`, and keeps it when it
  /// leaves the stack, where UIKit clears it.
  open var viewControllers: [UIViewController] = [] {
    didSet { for controller in viewControllers { controller.navigationController = self } }
  }
  /// Whether the navigation bar is hidden (`setNavigationBarHidden(_:animated:)`).
  open var isNavigationBarHidden = false

  /// UIKit's `init()`: a navigation controller with an empty stack.
  public override init() {}

  /// UIKit's `init(rootViewController:)`: a stack holding `rootViewController` alone.
  public init(rootViewController: UIViewController) {
    super.init()
    viewControllers = [rootViewController]
  }

  /// The controller on top of the stack.
  open var topViewController: UIViewController? { viewControllers.last }

  /// UIKit's `setNavigationBarHidden(_:animated:)`: sets `isNavigationBarHidden` at once.
  open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    isNavigationBarHidden = hidden
  }

  /// UIKit's `setViewControllers(_:animated:)`: replaces the stack at once.
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    self.viewControllers = viewControllers
  }

  /// UIKit's `pushViewController(_:animated:)`: puts the controller on top of the stack at
  /// once; one already on the stack is pushed again, where UIKit raises an exception.
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
  /// UIKit's `viewControllers`: a controller per tab, in order; setting it selects the
  /// first tab when the selected index is past the last.
  open var viewControllers: [UIViewController]? {
    didSet { if selectedIndex >= (viewControllers?.count ?? 0) { selectedIndex = 0 } }
  }
  /// UIKit's `selectedIndex`: the selected tab's place in `viewControllers`. Any value is
  /// kept here; one out of range selects no controller.
  open var selectedIndex = 0

  /// UIKit's `init()`: a tab bar controller with no tabs.
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

  /// UIKit's `setViewControllers(_:animated:)`: sets `viewControllers` at once.
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    self.viewControllers = viewControllers
  }
}

/// `UITabBarItem`: a tab's title and image.
@MainActor
open class UITabBarItem {
  /// UIKit's `title` (`UIBarItem`'s): the tab's title, which the flow names the tab by.
  open var title: String?
  /// UIKit's `image` (`UIBarItem`'s): the tab's SF Symbol, if it shows one.
  open var image: UIImage?
  /// UIKit's `tag` (`UIBarItem`'s): a number the app tells its tabs apart by; 0 unless given.
  open var tag: Int

  /// UIKit's `init(title:image:tag:)`, whose arguments all have defaults here, so that
  /// `UITabBarItem()` is an empty item as in UIKit.
  public init(title: String? = nil, image: UIImage? = nil, tag: Int = 0) {
    self.title = title
    self.image = image
    self.tag = tag
  }
}

/// `UIHostingController<Content>`: the view controller of a SwiftUI view.
@MainActor
open class UIHostingController<Content>: UIViewController {
  /// SwiftUI's `rootView`: the hosted view, whose type and stored properties name the screen.
  open var rootView: Content

  /// SwiftUI's `init(rootView:)`; `Content` need not be a `View` here, where there is no
  /// SwiftUI.
  public init(rootView: Content) {
    self.rootView = rootView
  }
}

/// `UINavigationItem`: what a controller shows in the navigation bar.
@MainActor
public final class UINavigationItem {
  /// UIKit's `title`: the bar's title; when `nil`, the bar shows the controller's `title`.
  public var title: String?
  /// UIKit's `rightBarButtonItem`: the bar button on the right, if any.
  public var rightBarButtonItem: UIBarButtonItem?
  /// UIKit's `leftBarButtonItem`: the bar button on the left, which takes the back button's
  /// place unless `leftItemsSupplementBackButton`.
  public var leftBarButtonItem: UIBarButtonItem?
  /// UIKit's `hidesBackButton`: whether the bar hides the back button on this screen.
  public var hidesBackButton = false
  /// Whether the back button shows beside a left item rather than being replaced by it.
  public var leftItemsSupplementBackButton = false

  /// An empty navigation item, as a controller's `navigationItem` starts; UIKit's
  /// `init(title:)` is not stood in for.
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

  /// A color of that name. UIKit's `init?(named:)` loads the color from an asset catalog and
  /// fails without one; this one always succeeds and keeps the name alone.
  public init(named name: String) {
    self.name = name
  }

  /// UIKit's `.red`, named `red`.
  public static let red = UIColor(named: "red")
  /// UIKit's `.blue`, named `blue`.
  public static let blue = UIColor(named: "blue")
  /// UIKit's `.green`, named `green`.
  public static let green = UIColor(named: "green")
  /// UIKit's `.orange`, named `orange`.
  public static let orange = UIColor(named: "orange")
  /// UIKit's `.black`, named `black`.
  public static let black = UIColor(named: "black")
  /// UIKit's `.white`, named `white`.
  public static let white = UIColor(named: "white")
  /// UIKit's `.gray`, named `gray`.
  public static let gray = UIColor(named: "gray")
  /// UIKit's `.systemRed`, named `red` as flows write it: equal to `.red` here, not in UIKit.
  public static let systemRed = UIColor(named: "red")
  /// UIKit's `.systemBlue`, named `blue`: equal to `.blue` here, not in UIKit.
  public static let systemBlue = UIColor(named: "blue")
  /// UIKit's `.systemGreen`, named `green`: equal to `.green` here, not in UIKit.
  public static let systemGreen = UIColor(named: "green")
  /// UIKit's `.systemOrange`, named `orange`: equal to `.orange` here, not in UIKit.
  public static let systemOrange = UIColor(named: "orange")
  /// UIKit's `.label`, the color of text, named `label`; no light or dark variant here.
  public static let label = UIColor(named: "label")
}

/// `UIAction`: what a control does, with an identifier naming it.
@MainActor
public final class UIAction {
  /// `UIAction.Identifier`.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    /// UIKit's `rawValue`: the identifier's text, which names the bar button's action for
    /// the flow (`logout`).
    public var rawValue: String
    /// UIKit's `init(rawValue:)`: the identifier of that text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// UIKit's `init(_:)`: the identifier of that text, `UIAction.Identifier("logout")`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// UIKit's `title`: the action's title; it cannot be changed here, where UIKit's can.
  public let title: String
  /// UIKit's `identifier`: what names the action; empty when none was given, where UIKit
  /// makes up a unique one.
  public let identifier: Identifier
  /// What performing the action runs (UIKit keeps it private; the stand-in shows it to the
  /// spy, which runs it for a tap).
  public let handler: @MainActor (UIAction) -> Void

  /// UIKit's `init(title:image:identifier:handler:)`, without UIKit's menu arguments
  /// (`discoverabilityTitle`, `attributes`, `state`); the image is not kept.
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
  /// UIKit's `UIBarButtonItem.Style`: a plain button, or a done one (bold); UIKit's
  /// deprecated `bordered` is left out.
  public enum Style: Sendable {
    /// A button in the bar's regular weight.
    case plain
    /// A button that ends a task, drawn bold.
    case done
  }
  /// UIKit's `image`: the button's SF Symbol, if it shows one.
  open var image: UIImage?
  /// UIKit's `title`: the button's title, if it shows one.
  open var title: String?
  /// UIKit's `style`: `.plain` unless set.
  open var style: Style = .plain
  /// UIKit's `tintColor`: the button's tint; `nil` for the bar's own.
  open var tintColor: UIColor?
  /// UIKit's `primaryAction`: what a tap runs, its identifier naming the button's action.
  /// The stand-in has no target–action pair (`target`, `action`): code using one does not
  /// build against it.
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
  /// UIKit's `UIAlertController.Style`: an action sheet or an alert.
  public enum Style: Sendable {
    /// A sheet of actions that rises from the bottom of the screen.
    case actionSheet
    /// An alert in the middle of the screen.
    case alert
  }
  /// UIKit's `message`: the text under the alert's title.
  open var message: String?
  /// UIKit's `preferredStyle`: alert or action sheet, as the alert was made.
  public let preferredStyle: Style
  /// UIKit's `actions`: the alert's buttons, in the order they were added.
  public private(set) var actions: [UIAlertAction] = []

  /// UIKit's `init(title:message:preferredStyle:)`: an alert with no actions yet.
  public init(title: String?, message: String?, preferredStyle: Style) {
    self.message = message
    self.preferredStyle = preferredStyle
    super.init()
    self.title = title
  }

  /// UIKit's `addAction(_:)`: adds a button after those already added.
  open func addAction(_ action: UIAlertAction) { actions.append(action) }
}

/// `UIAlertAction`: a button of an alert and what tapping it runs.
@MainActor
public final class UIAlertAction {
  /// UIKit's `UIAlertAction.Style`: a default, a cancel or a destructive button.
  public enum Style: Sendable {
    /// An ordinary action.
    case `default`
    /// The action that cancels, kept apart from the others.
    case cancel
    /// An action that destroys data, drawn in red.
    case destructive
  }
  /// UIKit's `title`: the button's title, which a step names to tap it (`alert Logout`).
  public let title: String?
  /// UIKit's `style`: default, cancel or destructive.
  public let style: Style
  /// What the tap runs (UIKit keeps it private; the stand-in shows it to the spy).
  public let handler: (@MainActor (UIAlertAction) -> Void)?

  /// UIKit's `init(title:style:handler:)`: a button whose tap runs `handler`, if given.
  public init(
    title: String?, style: Style, handler: (@MainActor (UIAlertAction) -> Void)? = nil
  ) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}
