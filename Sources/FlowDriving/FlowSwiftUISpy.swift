public import FlowChecklist
public import FlowModel
public import FlowRuntime

/// A read and a write of one of the app's values, as a SwiftUI `Binding` is: what a
/// view's presentation modifier binds (`$viewModel.isPresentAlert`).
@MainActor
public struct FlowBinding<Value> {
  /// Reads the app's value (`viewModel.isPresentAlert`), as the view would.
  public let get: @MainActor () -> Value
  /// Writes the app's value, as SwiftUI does through the binding (back sets a flag to false).
  public let set: @MainActor (Value) -> Void

  /// A binding from a read and a write, as SwiftUI's `Binding(get:set:)`.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The property of an object: `FlowBinding(viewModel, \.isPushToDetailsView)`.
  public init<Root: AnyObject>(_ object: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>) {
    self.init(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

/// A button of a SwiftUI alert: its title, its role, and what it does.
public struct FlowAlertButton {
  /// The button's title, which a step names to tap it (`alert Retry`).
  public var title: String
  /// The button's role, as `Button(role:)` gives it (`.cancel`, `.destructive`); `.default`
  /// for a button with none.
  public var role: AlertActionStyle
  /// What tapping the button runs in the app, once the spy has dismissed the alert.
  public var action: @MainActor () -> Void

  /// A button titled `title`; by default one with no role that does nothing.
  public init(
    _ title: String, role: AlertActionStyle = .default,
    action: @escaping @MainActor () -> Void = {}
  ) {
    self.title = title
    self.role = role
    self.action = action
  }
}

/// What a SwiftUI alert shows: `.alert(title, isPresented:) { buttons } message: { … }`.
public struct FlowAlertContent {
  /// The alert's title, the first argument of `.alert(title, isPresented:)`.
  public var title: String?
  /// The text of the alert's `message:` view; `nil` when it has none.
  public var message: String?
  /// The alert's buttons, in order.
  public var buttons: [FlowAlertButton]

  /// What an alert shows: its title, its message if any, and its buttons.
  public init(title: String?, message: String? = nil, buttons: [FlowAlertButton]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

/// A SwiftUI view whose navigation is its model's flags, bound by presentation modifiers
/// (`.navigationDestination(isPresented:)`, `.alert(isPresented:)`), as the third article's
/// `RestaurantViewModel` drives its view. SwiftUI does not run here, so the view's modifiers
/// are restated, one call each, with the same bindings; the spy then shows what the view
/// would (a destination on the root's stack while its flag is set, the alert while its flag
/// is) and does the user's gestures as SwiftUI does: back sets the destination's flag to
/// false, an alert's button sets the alert's flag to false and runs the button's action.
///
/// ```swift
/// @MainActor
/// final class ListModel {
///   var isShowingDetail = false
///   var isPresentingError = false
///   func reload() {}
/// }
///
/// @MainActor
/// func makeSpy(for model: ListModel) -> FlowSwiftUISpy {
///   let spy = FlowSwiftUISpy(root: "List")
///   spy.navigationDestination(isPresented: FlowBinding(model, \.isShowingDetail)) {
///     ScreenInstance(name: "Detail")
///   }
///   spy.alert(isPresented: FlowBinding(model, \.isPresentingError)) {
///     FlowAlertContent(
///       title: "Request Failed", buttons: [FlowAlertButton("Retry") { model.reload() }])
///   }
///   return spy
/// }
/// ```
///
/// SwiftUI makes no navigation call: the spy records none, and shows no `animated` flag or
/// bar (declare `.calls`, `.animated` and `.navBar` unobservable).
@MainActor
public final class FlowSwiftUISpy: FlowAppSpy {
  private struct Destination {
    var isPresented: FlowBinding<Bool>
    var screen: @MainActor () -> ScreenInstance
  }

  private struct Alert {
    var isPresented: FlowBinding<Bool>
    var content: @MainActor () -> FlowAlertContent
  }

  /// The `NavigationStack`'s root view, as the flow names it.
  public let root: String
  private var destinations: [Destination] = []
  private var alerts: [Alert] = []

  /// A spy on the root view the flow names `root`; declare the view's modifiers on it next.
  public init(root: String) {
    self.root = root
  }

  /// `.navigationDestination(isPresented: $flag) { DestinationView(…) }`: while the flag is
  /// set, `screen` is on the stack, above the destinations declared before it that are set.
  public func navigationDestination(
    isPresented: FlowBinding<Bool>, screen: @escaping @MainActor () -> ScreenInstance
  ) {
    destinations.append(Destination(isPresented: isPresented, screen: screen))
  }

  /// `.alert(title, isPresented: $flag) { buttons } message: { … }`: while the flag is set,
  /// the alert `content` describes is presented.
  public func alert(
    isPresented: FlowBinding<Bool>, content: @escaping @MainActor () -> FlowAlertContent
  ) {
    alerts.append(Alert(isPresented: isPresented, content: content))
  }

  /// The stack: the root, then each destination whose flag is set.
  public var stack: [ScreenInstance] {
    [ScreenInstance(name: root)] + destinations.filter { $0.isPresented.get() }.map { $0.screen() }
  }

  private var presentedAlert: Alert? {
    alerts.first { $0.isPresented.get() }
  }

  /// Performs a gesture as SwiftUI does: back clears the flag of the top destination that is
  /// set; an alert's button clears the alert's flag, then runs the button's action.
  public func perform(_ event: NavigationEvent) async throws -> Bool {
    switch event {
    case .tap(.back):
      guard let top = destinations.last(where: { $0.isPresented.get() }) else {
        throw DriverError.refused("no-back-button", "the app shows no back button")
      }
      top.isPresented.set(false)
      return true
    case .alertAction(let title):
      guard let alert = presentedAlert else {
        throw DriverError.refused("no-alert", "the app shows no alert, so no action '\(title)'")
      }
      let buttons = alert.content().buttons
      guard let button = buttons.first(where: { $0.title == title }) else {
        throw DriverError.refused(
          "unknown-action",
          "the app's alert has no action '\(title)' (it has \(buttons.map(\.title)))")
      }
      // SwiftUI dismisses the alert through its binding, then runs the button's action.
      alert.isPresented.set(false)
      button.action()
      return true
    default:
      return false
    }
  }

  /// The stack and the alert presented, if any (always in the `alert` style); no calls,
  /// `animated` flag or bar.
  public func observation() -> Observation {
    let alert = presentedAlert.map { alert in
      let content = alert.content()
      return PresentedItem.alert(
        PresentedAlert(
          name: "", style: .alert, title: content.title, message: content.message,
          actions: content.buttons.map { .init(title: $0.title, style: $0.role) }))
    }
    return Observation(stack: stack, presentations: alert.map { [$0] } ?? [])
  }
}
