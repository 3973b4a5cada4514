import FlowDiagnostics
import FlowModel

/// The checker's diagnostics: what is wrong with a well-formed flow.
extension DiagnosticMessage {
  static func unknownScreen(_ operation: String, _ name: String, isAlert: Bool) -> Self {
    let text =
      isAlert
      ? "'\(operation)' names alert '\(name)', not a screen; show alerts with 'present'"
      : "'\(operation)' names no screen '\(name)'"
    return Self("check.unknown-screen", .error, text)
  }
  static func unknownPresentable(_ name: String, keyword: String = "present") -> Self {
    Self("check.unknown-presentable", .error, "'\(keyword)' names no alert or screen '\(name)'")
  }
  /// A state name that names nothing; `declaredIn` is the file of the flow whose state it
  /// would be, when that is a child flow's.
  static func unknownState(_ name: String, _ context: String, declaredIn file: String? = nil)
    -> Self
  {
    let place = file.map { "the 'state:' of \($0)" } ?? "'state:'"
    return Self(
      "check.unknown-state", .error,
      "\(context) names no state '\(name)'; declare it under \(place)")
  }
  static func givenChildState(_ name: String) -> Self {
    Self(
      "check.given-child-state", .error,
      "'given' cannot set a child flow's state '\(name)': the child sets it when it starts, from its defaults and the 'with:' of the 'start:' that starts it; give the value there, or 'expect' it once the child runs"
    )
  }
  static func childStateByUseName(_ name: String, flowName: String) -> Self {
    Self(
      "check.unknown-state", .error,
      "a child flow's state is named by the child's 'flow:' name, not its name under 'use:': write '\(flowName)', not '\(name)'"
    )
  }
  static func unknownParameter(_ name: String, owner: String) -> Self {
    Self("check.unknown-param", .error, "\(owner) has no parameter '\(name)'")
  }
  /// A required parameter left out. `route` is the screen's name where the arguments are
  /// written in a route (`{ Product: { id: … } }`: a link's routes, a given stack), `nil`
  /// where they follow `with:`.
  static func missingArgument(_ name: String, owner: String, route: String? = nil) -> Self {
    let how =
      route.map { "write the route as '{ \($0): { \(name): … } }'" }
      ?? "pass it with 'with: { \(name): … }'"
    return Self("check.missing-argument", .error, "\(owner) needs parameter '\(name)'; \(how)")
  }
  static func unresolvedReference(_ name: String, _ context: String) -> Self {
    Self("check.unknown-reference", .error, "'$\(name)' names no \(context)")
  }
  static func typeMismatch(_ subject: String, expected: String, found: String) -> Self {
    Self("check.type-mismatch", .error, "\(subject) is \(expected), but this value is \(found)")
  }
  static func listItemMismatch(_ state: String, _ misfit: ListItemMisfit) -> Self {
    let subject = misfit.subject(misfit.field == nil ? "state '\(state)'" : "'\(state)'")
    let source = misfit.field == nil ? "as its default's items are" : "as in its default"
    var hint = ""
    if case .string(let text) = misfit.found, text.hasPrefix("$") {
      hint = " ('$name' inside a list is text: give a list state whole, as in '$list')"
    }
    return Self(
      "check.type-mismatch", .error,
      "\(subject) is \(misfit.expected.withArticle), \(source), but \(misfit.found) is \(misfit.found.type.withArticle)\(hint)"
    )
  }
  static func listItemSourceMismatch(
    _ state: String, field: String?, expected: ValueType, reference: String, found: ValueType
  ) -> Self {
    let message =
      field.map {
        "field '\($0)' of the records of '\(state)' is \(expected.withArticle), as in its default, but '$\(reference)' has it as \(found.withArticle)"
      }
      ?? "each item of state '\(state)' is \(expected.withArticle), as its default's items are, but '$\(reference)' holds items that are each \(found.withArticle)"
    return Self("check.type-mismatch", .error, message)
  }
  static func selfComparison(_ name: String, event: String, stepLine: Int) -> Self {
    selfComparison(
      name, but: "the step at line \(stepLine) sends '\(event)' without it",
      advice:
        "send the argument there, or name it apart from the state, as in '{ \(name): $entered }', so that leaving it out is an error"
    )
  }
  static func selfComparisonByTap(_ name: String, event: String, side: String, screen: String)
    -> Self
  {
    selfComparison(
      name, but: "the \(side) bar button of '\(screen)' sends '\(event)' with no arguments",
      advice:
        "name the argument apart from the state, as in '{ \(name): $entered }', or send the event from the app"
    )
  }
  /// `{ name: $name }` comparing a state with itself: what sends the event without the
  /// argument (`sender`), and what to do.
  private static func selfComparison(_ name: String, but sender: String, advice: String) -> Self {
    Self(
      "check.self-comparison", .warning,
      "'\(name): $\(name)' compares the state '\(name)' with the event's argument '\(name)', but \(sender), so the state is compared with itself and the condition holds; \(advice)"
    )
  }
  static func textReadsArgument(_ name: String, suggestion: String) -> Self {
    Self(
      "check.text-argument-typo", .warning,
      "'{\(name)}' is no state or parameter, so it reads an argument of the event, which no handler reads and no step sends; did you mean '{\(suggestion)}'?"
    )
  }
  static func missingEventArgument(_ event: String, argument: String) -> Self {
    Self(
      "check.missing-event-argument", .error,
      "event '\(event)' needs the argument '\(argument)': every handler of it reads '$\(argument)'; send it as '{ \(event): { \(argument): … } }'"
    )
  }
  static func missingOutcomeValue(_ request: String, outcome: String, value: String) -> Self {
    Self(
      "check.missing-event-argument", .error,
      "'\(outcome)' of request '\(request)' needs the value '\(value)': what it runs reads it whatever the state; give it as '{ \(outcome): \(request), with: { \(value): … } }'"
    )
  }
  static func barButtonNeedsArgument(_ event: String, side: String, argument: String) -> Self {
    Self(
      "check.bar-button-argument", .error,
      "the \(side) bar button sends '\(event)' with no arguments, but its handler reads '$\(argument)', so every tap is refused; read a parameter or state there instead, or send the event from the app"
    )
  }
  static func flagNotBool(_ name: String, type: String) -> Self {
    Self(
      "check.condition-type", .error,
      "'if: \(name)' needs a Bool, but state '\(name)' is \(type); compare it instead, as in '{ \(name): value }'"
    )
  }
  static func nameClash(_ name: String) -> Self {
    Self(
      "check.name-clash", .error,
      "'\(name)' names both a screen and an alert; 'present: \(name)' would be ambiguous")
  }
  static func unreachableScreen(_ name: String) -> Self {
    Self(
      "check.unreachable-screen", .warning,
      "screen '\(name)' is never shown: nothing reachable from 'start' pushes, presents or sets it")
  }
  static func unpresentedAlert(_ name: String) -> Self {
    Self("check.unpresented-alert", .warning, "alert '\(name)' is never presented")
  }
  static func twoCancelActions(_ alert: String) -> Self {
    Self(
      "check.two-cancel-actions", .error,
      "alert '\(alert)' has a second 'cancel' action; UIKit allows one and raises at run time")
  }
  static func undismissableAlert(_ alert: String) -> Self {
    Self(
      "check.undismissable-alert", .error,
      "alert '\(alert)' has no actions, so the user can never dismiss it; add one, such as '{ title: OK, style: cancel }'"
    )
  }
  static func duplicateActionTitle(_ title: String, alert: String) -> Self {
    Self(
      "check.duplicate-action", .error,
      "alert '\(alert)' has two actions titled '\(title)'; a step could not tell them apart")
  }
  static func unhandledBarAction(_ action: String, screen: String, handled: [String]) -> Self {
    let known = handled.isEmpty ? "it handles no events" : "it handles \(Self.list(handled))"
    return Self(
      "check.unhandled-bar-action", .error,
      "the button's action '\(action)' is not handled by screen '\(screen)' (\(known)); add it under 'on:'"
    )
  }
  static func invalidTint(_ tint: String, suggestion: String?) -> Self {
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    return Self(
      "check.invalid-tint", .error,
      "'\(tint)' is neither a UIKit system colour name (such as 'red' or 'systemBlue') nor '#RRGGBB'\(hint)"
    )
  }
  static func unusualSymbolName(_ name: String) -> Self {
    Self(
      "check.symbol-name", .warning,
      "'\(name)' does not look like an SF Symbol name, which is lowercase words joined by dots, such as 'arrowshape.turn.up.left.circle'"
    )
  }
  static func styleOnAlert(_ name: String, key: String = "style") -> Self {
    let what =
      key == "stack"
      ? "'stack' gives a presented screen a navigation stack of its own; alert '\(name)' has no stack"
      : "'style' sets how a screen is presented; alert '\(name)' takes its style from its own declaration"
    return Self("check.style-on-alert", .error, what)
  }
  static func argumentsToAlert(_ name: String) -> Self {
    Self(
      "check.arguments-to-alert", .error,
      "alert '\(name)' takes no arguments; 'with' passes parameters to screens")
  }
  static func outcomeAsEvent(_ name: String, request: String) -> Self {
    Self(
      "check.outcome-as-event", .warning,
      "'\(name)' is handled as an event a view sends, not as request '\(request)' finishing: what a request's outcome does is declared under 'requests: \(request): onSuccess:' (or 'onFailure:'), and a step resolves it with '{ complete: \(request) }'"
    )
  }
  static func reservedEventName(_ name: String) -> Self {
    Self(
      "check.reserved-event", .error,
      "'\(name)' is reserved for checklist steps ('{ \(name): … }'); rename the event")
  }
}

