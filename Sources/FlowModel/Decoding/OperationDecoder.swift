import FlowDiagnostics
import FlowYAML

/// The keys that name an operation: each navigation call, `set` and `if`, with the
/// modifiers each one takes.
enum OperationKeyword: Hashable {
  case call(NavigationCall)
  case set, add, append, remove, update, request, start, finish
  case `if`

  static let allCases: [OperationKeyword] = {
    let others: [OperationKeyword] = [
      .set, .add, .append, .remove, .update, .request, .start, .finish, .if,
    ]
    return NavigationCall.allCases.map(OperationKeyword.call) + others
  }()
  /// The operations that may be written as a bare word, `pop`, rather than a mapping.
  static let bareWords: [OperationKeyword] = [.call(.pop), .call(.popToRoot), .call(.dismiss)]
  static let allNames = allCases.map(\.rawValue)
  /// The keywords' spellings, matched by length and first byte: every key of every
  /// operation is looked up here.
  private static let spellings = ScalarSpellings(allCases.map(\.name))
  /// Every key an operation mapping may hold: keywords and modifiers.
  static let allKeys =
    allNames + ["animated", "with", "style", "stack", "presented", "then", "else"]

  /// The keyword the key of entry `position` spells, compared as bytes.
  init?(keyOf pairs: YAMLPairs, at position: Int) {
    guard let found = pairs.keyPosition(at: position, among: Self.spellings) else { return nil }
    self = Self.allCases[found]
  }

  /// The keyword spelled `text`.
  init?(rawValue text: String) {
    guard let found = Self.allCases.first(where: { $0.rawValue == text }) else { return nil }
    self = found
  }

  /// The keyword as a flow spells it, from the one spelling in `name`.
  var rawValue: String { name.description }

  /// The keyword as a literal, for comparing keys as bytes.
  var name: StaticString {
    switch self {
    case .call(let call): call.keyword
    case .set: "set"
    case .add: "add"
    case .append: "append"
    case .remove: "remove"
    case .update: "update"
    case .request: "request"
    case .start: "start"
    case .finish: "finish"
    case .if: "if"
    }
  }

  /// The keys that may stand beside the keyword.
  var modifiers: [StaticString] {
    switch self {
    case .call(.setRoot), .call(.push): ["animated", "with"]
    case .call(.pop), .call(.popToRoot), .call(.dismiss), .call(.reset): ["animated"]
    case .call(.present): ["animated", "with", "style", "stack"]
    case .call(.select), .set, .add, .append, .remove, .update: []
    case .request, .finish: ["with"]
    case .start: ["with", "presented", "animated", "stack"]
    case .if: ["then", "else"]
    }
  }
}

extension ModelDecoder {
  /// An operation: `{ push: Screen }`, `pop`, `{ if: flag, then: …, else: … }`, a list, …
  mutating func operation(_ node: YAMLNode) -> Operation? {
    switch node.kind {
    case .scalar:
      let keyword = node.isPlainScalar ? OperationKeyword(rawValue: node.text) : nil
      switch keyword.flatMap({ OperationKeyword.bareWords.contains($0) ? $0 : nil }) {
      case .call(.pop): return Operation(.pop, range: node.range)
      case .call(.popToRoot): return Operation(.popToRoot, range: node.range)
      case .call(.dismiss): return Operation(.dismiss, range: node.range)
      default:
        sink.report(.notAnOperation(node.kindDescription), at: node.range)
        return nil
      }
    case .sequence:
      let items = node.items!
      if items.isEmpty { sink.report(.emptyOperationList(), at: node.range) }
      let operations = items.compactMapReserving { operation($0) }
      return Operation(.sequence(operations), range: operations.first?.range ?? node.range)
    case .mapping:
      return operation(mapping: node, pairs: node.pairs!)
    }
  }

