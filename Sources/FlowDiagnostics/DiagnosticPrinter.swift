/// Prints diagnostics as a compiler does: `file:line:col: severity: message`, the source
/// line, and a caret under the place, or as JSON for CI.
public struct DiagnosticPrinter: Sendable {
  /// Whether to colour the text with ANSI escapes (only on a terminal, never with `NO_COLOR`).
  public var colored: Bool
  /// Finds a file's text to quote its lines; `nil` prints no source line.
  public var sourceText: @Sendable (String) -> SourceText?

  /// Creates a printer, plain unless `colored`, quoting lines found by `sourceText`.
  public init(colored: Bool = false, sourceText: @escaping @Sendable (String) -> SourceText?) {
    self.colored = colored
    self.sourceText = sourceText
  }

  /// One diagnostic with its notes, each followed by its source line and caret.
  public func render(_ diagnostic: Diagnostic) -> String {
    var output = ""
    renderEntry(
      file: diagnostic.file, range: diagnostic.range, severity: diagnostic.severity,
      message: diagnostic.message, to: &output)
    for note in diagnostic.notes {
      renderEntry(
        file: note.file ?? diagnostic.file, range: note.range ?? diagnostic.range,
        severity: .note, message: note.message, quoteSource: note.range != nil,
        to: &output)
    }
    return output
  }

  /// Every diagnostic in order, then nothing else.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined()
  }

  /// "2 errors and 1 warning in 1 file", or `nil` when there is nothing to say.
  public static func summary(of diagnostics: [Diagnostic]) -> String? {
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    guard errors + warnings > 0 else { return nil }
    let files = Set(diagnostics.map(\.file)).count
    var parts: [String] = []
    if errors > 0 { parts.append(Wording.count(errors, "error")) }
    if warnings > 0 { parts.append(Wording.count(warnings, "warning")) }
    return parts.joined(separator: " and ") + " in " + Wording.count(files, "file")
  }

  /// The diagnostics as one JSON array of objects with `file`, `line`, `column`,
  /// `severity`, `id`, `message`, plus `notes` and `fixIts` when there are any.
  public static func json(_ diagnostics: [Diagnostic]) -> JSONValue {
    .array(diagnostics.map(jsonObject))
  }

  private static func jsonObject(_ diagnostic: Diagnostic) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("file", .string(diagnostic.file)),
      ("line", .number(diagnostic.position.line)),
      ("column", .number(diagnostic.position.column)),
      ("severity", .string(diagnostic.severity.rawValue)),
      ("id", .string(diagnostic.id.rawValue)),
      ("message", .string(diagnostic.message)),
    ]
    if !diagnostic.notes.isEmpty {
      members.append(
        (
          "notes",
          .array(
            diagnostic.notes.map { note in
              let position = (note.range ?? diagnostic.range).start
              return .object([
                ("file", .string(note.file ?? diagnostic.file)),
                ("line", .number(position.line)),
                ("column", .number(position.column)),
                ("message", .string(note.message)),
              ])
            })
        ))
    }
    if !diagnostic.fixIts.isEmpty {
      members.append(
        (
          "fixIts",
          .array(
            diagnostic.fixIts.map { fixIt in
              .object([
                ("line", .number(fixIt.range.start.line)),
                ("column", .number(fixIt.range.start.column)),
                ("endLine", .number(fixIt.range.end.line)),
                ("endColumn", .number(fixIt.range.end.column)),
                ("replacement", .string(fixIt.replacement)),
              ])
            })
        ))
    }
    return .object(members)
  }

  private func renderEntry(
    file: String, range: SourceRange, severity: Severity, message: String,
    quoteSource: Bool = true, to output: inout String
  ) {
    output += paint(
      "\(TerminalText.line(file)):\(range.start.line):\(range.start.column): ", .bold)
    output += paint("\(severity.rawValue):", severity.color)
    output += paint(" \(TerminalText.line(message))", .bold) + "\n"
    guard quoteSource, let text = sourceText(file), let line = text.line(range.start.line)
    else { return }
    let quoted = QuotedSourceLine(line, range: range)
    output += quoted.text + "\n"
    output += paint(quoted.caret, .green) + "\n"
  }

  fileprivate enum Style: String {
    case bold = "\u{1B}[1m"
    case red = "\u{1B}[1;31m"
    case magenta = "\u{1B}[1;35m"
    case cyan = "\u{1B}[1;36m"
    case green = "\u{1B}[1;32m"
  }

  private func paint(_ text: String, _ style: Style) -> String {
    colored ? style.rawValue + text + "\u{1B}[0m" : text
  }
}

extension Severity {
  fileprivate var color: DiagnosticPrinter.Style {
    switch self {
    case .error: .red
    case .warning: .magenta
    case .note: .cyan
    }
  }
}
