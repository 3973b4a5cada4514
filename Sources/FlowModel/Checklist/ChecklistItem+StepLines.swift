public import FlowDiagnostics

extension ChecklistItem {
  /// The source lines of the item's steps, as written in `source`, without their common
  /// indentation: what generated tests show above each test, and what `flowc diff` compares.
  public func stepLines(in source: SourceText) -> [String] {
    var numbers: [Int] = []
    for step in steps {
      // A block value ends where the line after it starts: only spaces precede its end.
      let end = step.range.end
      let beforeEnd = (source.line(end.line) ?? "").unicodeScalars.prefix(end.column - 1)
      let endsOnPreviousLine =
        end.line > step.range.start.line && beforeEnd.allSatisfy { $0 == " " }
      let lastLine = endsOnPreviousLine ? end.line - 1 : end.line
      for line in step.range.start.line...max(step.range.start.line, lastLine)
      where !numbers.contains(line) {
        numbers.append(line)
      }
    }
    let lines = numbers.sorted().compactMap { source.line($0) }
      .map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
      .filter { !$0.allSatisfy { $0 == " " } }
    let indent = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { String($0.dropFirst(indent)) }
  }
}
