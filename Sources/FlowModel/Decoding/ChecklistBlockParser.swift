import FlowDiagnostics
import FlowYAML

extension DiagnosticMessage {
  static func unknownChecklistLine(_ line: String) -> Self {
    Self(
      "checklist.unknown-line", .error,
      "expected a checklist item ('[ ] …'), a step ('given', 'when' or 'expect') or a section title ('===== NAME'), found '\(line)'"
    )
  }
  static func unknownStep(_ word: String, suggestion: String) -> Self {
    Self("checklist.unknown-step", .error, "unknown step '\(word)'; did you mean '\(suggestion)'?")
  }
  static func unknownMark(_ mark: String) -> Self {
    Self(
      "checklist.unknown-mark", .error,
      "'\(mark)' is not a checklist mark; write '[ ]' for to do or '[✅]' for done")
  }
  static func markWithoutSpace(_ mark: String, text: String) -> Self {
    Self(
      "checklist.unknown-mark", .error,
      "a checklist item needs a space after its mark: write '\(mark) \(text)'")
  }
  static func stepWithoutItem() -> Self {
    Self("checklist.orphan-step", .error, "a step must follow the checklist item it belongs to")
  }
  static func stepNotIndented(_ item: String) -> Self {
    Self(
      "checklist.step-indentation", .error, "a step must be indented more than its item '\(item)'")
  }
  /// An item between two levels: `sibling` is the level of the item above it (`above`), and
  /// `parent` the level and text of the item it is read as nested under, if any.
  static func inconsistentIndentation(
    _ indent: Int, sibling: Int, above: String?, parent: (indent: Int, text: String)?
  ) -> Self {
    let aboveName = above.map { "'\($0)'" } ?? "the item above"
    let choices =
      parent.map {
        "; it is read as nested under '\($0.text)'. Indent it \(sibling) spaces to make it a sibling of \(aboveName), or \($0.indent) to make it a sibling of '\($0.text)'"
      }
      ?? "; indent it \(sibling) spaces to make it a sibling of \(aboveName), or further to nest it"
    return Self(
      "checklist.indentation", .error,
      "this item is indented \(indent) spaces, which matches no item above\(choices)")
  }
  static func straySpace(_ item: String, parent: String, indent: Int, sibling: Int) -> Self {
    Self(
      "checklist.stray-space", .warning,
      "'\(item)' is indented \(indent) spaces, one more than '\(parent)', so it is read as nested under it (continuing its scenario); indent it \(sibling) spaces to make it a sibling, or \(sibling + 2) to nest it on purpose"
    )
  }
  static func straySpaceInParent(
    _ parent: String, above: String, indent: Int, expected: Int, child: String, childIndent: Int
  ) -> Self {
    Self(
      "checklist.stray-space", .warning,
      "'\(parent)' is indented \(indent) spaces, one more than a step under '\(above)', so '\(child)', at \(childIndent), reads as nested under it by one space; indent '\(parent)' \(expected) spaces"
    )
  }
  static func tabInChecklist() -> Self {
    Self("checklist.tab", .error, "tab character in checklist indentation; indent with spaces")
  }
  static func tabAfterKeyword(_ keyword: String) -> Self {
    Self(
      "checklist.tab", .error,
      "a tab after '\(keyword)'; separate a step's keyword from its value with a space")
  }
  static func emptyStep(_ keyword: String) -> Self {
    Self(
      "checklist.empty-step", .error,
      "'\(keyword)' needs a value, such as '\(keyword) \(StepKeyword(rawValue: keyword)?.example ?? "")'"
    )
  }
  static func emptySectionTitle() -> Self {
    Self("checklist.empty-section", .error, "a section title needs a name after its '='")
  }
}

extension StepKeyword {
  var example: String {
    switch self {
    case .given: "{ isLogin: false }"
    case .when: "login"
    case .expect: "{ top: Infos }"
    }
  }
}

