import FlowDiagnostics
import FlowYAML

extension DiagnosticMessage {
  static func givenBelowRoot() -> Self {
    Self(
      "checklist.nested-given", .error,
      "'given' sets the starting state, so only a scenario's first item has it; a nested item continues from its parent's state"
    )
  }
  static func severalEvents() -> Self {
    Self(
      "checklist.several-events", .error,
      "one event per mapping; write a list, such as '[login, { tap: right }]', to send several")
  }
  static func checklistShape(_ found: String) -> Self {
    Self(
      "checklist.shape", .error,
      "'spec' must be a literal block ('spec: |' followed by the checklist) or a mapping of sections, found \(found)"
    )
  }
  static func notAnItem(_ key: String, suggestion: String?) -> Self {
    let hint =
      suggestion.map { "did you mean '\($0)'?" }
      ?? "a checklist item starts with a mark such as '[ ]'"
    return Self(
      "checklist.unknown-key", .error,
      "'\(key)' is neither a step ('given', 'when', 'expect') nor a checklist item; \(hint)")
  }
  static func sectionNeedsItems(_ found: String) -> Self {
    Self(
      "checklist.section", .error, "a section holds checklist items as a mapping, found \(found)")
  }
  static func emptyItemText() -> Self {
    Self("checklist.empty-item", .error, "a checklist item needs text after its mark")
  }
}

extension ModelDecoder {
  /// `spec:` in either form: a literal block or a mapping of sections and quoted items.
  mutating func checklist(_ pair: YAMLPair) -> Checklist? {
    var checklist = decodeChecklist(pair)
    checklist?.lines =
      pair.key.range.start.line...max(pair.key.range.start.line, pair.value.range.end.line)
    return checklist
  }

  private mutating func decodeChecklist(_ pair: YAMLPair) -> Checklist? {
    let node = pair.value
    if node.isNull { return Checklist(form: .mapping, sections: [], range: pair.key.range) }
    if node.scalar?.style == .literal {
      return blockChecklist(node, key: pair.key)
    } else if let pairs = node.pairs {
      return mappingChecklist(Array(pairs), key: pair.key)
    } else {
      let found =
        node.scalar.map {
          $0.style == .folded ? "a folded block ('>'); use '|'" : $0.kindDescription
        } ?? node.kindDescription
      sink.report(.checklistShape(found), at: node.range)
      return nil
    }
  }

  // MARK: Mapping form

  private mutating func mappingChecklist(_ pairs: [YAMLPair], key: YAMLNode) -> Checklist {
    var sections: [ChecklistSection] = []
    var looseItems: [ChecklistItem] = []
    for pair in pairs {
      guard let text = pair.keyText else { continue }
      if let item = mappingItem(pair, depth: 0) {
        looseItems.append(item)
        continue
      }
      guard ChecklistMarkSyntax.parse(text) == nil else { continue }
      let title = Located(text, at: pair.key.range)
      if pair.value.isNull {
        sections.append(ChecklistSection(title: title, items: []))
        continue
      }
      guard let itemPairs = pair.value.pairs else {
        sink.report(.sectionNeedsItems(pair.value.kindDescription), at: pair.value.range)
        continue
      }
      var items: [ChecklistItem] = []
      for itemPair in itemPairs {
        if let item = mappingItem(itemPair, depth: 0) {
          items.append(item)
        } else if let itemKey = itemPair.keyText, ChecklistMarkSyntax.parse(itemKey) == nil {
          sink.report(.notAnItem(itemKey, suggestion: nil), at: itemPair.key.range)
        }
      }
      sections.append(ChecklistSection(title: title, items: items))
    }
    if !looseItems.isEmpty {
      sections.insert(ChecklistSection(title: nil, items: looseItems), at: 0)
    }
    return Checklist(form: .mapping, sections: sections, range: key.range)
  }

  /// An item whose key carries its mark, or `nil` when the key is not an item.
  private mutating func mappingItem(_ pair: YAMLPair, depth: Int) -> ChecklistItem? {
    guard let scalar = pair.key.scalar, let mark = ChecklistMarkSyntax.parse(scalar.value) else {
      return nil
    }
    let quote = scalar.style == .singleQuoted || scalar.style == .doubleQuoted ? 1 : 0
    let start = pair.key.range.start.advanced(by: quote)
    let textScalars = scalar.value.unicodeScalars.dropFirst(mark.textOffset)
    let text = String(Substring(textScalars)).trimmingTrailingWhitespace()
    let markText = String(
      Substring(scalar.value.unicodeScalars.dropFirst(mark.markOffset).prefix(mark.markLength)))
    if text.isEmpty { sink.report(.emptyItemText(), at: pair.key.range) }
    var steps: [Step] = []
    var children: [ChecklistItem] = []
    var lastLine = pair.key.range.start.line
    if !pair.value.isNull {
      if let valuePairs = pair.value.pairs {
        for entry in valuePairs {
          guard let key = entry.keyText else { continue }
          if let child = mappingItem(entry, depth: depth + 1) {
            children.append(child)
          } else if let keyword = StepKeyword(rawValue: key) {
            if let step = step(
              keyword, keyword: Located(key, at: entry.key.range), value: entry.value,
              isRoot: depth == 0)
            {
              steps.append(step)
              lastLine = max(lastLine, entry.value.range.end.line)
            }
          } else {
            sink.report(
              .notAnItem(key, suggestion: Suggestion.closest(to: key, among: StepKeyword.allNames)),
              at: entry.key.range)
          }
        }
      } else {
        sink.report(
          .wrongType(
            "a checklist item", expected: "a mapping of steps and child items",
            found: pair.value.kindDescription),
          at: pair.value.range)
      }
    }
    return ChecklistItem(
      text: Located(
        text,
        at: SourceRange(
          start: start.advanced(by: mark.textOffset), length: text.unicodeScalars.count)),
      mark: ChecklistMark(
        isDone: mark.isDone,
        range: SourceRange(start: start.advanced(by: mark.markOffset), length: mark.markLength),
        text: markText),
      steps: steps, children: children,
      lines: pair.key.range.start.line...max(pair.key.range.start.line, lastLine))
  }
}

extension String {
  /// The string without trailing spaces and tabs.
  func trimmingTrailingWhitespace() -> String {
    var scalars = unicodeScalars[...]
    while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
    return String(Substring(scalars))
  }
}
