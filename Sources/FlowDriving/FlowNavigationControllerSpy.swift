public import FlowChecklist
import FlowModel
public import FlowRuntime

#if canImport(UIKit)
  public import UIKit
#else
  public import UIKitStandIns
#endif

/// A `UINavigationController` that records what the app's navigation code asks of it, as the
/// first article's `UINavigationControllerSpy` does, and performs the user's gestures on the
/// app's own objects: a tap on a bar button runs the item's own action, back pops as UIKit's
/// back button does, a tap on an alert's action dismisses the alert and runs its handler.
///
/// Pass it where the app takes a `UINavigationController` (it is one) or a protocol of its
/// own that `UINavigationController` conforms to: no adapter is needed. Screens are named by
/// `naming` (`LoginView` hosted → `Login`; override it in one line).
@MainActor
open class FlowNavigationControllerSpy: UINavigationController, FlowAppSpy {
  /// Names each view controller as the flow names its screen.
  public var naming = FlowScreenNaming()
  /// The calls of this spy, and of the other tabs' where a tab bar spy made it.
  let log: FlowCallLog
  /// Every navigation call, in order (of every tab, where a tab bar spy made this one).
  public var calls: [CallObservation] { log.calls }
  /// The `animated` flag of the last call; `nil` before the first.
  public var isAnimate: Bool? { log.lastAnimated }
  /// What is presented over the stack, if anything (the spy presents without a window).
  public private(set) var presented: UIViewController?

  /// A spy with an empty stack and a call log of its own, for the app's navigation code.
  public override init() {
    log = FlowCallLog()
    super.init()
  }

  /// A navigation controller for the app to present (a coordinator's own stack), whose
  /// calls go to this spy's log, in order with this one's.
  public func makeNavigationController() -> FlowNavigationControllerSpy {
    FlowNavigationControllerSpy(log: log, naming: naming)
  }

  /// A spy whose calls go to a log shared with other spies (another tab's, a presenting
  /// one's), naming screens as they do.
  init(log: FlowCallLog, naming: FlowScreenNaming) {
    self.log = log
    super.init()
    self.naming = naming
  }

