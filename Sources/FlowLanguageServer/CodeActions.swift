import FlowDiagnostics

/// Code actions: each fix-it of a diagnostic in the range asked (a did-you-mean name, a
/// quoted item), as a quick fix that makes its edit.
enum CodeActions {
  static func actions(in range: ProtocolRange, of analysis: Workspace.Analysis) -> JSONValue {
    let text = analysis.document.text
    var actions: [JSONValue] = []
    for diagnostic in ProtocolDiagnostics.diagnostics(of: analysis) {
      let diagnosticRange = text.protocolRange(of: diagnostic.range)
      guard diagnosticRange.overlaps(range), !diagnostic.fixIts.isEmpty else { continue }
      let edits: [JSONValue] = diagnostic.fixIts.map {
        .object([
          ("range", text.protocolRange(of: $0.range).json), ("newText", .string($0.replacement)),
        ])
      }
      let title =
        diagnostic.fixIts.count == 1
        ? (diagnostic.fixIts[0].replacement.isEmpty
          ? "Remove the text" : "Replace with '\(diagnostic.fixIts[0].replacement)'")
        : "Apply the fix of '\(diagnostic.id.rawValue)'"
      actions.append(
        .object([
          ("title", .string(title)),
          ("kind", .string("quickfix")),
          (
            "diagnostics",
            .array([ProtocolDiagnostics.json(diagnostic, text: text) { _ in nil }])
          ),
          ("isPreferred", .bool(true)),
          (
            "edit",
            .object([
              (
                "changes",
                .object([(analysis.uri, .array(edits))])
              )
            ])
          ),
        ]))
    }
    return .array(actions)
  }
}
