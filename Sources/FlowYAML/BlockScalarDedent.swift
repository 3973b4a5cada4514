import FlowDiagnostics

/// A line libyaml could not read because it is indented less than the first line of the
/// literal or folded block above it (`key: |`): the block's first line sets the indentation
/// every line of it keeps, so a line indented less ends the block and stands where a key was
/// expected. Found by reading the lines above the problem, as text.
struct BlockScalarDedent {
  /// The 1-based line of the `key: |` that starts the block.
  var headerLine: Int
  /// The indentation of the block's first line, which its lines keep.
  var indentation: Int
  /// The indentation of the line that ended the block.
  var lineIndentation: Int

  /// The block the 1-based `problemLine` fell out of, if it did.
  init?(_ text: SourceText, problemLine: Int) {
    guard let problem = text.line(problemLine), let own = Self.indentation(of: problem) else {
      return nil
    }
    // Up from the problem: lines of the block are indented more than this one; the first
    // line indented as little or less is the block's header, or there is no block.
    var line = problemLine - 1
    var first: Int?
    while line >= 1, let content = text.line(line) {
      defer { line -= 1 }
      guard let indentation = Self.indentation(of: content) else { continue }
      guard indentation <= own else {
        first = indentation
        continue
      }
      guard Self.startsBlockScalar(content), let first, first > own else { return nil }
      headerLine = line
      self.indentation = first
      lineIndentation = own
      return
    }
    return nil
  }

  /// The spaces before a line's content; `nil` for a blank line or a comment.
  private static func indentation(of line: String) -> Int? {
    let spaces = line.prefix { $0 == " " }.count
    let rest = line.dropFirst(spaces)
    guard let first = rest.first, first != "#" else { return nil }
    return spaces
  }

  /// Whether a line ends with a block scalar's indicator: `key: |`, `key: >-`, `- |2`, with a
  /// comment after it or not.
  private static func startsBlockScalar(_ line: String) -> Bool {
    var content = Substring(line)
    // A comment starts at a '#' after a space.
    var previous: Character = " "
    for index in content.indices {
      if content[index] == "#", previous == " " {
        content = content[..<index]
        break
      }
      previous = content[index]
    }
    content = content.drop { $0 == " " }
    while content.last == " " { content = content.dropLast() }
    // The indicator and its modifiers: `|` or `>`, then `-`/`+` and a digit in any order.
    var indicator = content
    while let last = indicator.last, last == "-" || last == "+" || last.isNumber {
      indicator = indicator.dropLast()
    }
    guard indicator.last == "|" || indicator.last == ">" else { return false }
    let before = indicator.dropLast()
    return before.hasSuffix(": ") || before.hasSuffix("- ") || before == "-" || before.isEmpty
  }
}
