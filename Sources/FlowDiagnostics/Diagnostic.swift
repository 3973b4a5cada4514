/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  /// A remark that explains or locates another diagnostic; it never fails a check.
  case note
  /// A likely mistake; it fails `flowc check` only with `--warnings-as-errors`.
  case warning
  /// A problem that fails `flowc check`.
  case error

  /// Orders by seriousness: `note` < `warning` < `error`.
  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs.rank < rhs.rank
  }

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }
}

/// A stable identifier of a kind of diagnostic, such as `yaml.duplicate-key`.
///
/// Ids are part of the JSON output, so CI scripts can rely on them; messages may improve.
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The id as written in output, such as `model.unknown-key`.
  public var rawValue: String
  /// Creates an id from its text, such as `yaml.duplicate-key`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Creates an id from a string literal, so a catalog can write `"yaml.tag"`.
  public init(stringLiteral value: String) { self.rawValue = value }
  /// The id as written in output, such as `yaml.duplicate-key`.
  public var description: String { rawValue }
}

/// A replacement the user can apply to fix a problem, such as a corrected name.
public struct FixIt: Hashable, Sendable {
  /// What to replace.
  public var range: SourceRange
  /// The text to put there.
  public var replacement: String

  /// Creates a fix-it that puts `replacement` in place of the text at `range`.
  public init(range: SourceRange, replacement: String) {
    self.range = range
    self.replacement = replacement
  }
}

/// A problem found in an input file, located to a line and column.
///
/// Diagnostics are values: stages collect them instead of throwing, so that one run
/// reports every problem. The printer alone decides how they look.
public struct Diagnostic: Hashable, Sendable {
  /// A remark attached to a diagnostic, usually pointing at a related place.
  public struct Note: Hashable, Sendable {
    /// What the note says, in the style of diagnostic messages; clipped when very long.
    public var message: String
    /// The file the note points into; `nil` means the diagnostic's file.
    public var file: String?
    /// The span the note points at; `nil` means the diagnostic's range, with no source line
    /// quoted for the note.
    public var range: SourceRange?

    /// Creates a note; without `file` or `range` it refers to the diagnostic's own place.
    public init(_ message: String, file: String? = nil, range: SourceRange? = nil) {
      self.message = DiagnosticMessage.clipped(message)
      self.file = file
      self.range = range
    }
  }

  /// The stable id of the kind of problem, such as `yaml.duplicate-key`.
  public var id: DiagnosticID
  /// How serious the problem is.
  public var severity: Severity
  /// Lowercase, no trailing period, names in 'quotes'.
  public var message: String
  /// The path of the file, as the user gave it.
  public var file: String
  /// The span of the file the diagnostic points at.
  public var range: SourceRange
  /// Remarks printed after the diagnostic, such as where a duplicate key first appears.
  public var notes: [Note]
  /// Replacements that would fix the problem, such as the suggested spelling of a name.
  public var fixIts: [FixIt]

  /// Creates a diagnostic at `range` of `file`; a very long `message` is clipped.
  public init(
    id: DiagnosticID, severity: Severity, message: String, file: String,
    range: SourceRange, notes: [Note] = [], fixIts: [FixIt] = []
  ) {
    self.id = id
    self.severity = severity
    self.message = DiagnosticMessage.clipped(message)
    self.file = file
    self.range = range
    self.notes = notes
    self.fixIts = fixIts
  }

  /// The first character the diagnostic points at.
  public var position: SourcePosition { range.start }
}

extension Array where Element == Diagnostic {
  /// Whether any diagnostic is an error.
  public var containsErrors: Bool { contains { $0.severity == .error } }

  /// The diagnostics without repeats of one already there (same file, place, id and
  /// message), in order.
  public func uniqued() -> [Diagnostic] {
    var seen: Set<Diagnostic> = []
    return filter { seen.insert($0).inserted }
  }

  /// Sorted by file, then position, keeping the order of diagnostics at one place.
  public func sortedByLocation() -> [Diagnostic] {
    enumerated().sorted { lhs, rhs in
      if lhs.element.file != rhs.element.file { return lhs.element.file < rhs.element.file }
      if lhs.element.position != rhs.element.position {
        return lhs.element.position < rhs.element.position
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }
}
