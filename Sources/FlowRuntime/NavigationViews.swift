public import FlowModel

/// A screen shown in the stack or presented: its name and the values it was shown with, as
/// a route enum's case and its associated values (`productDetail(id: 42)`).
public struct ScreenInstance: Sendable, Hashable, CustomStringConvertible {
  /// The screen's name, as declared under `screens:`, such as `ProductDetail`.
  public var name: String
  /// The values, in the order the screen declares its parameters; an optional parameter
  /// left out is absent.
  public var values: [Argument]
  /// The `flow:` name of the flow that declares the screen (or the request), where the
  /// interpreter shows it; `nil` for what an app observes, which knows no flows. Not part of
  /// what the instance is: two are equal by name and values, so that what the flow shows
  /// compares with what the app does. A checklist names a child's screen `Child.Screen`
  /// (`qualifiedName`) when two flows share a name.
  public var flow: String?

  /// `Flow.Screen`, where the flow is known.
  public var qualifiedName: String? { flow.map { $0 + "." + name } }

  /// Whether `expected` is `flow.name`, without making it.
  package static func isQualified(_ expected: String, name: String, flow: String) -> Bool {
    expected.utf8.count == flow.utf8.count + 1 + name.utf8.count
      && expected.hasPrefix(flow + ".") && expected.hasSuffix(name)
  }

  /// Whether two instances are the same screen with the same values, whichever flow each
  /// was found in (`flow` is not compared).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.values == rhs.values
  }

  /// Hashes the name and values, as `==` compares them.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(values)
  }

  /// One parameter's value.
  public struct Argument: Sendable, Hashable {
    /// The parameter's name, such as `id`.
    public var name: String
    /// The value the screen was shown with, such as `42`.
    public var value: Value

    /// Creates the value `value` of the parameter `name`.
    public init(name: String, value: Value) {
      self.name = name
      self.value = value
    }
  }

  /// A screen with values in declaration order.
  public init(name: String, values: [(String, Value)]) {
    self.name = name
    self.values = values.map { Argument(name: $0.0, value: $0.1) }
  }

  /// A screen with values, ordered by name.
  public init(name: String, arguments: [String: Value] = [:]) {
    self.init(name: name, values: arguments.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  /// The values by parameter name.
  public var arguments: [String: Value] {
    Dictionary(values.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// `ProductDetail(id: 42)`, `Profile(userID: "abc")`, or the name alone without values.
  public var description: String {
    guard !values.isEmpty else { return name }
    return name + "(" + values.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
  }
}

/// Something presented modally over the navigation stack: an alert with what it shows, or a
/// screen (with its own stack when it has one). The interpreter's navigator and an app's test
/// driver both describe what is presented with it; a driver leaves out what it cannot tell.
public enum PresentedItem: Sendable, Hashable, CustomStringConvertible {
  /// A presented alert or action sheet, with the title, message and actions it shows.
  case alert(PresentedAlert)
  /// A presented screen; its modal style when known; its own navigation stack, root first,
  /// when it has one and is the top presented screen (`nil` otherwise or when not observed).
  case screen(ScreenInstance, ModalStyle?, stack: [ScreenInstance]?)

  /// The alert's or screen's name.
  public var name: String {
    switch self {
    case .alert(let alert): alert.name
    case .screen(let screen, _, _): screen.name
    }
  }

  /// `alert Logout`, or the screen after its modal style when known: `sheet Settings`,
  /// `fullScreen Player(id: 7)`.
  public var description: String {
    switch self {
    case .alert(let alert): "alert \(alert.name)"
    case .screen(let screen, let style, _): (style.map { $0.rawValue + " " } ?? "") + "\(screen)"
    }
  }
}

/// The navigation bar as it shows now: the visible screen's declaration resolved against
/// the stack.
public struct ResolvedNavigationBar: Sendable, Hashable {
  /// Whether the screen hides the navigation bar.
  public var isHidden: Bool
  /// The title, with `{name}` values inserted; `nil` when the screen declares none.
  public var title: String?
  /// The button on the left, which replaces the back button unless it supplements it.
  public var left: ResolvedBarButton?
  /// The button on the right.
  public var right: ResolvedBarButton?
  /// Whether the back button shows: there is a screen to go back to, the bar is visible,
  /// and the screen does not hide it.
  public var showsBackButton: Bool

  /// Creates a bar as it shows, from its resolved parts.
  public init(
    isHidden: Bool, title: String?, left: ResolvedBarButton?, right: ResolvedBarButton?,
    showsBackButton: Bool
  ) {
    self.isHidden = isHidden
    self.title = title
    self.left = left
    self.right = right
    self.showsBackButton = showsBackButton
  }

  /// The button on one side.
  public func item(_ side: BarSide) -> ResolvedBarButton? {
    side == .left ? left : right
  }
}

/// A bar button as it shows: image or title, style, tint, and the event it sends.
public struct ResolvedBarButton: Sendable, Hashable {
  /// The name of the button's image, when it shows one.
  public var image: String?
  /// The button's text, with `{name}` values inserted, when it shows one.
  public var title: String?
  /// The button's style: `plain` unless declared `done`.
  public var style: BarButtonStyle
  /// The tint as declared: a UIKit system colour name or `#RRGGBB`.
  public var tint: String?
  /// The event a tap sends to the screen; `nil` for a button that sends nothing.
  public var action: String?

  /// Creates a bar button as it shows, from its resolved parts.
  public init(image: String?, title: String?, style: BarButtonStyle, tint: String?, action: String?)
  {
    self.image = image
    self.title = title
    self.style = style
    self.tint = tint
    self.action = action
  }
}

/// The presented alert's contents, as a `UIAlertController` would hold them.
public struct PresentedAlert: Sendable, Hashable {
  /// The alert's name, its key under `alerts:`; empty when a driver cannot tell it.
  public var name: String
  /// Whether it shows as a centred alert or as an action sheet.
  public var style: AlertStyle
  /// The title, if the alert has one.
  public var title: String?
  /// The text under the title, if the alert has one.
  public var message: String?
  /// The buttons, in the order shown.
  public var actions: [Action]

  /// A `UIAlertAction`'s title and style.
  public struct Action: Sendable, Hashable, CustomStringConvertible {
    /// The button's text, by which a step taps it.
    public var title: String
    /// Whether the button is a plain one, the cancel button or a destructive one.
    public var style: AlertActionStyle

    /// Creates an action with the button's text and style.
    public init(title: String, style: AlertActionStyle) {
      self.title = title
      self.style = style
    }

    /// The title and the style: `Delete (destructive)`.
    public var description: String { "\(title) (\(style.rawValue))" }
  }

  /// Creates an alert's contents from its name, style, texts and buttons.
  public init(name: String, style: AlertStyle, title: String?, message: String?, actions: [Action])
  {
    self.name = name
    self.style = style
    self.title = title
    self.message = message
    self.actions = actions
  }
}
