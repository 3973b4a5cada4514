/// Turns libyaml's error phrases into what a flow author should do, keeping libyaml's own
/// words in front so they can still be searched for.
///
/// Most libyaml errors in hand-written files are an indentation slip or an unclosed bracket;
/// the explanation names which, from the lines at the error and at its context.
enum LibYAMLErrorExplanation {
  /// libyaml's problem and context, with an explanation when one applies.
  ///
  /// - Parameters:
  ///   - problemLine: the text of the line where libyaml stopped.
  ///   - problemColumn: the 0-based column where it stopped.
  ///   - contextLine: the 1-based line where the construct it was parsing starts.
  ///   - contextColumn: the 0-based column where that construct starts.
  ///   - lines: the file's lines, by 1-based line number (as `contextLine` and
  ///     `problemLineNumber` count them), for what lies between the context and the error.
  ///   - problemLineNumber: the 1-based line where libyaml stopped.
  ///   - columnOffset: the columns of the file before the text's own (a checklist step's
  ///     value is parsed apart, without its block's indentation), added to every column and
  ///     indentation the message names; `contextColumn` already holds them.
  static func message(
    problem: String, context: String?, problemLine: String, problemColumn: Int, contextLine: Int,
    contextColumn: Int, lines: @escaping (Int) -> String? = { _ in nil },
    problemLineNumber: Int = 0,
    columnOffset: Int = 0
  ) -> String {
    let base = context.map { "\(problem) \($0)" } ?? problem
    let surroundings = Surroundings(
      lines: lines, contextLine: contextLine, problemLine: problemLineNumber)
    guard
      let explanation = explanation(
        problem: problem, context: context ?? "", problemLine: problemLine,
        problemColumn: problemColumn, contextLine: contextLine,
        contextColumn: contextColumn - columnOffset, surroundings: surroundings,
        columnOffset: columnOffset)
    else { return base }
    return base + ": " + explanation
  }

  /// The lines between libyaml's context and its error, read for what they say of it.
  private struct Surroundings {
    var lines: (Int) -> String?
    var contextLine: Int
    var problemLine: Int

    /// The first line from the context to the one before the error that opens a quote it
    /// does not close (`title: "Home`), and that no line before the error closes: a quoted
    /// text runs on to its closing quote, so libyaml stops lines later, where the next quote
    /// leaves it lost. A quoted text closed on a later line is valid YAML, and no such slip.
    func unclosedQuote() -> (line: Int, column: Int)? {
      guard contextLine > 0, problemLine > contextLine else { return nil }
      // A few lines up: a quote left open trips YAML at the next quote, soon after it, and
      // a long context (the top-level mapping) holds prose that is no YAML value.
      // Lines of a `|` or `>` block are text, whatever quotes they hold.
      var blockIndent: Int?
      for number in max(contextLine, problemLine - 12)..<problemLine {
        guard let line = lines(number) else { continue }
        let indent = line.prefix { $0 == " " }.count
        if let block = blockIndent {
          if indent > block || line.allSatisfy({ $0 == " " }) { continue }
          blockIndent = nil
        }
        if Self.startsBlockScalar(line) { blockIndent = indent }
        guard let (column, quote) = Self.unclosedQuote(in: line) else { continue }
        let closedLater = (number + 1..<problemLine).contains { later in
          lines(later).map { Self.closes(quote, $0) } ?? false
        }
        if !closedLater { return (number, column) }
      }
      return nil
    }

