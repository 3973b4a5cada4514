public import FlowDiagnostics
public import FlowModel

/// What kind of thing a name in a flow names.
public enum SymbolKind: String, Sendable, Hashable, CaseIterable {
  /// A screen under `screens:`.
  case screen
  /// An alert or action sheet under `alerts:`.
  case alert
  /// A request under `requests:`.
  case request
  /// A tab under `tabs:`.
  case tab
  /// A child flow, by the name `use:` gives it.
  case childFlow
  /// An event: a handler's key, a bar button's action, a `finish:`, a checklist step.
  case event
  /// A state value under `state:`.
  case state
  /// A variable of a deep link's pattern (`{id}`), read as `$id` by its route.
  case linkVariable
  /// A property under `properties:`.
  case property

  /// How messages name the kind.
  var noun: String {
    switch self {
    case .screen: "screen"
    case .alert: "alert"
    case .request: "request"
    case .tab: "tab"
    case .childFlow: "child flow"
    case .event: "event"
    case .state: "state value"
    case .linkVariable: "link variable"
    case .property: "property"
    }
  }
}

/// One place a name is written: where it is declared, handled, or used.
public struct SymbolOccurrence: Sendable, Hashable {
  /// What the name names.
  public var kind: SymbolKind
  /// The name.
  public var name: String
  /// The file it is written in.
  public var file: String
  /// Exactly the name's characters (quotes and `$` left out), so a rename can replace them.
  public var range: SourceRange
  /// Whether this place declares the name (an event's declarations are its handlers).
  public var isDeclaration: Bool
  /// Where the place is, for hover: `Login › login`, `start`, `checklist`.
  public var context: String
  /// For a link variable, the link's pattern, which scopes the name.
  public var scope: String?

  /// Whether this and `other` name the same thing.
  func sameSymbol(as other: SymbolOccurrence) -> Bool {
    kind == other.kind && name == other.name && scope == other.scope
  }
}

/// Every name a flow writes, with its place: what definition, references, rename, hover
/// and the outline read.
///
/// Collected from the decoded model, whose values keep their places; a place is kept only
/// where the file's text there is the name (bare, quoted or after `$`), so an edit made from
/// it replaces exactly the name.
public struct FlowSymbols: Sendable {
  /// The occurrences in file order.
  public private(set) var occurrences: [SymbolOccurrence] = []

  private let file: String
  private let text: SourceText
  private let alertNames: Set<String>
  private let stateNames: Set<String>
  private var context = ""
  private var linkScope: String?

