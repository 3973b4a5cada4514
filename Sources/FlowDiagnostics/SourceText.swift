/// The text of a source file, indexed by line, for printing and for byte-exact edits.
///
/// Lines end at `\n`; a `\r` before it belongs to the line break, so CRLF files print
/// cleanly and keep their line endings when edited.
public struct SourceText: Sendable {
  /// The file's bytes, exactly as read.
  public let bytes: [UInt8]
  /// The byte offset where each line starts; `lineStarts[0]` is line 1. Shared with the
  /// YAML front end, which plans where to cut a large file by lines.
  package let lineStarts: [Int]

  /// Indexes the lines of `bytes`.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
    self.lineStarts = Self.lineStarts(of: bytes)
  }

  /// Where each line starts, found with `memchr`: files of 100,000 screens have millions
  /// of lines, and this runs before anything else.
  private static func lineStarts(of bytes: [UInt8]) -> [Int] {
    var starts = [0]
    // Lines of flows average 20 to 30 bytes; unused room costs address space only.
    starts.reserveCapacity(bytes.count / 12 + 1)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count,
        let found = Platform.offset(of: 10, in: base + offset, count: buffer.count - offset)
      {
        offset += found + 1
        starts.append(offset)
      }
    }
    return starts
  }

  /// Indexes the lines of a string's UTF-8 encoding.
  public init(_ string: String) {
    self.init(bytes: Array(string.utf8))
  }

  /// The byte range of a 1-based line, without its line break.
  public func byteRange(ofLine line: Int) -> Range<Int>? {
    guard line >= 1, line <= lineStarts.count else { return nil }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return start..<max(start, end)
  }

  /// The text of a 1-based line, without its line break; invalid UTF-8 is repaired.
  public func line(_ line: Int) -> String? {
    guard let range = byteRange(ofLine: line) else { return nil }
    return String(decoding: bytes[range], as: UTF8.self)
  }

  /// The byte offset of a position whose column counts Unicode scalars.
  ///
  /// A column past the end of its line maps to the end of the line.
  public func byteOffset(of position: SourcePosition) -> Int? {
    guard let range = byteRange(ofLine: position.line) else { return nil }
    var offset = range.lowerBound
    var column = 1
    while column < position.column, offset < range.upperBound {
      offset += Self.scalarLength(leadingByte: bytes[offset])
      column += 1
    }
    return min(offset, range.upperBound)
  }

  /// The position of a byte offset, counting columns in Unicode scalars.
  public func position(ofByteOffset offset: Int) -> SourcePosition {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
    }
    var column = 1
    var cursor = lineStarts[low]
    while cursor < clamped {
      cursor += Self.scalarLength(leadingByte: bytes[cursor])
      column += 1
    }
    return SourcePosition(line: low + 1, column: column)
  }

  /// How many bytes a UTF-8 sequence starting with this byte takes (1 for invalid bytes).
  package static func scalarLength(leadingByte byte: UInt8) -> Int {
    switch byte {
    case 0xF0...0xF7: 4
    case 0xE0...0xEF: 3
    case 0xC0...0xDF: 2
    default: 1
    }
  }
}
