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
  static func message(
    problem: String, context: String?, problemLine: String, problemColumn: Int, contextLine: Int,
    contextColumn: Int
  ) -> String {
    let base = context.map { "\(problem) \($0)" } ?? problem
    guard
      let explanation = explanation(
        problem: problem, context: context ?? "", problemLine: problemLine,
        problemColumn: problemColumn,
        contextLine: contextLine, contextColumn: contextColumn)
    else { return base }
    return base + ": " + explanation
  }

  private static func explanation(
    problem: String, context: String, problemLine: String, problemColumn: Int, contextLine: Int,
    contextColumn: Int
  ) -> String? {
    let indent = problemLine.prefix { $0 == " " }.count
    let text = problemLine.drop { $0 == " " }
    switch problem {
    case "did not find expected key" where context.contains("block mapping"):
      if text.hasPrefix("- ") || text == "-" {
        return
          "a list item '-' stands where the mapping from line \(contextLine) expects a 'key: value'"
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