  /// Replaces the stack, as UIKit does, and records the call with the whole new stack:
  /// `setViewControllers(Login, animated: false)`.
  open override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
    super.setViewControllers(viewControllers, animated: animated)
    record(.setRoot, "setViewControllers", viewControllers, animated)
  }

  /// Pushes, as UIKit does, and records `pushViewController(InfoDetails, animated: true)`.
  open override func pushViewController(_ viewController: UIViewController, animated: Bool) {
    super.pushViewController(viewController, animated: animated)
    record(.push, "pushViewController", [viewController], animated)
  }

  /// Pops the top controller, as UIKit does (never the root), and records the call with what
  /// it popped: `popViewController(InfoDetails, animated: true)`, or none at the root.
  @discardableResult
  open override func popViewController(animated: Bool) -> UIViewController? {
    let popped = super.popViewController(animated: animated)
    record(.pop, "popViewController", popped.map { [$0] } ?? [], animated)
    return popped
  }

  /// Pops every controller above the root, as UIKit does, and records the call with them:
  /// `popToRootViewController(Infos, InfoDetails, animated: true)`.
  @discardableResult
  open override func popToRootViewController(animated: Bool) -> [UIViewController]? {
    let popped = super.popToRootViewController(animated: animated)
    record(.popToRoot, "popToRootViewController", popped ?? [], animated)
    return popped
  }

  /// Presents over the stack, without a window, unless something is presented already, and
  /// records `present(Login, animated: true)` either way; the completion runs at once.
  open override func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    // UIKit refuses a second presentation and logs it; the spy records the call only.
    if presented == nil { presented = viewControllerToPresent }
    record(.present, "present", [viewControllerToPresent], flag)
    completion?()
  }

  /// Dismisses what is presented and records the call with what it dismissed:
  /// `dismiss(Login, animated: true)`, or none; the completion runs at once.
  open override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    let dismissed = presented
    presented = nil
    record(.dismiss, "dismiss", dismissed.map { [$0] } ?? [], flag)
    completion?()
  }

  private func record(
    _ call: NavigationCall, _ method: String, _ controllers: [UIViewController], _ animated: Bool
  ) {
    let names = controllers.map { naming.name(of: $0) }
    let arguments =
      (names.isEmpty ? [] : [names.joined(separator: ", ")]) + ["animated: \(animated)"]
    log.record(call, animated: animated, "\(method)(\(arguments.joined(separator: ", ")))")
  }

  // MARK: Gestures

  /// Performs a gesture as UIKit does: back pops, a tap on a bar button (or a named event that
  /// is one's action) runs the item's action, an alert action dismisses the alert and runs
  /// its handler; throws when the visible screen shows no such button or action.
  public func perform(_ event: NavigationEvent) async throws -> Bool {
    switch event {
    case .tap(.back):
      guard observation().navigationBar?.showsBackButton == true else {
        throw DriverError.refused("no-back-button", "the app shows no back button")
      }
      // UIKit's back button pops, animated, without the app's code: the presented
      // navigation controller's stack, or this one's.
      if let navigation = presented as? UINavigationController {
        navigation.popViewController(animated: true)
      } else {
        popViewController(animated: true)
      }
      return true
    case .tap(let side):
      guard let item = barButton(side) else {
        throw DriverError.refused(
          "no-bar-button", "the app's visible screen has no \(side.rawValue) bar button")
      }
      UIKitAccess.tap(item)
      return true
    case .named(let name, let arguments) where arguments.isEmpty:
      // An event that is a bar button's action is the tap on that button, where one shows it.
      guard
        let item = [BarSide.left, .right].lazy.compactMap(barButton).first(where: {
          UIKitAccess.actionName(of: $0) == name
        })
      else { return false }
      UIKitAccess.tap(item)
      return true
    case .alertAction(let title):
      guard let alert = presented as? UIAlertController else {
        throw DriverError.refused("no-alert", "the app shows no alert, so no action '\(title)'")
      }
      guard let action = alert.actions.first(where: { $0.title == title }) else {
        throw DriverError.refused(
          "unknown-action",
          "the app's alert has no action '\(title)' (it has \(alert.actions.compactMap(\.title)))")
      }
      // UIKit dismisses the alert itself, with no call of the app's, then runs the handler.
      presented = nil
      UIKitAccess.runHandler(of: action)
      return true
    default:
      return false
    }
  }

  /// The bar button the visible screen shows on that side.
  private func barButton(_ side: TapTarget) -> UIBarButtonItem? {
    let item = visibleController?.navigationItem
    switch side {
    case .left: return item?.leftBarButtonItem
    case .right: return item?.rightBarButtonItem
    case .back: return nil
    }
  }

  /// The screen the user sees: the top of a presented navigation controller, a presented
  /// screen, or the top of the stack (under an alert, which has no bar of its own).
  private var visibleController: UIViewController? {
    if let navigation = presented as? UINavigationController {
      return navigation.topViewController
    }
    if let presented, !(presented is UIAlertController) { return presented }
    return topViewController
  }

  private func barButton(_ side: BarSide) -> UIBarButtonItem? {
    barButton(side == .left ? TapTarget.left : .right)
  }

  // MARK: Observation

  /// The stack, what is presented, the visible screen's bar as UIKit draws it (a back button
  /// above the root unless hidden or replaced by a left item), the calls in order.
  public func observation() -> Observation {
    let stack = viewControllers.map { naming.screen(of: $0) }
    var presentations: [PresentedItem] = []
    if let alert = presented as? UIAlertController {
      presentations = [.alert(naming.alert(alert))]
    } else if let navigation = presented as? UINavigationController {
      let stack = navigation.viewControllers.map { naming.screen(of: $0) }
      if let root = stack.first { presentations = [.screen(root, nil, stack: stack)] }
    } else if let presented {
      presentations = [.screen(naming.screen(of: presented), nil, stack: nil)]
    }
    var bar: ResolvedNavigationBar?
    if let visible = visibleController {
      let item = visible.navigationItem
      let presentedStack = (presented as? UINavigationController)?.viewControllers.count ?? 1
      let depth = visible === topViewController ? viewControllers.count : presentedStack
      let isHidden =
        (presented as? UINavigationController)?.isNavigationBarHidden ?? isNavigationBarHidden
      let backAllowed = item.leftBarButtonItem == nil || item.leftItemsSupplementBackButton
      bar = ResolvedNavigationBar(
        isHidden: isHidden, title: item.title ?? visible.title,
        left: item.leftBarButtonItem.map(Self.resolve),
        right: item.rightBarButtonItem.map(Self.resolve),
        showsBackButton: depth > 1 && !isHidden && !item.hidesBackButton && backAllowed
      )
    }
    return Observation(
      stack: stack, presentations: presentations, lastAnimated: isAnimate, navigationBar: bar,
      calls: calls)
  }

  private static func resolve(_ item: UIBarButtonItem) -> ResolvedBarButton {
    ResolvedBarButton(
      image: UIKitAccess.symbolName(of: item.image), title: item.title,
      style: item.style == .done ? .done : .plain, tint: UIKitAccess.colorName(of: item.tintColor),
      action: UIKitAccess.actionName(of: item))
  }
}