extension ModelDecoder {
  /// The checklist written as a literal block: the articles' plain text, each item followed
  /// by indented `given`, `when` and `expect` lines whose values libyaml parses in place.
  mutating func blockChecklist(_ node: YAMLNode, key: YAMLNode) -> Checklist {
    var reader = BlockChecklistReader(lines: blockLines(of: node))
    while let line = reader.next() {
      switch line.kind {
      case .blank, .comment: continue
      case .section: reader.startSection(line, decoder: &self)
      case .item(let mark): reader.addItem(line, mark: mark, decoder: &self)
      case .step(let keyword): reader.addStep(line, keyword: keyword, decoder: &self)
      case .stepAfterTab(let keyword):
        // Reported once, then read as if a space stood there, so the step still binds.
        let column = line.indent + keyword.rawValue.count
        sink.report(.tabAfterKeyword(keyword.rawValue), at: line.position(ofOffset: column))
        reader.addStep(line.replacingTab(at: column), keyword: keyword, decoder: &self)
      case .unknown:
        reportUnknownLine(line)
        reader.noteUnreadStep(line)
      case .misspeltItem(let mark):
        // Reported, and still the item its steps follow.
        reportUnknownLine(line)
        reader.addItem(line, mark: mark, decoder: &self)
      case .tab:
        sink.report(.tabInChecklist(), at: line.position(ofOffset: line.indent))
        // A tab's width is unknown: the line is the open item's, whatever its spaces.
        reader.noteUnreadStep(line, whateverItsIndent: true)
      }
    }
    return Checklist(form: .block, sections: reader.finish(), range: key.range)
  }

  /// The block's lines, each with its file line and the column its content starts at.
  private func blockLines(of node: YAMLNode) -> [BlockLine] {
    let first = node.range.start.line + 1
    var last = node.range.end.line
    if node.range.end.column == 1 { last -= 1 }
    guard first <= last else { return [] }
    let raw = (first...last).map { source.line($0) ?? "" }
    let indent =
      raw.filter { !$0.allSatisfy { $0 == " " } }
      .map { $0.unicodeScalars.prefix { $0 == " " }.count }.min() ?? 0
    return raw.enumerated().map { offset, text in
      BlockLine(
        number: first + offset,
        content: String(Substring(text.unicodeScalars.dropFirst(indent))),
        blockIndent: indent)
    }
  }

  private mutating func reportUnknownLine(_ line: BlockLine) {
    let trimmed = line.trimmed
    let word = String(trimmed.prefix { $0.isLetter })
    let position = line.position(ofOffset: line.indent)
    if !word.isEmpty, let suggestion = Suggestion.closest(to: word, among: StepKeyword.allNames) {
      sink.report(
        .unknownStep(word, suggestion: suggestion),
        at: SourceRange(start: position, length: word.unicodeScalars.count),
        fixIts: [
          FixIt(
            range: SourceRange(start: position, length: word.unicodeScalars.count),
            replacement: suggestion)
        ])
    } else if let bullet = ChecklistMarkSyntax.bracketOffset(in: trimmed),
      case let open = trimmed.unicodeScalars.index(
        trimmed.unicodeScalars.startIndex, offsetBy: bullet),
      let close = trimmed[open...].firstIndex(of: "]")
    {
      let mark = String(trimmed[open...close])
      let range = SourceRange(
        start: line.position(ofOffset: line.indent + bullet), length: mark.unicodeScalars.count)
      if ChecklistMarkSyntax.parse(mark) != nil {
        // A mark it knows, with the text right after it: `[ ]starts at home`.
        sink.report(
          .markWithoutSpace(
            String(trimmed[..<open]) + mark, text: String(trimmed[close...].dropFirst())),
          at: range)
      } else {
        sink.report(.unknownMark(mark), at: range)
      }
    } else {
      sink.report(.unknownChecklistLine(trimmed), at: position)
    }
  }

  /// Decodes a step's value, cut out of the block and parsed by libyaml where it stands.
  ///
  /// An error libyaml finds only at the end of the value (a `{` left open) is placed at the
  /// end of the value's last line, not on the line after it; with `continuedBelow` (the next
  /// line reads as no checklist line), it also says that a value continues only on lines
  /// indented more than its keyword, and `endedOpen` is set so that line is not reported too.
  fileprivate mutating func blockStep(
    keyword: StepKeyword, keywordText: Located<String>, value: BlockStepValue, isRoot: Bool,
    continuedBelow: Bool = false, endedOpen: inout Bool
  ) -> Step? {
    guard !value.isEmpty else {
      sink.report(.emptyStep(keyword.rawValue), at: keywordText.range)
      return nil
    }
    let parsed = YAMLParser.parse(
      Array(value.text.utf8), file: file, limits: limits, origin: value.origin)
    let valueLines = value.text.split(separator: "\n", omittingEmptySubsequences: false)
    let lastLine = value.origin.line + valueLines.count - 1
    let end = SourcePosition(
      line: lastLine,
      column: value.origin.column + (valueLines.last.map { $0.unicodeScalars.count } ?? 0))
    for var diagnostic in parsed.diagnostics {
      if diagnostic.range.start.line > lastLine {
        diagnostic.range = SourceRange(at: end)
        if continuedBelow, !endedOpen {
          diagnostic.message +=
            "; a value continues on the next line only if that line is indented more than '\(keyword.rawValue)'"
          endedOpen = true
        }
      }
      sink.append(contentsOf: [diagnostic])
    }
    guard let root = parsed.root else {
      if parsed.diagnostics.isEmpty {
        sink.report(.emptyStep(keyword.rawValue), at: keywordText.range)
      }
      return nil
    }
    return step(keyword, keyword: keywordText, value: root, isRoot: isRoot)
  }
}

