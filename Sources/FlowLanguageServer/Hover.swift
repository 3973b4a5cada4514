import FlowChecklist
import FlowDiagnostics
import FlowModel
import FlowSpec

/// Hover: what a name declares (a screen's navigation bar and parameters and where it is
/// reached from, an alert's actions, a request's parameters, a state's default, who handles
/// an event), or, on a checklist item, its result when it last ran. Plain text: names from
/// a flow are shown, never interpreted as markup.
enum Hover {
  static func hover(at position: SourcePosition, in analysis: Workspace.Analysis) -> JSONValue {
    let path = analysis.document.path
    let symbols = analysis.files[path]?.symbols
    let lines: [String]
    let range: SourceRange
    if let occurrence = symbols?.occurrence(at: position) {
      lines = describe(occurrence, in: analysis)
      range = occurrence.range
    } else if let result = itemResult(at: position.line, in: analysis.document) {
      lines = result.lines
      range = result.range
    } else {
      return .null
    }
    guard !lines.isEmpty else { return .null }
    return .object([
      (
        "contents",
        .object([("kind", .string("plaintext")), ("value", .string(lines.joined(separator: "\n")))])
      ),
      ("range", analysis.document.text.protocolRange(of: range).json),
    ])
  }

  private static func everyOccurrence(
    of occurrence: SymbolOccurrence, in analysis: Workspace.Analysis
  )
    -> [SymbolOccurrence]
  {
    analysis.fileOrder.flatMap { analysis.files[$0]?.symbols?.occurrences ?? [] }
      .filter { $0.sameSymbol(as: occurrence) }
  }

  private static func flows(_ analysis: Workspace.Analysis) -> [Flow] {
    analysis.fileOrder.compactMap { analysis.files[$0]?.flow }
  }

  static func describe(_ occurrence: SymbolOccurrence, in analysis: Workspace.Analysis) -> [String]
  {
    let name = occurrence.name
    let flows = flows(analysis)
    let uses = everyOccurrence(of: occurrence, in: analysis)
    switch occurrence.kind {
    case .screen:
      guard let screen = flows.lazy.compactMap({ $0.screen(named: name) }).first else {
        return ["screen \(name) (not declared)"]
      }
      var lines = ["screen \(name)"]
      if !screen.params.isEmpty {
        lines.append(
          "params: "
            + screen.params.map { "\($0.name.value): \($0.type.value)" }.joined(separator: ", "))
      }
      lines += navigationBar(screen.navigationBar)
      let from = uses.filter { !$0.isDeclaration && isNavigation($0.context) }.map(\.context)
      lines.append(
        from.isEmpty
          ? "reached from: nowhere" : "reached from: " + unique(from).joined(separator: "; "))
      return lines
    case .alert:
      guard let alert = flows.lazy.compactMap({ $0.alert(named: name) }).first else {
        return ["alert \(name) (not declared)"]
      }
      var lines = ["\(alert.style?.value.rawValue ?? "alert") \(name)"]
      if let title = alert.title?.value { lines.append("title: \(title)") }
      if let message = alert.message?.value { lines.append("message: \(message)") }
      for action in alert.actions {
        lines.append("action: \(action.title.value) (\(action.style?.value.rawValue ?? "default"))")
      }
      let from = uses.filter { !$0.isDeclaration && isNavigation($0.context) }.map(\.context)
      if !from.isEmpty { lines.append("presented from: " + unique(from).joined(separator: "; ")) }
      return lines
    case .request:
      guard
        let request = flows.lazy.compactMap({ $0.requests.first { $0.name.value == name } }).first
      else { return ["request \(name) (not declared)"] }
      var lines = ["request \(name)"]
      if !request.params.isEmpty {
        lines.append(
          "params: "
            + request.params.map { "\($0.name.value): \($0.type.value)" }.joined(separator: ", "))
      }
      lines.append("on success: " + (request.onSuccess == nil ? "nothing" : "declared"))
      lines.append("on failure: " + (request.onFailure == nil ? "nothing" : "declared"))
      return lines
    case .state:
      guard let variable = flows.first?.stateVariable(named: name) else {
        return ["state \(name) (not declared)"]
      }
      return [
        "state \(name): \(variable.initialValue.value.type), starts \(variable.initialValue.value)"
      ]
    case .event:
      let handlers = uses.filter(\.isDeclaration).map(\.context)
      return [
        "event \(name)",
        handlers.isEmpty
          ? "handled by: nothing" : "handled by: " + unique(handlers).joined(separator: "; "),
      ]
    case .tab:
      guard let tab = flows.first?.tabs.first(where: { $0.name.value == name }) else {
        return ["tab \(name) (not declared)"]
      }
      return ["tab \(name)", "root: \(tab.root.screen.value)"]
    case .childFlow:
      guard let use = flows.first?.uses.first(where: { $0.name.value == name }) else {
        return ["child flow \(name) (not declared)"]
      }
      return ["child flow \(name)", "file: \(use.path.value)"]
    case .property:
      guard let property = flows.first?.property(named: name) else {
        if let builtIn = BuiltInProperty(rawValue: name) {
          return ["built-in property \(name)", builtIn.summary]
        }
        return ["property \(name) (not declared)"]
      }
      return ["property \(name)", "\(property.statement.keyword) …"]
    case .linkVariable:
      return ["link variable \(name)", "of \(occurrence.scope ?? "a link")"]
    }
  }

