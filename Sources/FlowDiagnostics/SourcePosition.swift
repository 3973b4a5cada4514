/// A place in a source file: 1-based line and 1-based column.
///
/// Columns count Unicode scalars, as libyaml does, so `é` and `✅` are one column each.
/// The printer converts them to display columns when it draws a caret.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
  // Stored in 32 bits each: a position is in every node and model value, and half the
  // size means half the bytes copied (4 GiB lines is more than any limit allows).
  private var storedLine: Int32
  private var storedColumn: Int32

  /// The 1-based line.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Int32(clamping: newValue) }
  }

  /// The 1-based column, in Unicode scalars.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(clamping: newValue) }
  }

  /// Creates a position from a 1-based line and column.
  public init(line: Int, column: Int) {
    self.storedLine = Int32(clamping: line)
    self.storedColumn = Int32(clamping: column)
  }

  /// The first character of a file.
  public static let start = SourcePosition(line: 1, column: 1)

  /// Orders positions as they come in the file: by line, then by column.
  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
  }

  /// `line:column`, as compilers print it.
  public var description: String { "\(line):\(column)" }

  /// The position `count` columns further on the same line.
  public func advanced(by count: Int) -> SourcePosition {
    SourcePosition(line: line, column: column + count)
  }
}

/// A span of source: from `start` up to, not including, `end`.
public struct SourceRange: Hashable, Sendable {
  /// The first character of the span.
  public var start: SourcePosition
  /// The position just after the span's last character.
  public var end: SourcePosition

  /// Creates a span; an `end` before `start` is treated as an empty span at `start`.
  public init(start: SourcePosition, end: SourcePosition) {
    self.start = start
    self.end = max(start, end)
  }

  /// An empty span at one position.
  public init(at position: SourcePosition) {
    self.init(start: position, end: position)
  }

  /// A span of `length` columns on one line.
  public init(start: SourcePosition, length: Int) {
    self.init(start: start, end: start.advanced(by: length))
  }
}
