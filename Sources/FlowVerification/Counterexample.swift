internal import FlowChecklist
import FlowDiagnostics
internal import FlowModel
import FlowRuntime

/// The checklist item that reproduces a property's failure: its events from the start, and
/// `expect: { holds: … }`, written in the form of the flow's checklist.
enum Counterexample {
  /// The item for `property`, reached by `path`.
  static func item(property: String, path: [NavigationEvent], form: Checklist.Form) -> String {
    let events = path.map { $0.syntax(braced: true) }
    let when =
      events.count == 1 ? events[0] : "[" + events.joined(separator: ", ") + "]"
    let expect = "{ holds: \(Value.yamlText(property)) }"
    let text = "[ ] " + TerminalText.line(property)
    switch form {
    case .block:
      var lines = [text]
      if !events.isEmpty { lines.append("    when " + when) }
      lines.append("    expect " + expect)
      return lines.joined(separator: "\n")
    case .mapping:
      var lines = [Value.doubleQuoted(text) + ":"]
      if !events.isEmpty { lines.append("  when: " + when) }
      lines.append("  expect: " + expect)
      return lines.joined(separator: "\n")
    }
  }
}