/// The checker's diagnostics about tabs and deep links.
extension DiagnosticMessage {
  static func noTabs(_ keyword: String) -> Self {
    Self(
      "check.no-tabs", .error,
      "'\(keyword)' names a tab, but the flow declares none; add them under 'tabs:'")
  }
  /// A tab name that names nothing; `titleOf` is the tab whose title it is, if one has it.
  static func unknownTab(_ keyword: String, _ name: String, titleOf tab: String? = nil) -> Self {
    let hint = tab.map { "; '\(name)' is the title of tab '\($0)': name the tab, '\($0)'" } ?? ""
    return Self("check.unknown-tab", .error, "'\(keyword)' names no tab '\(name)'\(hint)")
  }
  static func referenceOutsideOperation(_ name: String) -> Self {
    Self(
      "check.unknown-reference", .error,
      "'$\(name)' has nothing to read here; write the value itself")
  }
  static func notALinkVariable(_ name: String, pattern: String, variables: [String]) -> Self {
    let known =
      variables.isEmpty
      ? "it has no variables" : "its variables are \(Self.list(variables.map { "{\($0)}" }))"
    return Self(
      "check.link-variable", .error,
      "'$\(name)' is not a variable of the link '\(pattern)'; \(known)")
  }
  static func unusedLinkVariable(_ name: String, pattern: String) -> Self {
    Self(
      "check.unused-link-variable", .warning,
      "'{\(name)}' of the link '\(pattern)' is passed to no route; use it as '$\(name)' or write the segment itself"
    )
  }
  static func linkNeverMatches(_ pattern: String, variable: String, types: [ValueType]) -> Self {
    Self(
      "check.link-never-matches", .error,
      "the link '\(pattern)' can never match: '{\(variable)}' must read as \(types.map(\.withArticle).joined(separator: " and as ")) at once"
    )
  }
  static func linkHost(_ problem: LinkHost.Problem, pattern: String) -> Self {
    let why =
      switch problem {
      case .notASCII(let host):
        "the host '\(host)' of the link '\(pattern)' is not ASCII: Foundation's URL holds such a host IDNA-encoded ('xn--…'), or before iOS 17 refuses the URL, so the app's routes never match it; write the host in ASCII"
      case .character(let host, let character):
        "the host '\(host)' of the link '\(pattern)' holds '\(character)', which a URL's host may not: Foundation's URL refuses or rewrites it, so the app never gets the link as written; write the host with letters, digits, '-' and '.'"
      case .port(let port):
        "the port '\(port)' of the link '\(pattern)' is not a number: Foundation's URL refuses such a URL, so the app never gets the link"
      }
    return Self("check.link-host", .warning, why)
  }
  static func shadowedLink(_ pattern: String, by earlier: String) -> Self {
    Self(
      "check.shadowed-link", .warning,
      "the link '\(pattern)' is never used: '\(earlier)' comes first and matches every URL it matches"
    )
  }
  static func duplicateTabRoot(_ tab: String) -> Self {
    Self(
      "check.tab-root", .warning,
      "tab '\(tab)' has the same root as an earlier tab; each tab usually shows its own screen")
  }
  static func argumentTypeConflict(
    _ event: String, argument: String, type: ValueType, first: ValueType
  ) -> Self {
    Self(
      "check.argument-type-conflict", .error,
      "event '\(event)' passes '$\(argument)' on as \(type.withArticle) here and as \(first.withArticle) first: the app sends the argument as one type, \(first.withArticle), so this never gets \(type.withArticle)"
    )
  }
  static func shadowedOutcomeValue(_ name: String, receiver: String) -> Self {
    Self(
      "check.unread-argument", .warning,
      "\(receiver) is given '\(name)', but the request's own value '\(name)', given when it started, is read instead; give the step's value another name"
    )
  }
  static func unreadArgument(_ name: String, receiver: String, suggestion: String?) -> Self {
    let hint =
      suggestion.map { "; did you mean '\($0)'?" }
      ?? ", so its value changes nothing; read it as '$\(name)', or leave it out"
    return Self(
      "check.unread-argument", .warning,
      "\(receiver) is given '\(name)', which nothing it runs reads\(hint)")
  }
  /// `receiver`: `event 'save'`, or `'complete' of request 'load'`.
  static func eventArgumentItemType(
    _ receiver: String, argument: String, expected: [ValueType], found: Value
  ) -> Self {
    Self(
      "check.event-argument-type", .error,
      "\(receiver) gives '\(argument)' to a list of items that are each \(expected.map(\.withArticle).joined(separator: " or ")), as its default's are, but \(found) is \(found.type.withArticle)"
    )
  }
  /// `receiver`: `event 'save'`, or `'complete' of request 'load'`.
  static func comparedArgumentType(
    _ receiver: String, argument: String, expected: [ValueType], found: ValueType
  ) -> Self {
    Self(
      "check.event-argument-type", .error,
      "\(receiver) compares '\(argument)' with state that is \(expected.map(\.withArticle).joined(separator: " or ")), but this value is \(found.withArticle), which is never equal to it"
    )
  }
  /// `receiver`: `event 'save'`, or `'complete' of request 'load'`.
  static func eventArgumentType(
    _ receiver: String, argument: String, expected: [ValueType], found: ValueType
  ) -> Self {
    Self(
      "check.event-argument-type", .error,
      "\(receiver) passes '\(argument)' on as \(expected.map(\.withArticle).joined(separator: " or ")), but this value is \(found.withArticle)"
    )
  }
}

