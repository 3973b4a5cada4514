public import FlowDiagnostics
public import FlowModel

/// The text of a flow file with suggested items written into its checklist, each where a
/// reader would put it: at the end of the section it belongs to, new sections after the last
/// one, and a `spec: |` block added at the end of a file that has no checklist.
///
/// Only the lines added differ: every byte of the file is kept, and its line breaks (LF or
/// CRLF) are used for the new lines.
public enum SuggestionInsertion {
  /// Why the items could not be written into the file.
  public enum Refusal: Error, Equatable, CustomStringConvertible {
    /// The checklist is a YAML mapping of quoted items, not a `spec: |` block.
    case mappingForm

    public var description: String {
      switch self {
      case .mappingForm:
        "its checklist is a YAML mapping of quoted items; --write adds to a 'spec: |' block only, so paste the items 'flowc suggest' prints without --write"
      }
    }
  }

  /// `text` with the items of `suggestions` added to `checklist` (the flow's own, decoded
  /// from `text`), or to a new `spec: |` block when it is `nil`.
  public static func inserting(
    _ suggestions: CoverageSuggestions, into text: SourceText, checklist: Checklist?
  ) throws(Refusal) -> [UInt8] {
    let lineBreak = usesCRLF(text) ? "\r\n" : "\n"
    guard let checklist else {
      var bytes = text.bytes
      if let last = bytes.last, last != UInt8(ascii: "\n") { bytes += Array(lineBreak.utf8) }
      let block = suggestions.checklistText(existingSections: [])
      let lines = ["spec: |"] + block.split(separator: "\n").map { "  " + $0 }
      return bytes + Array(lines.map { $0 + lineBreak }.joined().utf8)
    }
    guard checklist.form == .block else { throw .mappingForm }
    let firstTitle = checklist.sections.lazy.compactMap(\.title).first
    // A title's range is its text's; the line's own spaces say how far it is indented.
    let titleColumn = firstTitle.flatMap { text.line($0.range.start.line) }.map {
      $0.prefix { $0 == " " }.count
    }
    let keyColumn = checklist.range.start.column - 1
    let itemIndentation = String(
      repeating: " ", count: indentationOfItems(in: checklist) ?? titleColumn ?? keyColumn + 2)
    let titleIndentation = titleColumn.map { String(repeating: " ", count: $0) } ?? itemIndentation
    let entries = checklist.entries
    // The last line of each section: its deepest item's last line, else its title's.
    let sectionEnds = checklist.sections.indices.map { index in
      entries.filter { $0.sectionIndex == index }.map(\.item.lines.upperBound).max()
        ?? checklist.sections[index].title?.range.start.line ?? checklist.lines.lowerBound
    }
    let checklistEnd = sectionEnds.max() ?? checklist.lines.lowerBound
    // Lines to add after each line of the file, in the order they are planned.
    var additions: [Int: [String]] = [:]
    func add(_ items: [SuggestedItem], after line: Int, title: String? = nil) {
      guard !items.isEmpty else { return }
      if let title {
        additions[line, default: []] += ["", titleIndentation + "========= " + title]
      }
      additions[line, default: []] +=
        items
        .flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false) }
        .map { $0.isEmpty ? "" : itemIndentation + $0 }
    }
    let titles = checklist.sections.map { $0.title?.value }
    // Items of no section go in the flow's own: its untitled first section, else before
    // the first title.
    let ownSectionEnd =
      if titles.first == .some(nil) {
        sectionEnds[0]
      } else if let firstTitle {
        firstTitle.range.start.line - 1
      } else {
        checklistEnd
      }
    add(suggestions.items.filter { $0.section == nil }, after: ownSectionEnd)
    for (index, title) in titles.enumerated() {
      guard let title, titles.firstIndex(of: title) == index else { continue }
      add(suggestions.items.filter { $0.section == title }, after: sectionEnds[index])
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
        title: TerminalText.line(section))
    }
    return rewritten(text, adding: additions, lineBreak: lineBreak)
  }

  /// How far a `spec: |` block's items are indented in the file, when it has any.
  public static func indentationOfItems(in checklist: Checklist) -> Int? {
    guard checklist.form == .block else { return nil }
    return checklist.entries.first.map { max(0, $0.item.mark.range.start.column - 1) }
  }

  /// The file's bytes with `additions` after their lines, each line ended by `lineBreak`.
  private static func rewritten(
    _ text: SourceText, adding additions: [Int: [String]], lineBreak: String
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.bytes.count + 4096)
    var copied = 0
    for line in additions.keys.sorted() {
      guard let added = additions[line], !added.isEmpty else { continue }
      // The end of the line, with its line break; a last line without one gets it here.
      let end = text.byteRange(ofLine: line + 1)?.lowerBound ?? text.bytes.count
      bytes += text.bytes[copied..<end]
      copied = end
      if let last = bytes.last, last != UInt8(ascii: "\n") { bytes += Array(lineBreak.utf8) }
      bytes += Array(added.map { $0 + lineBreak }.joined().utf8)
    }
    bytes += text.bytes[copied...]
    return bytes
  }

  /// Whether the file's first line break is CRLF.
  private static func usesCRLF(_ text: SourceText) -> Bool {
    guard let newline = text.bytes.firstIndex(of: UInt8(ascii: "\n")) else { return false }
    return newline > 0 && text.bytes[newline - 1] == UInt8(ascii: "\r")
  }
}