/// One line of a block checklist.
struct BlockLine {
  /// Whether the line reads as no checklist line (no item, step, section or comment, nor an
  /// item whose mark is misspelt): a value's lost continuation.
  var mayContinueValue: Bool {
    if case .unknown = kind { true } else { false }
  }

  enum Kind {
    case blank, comment, section, tab, unknown
    case item(ChecklistMarkSyntax)
    /// An item whose mark is no mark (`[v] text`): reported, and read as an item to do.
    case misspeltItem(ChecklistMarkSyntax)
    case step(StepKeyword)
    /// A step keyword followed by a tab instead of a space.
    case stepAfterTab(StepKeyword)
  }

  /// The 1-based line in the file.
  let number: Int
  /// The line without the block's indentation.
  let content: String
  /// How many columns the block's indentation takes in the file.
  let blockIndent: Int
  /// Spaces before the line's first character.
  let indent: Int
  /// The line without its leading spaces and trailing whitespace.
  let trimmed: String
  /// What the line is; worked out once, as the reader asks again while scanning ahead.
  let kind: Kind

  init(number: Int, content: String, blockIndent: Int) {
    self.number = number
    self.content = content
    self.blockIndent = blockIndent
    let indent = content.unicodeScalars.prefix { $0 == " " }.count
    let trimmed = String(Substring(content.unicodeScalars.dropFirst(indent)))
      .trimmingTrailingWhitespace()
    self.indent = indent
    self.trimmed = trimmed
    kind = Self.kind(of: content, trimmed: trimmed)
  }

  /// The kind of a line, from its content and its trimmed text.
  private static func kind(of content: String, trimmed text: String) -> Kind {
    if text.isEmpty { return .blank }
    if content.unicodeScalars.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
      return .tab
    }
    if text.hasPrefix("#") { return .comment }
    if text.hasPrefix("===") { return .section }
    if let mark = ChecklistMarkSyntax.parse(content) { return .item(mark) }
    let word = String(text.prefix { $0.isLetter })
    if let keyword = StepKeyword(rawValue: word) {
      let rest = text.dropFirst(word.count)
      if rest.isEmpty || rest.first == " " || rest.first == ":" || rest.first == "{"
        || rest.first == "["
      {
        return .step(keyword)
      }
      if rest.first == "\t" { return .stepAfterTab(keyword) }
    }
    if let mark = ChecklistMarkSyntax.parse(content, acceptingAnyMark: true) {
      return .misspeltItem(mark)
    }
    return .unknown
  }

  /// The same line with the tab at `offset` (in Unicode scalars) read as a space.
  func replacingTab(at offset: Int) -> BlockLine {
    var scalars = Array(content.unicodeScalars)
    if offset < scalars.count, scalars[offset] == "\t" { scalars[offset] = " " }
    return BlockLine(
      number: number, content: String(String.UnicodeScalarView(scalars)),
      blockIndent: blockIndent)
  }

  /// The file position of an offset (in Unicode scalars) into `content`.
  func position(ofOffset offset: Int) -> SourcePosition {
    SourcePosition(line: number, column: blockIndent + offset + 1)
  }
}

/// A step's YAML value: its text, laid out so libyaml's positions map back to the file.
struct BlockStepValue {
  var text: String
  var origin: SourcePosition
  var isEmpty: Bool { text.allSatisfy { $0 == " " || $0 == "\n" } }
}

/// Walks a block checklist's lines, building sections and nested items by indentation.
struct BlockChecklistReader {
  private struct OpenItem {
    var indent: Int
    var text: Located<String>
    var mark: ChecklistMark
    var steps: [Step] = []
    var children: [ChecklistItem] = []
    var firstLine: Int
    var lastLine: Int
    var hasMisplacedSteps = false