  /// The names written in `flow`, whose file's text is `text`.
  public init(flow: Flow, text: SourceText) {
    self.file = flow.file
    self.text = text
    self.alertNames = Set(flow.alerts.map(\.name.value))
    self.stateNames = Set(flow.state.map(\.name.value))
    collect(flow)
    occurrences.sort { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
  }

  /// The occurrence at a position, the innermost if several hold it.
  public func occurrence(at position: SourcePosition) -> SymbolOccurrence? {
    occurrences.last { $0.range.start <= position && position <= $0.range.end }
  }

  // MARK: - Collecting

  private mutating func add(
    _ kind: SymbolKind, _ located: Located<String>, declaration: Bool = false
  ) {
    add(kind, name: located.value, at: located.range, declaration: declaration)
  }

  private mutating func add(
    _ kind: SymbolKind, name: String, at range: SourceRange, declaration: Bool = false
  ) {
    guard !name.isEmpty, let exact = exactRange(of: name, in: range) else { return }
    occurrences.append(
      SymbolOccurrence(
        kind: kind, name: name, file: file, range: exact, isDeclaration: declaration,
        context: context, scope: kind == .linkVariable ? linkScope : nil))
  }

  /// The part of `range` that is exactly `name`: the range itself, or inside its quotes,
  /// or after its `$`; `nil` when the text there is something else.
  private func exactRange(of name: String, in range: SourceRange) -> SourceRange? {
    guard let written = text.text(of: range) else { return nil }
    if written == name { return range }
    let count = name.unicodeScalars.count
    let scalars = Array(written.unicodeScalars)
    for prefix in ["$", "\"", "'", "\"$", "'$"] {
      let skip = prefix.unicodeScalars.count
      guard written.hasPrefix(prefix), scalars.count >= skip + count,
        String(String.UnicodeScalarView(scalars[skip..<skip + count])) == name
      else { continue }
      let rest = scalars.count - skip - count
      let closes = rest == 0 || (rest == 1 && (scalars.last == "\"" || scalars.last == "'"))
      if closes || prefix == "$" {
        return SourceRange(start: range.start.advanced(by: skip), length: count)
      }
    }
    return nil
  }

  private mutating func collect(_ flow: Flow) {
    context = "state"
    for variable in flow.state { add(.state, variable.name, declaration: true) }
    context = "use"
    for use in flow.uses { add(.childFlow, use.name, declaration: true) }
    context = "requests"
    for request in flow.requests {
      add(.request, request.name, declaration: true)
      context = "\(request.name.value) › success"
      request.onSuccess.map { collect($0) }
      context = "\(request.name.value) › failure"
      request.onFailure.map { collect($0) }
      context = "requests"
    }
    context = "tabs"
    for tab in flow.tabs {
      add(.tab, tab.name, declaration: true)
      context = "tab \(tab.name.value)"
      collect(tab.root)
      context = "tabs"
    }
    for link in flow.links { collect(link) }
    for handler in flow.handlers {
      context = "on"
      add(.event, handler.event, declaration: true)
      context = "on › \(handler.event.value)"
      collect(handler.operation)
    }
    context = "start"
    flow.start.map { collect($0) }
    for screen in flow.screens { collect(screen) }
    for alert in flow.alerts {
      context = "alerts"
      add(.alert, alert.name, declaration: true)
      for action in alert.actions {
        context = "\(alert.name.value) › \(action.title.value)"
        action.operation.map { collect($0) }
      }
    }
    for property in flow.properties { collect(property) }
    context = "verify"
    for screen in flow.verification.finalScreens + flow.verification.repeatableScreens {
      add(.screen, screen)
    }
    if let checklist = flow.checklist {
      for entry in checklist.entries {
        context = "checklist › \(entry.item.text.value)"
        for step in entry.item.steps { collect(step) }
      }
    }
  }

  private mutating func collect(_ screen: Screen) {
    context = "screens"
    add(.screen, screen.name, declaration: true)
    let name = screen.name.value
    for button in [screen.navigationBar.left, screen.navigationBar.right].compactMap({ $0 }) {
      context = "\(name) › navBar"
      button.action.map { add(.event, $0) }
    }
    for handler in screen.handlers {
      context = name
      add(.event, handler.event, declaration: true)
      context = "\(name) › \(handler.event.value)"
      collect(handler.operation)
    }
    context = "\(name) › onEnter"
    screen.onEnter.map { collect($0) }
    context = "\(name) › onAppear"
    screen.onAppear.map { collect($0) }
  }

  private mutating func collect(_ link: DeepLink) {
    context = "link \(link.pattern.value)"
    linkScope = link.pattern.value
    defer { linkScope = nil }
    for variable in link.parsed?.variables ?? [] {
      if let range = rangeOf("{\(variable)}", in: link.pattern.range) {
        add(
          .linkVariable, name: variable,
          at: SourceRange(
            start: range.start.advanced(by: 1), length: variable.unicodeScalars.count),
          declaration: true)
      }
    }
    link.tab.map { add(.tab, $0) }
    for route in link.routes { collect(route) }
  }

  /// Where `needle` first appears inside `range`, on its first line.
  private func rangeOf(_ needle: String, in range: SourceRange) -> SourceRange? {
    guard let line = text.line(range.start.line) else { return nil }
    let scalars = Array(line.unicodeScalars)
    let wanted = Array(needle.unicodeScalars)
    let from = range.start.column - 1
    guard from >= 0, wanted.count <= scalars.count else { return nil }
    var index = from
    while index + wanted.count <= scalars.count {
      if Array(scalars[index..<index + wanted.count]) == wanted {
        return SourceRange(
          start: SourcePosition(line: range.start.line, column: index + 1), length: wanted.count)
      }
      index += 1
    }
    return nil
  }

  private mutating func collect(_ property: FlowProperty) {
    context = "properties"
    add(.property, property.name, declaration: true)
    context = "property \(property.name.value)"
    switch property.statement {
    case .never(let condition), .always(let condition), .reachable(let condition):
      collect(condition)
    case .after(let event, let condition):
      collect(event)
      collect(condition)
    }
  }

  private mutating func collect(_ condition: StateCondition) {
    for expectation in condition.alternatives.joined() { collect(expectation) }
  }

  private mutating func collect(_ target: ScreenTarget) {
    add(.screen, target.screen)
    collect(target.arguments, states: false)
  }

  /// An item presented or expected presented: an alert when one has the name.
  private mutating func collectPresented(_ target: ScreenTarget) {
    if alertNames.contains(target.screen.value) {
      add(.alert, target.screen)
      collect(target.arguments, states: false)
    } else {
      collect(target)
    }
  }

  /// Assignments; with `states`, their names are state values.
  private mutating func collect(_ assignments: [Assignment], states: Bool) {
    for assignment in assignments {
      if states { add(.state, assignment.name) }
      collect(assignment.value)
    }
  }

  /// A `$name` read: a link's variable inside a link, a state value when one has the name.
  private mutating func collect(_ value: Located<ValueExpression>) {
    for reference in value.value.references {
      if linkScope != nil {
        add(.linkVariable, name: reference.name, at: value.range)
      } else if stateNames.contains(reference.name), reference.field == nil {
        add(.state, name: reference.name, at: value.range)
      }
    }
  }

  private mutating func collect(_ operation: Operation) {
    switch operation.kind {
    case .setRoot(let target), .push(let target): collect(target)
    case .reset(let targets): for target in targets { collect(target) }
    case .select(let tab): add(.tab, tab)
    case .pop, .popToRoot, .dismiss: break
    case .present(let presentation):
      collectPresented(ScreenTarget(screen: presentation.target, arguments: presentation.arguments))
    case .set(let assignments), .add(let assignments), .append(let assignments),
      .remove(let assignments):
      collect(assignments, states: true)
    case .update(let updates):
      for update in updates {
        add(.state, update.state)
        collect(update.match, states: false)
        collect(update.changes, states: false)
      }
    case .request(let call):
      add(.request, call.request)
      collect(call.arguments, states: false)
    case .startFlow(let start):
      add(.childFlow, start.flow)
      collect(start.arguments, states: false)
    case .finish(let finish):
      add(.event, finish.event)
      collect(finish.arguments, states: false)
    case .branch(let condition, let then, let otherwise):
      for name in condition.stateNames { add(.state, name) }
      collect(then)
      otherwise.map { collect($0) }
    case .sequence(let operations): for operation in operations { collect(operation) }
    }
  }

  private mutating func collect(_ step: Step) {
    switch step.kind {
    case .given(let assignments, let stack):
      collect(assignments, states: true)
      for target in stack?.value ?? [] { collect(target) }
    case .when(let events): for event in events { collect(event) }
    case .expect(let expectations): for expectation in expectations { collect(expectation) }
    }
  }

  private mutating func collect(_ event: EventStep) {
    switch event.kind {
    case .event(let name, let arguments):
      add(.event, name)
      collect(arguments, states: false)
    case .tab(let tab): add(.tab, tab)
    case .respond(let request, _, let values, _):
      add(.request, request)
      collect(values, states: false)
    case .tap, .alertAction, .open: break
    }
  }

  private mutating func collect(_ expectation: Expectation) {
    switch expectation.kind {
    case .stack(let targets), .onStack(let targets): for target in targets { collect(target) }
    case .root(let target), .top(let target): collect(target)
    case .tab(let tab): add(.tab, tab)
    case .tabs(let stacks):
      for stack in stacks {
        add(.tab, stack.tab)
        for target in stack.stack { collect(target) }
      }
    case .presented(let presented):
      guard let presented else { break }
      collectPresented(presented.item)
      for target in presented.pushed ?? [] { collect(target) }
    case .state(let assignments): collect(assignments, states: true)
    case .pending(let patterns):
      for pattern in patterns {
        add(.request, pattern.request)
        collect(pattern.arguments, states: false)
      }
    case .holds(let name): add(.property, name)
    case .animated, .navigationBar, .alert, .calls, .params, .refused: break
    }
  }
}
