#if canImport(UIKit)
  import UIKit
#endif

/// The calls a navigation service makes on its `UINavigationController`, with UIKit's own
/// names and signatures. A service that takes one of these runs in the app on a real
/// `UINavigationController` (which conforms, where UIKit exists) and under test, on any
/// platform, on a `NavigationControllerSpy`.
@MainActor
public protocol NavigationControlling<ViewController>: AnyObject {
  /// What the stack holds: `UIViewController` in the app.
  associatedtype ViewController

  /// The stack, root first.
  var viewControllers: [ViewController] { get }

  func setViewControllers(_ viewControllers: [ViewController], animated: Bool)
  func pushViewController(_ viewController: ViewController, animated: Bool)
  @discardableResult func popViewController(animated: Bool) -> ViewController?
  @discardableResult func popToRootViewController(animated: Bool) -> [ViewController]?
  func present(
    _ viewControllerToPresent: ViewController, animated flag: Bool, completion: (() -> Void)?)
  func dismiss(animated flag: Bool, completion: (() -> Void)?)
}

#if canImport(UIKit)
  extension UINavigationController: NavigationControlling {}
#endif
