public import FlowDiagnostics
public import FlowYAML

/// Events written as in a checklist's `when`, for tools that take events from a user:
/// `login`, `{ tap: right }`, `{ alert: Logout }`, `{ selectInfo: { info: A title } }`,
/// or a list of these.
public enum EventSyntax {
  /// Parses one YAML value holding an event or a list of events.
  ///
  /// - Parameters:
  ///   - text: the YAML text.
  ///   - file: the name to give diagnostics.
  ///   - origin: where the text starts in that file.
  public static func parse(
    _ text: String, file: String, origin: SourcePosition = .start, limits: YAMLLimits = .default
  ) -> (events: [EventStep], diagnostics: [Diagnostic]) {
    let parsed = YAMLParser.parse(Array(text.utf8), file: file, limits: limits, origin: origin)
    guard let root = parsed.root else { return ([], parsed.diagnostics) }
    var decoder = ModelDecoder(file: file, source: SourceText(text), limits: limits)
    // The root owns the tree its items are read from, which do not retain it.
    let events: [EventStep] = withExtendedLifetime(root) {
      if let items = root.items {
        return items.compactMap { decoder.eventStep($0) }
      }
      return decoder.eventStep(root).map { [$0] } ?? []
    }
    return (events, parsed.diagnostics + decoder.sink.diagnostics)
  }
}
