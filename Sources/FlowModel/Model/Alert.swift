public import FlowDiagnostics

/// A `UIAlertController`: an alert or an action sheet with its actions.
public struct Alert: Sendable {
  /// The alert's name, its key under `alerts:`, which `present:` and expectations use.
  public var name: Located<String>
  /// Alert or action sheet, as declared; see `resolvedStyle`.
  public var style: Located<AlertStyle>?
  /// The alert's title, if declared; `{name}` in it inserts a value.
  public var title: Located<String>?
  /// The text under the title, if declared; `{name}` in it inserts a value.
  public var message: Located<String>?
  /// The buttons, in the order shown.
  public var actions: [AlertAction]
  /// Whether the declaration has no `actions` key at all, or actions that could not be read:
  /// errors reported where the alert is decoded, so its lack of actions is not reported again.
  public var lacksActionsKey = false
  /// The whole declaration, from its name.
  public var range: SourceRange

  /// An alert as declared.
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
  /// A centred alert, or an action sheet rising from the bottom.
  case alert, actionSheet
}

/// A `UIAlertAction`: its title, style, and what it does once the alert is dismissed.
public struct AlertAction: Sendable {
  /// The button's text, by which a `{ alert: … }` step taps it.
  public var title: Located<String>
  /// The button's style, as declared; see `resolvedStyle`.
  public var style: Located<AlertActionStyle>?
  /// What the action does (`do:`) once the alert is dismissed; `nil` only dismisses it.
  public var operation: Operation?
  /// The action's mapping in `actions:`.
  public var range: SourceRange

  /// An alert action as declared.
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
  /// A plain button, the cancel button, or one in red for an action that destroys data.
  case `default`, cancel, destructive
}
