import FlowDiagnostics
public import FlowModel

/// Prints a checklist in the articles' plain form, ready to paste into a pull request:
///
/// ```
///  ========= LOGIN
///  [✅] On init user not login set login view as root with no animation
///    [ ] User first login push to the onboarding view
/// ```
public enum ChecklistPrinter {
  /// The checklist as text; with `results`, each mark says what running the item found, and
  /// a failing item is followed by its first failure (`↳ line:column: expected …`) and how
  /// many more it has.
  public static func plainText(_ checklist: Checklist, results: [ChecklistResult]? = nil) -> String
  {
    let marks = results.map { results in
      Dictionary(
        results.map { ($0.entry.id, $0.passed ? MarkRewriter.done : MarkRewriter.toDo) },
        uniquingKeysWith: { first, _ in first })
    }
    let failures = Dictionary(
      (results ?? []).compactMap { result in
        result.failures.first.map { (result.entry.id, ($0, more: result.failures.count - 1)) }
      },
      uniquingKeysWith: { first, _ in first })
    var lines: [String] = []
    // Each entry's section once, not every entry for every section.
    let entriesBySection = Dictionary(grouping: checklist.entries, by: \.sectionIndex)
    // Every text from the flow as one line (TerminalText.line): a line break in a value
    // cannot print a line of its own.
    for (index, section) in checklist.sections.enumerated() {
      if !lines.isEmpty { lines.append("") }
      if let title = section.title {
        lines.append(" ========= \(TerminalText.line(title.value))")
      }
      for entry in entriesBySection[index] ?? [] {
        let mark = TerminalText.line(marks?[entry.id] ?? entry.item.mark.text)
        let indent = String(repeating: "  ", count: entry.ancestors.count)
        lines.append(" \(indent)\(mark) \(TerminalText.line(entry.item.text.value))")
        if let (failure, more) = failures[entry.id] {
          // As `spec --update` says it: the first failure, and how many follow it.
          let others = more > 0 ? " (and \(more) more)" : ""
          lines.append(
            " \(indent)    ↳ \(failure.range.start): \(TerminalText.line(failure.message))\(others)"
          )
        }
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }
}
