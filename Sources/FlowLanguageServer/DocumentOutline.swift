import FlowDiagnostics
import FlowModel

/// The outline of a flow (`textDocument/documentSymbol`): its screens with their events,
/// alerts, requests, tabs, state, properties and checklist sections with their items.
enum DocumentOutline {
  // The protocol's symbol kinds.
  private static let moduleKind = 2
  private static let namespaceKind = 3
  private static let classKind = 5
  private static let methodKind = 6
  private static let interfaceKind = 11
  private static let functionKind = 12
  private static let variableKind = 13
  private static let booleanKind = 17
  private static let eventKind = 24

  static func symbols(of analysis: Workspace.Analysis) -> JSONValue {
    guard let flow = analysis.document.flow else { return .array([]) }
    let text = analysis.document.text
    func symbol(
      _ name: String, kind: Int, detail: String? = nil, range: SourceRange,
      selection: SourceRange, children: [JSONValue] = []
    ) -> JSONValue {
      let whole = SourceRange(
        start: min(range.start, selection.start), end: max(range.end, selection.end))
      var members: [(String, JSONValue)] = [
        ("name", .string(name.isEmpty ? "(unnamed)" : name)), ("kind", .number(kind)),
      ]
      if let detail { members.append(("detail", .string(detail))) }
      members += [
        ("range", text.protocolRange(of: whole).json),
        ("selectionRange", text.protocolRange(of: selection).json),
      ]
      if !children.isEmpty { members.append(("children", .array(children))) }
      return .object(members)
    }
    var symbols: [JSONValue] = []
    for variable in flow.state {
      symbols.append(
        symbol(
          variable.name.value, kind: variableKind, detail: "state",
          range: SourceRange(
            start: variable.name.range.start, end: variable.initialValue.range.end),
          selection: variable.name.range))
    }
    for tab in flow.tabs {
      symbols.append(
        symbol(
          tab.name.value, kind: moduleKind, detail: "tab", range: tab.range,
          selection: tab.name.range))
    }
    for request in flow.requests {
      symbols.append(
        symbol(
          request.name.value, kind: functionKind, detail: "request", range: request.range,
          selection: request.name.range))
    }
    for screen in flow.screens {
      let events = screen.handlers.map {
        symbol(
          $0.event.value, kind: eventKind, detail: "event",
          range: SourceRange(
            start: $0.event.range.start, end: max($0.event.range.end, $0.operation.range.end)),
          selection: $0.event.range)
      }
      symbols.append(
        symbol(
          screen.name.value, kind: classKind, detail: "screen", range: screen.range,
          selection: screen.name.range, children: events))
    }
    for alert in flow.alerts {
      symbols.append(
        symbol(
          alert.name.value, kind: interfaceKind, detail: alert.style?.value.rawValue ?? "alert",
          range: alert.range, selection: alert.name.range))
    }
    for property in flow.properties {
      symbols.append(
        symbol(
          property.name.value, kind: booleanKind, detail: property.statement.keyword,
          range: property.name.range, selection: property.name.range))
    }
    if let checklist = flow.checklist {
      for section in checklist.sections {
        let items = section.items.map { item(symbol: symbol, $0, text: text) }
        if let title = section.title {
          let last = section.items.last.map { lastLine(of: $0) } ?? title.range.start.line
          symbols.append(
            symbol(
              title.value, kind: namespaceKind, detail: "checklist",
              range: SourceRange(start: title.range.start, end: endOfLine(last, text)),
              selection: title.range, children: items))
        } else {
          symbols += items
        }
      }
    }
    return .array(symbols)
  }

  private static func item(
    symbol: (String, Int, String?, SourceRange, SourceRange, [JSONValue]) -> JSONValue,
    _ item: ChecklistItem, text: SourceText
  ) -> JSONValue {
    let children = item.children.map { self.item(symbol: symbol, $0, text: text) }
    let range = SourceRange(start: item.mark.range.start, end: endOfLine(lastLine(of: item), text))
    return symbol(
      item.text.value, methodKind, item.mark.isDone ? "done" : "to do", range, item.text.range,
      children)
  }

  private static func lastLine(of item: ChecklistItem) -> Int {
    max(item.lines.upperBound, item.children.last.map(lastLine) ?? 0)
  }

  private static func endOfLine(_ line: Int, _ text: SourceText) -> SourcePosition {
    SourcePosition(line: line, column: (text.line(line)?.unicodeScalars.count ?? 0) + 1)
  }
}
