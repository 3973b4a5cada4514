import FlowDiagnostics
import FlowModel

extension Checker {
  /// A request nothing starts is dead code.
  func checkRequests(screenTargets: [NavigationTargets], outside: OutsideScreens) {
    var started = Set<Int>()
    for targets in screenTargets + outside.alerts + outside.requests + [
      outside.start, outside.flowEvents,
    ] {
      started.formUnion(targets.requests)
    }
    for (index, request) in flow.requests.enumerated() where !started.contains(index) {
      sink.report(.requestNeverStarted(request.name.value), at: request.name.range)
    }
  }

  /// Text with values must name values that exist where it is shown, and a `$name` inside
  /// text, which is kept as written, is worth a word. An alert's texts are checked against
  /// every place that presents it (`groups`, what the operation rules gathered); a
  /// navigation bar's by `checkBarTexts(ofScreen:)` and the texts operations store by
  /// `checkTexts(writtenBy:)`, with the rules of one screen.
  func checkAlertTexts(presentedFrom groups: [NavigationTargets]) {
    guard !flow.alerts.isEmpty else { return }
    var presenters = [[OperationOrigin]](repeating: [], count: flow.alerts.count)
    for group in groups {
      for (alert, origin) in group.alerts { presenters[alert].append(origin) }
    }
    // An alert named like a screen is an error of its own (`checkNames`); what presents it
    // is the screen, so its texts are not judged again.
    for (index, alert) in flow.alerts.enumerated()
    where flow.indexOfScreen(named: alert.name.value) == nil {
      // An alert nothing presents (warned of) reads only state: its names are judged so.
      let origins = presenters[index].isEmpty ? [.start] : presenters[index]
      for text in [alert.title, alert.message].compactMap({ $0 }) {
        checkText(text, origins: origins, anyOrigin: true)
      }
    }
  }

  /// A navigation bar's title and button titles, against the screen that shows them.
  func checkBarTexts(ofScreen index: Int) {
    // Read in place, and only a text with a brace or a dollar is checked further.
    func check(_ text: Located<String>?) {
      guard let text, TextTemplate.mayHoldNames(text.value) else { return }
      checkText(text, origins: [.onEnter(screen: index)])
    }
    check(flow.screens[index].navigationBar.title)
    check(flow.screens[index].navigationBar.left?.title)
    check(flow.screens[index].navigationBar.right?.title)
  }

  /// The texts one operation stores or passes on (not those of operations nested in it),
  /// against the place it is written.
  func checkTexts(writtenBy operation: Operation, origin: OperationOrigin) {
    checkTexts(of: operation.writtenValues, origin: origin)
  }

  /// The texts given as `assignments`' values, against the place they are written: an
  /// operation's, or a deep link's route (whose texts read the link's variables).
  func checkTexts(of assignments: [Assignment], origin: OperationOrigin) {
    for assignment in assignments {
      guard case .literal(.string(let text)) = assignment.value.value,
        TextTemplate.mayHoldNames(text)
      else { continue }
      checkText(Located(text, at: assignment.value.range), origins: [origin])
    }
  }

  /// Checks one text against the places it is rendered: a name must read something in
  /// every one of them (in any one of them, for an alert presented from several places).
  private func checkText(
    _ text: Located<String>, origins: [OperationOrigin], anyOrigin: Bool = false
  ) {
    let quote =
      text.range.end.column - text.range.start.column == text.value.unicodeScalars.count + 2
        && text.range.start.line == text.range.end.line ? 1 : 0
    let at = { (offset: Int, length: Int) in
      SourceRange(start: text.range.start.advanced(by: quote + offset), length: length)
    }
    for (name, offset) in TextTemplate.dollarNames(in: text.value) {
      sink.report(.literalDollar(name), at: at(offset, name.unicodeScalars.count + 1))
    }
    for (name, offset, length) in TextTemplate.spacedNames(in: text.value) {
      sink.report(.spacedTextName(name), at: at(offset, length))
    }
    for (name, offset) in TextTemplate(text.value).names {
      let unresolved = origins.compactMap { origin -> String? in
        switch resolution(of: name, origin: origin) {
        case .typed, .untyped: nil
        case .unresolved(let context): context
        case .notALinkVariable(let link):
          "variable of the link '\(flow.links[link].pattern.value)'"
        }
      }
      let fails = anyOrigin ? unresolved.count == origins.count : !unresolved.isEmpty
      if !fails {
        checkArgumentTypo(
          name, in: text, origins: origins, at: at(offset, name.unicodeScalars.count + 2))
        continue
      }
      // A name whose declaration had an error of its own is not reported again.
      guard !flow.namesWithErrors.contains(name) else { continue }
      let context = unresolved.first ?? "state"
      sink.report(
        .unknownTextName(name, context), at: at(offset, name.unicodeScalars.count + 2))
    }
  }
}

