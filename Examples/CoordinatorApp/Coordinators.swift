#if canImport(UIKit)
  import UIKit
#else
  import UIKitStandIns
#endif

// The second article's routers and coordinators, as it writes them: `ViewARouter` wraps
// ViewA in a navigation controller, its view model's delegate pushes ViewB by starting
// `ViewBCoordinator` on the same navigation controller, and a view "only presented as a
// sheet" gets `SheetCoordinator` on a navigation controller of its own. Each child tells
// its parent when it is done. Specified in flows/coordinator.yaml and its coordinators/.

public struct ViewA { public init() {} }
public struct ViewB { public init() {} }
public struct SheetView { public init() {} }
public struct SheetDetailView { public init() {} }

/// What starts a flow of screens on a navigation controller.
@MainActor
public protocol Coordinator: AnyObject {
  func start()
}

/// ViewA's router: the root of the app's navigation.
@MainActor
open class ViewARouter {
  public let navigationController: UINavigationController
  /// Makes the navigation controller a presented coordinator starts on.
  public let makeNavigationController: () -> UINavigationController
  public private(set) var viewB: ViewBCoordinator?
  public private(set) var sheet: SheetCoordinator?

  public required init(
    navigationController: UINavigationController,
    makeNavigationController: @escaping () -> UINavigationController
  ) {
    self.navigationController = navigationController
    self.makeNavigationController = makeNavigationController
  }

  /// `root()`: ViewA wrapped in the navigation controller.
  @discardableResult
  open func root() -> UINavigationController {
    let controller = UIHostingController(rootView: ViewA())
    controller.title = "View A"
    navigationController.setViewControllers([controller], animated: false)
    return navigationController
  }

  // ViewAViewModelDelegate.

  open func didTapNavigateButton() {
    let child = ViewBCoordinator(navigationController: navigationController, parent: self)
    viewB = child
    child.start()
  }

  open func didTapShowSheet() {
    let stack = makeNavigationController()
    let child = makeSheetCoordinator(on: stack)
    sheet = child
    child.start()
    navigationController.present(stack, animated: true, completion: nil)
  }

  /// The sheet's coordinator, on the stack it is given.
  open func makeSheetCoordinator(on stack: UINavigationController) -> SheetCoordinator {
    SheetCoordinator(navigationController: stack, parent: self)
  }

  // What the children say when they are done.

  open func viewBDidFinish() {
    viewB = nil
    navigationController.popViewController(animated: true)
  }

  open func sheetDidFinish() {
    sheet = nil
    navigationController.dismiss(animated: true, completion: nil)
  }
}

/// Pushes ViewB on the navigation controller it is given.
@MainActor
open class ViewBCoordinator: Coordinator {
  public let navigationController: UINavigationController
  public weak var parent: ViewARouter?

  public init(navigationController: UINavigationController, parent: ViewARouter) {
    self.navigationController = navigationController
    self.parent = parent
  }

  open func start() {
    let controller = UIHostingController(rootView: ViewB())
    controller.title = "View B"
    navigationController.pushViewController(controller, animated: true)
  }

  /// ViewB's done button.
  open func done() { parent?.viewBDidFinish() }
}

/// The sheet's own stack: its root with a Close button, and a detail pushed on it.
@MainActor
open class SheetCoordinator: Coordinator {
  public let navigationController: UINavigationController
  public weak var parent: ViewARouter?

  public init(navigationController: UINavigationController, parent: ViewARouter) {
    self.navigationController = navigationController
    self.parent = parent
  }

  open func start() {
    let controller = UIHostingController(rootView: SheetView())
    controller.title = "Sheet"
    controller.navigationItem.leftBarButtonItem = UIBarButtonItem(
      title: "Close",
      primaryAction: UIAction(identifier: UIAction.Identifier("close")) { [weak self] _ in
        self?.close()
      })
    navigationController.setViewControllers([controller], animated: false)
  }

  open func close() { parent?.sheetDidFinish() }

  /// The sheet's next button.
  open func next() {
    let controller = UIHostingController(rootView: SheetDetailView())
    controller.title = "Detail"
    navigationController.pushViewController(controller, animated: true)
  }
}
