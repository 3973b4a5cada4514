import FlowDiagnostics
import FlowYAML

extension ModelDecoder {
  static let alertKeys: [StaticString] = ["style", "title", "message", "actions"]
  static let alertActionKeys: [StaticString] = ["title", "style", "do"]

  /// How messages name an alert and its actions; built only when a message is.
  private static func subject(alert name: String) -> String { "alert '\(name)'" }
  private static func subject(actionOf alert: String) -> String { "an action of '\(alert)'" }

  mutating func alert(named name: Located<String>, _ node: YAMLNode) -> Alert {
    let fields = mapping(node, Self.subject(alert: name.value), allowed: Self.alertKeys)
    var actions: [AlertAction] = []
    var unreadActions = false
    if let actionsNode = fields?["actions"] {
      let items = list(actionsNode, "the actions of '\(name.value)'")
      actions = items?.compactMapReserving { alertAction($0, of: name.value) } ?? []
      unreadActions = items.map { $0.count > actions.count } ?? true
    } else if let fields {
      reportMissing(
        "actions", in: Self.subject(alert: name.value),
        hint: "a list such as '- { title: Cancel, style: cancel }'",
        at: name.range, unlessMisspeltIn: fields)
    }
    var alert = Alert(
      name: name,
      style: fields?["style"].flatMap { choice($0, "an alert style") },
      title: fields?["title"].flatMap { string($0, "an alert title") },
      message: fields?["message"].flatMap { string($0, "an alert message") },
      actions: actions,
      range: SourceRange(start: name.range.start, end: node.range.end))
    alert.lacksActionsKey = (fields != nil && fields?["actions"] == nil) || unreadActions
    return alert
  }

  mutating func alertAction(_ node: YAMLNode, of alert: String) -> AlertAction? {
    // `OK`: an action of that title, of the default style, that only dismisses the alert.
    if node.scalar != nil {
      return string(node, "an action title").map {
        AlertAction(title: $0, style: nil, operation: nil, range: node.range)
      }
    }
    guard let fields = mapping(node, Self.subject(actionOf: alert), allowed: Self.alertActionKeys)
    else { return nil }
    guard let titleNode = fields["title"] else {
      reportMissing(
        "title", in: Self.subject(actionOf: alert), hint: "the button's text",
        at: SourceRange(at: node.position), unlessMisspeltIn: fields)
      return nil
    }
    guard let title = string(titleNode, "an action title") else { return nil }
    return AlertAction(
      title: title,
      style: fields["style"].flatMap { choice($0, "an alert action style") },
      operation: fields["do"].flatMap { operation($0) },
      range: node.range)
  }
}
