/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  case note
  case warning
  case error

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
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }
  public var description: String { rawValue }
}

/// A replacement the user can apply to fix a problem, such as a corrected name.
public struct FixIt: Hashable, Sendable {
  /// What to replace.
  public var range: SourceRange
  /// The text to put there.
  public var replacement: String

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
    public var message: String
    /// The file the note points into; `nil` means the diagnostic's file.
    public var file: String?
    public var range: SourceRange?

    public init(_ message: String, file: String? = nil, range: SourceRange? = nil) {
      self.message = DiagnosticMessage.clipped(message)
      self.file = file
      self.range = range
    }
  }

  public var id: DiagnosticID
  public var severity: Severity
  /// Lowercase, no trailing period, names in 'quotes'.
  public var message: String
  /// The path of the file, as the user gave it.
  public var file: String
  public var range: SourceRange
  public var notes: [Note]
  public var fixIts: [FixIt]

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
