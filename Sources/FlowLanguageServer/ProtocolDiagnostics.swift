import FlowDiagnostics
import FlowModel
import FlowSpec

/// Diagnostics as `textDocument/publishDiagnostics` carries them: the ids, messages,
/// severities and notes of `flowc check`, and, at each `use:` of a child flow with errors,
/// one error that names them.
enum ProtocolDiagnostics {
  /// The diagnostics to show in the open document of an analysis.
  /// A YAML file without a top-level `flow:` key is not a flow: the editor attaches the
  /// server to every YAML file, and a CI workflow is not wrong for not being a flow.
  static func diagnostics(of analysis: Workspace.Analysis) -> [Diagnostic] {
    let document = analysis.document
    guard document.topLevel != .otherYAML else { return [] }
    let own = document.diagnostics.filter { $0.file == document.path }
    return (own + childFlowErrors(of: document)).sortedByLocation()
  }

  /// At the `use:` of each child flow whose tree has errors: one error naming the first.
  static func childFlowErrors(of document: FlowDocument) -> [Diagnostic] {
    guard let flow = document.flow else { return [] }
    var diagnostics: [Diagnostic] = []
    for use in flow.uses {
      let path = FlowFiles.resolve(use.path.value, from: document.path)
      guard let child = document.children.first(where: { $0.path == path }) else { continue }
      let files = Set(filesOfTree(child))
      let errors = document.diagnostics.filter {
        $0.severity == .error && $0.file != document.path && files.contains($0.file)
      }
      guard let first = errors.first else { continue }
      let count = errors.count == 1 ? "an error" : "\(errors.count) errors"
      diagnostics.append(
        Diagnostic(
          id: "model.child-flow-errors", severity: .error,
          message: "the child flow '\(use.name.value)' has \(count); the first: \(first.message)",
          file: document.path, range: use.path.range,
          notes: errors.map { Diagnostic.Note($0.message, file: $0.file, range: $0.range) }))
    }
    return diagnostics
  }

  private static func filesOfTree(_ document: FlowDocument) -> [String] {
    [document.path] + document.children.flatMap(filesOfTree)
  }

  /// A diagnostic as the protocol writes it, located in `text`; notes become related
  /// information, each in its file (`textOf` gives other files' texts).
  static func json(
    _ diagnostic: Diagnostic, text: SourceText, textOf: (String) -> SourceText?
  ) -> JSONValue {
    let range = text.protocolRange(of: diagnostic.range)
    var members: [(String, JSONValue)] = [
      ("range", range.json),
      ("severity", .number(severity(diagnostic.severity))),
      ("code", .string(diagnostic.id.rawValue)),
      ("source", .string("flowc")),
      ("message", .string(diagnostic.message)),
    ]
    if !diagnostic.notes.isEmpty {
      let related: [JSONValue] = diagnostic.notes.map { note in
        let file = note.file ?? diagnostic.file
        let noteText = file == diagnostic.file ? text : textOf(file)
        let noteRange =
          note.range.flatMap { range in noteText.map { $0.protocolRange(of: range) } }
          ?? (file == diagnostic.file
            ? range
            : ProtocolRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)))
        return .object([
          (
            "location",
            .object([("uri", .string(DocumentURI.uri(ofPath: file))), ("range", noteRange.json)])
          ),
          ("message", .string(note.message)),
        ])
      }
      members.append(("relatedInformation", .array(related)))
    }
    return .object(members)
  }

  /// The protocol's severity: 1 error, 2 warning, 3 information.
  static func severity(_ severity: Severity) -> Int {
    switch severity {
    case .error: 1
    case .warning: 2
    case .note: 3
    }
  }
}
