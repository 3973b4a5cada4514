/// A source line as printed under a diagnostic, with the caret line under it: control
/// characters escaped, and a long line cut to a window around the place (`…` at the cuts),
/// so output grows with the number of problems, never with the length of a line.
struct QuotedSourceLine {
  /// Lines up to this many terminal columns are quoted whole.
  static let maximumWidth = 160
  /// How many columns of a cut line are kept before the place.
  static let context = 60

  var text: String
  var caret: String

  /// Quotes `line`, marking `range` (columns counted in Unicode scalars, from 1): `^` at its
  /// start and `~` under the rest of it on this line.
  init(_ line: String, range: SourceRange) {
    if line.utf8.count <= Self.maximumWidth, line.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
      (text, caret) = Self.quote(printableASCII: line, range: range)
    } else {
      (text, caret) = Self.quote(line, range: range)
    }
  }

  /// Any line: scalars measured one by one, escaped, and the line cut when it is long.
  private static func quote(_ line: String, range: SourceRange) -> (text: String, caret: String) {
    let scalars = Array(line.unicodeScalars)
    // Only the scalars that may be printed are measured: a long line costs its copy, not a
    // string per character.
    func cell(_ index: Int) -> (text: String, width: Int) {
      let scalar = scalars[index]
      if scalar == "\t" { return ("\t", 1) }
      if let escaped = TerminalText.escape(scalar) { return (escaped, escaped.count) }
      return (String(scalar), DisplayWidth.of(scalar))
    }
    let start = min(max(range.start.column - 1, 0), scalars.count)
    let end =
      range.end.line == range.start.line
      ? min(max(range.end.column - 1, start + 1), scalars.count) : scalars.count

    var low = 0
    var high = scalars.count
    // A scalar is at most a few columns wide, so a line of few scalars is measured whole.
    let mayFit =
      scalars.count <= maximumWidth * 2
      && scalars.indices.reduce(0, { $0 + cell($1).width }) <= maximumWidth
    if !mayFit {
      var before = 0
      low = start
      while low > 0, before + cell(low - 1).width <= context {
        low -= 1
        before += cell(low).width
      }
      var width = 0
      high = low
      while high < scalars.count, high <= start || width + cell(high).width <= maximumWidth {
        width += cell(high).width
        high += 1
      }
    }
    let cells = (low..<high).map(cell)
    let cutBefore = low > 0
    let cutAfter = high < scalars.count
    let text =
      (cutBefore ? "…" : "") + cells.map(\.text).joined() + (cutAfter ? "…" : "")
    var caret = cutBefore ? " " : ""
    for index in low..<min(start, high) {
      let cell = cells[index - low]
      caret += cell.text == "\t" ? "\t" : String(repeating: " ", count: cell.width)
    }
    var underline = ""
    for index in start..<max(start, min(end, high)) {
      let mark = index == start ? "^" : "~"
      underline += mark + String(repeating: "~", count: max(0, cells[index - low].width - 1))
    }
    return (text, caret + (underline.isEmpty ? "^" : underline))
  }

  /// The common case, a short line of printable ASCII: quoted as it is, one column a byte.
  private static func quote(printableASCII line: String, range: SourceRange) -> (
    text: String, caret: String
  ) {
    let length = line.utf8.count
    let start = min(max(range.start.column - 1, 0), length)
    let end =
      range.end.line == range.start.line
      ? min(max(range.end.column - 1, start + 1), length) : length
    return (
      line,
      String(repeating: " ", count: start)
        + (end > start ? "^" + String(repeating: "~", count: end - start - 1) : "^")
    )
  }
}