    /// Whether a line's value is a block scalar's header: `key: |`, `- >-`, `|2`.
    static func startsBlockScalar(_ line: String) -> Bool {
      var scalars = Array(line.unicodeScalars)
      if let hash = scalars.indices.dropFirst().first(where: {
        scalars[$0] == "#" && scalars[$0 - 1] == " "
      }) {
        scalars.removeSubrange(hash...)
      }
      while scalars.last == " " { scalars.removeLast() }
      let start = scalars.lastIndex(of: " ").map { $0 + 1 } ?? 0
      let header = scalars[start...]
      guard let first = header.first, first == "|" || first == ">",
        header.dropFirst().allSatisfy({ $0 == "-" || $0 == "+" || ("0"..."9").contains($0) })
      else { return false }
      // The header stands alone on its line, or after a key's `: ` or a list item's `- `.
      let before = scalars[..<start]
      return before.isEmpty || before.suffix(2).elementsEqual(": ".unicodeScalars)
        || before.suffix(2).elementsEqual("- ".unicodeScalars)
    }

    /// Whether `line` holds a quote that closes a `quote` text opened above it.
    static func closes(_ quote: Unicode.Scalar, _ line: String) -> Bool {
      let scalars = Array(line.unicodeScalars)
      return closingIndex(of: quote, in: scalars, from: 0) != nil
    }

    /// Where a text quoted with `quote` ends, from `start`: an unescaped `"`, or a `'` not
    /// doubled.
    static func closingIndex(
      of quote: Unicode.Scalar, in scalars: [Unicode.Scalar], from start: Int
    )
      -> Int?
    {
      var position = start
      while position < scalars.count {
        if quote == "\"", scalars[position] == "\\" {
          position += 2
          continue
        }
        if scalars[position] == quote {
          if quote == "'", position + 1 < scalars.count, scalars[position + 1] == "'" {
            position += 2
            continue
          }
          return position
        }
        position += 1
      }
      return nil
    }

    /// The 1-based column and the quote of a text that a line opens as a value and does not
    /// close. A value starts the line (after a list item's `- `), follows a key's `: `, or
    /// follows `{`, `[` or a `,` inside them; a quote inside plain text (`Fish - 'n chips`)
    /// or a comment starts nothing.
    static func unclosedQuote(in line: String) -> (column: Int, quote: Unicode.Scalar)? {
      let scalars = Array(line.unicodeScalars)
      var index = 0
      func skipSpaces() { while index < scalars.count, scalars[index] == " " { index += 1 } }
      skipSpaces()
      if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] == " " {
        index += 1
        skipSpaces()
      }
      var atValueStart = true
      var flowDepth = 0
      while index < scalars.count {
        let scalar = scalars[index]
        if atValueStart, scalar == "\"" || scalar == "'" {
          guard let close = closingIndex(of: scalar, in: scalars, from: index + 1) else {
            return (index + 1, scalar)
          }
          index = close + 1
          atValueStart = false
          continue
        }
        if scalar == "#", index == 0 || scalars[index - 1] == " " { return nil }
        // `{` and `[` open a collection only where a value starts, or inside one.
        let opens = (scalar == "{" || scalar == "[") && (atValueStart || flowDepth > 0)
        let separates =
          opens || (scalar == ":" && (index + 1 == scalars.count || scalars[index + 1] == " "))
          || (scalar == "," && flowDepth > 0)
        if opens { flowDepth += 1 }
        if (scalar == "}" || scalar == "]") && flowDepth > 0 { flowDepth -= 1 }
        index += 1
        if separates {
          atValueStart = true
          skipSpaces()
        } else if scalar != " " {
          atValueStart = false
        }
      }
      return nil
    }

