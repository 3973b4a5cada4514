/// What a diagnostic says, before it is placed in a file: its id, severity and text.
///
/// Each stage keeps its messages in one catalog (an extension of this type), so wording
/// stays consistent: lowercase, no trailing period, names in 'quotes'.
public struct DiagnosticMessage: Hashable, Sendable {
  /// The stable id of the diagnostics this message makes, such as `model.unknown-key`.
  public var id: DiagnosticID
  /// How serious the diagnostics this message makes are.
  public var severity: Severity
  /// What the diagnostic says, lowercase with names in 'quotes'; clipped when very long.
  public var text: String

  /// Creates a message with its id, severity and text; a very long `text` is clipped.
  public init(_ id: DiagnosticID, _ severity: Severity, _ text: String) {
    self.id = id
    self.severity = severity
    self.text = Self.clipped(text)
  }

  /// How many Unicode scalars a message or a note holds at most.
  public static let maximumLength = 1000

  /// The text, or its start and its end around `…` when it is longer than `maximumLength`:
  /// a message quotes names and values from the input, and a 100 KB value must not make a
  /// 100 KB message (nor a secret a whole one) in a log.
  public static func clipped(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.count > maximumLength else { return text }
    let head = String(String.UnicodeScalarView(scalars.prefix(maximumLength * 7 / 10)))
    let tail = String(String.UnicodeScalarView(scalars.suffix(maximumLength / 4)))
    return head + " … " + tail
  }

  /// Names quoted and listed for a message: `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
  public static func list(_ names: [String]) -> String {
    let quoted = names.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "nothing" }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
  }
}

/// Collects the diagnostics of one file as a stage finds them.
public struct DiagnosticSink: Sendable {
  /// The file every diagnostic of this sink is located in.
  public let file: String
  /// What has been reported so far, in order.
  public private(set) var diagnostics: [Diagnostic] = []

  /// Creates an empty sink for the diagnostics of `file`, the path as the user gave it.
  public init(file: String) {
    self.file = file
  }

  /// Reports a message at a span of the file.
  public mutating func report(
    _ message: DiagnosticMessage, at range: SourceRange, notes: [Diagnostic.Note] = [],
    fixIts: [FixIt] = []
  ) {
    diagnostics.append(
      Diagnostic(
        id: message.id, severity: message.severity, message: message.text, file: file,
        range: range, notes: notes, fixIts: fixIts))
  }

  /// Reports a message at one position of the file.
  public mutating func report(
    _ message: DiagnosticMessage, at position: SourcePosition, notes: [Diagnostic.Note] = []
  ) {
    report(message, at: SourceRange(at: position), notes: notes)
  }

  /// Adds diagnostics found elsewhere, such as by a nested parse.
  public mutating func append(contentsOf other: [Diagnostic]) {
    diagnostics.append(contentsOf: other)
  }

  /// Whether any error has been reported.
  public var hasErrors: Bool { diagnostics.containsErrors }
}
