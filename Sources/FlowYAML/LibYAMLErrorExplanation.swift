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
  static func message(
    problem: String, context: String?, problemLine: String, problemColumn: Int, contextLine: Int,
    contextColumn: Int, lines: @escaping (Int) -> String? = { _ in nil }, problemLineNumber: Int = 0
  ) -> String {
    let base = context.map { "\(problem) \($0)" } ?? problem
    let surroundings = Surroundings(
      lines: lines, contextLine: contextLine, problemLine: problemLineNumber)
    guard
      let explanation = explanation(
        problem: problem, context: context ?? "", problemLine: problemLine,
        problemColumn: problemColumn, contextLine: contextLine, contextColumn: contextColumn,
        surroundings: surroundings)
    else { return base }
    return base + ": " + explanation
  }

  /// The lines between libyaml's context and its error, read for what they say of it.
  private struct Surroundings {
    var lines: (Int) -> String?
    var contextLine: Int
    var problemLine: Int

    /// The first line from the context to the one before the error that opens a quote it
    /// does not close (`title: "Home`): a quoted text runs on to its closing quote, so
    /// libyaml stops lines later, where the next quote leaves it lost.
    func unclosedQuote() -> (line: Int, column: Int)? {
      guard contextLine > 0, problemLine > contextLine else { return nil }
      // A few lines up: a quote left open trips YAML at the next quote, soon after it, and
      // a long context (the top-level mapping) holds prose that is no YAML value.
      for number in max(contextLine, problemLine - 12)..<problemLine {
        guard let line = lines(number), let column = Self.unclosedQuote(in: line) else {
          continue
        }
        return (number, column)
      }
      return nil
    }

    /// The 1-based column of a quote that starts a value (after `: `, `- ` or at the line's
    /// start) and is not closed on its line.
    static func unclosedQuote(in line: String) -> Int? {
      let scalars = Array(line.unicodeScalars)
      var index = 0
      while index < scalars.count, scalars[index] == " " { index += 1 }
      var starts = [index]
      for position in scalars.indices.dropLast()
      where (scalars[position] == ":" || scalars[position] == "-") && scalars[position + 1] == " " {
        var value = position + 1
        while value < scalars.count, scalars[value] == " " { value += 1 }
        starts.append(value)
      }
      for start in starts where start < scalars.count {
        let quote = scalars[start]
        guard quote == "\"" || quote == "'" else { continue }
        var position = start + 1
        var closed = false
        while position < scalars.count {
          if quote == "\"", scalars[position] == "\\" {
            position += 2
            continue
          }
          if scalars[position] == quote {
            // `''` inside single quotes is a quote, not the end.
            if quote == "'", position + 1 < scalars.count, scalars[position + 1] == "'" {
              position += 2
              continue
            }
            closed = true
            break
          }
          position += 1
        }
        if !closed { return start + 1 }
        // Only the first value of a line is read: what follows a closed quote is its text.
        return nil
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
        guard spaces > indent, spaces > contextColumn, let colon = content.firstIndex(of: ":")
        else { continue }
        found = (spaces, String(content[..<colon]), number)
      }
      return found
    }
  }

  private static func explanation(
    problem: String, context: String, problemLine: String, problemColumn: Int, contextLine: Int,
    contextColumn: Int, surroundings: Surroundings
  ) -> String? {
    let indent = problemLine.prefix { $0 == " " }.count
    let text = problemLine.drop { $0 == " " }
    if let quote = surroundings.unclosedQuote() {
      return
        "the quote opened at line \(quote.line), column \(quote.column) is not closed on its line, so YAML reads on to the next quote; close it, or write the text without quotes"
    }
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
          "this line is indented \(spaces(indent)), but the keys before it are indented \(deeper.indent) ('\(deeper.key)', line \(deeper.line)) and \(contextColumn) (\(named)line \(contextLine)): indent it like the keys it belongs with, or, if those are the ones out of place, indent them \(spaces(indent))"
      }
      if indent != contextColumn {
        return
          "this line is indented \(spaces(indent)), but the keys of the mapping from line \(contextLine) are indented \(spaces(contextColumn)): indent this line \(spaces(contextColumn)) like them, or, if the key at line \(contextLine) is the one out of place, indent it and its sibling keys \(spaces(indent))"
      }
      return "the mapping from line \(contextLine) expects a 'key: value' here"
    case "did not find expected ',' or '}'":
      return
        "the '{' at line \(contextLine), column \(contextColumn + 1) is not closed, or two of its entries lack a ',' between them"
    case "did not find expected ',' or ']'":
      return
        "the '[' at line \(contextLine), column \(contextColumn + 1) is not closed, or two of its items lack a ',' between them"
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