  /// Whether an occurrence's context is a navigation the flow makes (not the checklist's,
  /// a property's or `verify:`'s mention).
  private static func isNavigation(_ context: String) -> Bool {
    !context.hasPrefix("checklist") && !context.hasPrefix("property") && context != "verify"
      && context != "screens" && context != "alerts"
  }

  private static func unique(_ texts: [String]) -> [String] {
    var seen: Set<String> = []
    return texts.filter { seen.insert($0).inserted }
  }

  private static func navigationBar(_ bar: NavigationBar) -> [String] {
    if bar.isHidden { return ["navBar: hidden"] }
    var lines: [String] = []
    if let title = bar.title?.value { lines.append("title: \(title)") }
    for (side, button) in [("left", bar.left), ("right", bar.right)] {
      guard let button else { continue }
      var parts: [String] = []
      if let image = button.image?.value { parts.append("image \(image)") }
      if let title = button.title?.value { parts.append("title \(title)") }
      if let style = button.style?.value { parts.append("style \(style.rawValue)") }
      if let tint = button.tint?.value { parts.append("tint \(tint)") }
      if let action = button.action?.value { parts.append("action \(action)") }
      lines.append("\(side): " + parts.joined(separator: ", "))
    }
    if let back = bar.backButton?.value { lines.append("backButton: \(back.rawValue)") }
    return lines
  }

  /// The innermost checklist item whose lines hold `line`, and how it last ran.
  static func itemResult(at line: Int, in document: FlowDocument) -> (
    lines: [String], range: SourceRange
  )? {
    let results = document.checklistResults
    guard
      let result = results.last(where: { $0.entry.item.lines.contains(line) })
    else {
      guard
        let entry = document.flow?.checklist?.entries.last(where: { $0.item.lines.contains(line) })
      else { return nil }
      return (["\(entry.item.text.value)", "not run: the flow has errors"], entry.item.text.range)
    }
    let item = result.entry.item
    switch result.outcome {
    case .passed:
      return (["\(item.text.value)", "passes"], item.text.range)
    case .unbound:
      return (["\(item.text.value)", "not run: the item has no steps"], item.text.range)
    case .failed(let failures):
      return (
        ["\(item.text.value)", "fails:"]
          + failures.map { "  line \($0.range.start.line): \($0.message)" },
        item.text.range
      )
    }
  }
}