  // Better whole: it finds the one keyword, refuses the keys that do not go with it, then
  // decodes its value in one arm per keyword; each step reads what the one before found.
  private mutating func operation(mapping node: YAMLNode, pairs: YAMLPairs) -> Operation? {
    var found: (position: Int, keyword: OperationKeyword)?
    var another: (position: Int, keyword: OperationKeyword)?
    for position in pairs.indices {
      guard let keyword = OperationKeyword(keyOf: pairs, at: position) else { continue }
      if found == nil {
        found = (position, keyword)
      } else if another == nil {
        another = (position, keyword)
      }
    }
    guard let (keywordPosition, keyword) = found else {
      let unknown = pairs.filter { pair in !OperationKeyword.allKeys.contains(pair.keyText ?? "") }
      for pair in unknown {
        if let key = pair.keyText,
          let suggestion = Suggestion.closest(to: key, among: OperationKeyword.allNames)
        {
          reportUnknownKey(pair.key, key: key, in: "an operation", allowed: [suggestion])
        }
      }
      if unknown.allSatisfy({
        Suggestion.closest(to: $0.keyText ?? "", among: OperationKeyword.allNames) == nil
      }) {
        sink.report(.noOperation(found: pairs.compactMap(\.keyText)), at: node.range)
      }
      return nil
    }
    if let another {
      sink.report(
        .severalOperations(keyword.rawValue, another.keyword.rawValue),
        at: pairs[another.position].key.range)
    }
    // Modifiers first: most keys beside the keyword are one, and the list is short.
    let modifiers = keyword.modifiers
    for position in pairs.indices
    where position != keywordPosition
      && pairs.keyPosition(at: position, among: modifiers) == nil
      && OperationKeyword(keyOf: pairs, at: position) == nil
    {
      let pair = pairs[position]
      guard let key = pair.keyText else { continue }
      reportUnknownKey(
        pair.key, key: key,
        in:
          "\("aeiou".contains(keyword.rawValue.first!) ? "an" : "a") '\(keyword.rawValue)' operation",
        allowed: keyword.modifiers.map { "\($0)" })
    }
    let fields = Fields(node: node, pairs: pairs)
    let animated = fields["animated"].flatMap { bool($0, "'animated'") }
    let keywordPair = pairs[keywordPosition]
    let range = keywordPair.key.range
    let value = keywordPair.value
    let kind: Operation.Kind
    switch keyword {
    case .call(.setRoot), .call(.push):
      guard let screen = string(value, "the screen to \(keyword.rawValue)") else { return nil }
      let target = ScreenTarget(screen: screen, arguments: arguments(fields))
      kind = keyword == .call(.push) ? .push(target) : .setRoot(target)
    case .call(.reset):
      guard let routes = routes(value, "'reset'", allowsReferences: true) else { return nil }
      kind = .reset(routes)
    case .call(.select):
      guard let tab = string(value, "the tab to select") else { return nil }
      kind = .select(tab)
    case .call(.pop), .call(.popToRoot), .call(.dismiss):
      guard confirmsArgumentless(value, keyword) else { return nil }
      kind = keyword == .call(.pop) ? .pop : keyword == .call(.popToRoot) ? .popToRoot : .dismiss
    case .call(.present):
      guard let target = string(value, "what to present") else { return nil }
      kind = .present(
        Presentation(
          target: target, arguments: arguments(fields),
          style: fields["style"].flatMap { choice($0, "a presentation style") },
          hasNavigationStack: fields["stack"].flatMap { bool($0, "'stack'") }))
    case .set:
      kind = .set(assignments(value, "'set'", allowsReferences: true))
    case .add:
      kind = .add(assignments(value, "'add'", allowsReferences: true))
    case .append:
      kind = .append(assignments(value, "'append'", allowsReferences: true))
    case .remove:
      kind = .remove(assignments(value, "'remove'", allowsReferences: true))
    case .update:
      kind = .update(recordUpdates(value))
    case .request:
      guard let request = string(value, "the request to start") else { return nil }
      kind = .request(RequestCall(request: request, arguments: arguments(fields)))
    case .start:
      guard let flow = string(value, "the flow to start") else { return nil }
      if fields["presented"] == nil {
        // On the current stack, the child's own operations make the calls.
        for key: StaticString in ["animated", "stack"] {
          guard let pair = fields.pair(key) else { continue }
          sink.report(.startModifierWithoutPresentation("\(key)"), at: pair.key.range)
        }
      }
      kind = .startFlow(
        FlowStart(
          flow: flow, arguments: arguments(fields),
          presentation: fields["presented"].flatMap { choice($0, "a presentation style") },
          hasOwnStack: fields["stack"].flatMap { bool($0, "'stack'") }))
    case .finish:
      guard let event = string(value, "the event to send the parent flow") else { return nil }
      kind = .finish(FlowFinish(event: event, arguments: arguments(fields)))
    case .if:
      guard let condition = condition(value) else { return nil }
      guard let thenNode = fields["then"] else {
        reportMissing(
          "then", in: "'if'", hint: "the operation to run when the condition holds", at: range)
        return nil
      }
      guard let then = operation(thenNode) else { return nil }
      kind = .branch(condition, then: then, otherwise: fields["else"].flatMap { operation($0) })
    }
    return Operation(kind, animated: animated, range: range)
  }

