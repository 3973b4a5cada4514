public import FlowDiagnostics

/// What a screen's navigation bar shows, as declared.
///
/// The runtime resolves it against the stack: the back button shows only where there is
/// something to go back to.
public struct NavigationBar: Sendable, Hashable {
  /// Whether the bar is hidden (`navBar: hidden`).
  public var isHidden: Bool
  /// The bar's title, if declared; `{name}` in it inserts a value where the screen shows.
  public var title: Located<String>?
  /// The button on the left; it replaces the back button unless `leftSupplementsBackButton`.
  public var left: BarButtonItem?
  /// The button on the right.
  public var right: BarButtonItem?
  /// Whether the screen hides the system back button (`backButton: hidden`).
  public var backButton: Located<Visibility>?
  /// Whether a `left` item shows beside the back button instead of replacing it, as
  /// `leftItemsSupplementBackButton` does (`false` unless declared, as in UIKit).
  public var leftSupplementsBackButton: Bool
  /// The declaration, or the screen's name when the screen declares no bar.
  public var range: SourceRange

  /// A bar as declared: by default visible, with no title and no buttons of its own.
  public init(
    isHidden: Bool = false, title: Located<String>? = nil, left: BarButtonItem? = nil,
    right: BarButtonItem? = nil, backButton: Located<Visibility>? = nil,
    leftSupplementsBackButton: Bool = false, range: SourceRange
  ) {
    self.leftSupplementsBackButton = leftSupplementsBackButton
    self.isHidden = isHidden
    self.title = title
    self.left = left
    self.right = right
    self.backButton = backButton
    self.range = range
  }

  /// The item on one side.
  @inlinable  // so a caller copies the one item, not the whole bar
  public func item(_ side: BarSide) -> BarButtonItem? {
    side == .left ? left : right
  }
}

/// A side of the navigation bar that holds a button.
public enum BarSide: String, Sendable, Hashable, CaseIterable {
  /// The bar's left or right side, where `left:` and `right:` put their buttons.
  case left, right
}

/// `visible` or `hidden`.
public enum Visibility: String, Sendable, Hashable, CaseIterable {
  /// Shown or hidden, as `backButton:` is written.
  case visible, hidden
}

/// A `UIBarButtonItem`: an SF Symbol image or a title, a style, a tint and the event it sends.
public struct BarButtonItem: Sendable, Hashable {
  /// An SF Symbol name, such as `plus` or `arrowshape.turn.up.left.circle`.
  public var image: Located<String>?
  /// The button's text, when it shows one instead of an image; `{name}` inserts a value.
  public var title: Located<String>?
  /// The button's style; UIKit's `plain` unless declared.
  public var style: Located<BarButtonStyle>?
  /// A UIKit system colour name (`red`, `systemBlue`) or `#RRGGBB`.
  public var tint: Located<String>?
  /// The event a tap sends to the screen.
  public var action: Located<String>?
  /// The button's declaration under `left:` or `right:`.
  public var range: SourceRange

  /// A bar button as declared at `range`.
  public init(
    image: Located<String>? = nil, title: Located<String>? = nil,
    style: Located<BarButtonStyle>? = nil, tint: Located<String>? = nil,
    action: Located<String>? = nil, range: SourceRange
  ) {
    self.image = image
    self.title = title
    self.style = style
    self.tint = tint
    self.action = action
    self.range = range
  }
}

/// `UIBarButtonItem.Style`.
public enum BarButtonStyle: String, Sendable, Hashable, CaseIterable {
  /// `.plain`, or `.done` for the bold button that confirms.
  case plain, done
}
