public import FlowChecklist
public import FlowModel
public import FlowRuntime

/// A `UINavigationController` stand-in that records what a navigation service asks of it, as
/// the first article's `UINavigationControllerSpy` does: the stack, what is presented, the
/// `animated` flag of the last call (`isAnimate`) and every call in order.
@MainActor
public final class NavigationControllerSpy<ViewController>: NavigationControlling {
  /// One call the service made.
  public struct Call {
    public var call: NavigationCall
    /// UIKit's name for it: `pushViewController(_:animated:)`.
    public var method: String
    public var viewControllers: [ViewController]
    public var animated: Bool
  }

  public private(set) var viewControllers: [ViewController] = []
  /// What is presented, if anything.
  public private(set) var presentedViewController: ViewController?
  /// The `animated` flag of the last call; `nil` before the first.
  public private(set) var isAnimate: Bool?
  public private(set) var calls: [Call] = []

  public init() {}

  public func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
    self.viewControllers = viewControllers
    record(.setRoot, "setViewControllers", viewControllers, animated)
  }

  public func pushViewController(_ viewController: ViewController, animated: Bool) {
    viewControllers.append(viewController)
    record(.push, "pushViewController", [viewController], animated)
  }

  @discardableResult
  public func popViewController(animated: Bool) -> ViewController? {
    let popped = viewControllers.count > 1 ? viewControllers.removeLast() : nil
    record(.pop, "popViewController", popped.map { [$0] } ?? [], animated)
    return popped
  }

  @discardableResult
  public func popToRootViewController(animated: Bool) -> [ViewController]? {
    guard viewControllers.count > 1 else {
      record(.popToRoot, "popToRootViewController", [], animated)
      return nil
    }
    let popped = Array(viewControllers.dropFirst())
    viewControllers.removeSubrange(1...)
    record(.popToRoot, "popToRootViewController", popped, animated)
    return popped
  }

  public func present(
    _ viewControllerToPresent: ViewController, animated flag: Bool, completion: (() -> Void)?
  ) {
    // UIKit refuses a second presentation and logs it; the spy records the call only.
    if presentedViewController == nil { presentedViewController = viewControllerToPresent }
    record(.present, "present", [viewControllerToPresent], flag)
    completion?()
  }

  public func dismiss(animated flag: Bool, completion: (() -> Void)?) {
    let dismissed = presentedViewController
    presentedViewController = nil
    record(.dismiss, "dismiss", dismissed.map { [$0] } ?? [], flag)
    completion?()
  }

  /// What UIKit does when the user taps an alert's action: the alert goes, with no call of
  /// the service's (its handler runs next).
  public func alertWasDismissedByUIKit() {
    presentedViewController = nil
  }

  private func record(
    _ call: NavigationCall, _ method: String, _ controllers: [ViewController], _ animated: Bool
  ) {
    isAnimate = animated
    calls.append(
      Call(call: call, method: method, viewControllers: controllers, animated: animated))
  }

  /// What the spy shows, with each view controller described by `describe`: its screen
  /// and navigation item, or the alert it is. The nav bar is the visible screen's item as
  /// UIKit draws it: a back button above the root unless hidden or replaced by a left item.
  public func observation(describing describe: (ViewController) -> SpiedController)
    -> Observation
  {
    let stack = viewControllers.compactMap { describe($0).screen }
    var presentations: [PresentationObservation] = []
    if let presented = presentedViewController {
      switch describe(presented) {
      case .alert(let alert): presentations = [.alert(alert)]
      case .screen(let screen, _, _): presentations = [.screen(screen, nil, stack: nil)]
      }
    }
    var bar: ResolvedNavigationBar?
    let visible = presentations.isEmpty ? viewControllers.last : presentedViewController
    if let visible, case .screen(_, let item, let isBarHidden) = describe(visible) {
      let depth = presentations.isEmpty ? viewControllers.count : 1
      bar = item.map { item in
        let backAllowed = item.left == nil || item.leftItemsSupplementBackButton
        return ResolvedNavigationBar(
          isHidden: isBarHidden, title: item.title, left: item.left, right: item.right,
          showsBackButton: depth > 1 && !isBarHidden && !item.hidesBackButton && backAllowed)
      }
    }
    return Observation(
      stack: stack, presentations: presentations, lastAnimated: isAnimate, navigationBar: bar,
      calls: calls.map { call in
        let names = call.viewControllers.map { describe($0).name }
        let arguments =
          (names.isEmpty ? [] : [names.joined(separator: ", ")])
          + ["animated: \(call.animated)"]
        return CallObservation(
          call: call.call, animated: call.animated,
          description: "\(call.method)(\(arguments.joined(separator: ", ")))")
      })
  }
}

/// What a view controller is, for an observation: a screen (with its navigation item and
/// whether its bar is hidden, where the app exposes them) or an alert.
public enum SpiedController: Sendable {
  case screen(ScreenInstance, item: NavigationItemObservation?, isBarHidden: Bool)
  case alert(PresentedAlert)

  var screen: ScreenInstance? {
    if case .screen(let screen, _, _) = self { return screen }
    return nil
  }

  var name: String {
    switch self {
    case .screen(let screen, _, _): screen.description
    case .alert(let alert): alert.name
    }
  }
}

/// What a screen's `UINavigationItem` shows; the spy draws the bar from it as UIKit would.
public struct NavigationItemObservation: Sendable, Hashable {
  public var title: String?
  public var left: ResolvedBarButton?
  public var right: ResolvedBarButton?
  public var hidesBackButton: Bool
  public var leftItemsSupplementBackButton: Bool

  public init(
    title: String? = nil, left: ResolvedBarButton? = nil, right: ResolvedBarButton? = nil,
    hidesBackButton: Bool = false, leftItemsSupplementBackButton: Bool = false
  ) {
    self.title = title
    self.left = left
    self.right = right
    self.hidesBackButton = hidesBackButton
    self.leftItemsSupplementBackButton = leftItemsSupplementBackButton
  }
}