    /// The keys above the error, from the line before it up to the context: each time a
    /// line is indented less than every line after it, a key of an enclosing level. The
    /// level just deeper than `indent`, if there is one: the keys the line may belong with.
    func deeperKey(than indent: Int, contextColumn: Int) -> (indent: Int, key: String, line: Int)? {
      guard contextLine > 0, problemLine > contextLine + 1 else { return nil }
      var shallowest = Int.max
      var found: (indent: Int, key: String, line: Int)?
      for number in stride(from: problemLine - 1, to: contextLine, by: -1) {
        guard let line = lines(number) else { continue }
        let spaces = line.prefix { $0 == " " }.count
        let content = line.dropFirst(spaces)
        guard !content.isEmpty, !content.hasPrefix("#"), spaces < shallowest else { continue }
        shallowest = spaces
        // A key line: not a list item, a flow collection or a quoted text.
        guard spaces > indent, spaces > contextColumn, let first = content.first,
          !"-{[\"'".contains(first), let colon = content.firstIndex(of: ":")
        else { continue }
        found = (spaces, String(content[..<colon]), number)
      }
      return found
    }
  }

  private static func explanation(
    problem: String, context: String, problemLine: String, problemColumn: Int, contextLine: Int,
    contextColumn: Int, surroundings: Surroundings, columnOffset: Int
  ) -> String? {
    // Indentations and columns are read in the text's own columns and named in the file's.
    let indent = problemLine.prefix { $0 == " " }.count
    let text = problemLine.drop { $0 == " " }
    if let quote = surroundings.unclosedQuote() {
      return
        "the quote opened at line \(quote.line), column \(quote.column + columnOffset) is not closed on its line, so YAML reads on to the next quote; close it, or write the text without quotes"
    }
    let shown = { (columns: Int) in spaces(columns + columnOffset) }
    switch problem {
    case "did not find expected key" where context.contains("block mapping"):
      if text.hasPrefix("- ") || text == "-" {
        return
          "a list item '-' stands where the mapping from line \(contextLine) expects a 'key: value'"
      }
      if indent != contextColumn,
        let deeper = surroundings.deeperKey(than: indent, contextColumn: contextColumn)
      {
        let contextKey = surroundings.lines(contextLine).map {
          String($0.drop { $0 == " " }.prefix { $0 != ":" })
        }
        let named = contextKey.map { "'\($0)', " } ?? ""
        return
          "this line is indented \(shown(indent)), but the keys before it are indented \(deeper.indent + columnOffset) ('\(deeper.key)', line \(deeper.line)) and \(contextColumn + columnOffset) (\(named)line \(contextLine)): indent it like the keys it belongs with, or, if those are the ones out of place, indent them \(shown(indent))"
      }
      if indent != contextColumn {
        return
          "this line is indented \(shown(indent)), but the keys of the mapping from line \(contextLine) are indented \(shown(contextColumn)): indent this line \(shown(contextColumn)) like them, or, if the key at line \(contextLine) is the one out of place, indent it and its sibling keys \(shown(indent))"
      }
      return "the mapping from line \(contextLine) expects a 'key: value' here"
    case "did not find expected ',' or '}'":
      return
        "the '{' at line \(contextLine), column \(contextColumn + 1 + columnOffset) is not closed, or two of its entries lack a ',' between them"
    case "did not find expected ',' or ']'":
      return
        "the '[' at line \(contextLine), column \(contextColumn + 1 + columnOffset) is not closed, or two of its items lack a ',' between them"
    case "mapping values are not allowed in this context":
      let before = problemLine.unicodeScalars.prefix(problemColumn)
      if String(String.UnicodeScalarView(before)).contains(": ") {
        return "a value containing ': ' must be quoted"
      }
      return
        "this line is indented more than the keys around it, so YAML reads it as part of the value above; align it with its sibling keys"
    case "could not find expected ':'":
      return
        "the key at line \(contextLine) has no ':' after it, or the line after it is indented as if it continued it"
    case "did not find expected <document start>":
      // A checklist step's value is parsed apart, and its columns offset: its "document" is
      // the value, which this line's indentation ended.
      if columnOffset > 0 {
        return
          "this line is indented less than the keys of the step's value above it, which ended there; indent it like those keys"
      }
      return "this line is outside the document's top-level mapping; check its indentation"
    case "found character that cannot start any token":
      return "quote the value if it is text"
    case "did not find expected node content":
      return "a value is missing here"
    default:
      return nil
    }
  }

  private static func spaces(_ count: Int) -> String {
    count == 1 ? "1 space" : "\(count) spaces"
  }
}
