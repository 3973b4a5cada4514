import FlowDiagnostics

/// A place as the protocol counts it: a 0-based line and a 0-based offset in UTF-16 code
/// units, whatever the file's characters.
public struct ProtocolPosition: Hashable, Sendable, Comparable {
  /// The 0-based line.
  public var line: Int
  /// The 0-based offset in the line, in UTF-16 code units.
  public var character: Int

  /// A position at `line` and `character`, both from 0.
  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  /// Orders positions as they come in the file.
  public static func < (lhs: ProtocolPosition, rhs: ProtocolPosition) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }

  /// `{ "line": …, "character": … }`.
  var json: JSONValue { .object([("line", .number(line)), ("character", .number(character))]) }

  /// The position a client sent, or `nil` when the value is not one.
  init?(json: JSONValue?) {
    guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue,
      line >= 0, character >= 0
    else { return nil }
    // Past any line a file can have, and small enough that `line + 1` cannot overflow.
    self.init(line: min(line, Int(Int32.max) - 1), character: min(character, Int(Int32.max)))
  }
}

/// A span as the protocol counts it.
public struct ProtocolRange: Hashable, Sendable {
  /// Where the span starts.
  public var start: ProtocolPosition
  /// Where it ends, not included.
  public var end: ProtocolPosition

  /// The span from `start` to `end`.
  public init(start: ProtocolPosition, end: ProtocolPosition) {
    self.start = start
    self.end = end
  }

  /// `{ "start": …, "end": … }`.
  var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }

  /// The range a client sent, or `nil` when the value is not one.
  init?(json: JSONValue?) {
    guard let start = ProtocolPosition(json: json?["start"]),
      let end = ProtocolPosition(json: json?["end"])
    else { return nil }
    self.init(start: start, end: end)
  }

  /// Whether `position` is in the span, its end included (a cursor just after a name is on it).
  func contains(_ position: ProtocolPosition) -> Bool { start <= position && position <= end }

  /// Whether the two spans share a position.
  func overlaps(_ other: ProtocolRange) -> Bool { start <= other.end && other.start <= end }
}

extension SourceText {
  /// The protocol's position of a source position (columns in Unicode scalars).
  func protocolPosition(of position: SourcePosition) -> ProtocolPosition {
    let line = max(0, position.line - 1)
    let walked = walk(line: position.line) { column, _ in column < position.column }
    return ProtocolPosition(line: line, character: walked?.units ?? 0)
  }

  /// The protocol's range of a source range.
  func protocolRange(of range: SourceRange) -> ProtocolRange {
    ProtocolRange(start: protocolPosition(of: range.start), end: protocolPosition(of: range.end))
  }

  /// The source position of a protocol position; a character past the line's end, or in the
  /// middle of a character's two UTF-16 units, is taken to the next character boundary.
  func sourcePosition(of position: ProtocolPosition) -> SourcePosition {
    let line = position.line + 1
    guard let walked = walk(line: line, while: { _, units in units < position.character }) else {
      let last = max(1, lineStarts.count)
      let end = byteRange(ofLine: last).map { $0.upperBound } ?? 0
      return self.position(ofByteOffset: end)
    }
    return SourcePosition(line: line, column: walked.column)
  }

  /// Walks a 1-based line's characters from its start while `proceed(column, units)` holds
  /// (the 1-based column reached, in scalars, and the UTF-16 units before it), up to its end;
  /// `nil` for a line the text does not have.
  private func walk(line: Int, while proceed: (Int, Int) -> Bool) -> (column: Int, units: Int)? {
    guard let range = byteRange(ofLine: line) else { return nil }
    var units = 0
    var column = 1
    var offset = range.lowerBound
    while proceed(column, units), offset < range.upperBound {
      let length = Self.scalarLength(leadingByte: bytes[offset])
      units += length == 4 ? 2 : 1
      offset += length
      column += 1
    }
    return (column, units)
  }

  /// The byte offset of a protocol position, clamped to the text.
  func byteOffset(of position: ProtocolPosition) -> Int {
    if position.line >= lineStarts.count { return bytes.count }
    return byteOffset(of: sourcePosition(of: position)) ?? bytes.count
  }

  /// The text of a source range on one line, or `nil` when it spans lines.
  func text(of range: SourceRange) -> String? {
    guard range.start.line == range.end.line, let start = byteOffset(of: range.start),
      let end = byteOffset(of: range.end), start <= end
    else { return nil }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