    func build() -> ChecklistItem {
      var item = ChecklistItem(
        text: text, mark: mark, steps: steps, children: children, lines: firstLine...lastLine)
      item.hasMisplacedSteps = hasMisplacedSteps
      return item
    }
  }

  private let lines: [BlockLine]
  private var index = 0
  private var sections: [ChecklistSection] = []
  private var title: Located<String>?
  private var roots: [ChecklistItem] = []
  private var open: [OpenItem] = []
  /// The indentation of the last item closed at each depth, to catch misaligned siblings.
  private var lastRootIndent: Int?

  init(lines: [BlockLine]) {
    self.lines = lines
  }

  mutating func next() -> BlockLine? {
    guard index < lines.count else { return nil }
    defer { index += 1 }
    return lines[index]
  }

  mutating func startSection(_ line: BlockLine, decoder: inout ModelDecoder) {
    closeSection()
    let name = line.trimmed.unicodeScalars.drop { $0 == "=" || $0 == " " }
    let titleText = String(
      String.UnicodeScalarView(name.reversed().drop { $0 == "=" || $0 == " " }.reversed()))
    let offset = line.indent + (line.trimmed.unicodeScalars.count - name.count)
    if titleText.isEmpty {
      decoder.sink.report(.emptySectionTitle(), at: line.position(ofOffset: line.indent))
    }
    title = Located(
      titleText,
      at: SourceRange(
        start: line.position(ofOffset: offset), length: titleText.unicodeScalars.count))
  }

  mutating func addItem(_ line: BlockLine, mark: ChecklistMarkSyntax, decoder: inout ModelDecoder) {
    let indent = line.indent
    var closed: (indent: Int, text: String)?
    while let top = open.last, top.indent > indent {
      closed = (top.indent, top.text.value)
      closeTop()
    }
    let column = { (offset: Int) in offset + line.blockIndent }
    var misaligned = true
    if let top = open.last, top.indent == indent {
      closeTop()
      misaligned = false
    } else if let closed {
      decoder.sink.report(
        .inconsistentIndentation(
          column(indent), sibling: column(closed.indent), above: closed.text,
          parent: open.last.map { (column($0.indent), $0.text.value) }),
        at: line.position(ofOffset: indent))
    } else if open.isEmpty, let lastRootIndent, lastRootIndent != indent {
      decoder.sink.report(
        .inconsistentIndentation(
          column(indent), sibling: column(lastRootIndent), above: nil, parent: nil),
        at: line.position(ofOffset: indent))
    } else {
      misaligned = false
    }
    // One space deeper than the item above, as a pasted checklist's stray space gives; an
    // item already reported as misaligned is not also told it is nested.
    let strayParent = misaligned ? nil : open.last.flatMap { $0.indent + 1 == indent ? $0 : nil }
    if open.isEmpty { lastRootIndent = lastRootIndent ?? indent }
    let scalars = line.content.unicodeScalars
    let text = String(Substring(scalars.dropFirst(mark.textOffset)))
      .trimmingTrailingWhitespace()
    if text.isEmpty {
      decoder.sink.report(.emptyItemText(), at: line.position(ofOffset: mark.markOffset))
    } else if let strayParent {
      // The parent may be the one with the stray space: two steps from the item above it
      // is where this one stands, one step and a space is where the parent does.
      let above = open.count > 1 ? open[open.count - 2] : nil
      if let above, strayParent.indent - above.indent >= 3,
        indent - above.indent == 2 * (strayParent.indent - 1 - above.indent)
      {
        decoder.sink.report(
          .straySpaceInParent(
            strayParent.text.value, above: above.text.value, indent: column(strayParent.indent),
            expected: column(strayParent.indent - 1), child: text, childIndent: column(indent)),
          at: SourcePosition(line: strayParent.firstLine, column: column(strayParent.indent) + 1))
      } else {
        decoder.sink.report(
          .straySpace(
            text, parent: strayParent.text.value, indent: column(indent),
            sibling: column(strayParent.indent)),
          at: line.position(ofOffset: indent))
      }
    }
    let markText = String(Substring(scalars.dropFirst(mark.markOffset).prefix(mark.markLength)))
    open.append(
      OpenItem(
        indent: indent,
        text: Located(
          text,
          at: SourceRange(
            start: line.position(ofOffset: mark.textOffset), length: text.unicodeScalars.count)),
        mark: ChecklistMark(
          isDone: mark.isDone,
          range: SourceRange(
            start: line.position(ofOffset: mark.markOffset), length: mark.markLength),
          text: markText),
        firstLine: line.number, lastLine: line.number))
  }

