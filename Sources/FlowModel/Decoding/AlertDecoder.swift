import FlowDiagnostics
import FlowYAML

extension ModelDecoder {
  static let alertKeys: [StaticString] = ["style", "title", "message", "actions"]
  static let alertActionKeys: [StaticString] = ["title", "style", "do"]

  mutating func alert(named name: Located<String>, _ node: YAMLNode) -> Alert {
    // Made only when a problem is reported.
    let subject = { "alert '\(name.value)'" }
    let fields = mapping(node, subject(), allowed: Self.alertKeys)
    var actions: [AlertAction] = []
    if let actionsNode = fields?["actions"] {
      actions = (list(actionsNode, "the actions of '\(name.value)'").map(Array.init) ?? [])
        .compactMap {
          alertAction($0, of: name.value)
        }
    } else if fields != nil {
      reportMissing(
        "actions", in: subject(), hint: "a list such as '- { title: Cancel, style: cancel }'",
        at: name.range)
    }
    return Alert(
      name: name,
      style: fields?["style"].flatMap { choice($0, "an alert style") },
      title: fields?["title"].flatMap { string($0, "an alert title") },
      message: fields?["message"].flatMap { string($0, "an alert message") },
      actions: actions,
      range: SourceRange(start: name.range.start, end: node.range.end))
  }

  mutating func alertAction(_ node: YAMLNode, of alert: String) -> AlertAction? {
    // Made only when a problem is reported.
    let subject = { "an action of '\(alert)'" }
    guard let fields = mapping(node, subject(), allowed: Self.alertActionKeys) else { return nil }
    guard let titleNode = fields["title"] else {
      reportMissing(
        "title", in: subject(), hint: "the button's text", at: SourceRange(at: node.position))
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
