public import FlowModel

/// A screen shown in the stack or presented: its name and the values it was shown with, as
/// a route enum's case and its associated values (`productDetail(id: 42)`).
public struct ScreenInstance: Sendable, Hashable, CustomStringConvertible {
  public var name: String
  /// The values, in the order the screen declares its parameters; an optional parameter
  /// left out is absent.
  public var values: [Argument]

  /// One parameter's value.
  public struct Argument: Sendable, Hashable {
    public var name: String
    public var value: Value

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

/// What is presented modally over the navigation stack.
public enum PresentedItem: Sendable, Hashable, CustomStringConvertible {
  /// An alert or action sheet, by name.
  case alert(String)
  /// A screen, as a sheet or a full-screen cover.
  case screen(ScreenInstance, ModalStyle)

  /// The alert's or screen's name.
  public var name: String {
    switch self {
    case .alert(let name): name
    case .screen(let screen, _): screen.name
    }
  }

  public var description: String {
    switch self {
    case .alert(let name): "alert \(name)"
    case .screen(let screen, let style): "\(style.rawValue) \(screen)"
    }
  }
}

/// The navigation bar as it shows now: the visible screen's declaration resolved against
/// the stack.
public struct ResolvedNavigationBar: Sendable, Hashable {
  public var isHidden: Bool
  public var title: String?
  public var left: ResolvedBarButton?
  public var right: ResolvedBarButton?
  /// Whether the back button shows: there is a screen to go back to, the bar is visible,
  /// and the screen does not hide it.
  public var showsBackButton: Bool

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
  public var image: String?
  public var title: String?
  public var style: BarButtonStyle
  public var tint: String?
  public var action: String?

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
  public var name: String
  public var style: AlertStyle
  public var title: String?
  public var message: String?
  public var actions: [Action]

  /// A `UIAlertAction`'s title and style.
  public struct Action: Sendable, Hashable, CustomStringConvertible {
    public var title: String
    public var style: AlertActionStyle

    public init(title: String, style: AlertActionStyle) {
      self.title = title
      self.style = style
    }

    public var description: String { "\(title) (\(style.rawValue))" }
  }

  public init(name: String, style: AlertStyle, title: String?, message: String?, actions: [Action])
  {
    self.name = name
    self.style = style
    self.title = title
    self.message = message
    self.actions = actions
  }
}