  /// A line under the open item that is no step it knows (`expct { top: A }`), reported: the
  /// item's, whose lines take it, so that its test fails there rather than being disabled as
  /// "not bound".
  mutating func noteUnreadStep(_ line: BlockLine, whateverItsIndent: Bool = false) {
    guard let top = open.last, whateverItsIndent || line.indent > top.indent else { return }
    open[open.count - 1].lastLine = line.number
    open[open.count - 1].hasMisplacedSteps = true
  }

  mutating func addStep(_ line: BlockLine, keyword: StepKeyword, decoder: inout ModelDecoder) {
    let indent = line.indent
    let keywordText = Located(
      keyword.rawValue,
      at: SourceRange(start: line.position(ofOffset: indent), length: keyword.rawValue.count))
    let value = stepValue(after: line, keyword: keyword)
    guard let top = open.last else {
      decoder.sink.report(.stepWithoutItem(), at: keywordText.range)
      return
    }
    guard indent > top.indent else {
      // The step is the item's, misplaced: its error is the one to read, and the item's
      // lines take it, so "not bound" and "marked done but has no steps" do not follow.
      decoder.sink.report(.stepNotIndented(top.text.value), at: keywordText.range)
      open[open.count - 1].lastLine = line.number
      open[open.count - 1].hasMisplacedSteps = true
      return
    }
    open[open.count - 1].lastLine = lines[index - 1].number
    let continuedBelow = index < lines.count && lines[index].mayContinueValue
    var endedOpen = false
    if let step = decoder.blockStep(
      keyword: keyword, keywordText: keywordText, value: value, isRoot: open.count == 1,
      continuedBelow: continuedBelow, endedOpen: &endedOpen)
    {
      open[open.count - 1].steps.append(step)
    } else {
      // A step that could not be read was reported: the item is not also "not bound".
      open[open.count - 1].hasMisplacedSteps = true
    }
    // The lines meant to continue the value, not indented enough, are that same error.
    while endedOpen, index < lines.count, lines[index].mayContinueValue {
      open[open.count - 1].lastLine = lines[index].number
      index += 1
    }
  }

  /// The rest of the step's line after its keyword (and an optional ':'), plus the lines
  /// below it that are indented further, consuming them.
  private mutating func stepValue(after line: BlockLine, keyword: StepKeyword) -> BlockStepValue {
    let scalars = line.content.unicodeScalars
    var offset = line.indent + keyword.rawValue.count
    var position =
      scalars.index(scalars.startIndex, offsetBy: offset, limitedBy: scalars.endIndex)
      ?? scalars.endIndex
    func skip(_ scalar: Unicode.Scalar) -> Bool {
      guard position < scalars.endIndex, scalars[position] == scalar else { return false }
      position = scalars.index(after: position)
      offset += 1
      return true
    }
    while skip(" ") {}
    _ = skip(":")
    var text = String(repeating: " ", count: offset) + String(Substring(scalars[position...]))
    var cursor = index
    var consumed = index
    var collected: [String] = []
    scan: while cursor < lines.count {
      let next = lines[cursor]
      switch next.kind {
      case .blank, .comment:
        collected.append(next.content)
      case .item, .section:
        break scan
      default:
        guard next.indent > line.indent else { break scan }
        collected.append(next.content)
        consumed = cursor + 1
      }
      cursor += 1
    }
    for extra in collected.prefix(consumed - index) { text += "\n" + extra }
    index = consumed
    return BlockStepValue(
      text: text, origin: SourcePosition(line: line.number, column: line.blockIndent + 1))
  }

  private mutating func closeTop() {
    let item = open.removeLast().build()
    if open.isEmpty {
      roots.append(item)
    } else {
      open[open.count - 1].children.append(item)
    }
  }

  private mutating func closeSection() {
    while !open.isEmpty { closeTop() }
    if title != nil || !roots.isEmpty {
      sections.append(ChecklistSection(title: title, items: roots))
    }
    roots = []
    title = nil
    lastRootIndent = nil
  }

  mutating func finish() -> [ChecklistSection] {
    closeSection()
    return sections
  }
}
