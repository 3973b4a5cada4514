import FlowDiagnostics
import FlowModel

/// Completion in context, read from the line being typed (a half-typed file does not parse)
/// and offered from the last flow the document decoded to: screen names after `push:` or
/// `setRoot:`, alerts and screens after `present:`, events in a `when`, expectation keys in
/// an `expect`, a screen's parameters in its `with:`, and so on.
enum Completion {
  /// The completion list at `position` of `text`.
  static func items(at position: ProtocolPosition, text: SourceText, flows: FlowTree?) -> JSONValue
  {
    guard let site = CompletionSite(at: position, in: text), let flows else {
      return .object([("isIncomplete", .bool(false)), ("items", .array([]))])
    }
    let candidates = Self.candidates(for: site.slot, flows: flows)
    var seen: Set<String> = []
    let items: [JSONValue] = candidates.filter { seen.insert($0.label).inserted }.map { candidate in
      .object([
        ("label", .string(candidate.label)),
        ("kind", .number(candidate.kind)),
        ("detail", .string(candidate.detail)),
        (
          "textEdit",
          .object([
            ("range", ProtocolRange(start: site.wordStart, end: site.cursor).json),
            ("newText", .string(candidate.label)),
          ])
        ),
      ])
    }
    return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
  }

  struct Candidate {
    var label: String
    var kind: Int
    var detail: String
  }

  // The protocol's completion item kinds.
  private static let classKind = 7
  private static let interfaceKind = 8
  private static let moduleKind = 9
  private static let propertyKind = 10
  private static let valueKind = 12
  private static let keywordKind = 14
  private static let variableKind = 6
  private static let eventKind = 23
  private static let functionKind = 3
  private static let fieldKind = 5

  static func candidates(for slot: CompletionSite.Slot, flows: FlowTree) -> [Candidate] {
    let all = flows.flows
    let root = flows.root
    func screens() -> [Candidate] {
      all.flatMap(\.screens).map {
        Candidate(label: $0.name.value, kind: classKind, detail: "screen")
      }
    }
    func alerts() -> [Candidate] {
      all.flatMap(\.alerts).map {
        Candidate(label: $0.name.value, kind: interfaceKind, detail: "alert")
      }
    }
    func events() -> [Candidate] {
      var names: [String] = []
      for flow in all {
        names += flow.handlers.map(\.event.value)
        for screen in flow.screens {
          names += screen.handlers.map(\.event.value)
          names += [screen.navigationBar.left, screen.navigationBar.right].compactMap {
            $0?.action?.value
          }
        }
      }
      return names.map { Candidate(label: $0, kind: eventKind, detail: "event") }
    }
    func states() -> [Candidate] {
      root.state.map {
        Candidate(
          label: $0.name.value, kind: variableKind, detail: "state: \($0.initialValue.value.type)")
      }
    }
    func requests() -> [Candidate] {
      all.flatMap(\.requests).map {
        Candidate(label: $0.name.value, kind: functionKind, detail: "request")
      }
    }
    func tabs() -> [Candidate] {
      root.tabs.map { Candidate(label: $0.name.value, kind: moduleKind, detail: "tab") }
    }
    func keys(_ names: [String], detail: String) -> [Candidate] {
      names.map { Candidate(label: $0, kind: propertyKind, detail: detail) }
    }
    switch slot {
    case .screen: return screens()
    case .presentable: return alerts() + screens()
    case .event:
      return events()
        + keys(EventKeyword.allCases.map(\.rawValue), detail: "step").map {
          Candidate(label: $0.label, kind: keywordKind, detail: $0.detail)
        }
    case .state: return states()
    case .request: return requests()
    case .tab: return tabs()
    case .childFlow:
      return root.uses.map {
        Candidate(label: $0.name.value, kind: moduleKind, detail: "child flow")
      }
    case .property:
      return root.properties.map {
        Candidate(label: $0.name.value, kind: valueKind, detail: "property")
      }
        + BuiltInProperty.allCases.map {
          Candidate(label: $0.rawValue, kind: valueKind, detail: $0.summary)
        }
    case .expectationKey:
      return keys(ExpectationKey.allCases.map(\.rawValue), detail: "expectation")
    case .tapTarget:
      return TapTarget.allCases.map {
        Candidate(label: $0.rawValue, kind: keywordKind, detail: "bar button")
      }
    case .parameters(let owner):
      let parameters = all.lazy.compactMap { flow in
        flow.screen(named: owner)?.params ?? flow.requests.first { $0.name.value == owner }?.params
      }.first
      if let parameters {
        return parameters.map {
          Candidate(
            label: $0.name.value, kind: fieldKind, detail: "\(owner) parameter: \($0.type.value)")
        }
      }
      if let use = root.uses.first(where: { $0.name.value == owner }),
        let index = flows.children[0][use.name.value]
      {
        return flows.flows[index].state.map {
          Candidate(label: $0.name.value, kind: fieldKind, detail: "\(owner) state")
        }
      }
      return []
    case .navigationBarKey:
      return keys(["title", "left", "right", "backButton"], detail: "navBar")
    case .barButtonKey:
      return keys(["image", "title", "style", "tint", "action"], detail: "bar button")
    }
  }
}