  /// `pop: true` and `pop:` are fine; `pop: false` does nothing and is refused.
  private mutating func confirmsArgumentless(_ node: YAMLNode, _ keyword: OperationKeyword) -> Bool
  {
    if node.isNull { return true }
    guard let flag = bool(node, "'\(keyword.rawValue)'") else { return false }
    if !flag.value {
      sink.report(.uselessFalse(keyword.rawValue), at: node.range)
      return false
    }
    return true
  }

  private mutating func arguments(_ fields: Fields) -> [Assignment] {
    fields["with"].map { assignments($0, "'with'", allowsReferences: true) } ?? []
  }

  /// `flag`, `!flag`, `not flag`, or `{ name: value, … }` (all must hold).
  mutating func condition(_ node: YAMLNode) -> Condition? {
    if let scalar = node.scalar, !scalar.isNull {
      // The common case, a bare name: no prefix to strip, no substring to measure.
      if let first = scalar.value.utf8.first, first != UInt8(ascii: "!"),
        !scalar.value.utf8.starts(with: "not ".utf8), Self.isIdentifier(scalar.value)
      {
        let start = node.range.start.advanced(by: scalar.isQuoted ? 1 : 0)
        return .flag(
          Located(
            scalar.value,
            at: SourceRange(start: start, length: scalar.value.unicodeScalars.count)))
      }
      var text = Substring(scalar.value)
      var negated = false
      if text.hasPrefix("!") {
        negated = true
        text = text.dropFirst().drop { $0 == " " }
      } else if text.hasPrefix("not ") {
        negated = true
        text = text.dropFirst(4).drop { $0 == " " }
      }
      let offset =
        scalar.value.unicodeScalars.count - text.unicodeScalars.count + (scalar.isQuoted ? 1 : 0)
      let start = node.range.start.advanced(by: offset)
      let name = Located(
        String(text), at: SourceRange(start: start, length: text.unicodeScalars.count))
      guard Self.isIdentifier(name.value) else {
        sink.report(
          .wrongType(
            "a condition", expected: "a state name, '!name' or '{ name: value }'",
            found: scalar.kindDescription),
          at: node.range)
        return nil
      }
      return negated ? .not(.flag(name)) : .flag(name)
    }
    guard let pairs = node.pairs, !pairs.isEmpty else {
      sink.report(
        .wrongType(
          "a condition", expected: "a state name, '!name' or '{ name: value }'",
          found: node.kindDescription),
        at: node.range)
      return nil
    }
    let conditions = assignments(node, "a condition", allowsReferences: true).map {
      Condition.equals($0.name, $0.value)
    }
    return conditions.count == 1 ? conditions[0] : .all(conditions)
  }
}

extension ModelDecoder {
  /// A record's fields as `name: value` entries, each a flag, a number, text or `$name`.
  mutating func recordFields(_ node: YAMLNode, _ subject: String) -> [Assignment] {
    assignments(node, subject, allowsReferences: true).filter { field in
      switch field.value.value {
      case .reference, .literal(.bool), .literal(.int), .literal(.string): return true
      case .literal(.list), .literal(.record), .record:
        sink.report(
          .wrongType(
            "field '\(field.name.value)' of a record", expected: "true, false, a number or text",
            found: "a \(field.value.value.isList ? "list" : "mapping")"),
          at: field.value.range)
        return false
      }
    }
  }

  /// `update`'s lists: `{ tasks: { where: { title: $title }, set: { isCompleted: true } } }`.
  mutating func recordUpdates(_ node: YAMLNode) -> [RecordUpdate] {
    guard let pairs = node.pairs else {
      sink.report(
        .wrongType(
          "'update'", expected: "a mapping of list states to { where, set }",
          found: node.kindDescription),
        at: node.range)
      return []
    }
    var updates: [RecordUpdate] = []
    for pair in pairs {
      guard let state = string(pair.key, "a state name"),
        let fields = mapping(
          pair.value, "the update of '\(state.value)'", allowed: ["where", "set"])
      else { continue }
      guard let changes = fields["set"] else {
        sink.report(
          .missingKey(
            "set", in: "the update of '\(state.value)'",
            hint:
              "the fields to write, as in { where: { title: $title }, set: { isCompleted: true } }"),
          at: pair.value.range)
        continue
      }
      updates.append(
        RecordUpdate(
          state: state,
          match: fields["where"].map { recordFields($0, "'where' of '\(state.value)'") } ?? [],
          changes: recordFields(changes, "'set' of '\(state.value)'")))
    }
    return updates
  }
}