extension Checker {
  /// A `{name}` that reads nothing but an event's argument, which no handler reads as
  /// `$name` and no step sends, while a state or parameter is spelled almost so
  /// (`{nmae}`, state `name`): a typo, shown as written when the app sends no such argument.
  fileprivate func checkArgumentTypo(
    _ name: String, in text: Located<String>, origins: [OperationOrigin], at range: SourceRange
  ) {
    // Only where an event's arguments are read: a request's outcome values, a link's
    // variables and a screen's parameters are names of their own.
    let isEventOrigin = origins.allSatisfy { origin in
      switch origin {
      case .event, .flowEvent: true
      case .start, .onEnter, .alertAction, .link, .request: false
      }
    }
    // Without a checklist of its own, a flow's steps are in the flow that uses it: "no
    // step sends it" would be a guess.
    guard isEventOrigin, flow.checklist != nil,
      origins.allSatisfy({
        if case .untyped = resolution(of: name, origin: $0) { true } else { false }
      })
    else { return }
    let candidates =
      flow.state.map(\.name.value)
      + origins.compactMap(\.screen).flatMap { flow.screens[$0].params.map(\.name.value) }
    guard let meant = Suggestion.closest(to: name, among: candidates), !argumentNames.contains(name)
    else { return }
    sink.report(.textReadsArgument(name, suggestion: meant), at: range)
  }

  /// Every name read as `$name` in the flow's operations, every value a flow of the tree's
  /// `finish:` passes on, and every argument its checklist's steps send: the names that are
  /// an event's arguments on purpose.
  private var argumentNames: Set<String> {
    var names: Set<String> = []
    for other in tree.flows {
      other.visitEveryOperation { operation in
        if case .finish(let finish) = operation.kind {
          for argument in finish.arguments { names.insert(argument.name.value) }
        }
      }
    }
    flow.visitEveryOperation { operation in operation.insertNamesRead(into: &names) }
    for entry in flow.checklist?.entries ?? [] {
      for step in entry.item.steps {
        guard case .when(let events) = step.kind else { continue }
        for event in events {
          if case .event(_, let arguments) = event.kind {
            for argument in arguments { names.insert(argument.name.value) }
          }
        }
      }
    }
    return names
  }
}

extension Operation {
  /// Inserts each name this operation reads as `$name` (not those of operations nested in
  /// it) into `names`: in the values it writes or passes on and in a condition's comparisons.
  func insertNamesRead(into names: inout Set<String>) {
    for assignment in writtenValues {
      for reference in assignment.value.value.references { names.insert(reference.name) }
    }
    if case .branch(let condition, _, _) = kind {
      for (_, value) in condition.locatedComparisons {
        for reference in value.value.references { names.insert(reference.name) }
      }
    }
  }

  /// Inserts each name this operation reads, as `$name` or as `{name}` in a text it writes
  /// or compares (not those of operations nested in it), into `names`.
  func insertValuesRead(into names: inout Set<String>) {
    insertNamesRead(into: &names)
    insertTextNames(into: &names)
  }

  /// Inserts each `{name}` of the texts this operation writes or compares (not those of
  /// operations nested in it), a record's fields' included, into `names`.
  func insertTextNames(into names: inout Set<String>) {
    for assignment in writtenValues { assignment.value.value.insertTextNames(into: &names) }
    if case .branch(let condition, _, _) = kind {
      for (_, value) in condition.locatedComparisons { value.value.insertTextNames(into: &names) }
    }
  }

  /// The values this operation writes or passes on (not those of operations nested in it).
  var writtenValues: [Assignment] {
    switch kind {
    case .setRoot(let target), .push(let target): target.arguments
    case .reset(let routes): routes.flatMap(\.arguments)
    case .present(let presentation): presentation.arguments
    case .set(let assignments), .add(let assignments), .append(let assignments),
      .remove(let assignments):
      assignments
    case .update(let updates): updates.flatMap { $0.match + $0.changes }
    case .request(let call): call.arguments
    case .startFlow(let start): start.arguments
    case .finish(let finish): finish.arguments
    case .select, .pop, .popToRoot, .dismiss, .branch, .sequence: []
    }
  }
}

extension Condition {
  /// Inserts each name this condition reads whenever it is asked, as `$name` or as `{name}`
  /// in a text it compares, into `names`: the conditions of `all` are asked in order until
  /// one fails, so only the first is asked whatever the state.
  func insertValuesReadWhateverTheState(into names: inout Set<String>) {
    for (_, value) in locatedComparisons(whateverTheState: true) {
      for reference in value.value.references { names.insert(reference.name) }
      value.value.insertTextNames(into: &names)
    }
  }
}

extension ValueExpression {
  /// Inserts each `{name}` of the texts this value holds, a record's fields' included, into
  /// `names`.
  func insertTextNames(into names: inout Set<String>) {
    switch self {
    case .literal(.string(let text)):
      guard TextTemplate.mayHoldNames(text) else { return }
      for (name, _) in TextTemplate(text).names { names.insert(name) }
    case .literal(.record(let fields)):
      for field in fields.values { ValueExpression.literal(field).insertTextNames(into: &names) }
    case .record(let fields):
      for field in fields.values { field.insertTextNames(into: &names) }
    case .literal, .reference:
      break
    }
  }
}
