public import FlowModel
public import FlowRuntime

/// A `UIAlertController` stand-in: what it shows (style, title, message, actions in order)
/// and each action's handler, so a test can tap an action as the user would.
@MainActor
public final class AlertSpy {
  /// A `UIAlertAction`: its title, style and handler.
  public struct Action {
    public var title: String
    public var style: AlertActionStyle
    public var handler: (@MainActor () -> Void)?

    public init(
      title: String, style: AlertActionStyle = .default, handler: (@MainActor () -> Void)? = nil
    ) {
      self.title = title
      self.style = style
      self.handler = handler
    }
  }

  public let title: String?
  public let message: String?
  public let preferredStyle: AlertStyle
  public private(set) var actions: [Action] = []

  public init(title: String?, message: String?, preferredStyle: AlertStyle) {
    self.title = title
    self.message = message
    self.preferredStyle = preferredStyle
  }

  public func addAction(_ action: Action) {
    actions.append(action)
  }

  /// What the alert shows, named as the flow names it.
  public func contents(named name: String) -> PresentedAlert {
    PresentedAlert(
      name: name, style: preferredStyle, title: title, message: message,
      actions: actions.map { PresentedAlert.Action(title: $0.title, style: $0.style) })
  }

  /// Runs the handler of the action with that title.
  public func tap(_ title: String) throws {
    guard let action = actions.first(where: { $0.title == title }) else {
      throw DriverError("the alert has no action '\(title)'")
    }
    action.handler?()
  }
}
