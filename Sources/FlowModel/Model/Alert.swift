public import FlowDiagnostics

/// A `UIAlertController`: an alert or an action sheet with its actions.
public struct Alert: Sendable {
  public var name: Located<String>
  public var style: Located<AlertStyle>?
  public var title: Located<String>?
  public var message: Located<String>?
  public var actions: [AlertAction]
  public var range: SourceRange

  public init(
    name: Located<String>, style: Located<AlertStyle>?, title: Located<String>?,
    message: Located<String>?, actions: [AlertAction], range: SourceRange
  ) {
    self.name = name
    self.style = style
    self.title = title
    self.message = message
    self.actions = actions
    self.range = range
  }

  /// The style, `.alert` unless declared.
  public var resolvedStyle: AlertStyle { style?.value ?? .alert }

  /// The action with that title.
  public func action(titled title: String) -> AlertAction? {
    actions.first { $0.title.value == title }
  }
}

/// `UIAlertController.Style`.
public enum AlertStyle: String, Sendable, Hashable, CaseIterable {
  case alert, actionSheet
}

/// A `UIAlertAction`: its title, style, and what it does once the alert is dismissed.
public struct AlertAction: Sendable {
  public var title: Located<String>
  public var style: Located<AlertActionStyle>?
  public var operation: Operation?
  public var range: SourceRange

  public init(
    title: Located<String>, style: Located<AlertActionStyle>?, operation: Operation?,
    range: SourceRange
  ) {
    self.title = title
    self.style = style
    self.operation = operation
    self.range = range
  }

  /// The style, `.default` unless declared.
  public var resolvedStyle: AlertActionStyle { style?.value ?? .default }
}

/// `UIAlertAction.Style`.
public enum AlertActionStyle: String, Sendable, Hashable, CaseIterable {
  case `default`, cancel, destructive
}
