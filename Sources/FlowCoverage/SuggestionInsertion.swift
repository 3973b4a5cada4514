public import FlowDiagnostics
public import FlowModel

/// The text of a flow file with suggested items written into its checklist, each where a
/// reader would put it: at the end of the section it belongs to, at that section's own
/// indentation, new sections after the last one, and a `spec: |` block added at the end of
/// a file that has no checklist.
///
/// Only lines are added: every byte of the file is kept, and each added line ends as the
/// line it follows does (LF or CRLF).
public enum SuggestionInsertion {
  /// Why the items could not be written into the file.
  public enum Refusal: Error, Equatable, CustomStringConvertible {
    /// The checklist is a YAML mapping of quoted items, not a `spec: |` block.
    case mappingForm
    /// `spec:` has no value: there is no block to add to.
    case emptyMapping

    /// What to tell the user: why, and what to do instead.
    public var description: String {
      switch self {
      case .mappingForm:
        "its checklist is a YAML mapping of quoted items; --write adds to a 'spec: |' block only, so write each printed item as a quoted key ('\"[ ] text\": { when: …, expect: … }')"
      case .emptyMapping:
        "its 'spec:' has no value; write 'spec: |' and run again, and the items go into that block"
      }
    }
  }

  /// `text` with the items of `suggestions` added to `checklist` (the flow's own, decoded
  /// from `text`), or to a new `spec: |` block when it is `nil`.
  public static func inserting(
    _ suggestions: CoverageSuggestions, into text: SourceText, checklist: Checklist?
  ) throws(Refusal) -> [UInt8] {
    guard let checklist else {
      let lineBreak = firstLineBreak(text)
      var bytes = text.bytes
      if let last = bytes.last, last != UInt8(ascii: "\n") { bytes += Array(lineBreak.utf8) }
      let block = suggestions.checklistText(existingSections: [])
      let lines = ["spec: |"] + block.split(separator: "\n").map { "  " + $0 }
      return bytes + Array(lines.map { $0 + lineBreak }.joined().utf8)
    }
    guard checklist.form == .block else {
      throw checklist.sections.isEmpty ? .emptyMapping : .mappingForm
    }
    let firstTitle = checklist.sections.lazy.compactMap(\.title).first
    // A title's range is its text's; the line's own spaces say how far it is indented.
    let titleColumn = firstTitle.flatMap { indentation(ofLine: $0.range.start.line, in: text) }
    let itemColumn =
      indentationOfItems(in: checklist, text: text) ?? titleColumn
      ?? checklist.range.start.column + 1
    let entries = checklist.entries
    // Each section's last line (its deepest item's last line, else its title's) and the
    // indentation of its own first item, where new items become its items' siblings.
    let sections = checklist.sections.indices.map { index in
      let own = entries.filter { $0.sectionIndex == index }
      let end =
        own.map(\.item.lines.upperBound).max()
        ?? checklist.sections[index].title?.range.start.line ?? checklist.lines.lowerBound
      let column =
        own.first.flatMap { indentation(ofLine: $0.item.mark.range.start.line, in: text) }
        ?? itemColumn
      return (end: end, column: column)
    }
    let checklistEnd = sections.map(\.end).max() ?? checklist.lines.lowerBound
    // Lines to add after each line of the file, in the order they are planned.
    var additions: [Int: [String]] = [:]
    func add(_ items: [SuggestedItem], after line: Int, column: Int, title: String? = nil) {
      guard !items.isEmpty else { return }
      let indentation = String(repeating: " ", count: column)
      if let title {
        let titleIndentation = String(repeating: " ", count: titleColumn ?? column)
        additions[line, default: []] += ["", titleIndentation + "========= " + title]
      }
      additions[line, default: []] +=
        items
        .flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false) }
        .map { $0.isEmpty ? "" : indentation + $0 }
    }
    let titles = checklist.sections.map { $0.title?.value }
    // Items of no section go in the flow's own: its untitled first section, else before
    // the first title.
    let unsectioned = suggestions.items.filter { $0.section == nil }
    if titles.first == .some(nil) {
      add(unsectioned, after: sections[0].end, column: sections[0].column)
    } else if let firstTitle {
      add(unsectioned, after: firstTitle.range.start.line - 1, column: itemColumn)
    } else {
      add(unsectioned, after: checklistEnd, column: itemColumn)
    }
    for (index, title) in titles.enumerated() {
      guard let title, titles.firstIndex(of: title) == index else { continue }
      add(
        suggestions.items.filter { $0.section == title }, after: sections[index].end,
        column: sections[index].column)
    }
    var newSections: [String] = []
    for item in suggestions.items {
      guard let section = item.section, !titles.contains(section), !newSections.contains(section)
      else { continue }
      newSections.append(section)
    }
    for section in newSections {
      add(
        suggestions.items.filter { $0.section == section }, after: checklistEnd,
        column: itemColumn, title: TerminalText.line(section))
    }
    return rewritten(text, adding: additions)
  }

  /// How far a `spec: |` block's items are indented in the file (the spaces before the first
  /// item's line, a bullet's `- ` left out), when it has any.
  public static func indentationOfItems(in checklist: Checklist, text: SourceText) -> Int? {
    guard checklist.form == .block, let first = checklist.entries.first else { return nil }
    return indentation(ofLine: first.item.mark.range.start.line, in: text)
  }

  /// The spaces a line starts with.
  private static func indentation(ofLine line: Int, in text: SourceText) -> Int? {
    text.line(line).map { $0.prefix { $0 == " " }.count }
  }

  /// The file's bytes with `additions` after their lines, each added line ended as the line
  /// it follows is (the file's first line break after a last line that has none).
  private static func rewritten(_ text: SourceText, adding additions: [Int: [String]]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.bytes.count + 4096)
    var copied = 0
    for line in additions.keys.sorted() {
      guard let added = additions[line], !added.isEmpty else { continue }
      // The end of the line, with its line break; a last line without one gets it here.
      let end = text.byteRange(ofLine: line + 1)?.lowerBound ?? text.bytes.count
      bytes += text.bytes[copied..<end]
      copied = end
      let lineBreak: String
      if let last = bytes.last, last == UInt8(ascii: "\n") {
        lineBreak = bytes.count >= 2 && bytes[bytes.count - 2] == UInt8(ascii: "\r") ? "\r\n" : "\n"
      } else {
        lineBreak = firstLineBreak(text)
        if !bytes.isEmpty { bytes += Array(lineBreak.utf8) }
      }
      bytes += Array(added.map { $0 + lineBreak }.joined().utf8)
    }
    bytes += text.bytes[copied...]
    return bytes
  }

  /// The file's first line break, CRLF or LF (LF for a file of one line).
  private static func firstLineBreak(_ text: SourceText) -> String {
    guard let newline = text.bytes.firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
    return newline > 0 && text.bytes[newline - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
  }
}
