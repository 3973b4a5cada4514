import FlowModel
public import FlowRuntime

#if canImport(UIKit)
  public import UIKit
#else
  public import UIKitStandIns
#endif
#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI
#endif

/// How a spy names the app's view controllers as the flow names its screens, one rule the
/// team can replace in one line:
///
/// - a hosted SwiftUI view is named by its type without `View` (`LoginView` → `Login`), its
///   stored properties being the screen's values (`InfoDetailsView(info: "A")` →
///   `{ InfoDetails: { info: A } }`);
/// - any other controller by its type without `ViewController` or `Controller`;
/// - an alert by the flow's alert whose style and actions it shows (the runner finds it).
///
/// ```swift
/// @MainActor
/// func spyNamingScreensByTitle() -> FlowNavigationControllerSpy {
///   let spy = FlowNavigationControllerSpy()
///   spy.naming.screen = { controller in ScreenInstance(name: controller.title ?? "") }
///   return spy
/// }
/// ```
@MainActor
public struct FlowScreenNaming {
  /// The screen a view controller is; the default rule unless replaced.
  public var screen: @MainActor (UIViewController) -> ScreenInstance = FlowScreenNaming.byType

  /// The default rule, `byType(_:)`; assign `screen` to name controllers otherwise.
  public init() {}

  /// The name a call's description gives a controller.
  func name(of controller: UIViewController) -> String {
    if let alert = controller as? UIAlertController { return alert.title ?? "alert" }
    return screen(controller).description
  }

  func screen(of controller: UIViewController) -> ScreenInstance {
    screen(controller)
  }

  /// An alert as the observation shows it; its flow name is left for the runner to find.
  func alert(_ alert: UIAlertController) -> PresentedAlert {
    PresentedAlert(
      name: "", style: alert.preferredStyle == .actionSheet ? .actionSheet : .alert,
      title: alert.title, message: alert.message,
      actions: alert.actions.map { action in
        let style: AlertActionStyle =
          switch action.style {
          case .cancel: .cancel
          case .destructive: .destructive
          default: .default
          }
        return PresentedAlert.Action(title: action.title ?? "", style: style)
      })
  }

  /// The default rule: a hosted view by its type without `View`, with its stored
  /// properties as values; any other controller by its type without `ViewController`.
  public static func byType(_ controller: UIViewController) -> ScreenInstance {
    if let hosted = hostedView(of: controller) {
      let values = Mirror(reflecting: hosted).children.compactMap { child -> (String, Value)? in
        guard let label = child.label, let value = FlowValue.value(of: child.value) else {
          return nil
        }
        return (label.hasPrefix("_") ? String(label.dropFirst()) : label, value)
      }
      return ScreenInstance(
        name: typeName(of: hosted, dropping: ["View", "Screen"]),
        arguments: Dictionary(values, uniquingKeysWith: { first, _ in first }))
    }
    return ScreenInstance(
      name: typeName(of: controller, dropping: ["ViewController", "Controller"]))
  }

  /// The view a `UIHostingController` hosts.
  private static func hostedView(of controller: UIViewController) -> Any? {
    (controller as? any FlowHostingController)?.hostedView
  }

  /// A type's own name, generic arguments and module left out, without the first of
  /// `suffixes` it ends with (and is longer than).
  static func typeName(of value: Any, dropping suffixes: [String]) -> String {
    var name = String(describing: type(of: value))
    if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
    if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
    for suffix in suffixes where name.hasSuffix(suffix) && name.count > suffix.count {
      return String(name.dropLast(suffix.count))
    }
    return name
  }
}

/// A `UIHostingController`, whatever view it hosts.
@MainActor
protocol FlowHostingController {
  var hostedView: Any { get }
}

#if canImport(UIKit)
  #if canImport(SwiftUI)
    extension UIHostingController: FlowHostingController {
      var hostedView: Any { rootView }
    }
  #endif
#else
  extension UIHostingController: FlowHostingController {
    var hostedView: Any { rootView }
  }
#endif