/// The checker's diagnostics about requests, state changes and text with values.
extension DiagnosticMessage {
  static func unknownRequest(_ keyword: String, _ name: String) -> Self {
    Self("check.unknown-request", .error, "'\(keyword)' names no request '\(name)'")
  }
  static func requestNeverStarted(_ name: String) -> Self {
    Self(
      "check.unstarted-request", .warning,
      "request '\(name)' is never started; start it with '{ request: \(name) }'")
  }
  /// `orRecord`: the operation changes a record state too (`update`).
  static func stateChangeType(
    _ keyword: String, state: String, needed: ValueType, found: ValueType, orRecord: Bool
  ) -> Self {
    Self(
      "check.type-mismatch", .error,
      "'\(keyword)' changes \(needed.withArticle)\(orRecord ? " or a record" : "") state, but '\(state)' is \(found.withArticle)"
    )
  }
  static func unknownRecordField(
    _ field: String, list: String, fields: [String], oneRecord: Bool
  ) -> Self {
    let known = fields.map { "'\($0)'" }.joined(separator: ", ")
    return Self(
      "check.unknown-record-field", .warning,
      oneRecord
        ? "'\(list)' has no field '\(field)'; its fields are \(known)"
        : "no record of '\(list)' has a field '\(field)'; its records have \(known)")
  }
  /// `suggestsUpdate`: the record is `set`, where `update` may write some fields instead.
  static func missingRecordField(
    _ state: String, field: String, example: String, suggestsUpdate: Bool
  ) -> Self {
    let update =
      suggestsUpdate ? ", or change some with '{ update: { \(state): { set: { … } } } }'" : ""
    return Self(
      "check.missing-record-field", .error,
      "state '\(state)' is a record with every field of its default, but this one has no '\(field)'; give every field ('\(example)')\(update)"
    )
  }
  static func emptyRecordPattern(_ list: String) -> Self {
    Self(
      "check.empty-record-pattern", .error,
      "an empty record matches every record of '\(list)'; name the fields to match, or set '\(list)' to [] to empty it"
    )
  }
  static func unknownTextName(_ name: String, _ context: String) -> Self {
    Self("check.unknown-text-value", .error, "'{\(name)}' names no \(context)")
  }
  static func spacedTextName(_ name: String) -> Self {
    Self(
      "check.literal-dollar", .warning,
      "a name in braces holds no spaces, so this is kept as written; write '{\(name)}' to insert the value, or '{{' and '}}' for braces"
    )
  }
  static func dollarInChecklist(_ text: String) -> Self {
    Self(
      "check.literal-dollar", .warning,
      "a checklist's values are written as they are: '\(text)' is that text, not a value read from the flow; write the value itself"
    )
  }
  static func literalDollar(_ name: String) -> Self {
    Self(
      "check.literal-dollar", .warning,
      "'$\(name)' inside text is kept as it is; write '{\(name)}' to insert the value")
  }
}