/// Where the cursor is, as completion needs it: the word being typed, and what the text
/// before it says belongs there.
struct CompletionSite {
  /// What may be written at the cursor.
  enum Slot: Equatable {
    case screen, presentable, event, state, request, tab, childFlow, property
    case expectationKey, tapTarget, navigationBarKey, barButtonKey
    /// The parameters of a screen or request, or a child flow's state, named `owner`.
    case parameters(of: String)
  }

  /// Where the word being typed starts.
  var wordStart: ProtocolPosition
  /// The cursor, on a character boundary within its line.
  var cursor: ProtocolPosition
  /// What belongs there.
  var slot: Slot

  /// The site at `position`, or `nil` where nothing is offered.
  init?(at position: ProtocolPosition, in text: SourceText) {
    guard let line = text.line(position.line + 1) else { return nil }
    let source = text.sourcePosition(of: position)
    self.cursor = text.protocolPosition(of: source)
    let cursor = source.column - 1
    let scalars = Array(line.unicodeScalars)
    guard cursor >= 0, cursor <= scalars.count else { return nil }
    var start = cursor
    while start > 0, Self.isNameScalar(scalars[start - 1]) { start -= 1 }
    wordStart = text.protocolPosition(
      of: SourcePosition(line: position.line + 1, column: start + 1))
    let before = Array(scalars[..<start])
    if before.last == "$" {
      slot = .state
      return
    }
    guard let found = Self.slot(before: before, line: position.line + 1, in: text) else {
      return nil
    }
    slot = found
  }

  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
      || scalar == "."
  }

  /// What the text before the word says belongs at it.
  private static func slot(before: [Unicode.Scalar], line: Int, in text: SourceText) -> Slot? {
    var end = before.count
    while end > 0, before[end - 1] == " " || before[end - 1] == "\t" { end -= 1 }
    let trimmed = Array(before[..<end])
    // Inside a quoted string, nothing.
    if trimmed.filter({ $0 == "\"" }).count % 2 == 1 { return nil }
    if trimmed.last == ":" {
      return valueSlot(ofKey: key(before: trimmed), line: trimmed)
    }
    if let word = lastWord(trimmed), ["when", "after"].contains(word),
      trimmed.count == word.unicodeScalars.count + leadingSpaces(trimmed)
        || trimmed.dropLast(word.unicodeScalars.count).last == "-"
    {
      return .event
    }
    guard trimmed.isEmpty || [",", "[", "{", "-"].contains(trimmed.last!) else { return nil }
    // The innermost bracket left open on this line, and the key it opens the value of.
    if let index = innermostOpenBracket(in: trimmed) {
      let owner = key(before: Array(trimmed[..<index]))
      if trimmed[index] == "[" { return valueSlot(ofKey: owner, line: trimmed) }
      if owner == nil, index > 0, let listOwner = enclosingListKey(Array(trimmed[..<index])) {
        // `when [login, {` — a mapping event inside a when list: its keyword.
        return listOwner == "when" ? .event : nil
      }
      return keySlot(inMappingOf: owner, line: trimmed)
    }
    // At the start of a line (or after a list's dash): the key of the block above.
    guard let owner = blockOwner(above: line, in: text, indent: leadingSpaces(trimmed)) else {
      return nil
    }
    if trimmed.last == "-" { return valueSlot(ofKey: owner, line: trimmed) }
    return keySlot(inMappingOf: owner, line: trimmed)
  }

  /// The key whose `key:` or step keyword ends `text` (spaces allowed before the opener).
  private static func key(before text: [Unicode.Scalar]) -> String? {
    var end = text.count
    while end > 0, text[end - 1] == " " { end -= 1 }
    var hadColon = false
    if end > 0, text[end - 1] == ":" {
      end -= 1
      hadColon = true
    }
    var start = end
    while start > 0, isNameScalar(text[start - 1]) { start -= 1 }
    guard start < end else { return nil }
    let word = String(String.UnicodeScalarView(text[start..<end]))
    if hadColon || ["given", "when", "expect"].contains(word) { return word }
    return nil
  }

  /// The key of the list left open in `text`, if any: `when [login, ` gives `when`.
  private static func enclosingListKey(_ text: [Unicode.Scalar]) -> String? {
    guard let index = innermostOpenBracket(in: text), text[index] == "[" else { return nil }
    return key(before: Array(text[..<index]))
  }

  /// Where the innermost `[` or `{` left open in `text` is.
  private static func innermostOpenBracket(in text: [Unicode.Scalar]) -> Int? {
    var depth = 0
    var index = text.count - 1
    while index >= 0 {
      switch text[index] {
      case "]", "}": depth += 1
      case "[", "{":
        if depth == 0 { return index }
        depth -= 1
      default: break
      }
      index -= 1
    }
    return nil
  }

  private static func lastWord(_ text: [Unicode.Scalar]) -> String? {
    var start = text.count
    while start > 0, isNameScalar(text[start - 1]) { start -= 1 }
    guard start < text.count else { return nil }
    return String(String.UnicodeScalarView(text[start...]))
  }

  private static func leadingSpaces(_ text: [Unicode.Scalar]) -> Int {
    text.prefix { $0 == " " }.count
  }

  /// The key of the nearest line above `line` indented less than `indent`, ending with `:`
  /// (a block mapping's key) or a step keyword.
  private static func blockOwner(above line: Int, in text: SourceText, indent: Int) -> String? {
    var number = line - 1
    while number >= 1 {
      guard let above = text.line(number) else { return nil }
      let scalars = Array(above.unicodeScalars)
      let spaces = leadingSpaces(scalars)
      if spaces < scalars.count, spaces < indent || (spaces == indent && scalars[spaces] == "-") {
        var body = scalars[spaces...].prefix { $0 != "#" }
        while body.last == " " { body.removeLast() }
        if body.first == "-" { body = body.dropFirst().drop { $0 == " " } }
        if body.last == ":" { return key(before: Array(body)) }
        return nil
      }
      number -= 1
    }
    return nil
  }

  /// What the value of `key` holds, as a name.
  private static func valueSlot(ofKey key: String?, line: [Unicode.Scalar]) -> Slot? {
    switch key {
    case "push", "setRoot", "reset", "root", "stack", "top", "onStack", "final", "repeatable":
      .screen
    case "present", "presented": .presentable
    case "when", "after": .event
    case "action", "finish": .event
    case "if": .state
    case "request", "complete", "fail", "pending": .request
    case "select", "tab": .tab
    case "start": .childFlow
    case "holds": .property
    case "tap": .tapTarget
    default: nil
    }
  }

  /// What the keys of the mapping that is the value of `owner` are.
  private static func keySlot(inMappingOf owner: String?, line: [Unicode.Scalar]) -> Slot? {
    switch owner {
    case "expect", "then", "never", "always", "reachable": return .expectationKey
    case "given", "set", "add", "append", "remove", "state": return .state
    case "navBar": return .navigationBarKey
    case "left", "right": return .barButtonKey
    case "with":
      // The screen, request or child flow named before `with:` on the same line.
      for key in ["push:", "setRoot:", "present:", "request:", "start:"] {
        if let name = name(afterLast: key, in: line) { return .parameters(of: name) }
      }
      return nil
    default: return nil
    }
  }

  /// The name after the last `key` of `line` (a key, not the end of a longer name).
  private static func name(afterLast key: String, in line: [Unicode.Scalar]) -> String? {
    let wanted = Array(key.unicodeScalars)
    var index = line.count - wanted.count
    while index >= 0 {
      if Array(line[index..<index + wanted.count]) == wanted,
        index == 0 || !isNameScalar(line[index - 1])
      {
        var cursor = index + wanted.count
        while cursor < line.count, line[cursor] == " " { cursor += 1 }
        var end = cursor
        while end < line.count, isNameScalar(line[end]) { end += 1 }
        return end > cursor ? String(String.UnicodeScalarView(line[cursor..<end])) : nil
      }
      index -= 1
    }
    return nil
  }
}
