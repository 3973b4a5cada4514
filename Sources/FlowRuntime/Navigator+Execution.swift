import FlowDiagnostics
internal import FlowModel

extension Navigator {
  /// Runs a compiled operation with UIKit's semantics.
  // Better whole: one arm per instruction, each UIKit's rule for that call; it is the interpreter's
  // inner loop, where a call per arm would cost every event.
  mutating func execute(_ instruction: Instruction, in context: ExecutionContext)
    throws(NavigationError)
  {
    switch instruction {
    case .setRoot(let target, let animated):
      let entry = try makeEntry(target, context)
      let place = activeStackPlace
      current.setEntries(CollectionOfOne(entry), of: place)
      record(.setRoot, .shown(entry), animated: animated)
      try enter(entry)
      try appearUnlessCovered()
    case .push(let target, let animated):
      let entry = try makeEntry(target, context)
      try push(entry, animated: animated)
    case .reset(let targets, let animated):
      var routes: [StackEntry] = []
      routes.reserveCapacity(targets.count)
      for target in targets { routes.append(try makeEntry(target, context)) }
      try reset(to: routes, animated: animated)
    case .select(let tab):
      try select(tab)
    case .pop(let animated):
      try pop(animated: animated)
    case .popToRoot(let animated):
      try popToRoot(animated: animated)
    case .presentAlert(let index, let animated):
      let alert = program.alerts[index]
      if let blocking = presentationBlocker {
        record(.present, .alert(index), animated: animated, .alreadyPresenting(blocking))
      } else {
        let text = AlertText(
          title: alert.title.map { render($0, context) },
          message: alert.message.map { render($0, context) })
        current.appendLayer(.alert(index, text))
        record(.present, .alert(index), animated: animated)
      }
    case .presentScreen(let target, let style, let hasNavigation, let animated):
      let entry = try makeEntry(target, context)
      if let blocking = presentationBlocker {
        record(.present, .shown(entry), animated: animated, .alreadyPresenting(blocking))
      } else {
        current.appendLayer(
          .screen(ModalStack(entries: [entry], style: style, hasNavigation: hasNavigation)))
        record(.present, .shown(entry), animated: animated)
        try enter(entry)
        try appear()
      }
    case .dismiss(let animated):
      try dismiss(animated: animated)
    case .set(let writes):
      for write in writes {
        let value = try resolve(write.value, context)
        try store(value, at: write.index)
      }
    case .add(let writes):
      for write in writes {
        let value = try resolve(write.value, context)
        guard case .int(let base) = current.value(at: write.index), case .int(let amount) = value
        else { throw .notAnInt(program.stateNames[write.index], value: value) }
        let (sum, overflow) = base.addingReportingOverflow(amount)
        if overflow {
          throw .intOverflow(program.stateNames[write.index], base: base, amount: amount)
        }
        current.setValue(.int(sum), at: write.index)
      }
    case .append(let writes), .remove(let writes):
      let isAppend: Bool
      if case .append = instruction { isAppend = true } else { isAppend = false }
      for write in writes {
        let value = try resolve(write.value, context)
        guard current.isList(at: write.index) else {
          throw .notAList(
            program.stateNames[write.index], operation: isAppend ? "append" : "remove")
        }
        if let misfit = program.listItemRules[write.index]?.misfit(inItemOrItems: value) {
          throw .listItemType(program.stateNames[write.index], misfit)
        }
        if isAppend {
          // Written after the list's words, in place: nothing of the list is read.
          current.append(itemOrItems: value, toListAt: write.index)
          continue
        }
        let elements: [Value]
        if case .list(let values) = value { elements = values } else { elements = [value] }
        if case .list(var items) = current.value(at: write.index) {
          items.removeAll { item in
            elements.contains { element in
              guard case .record(let fields) = element else { return element == item }
              return item.matches(fields: fields)
            }
          }
          current.setValue(.list(items), at: write.index)
        }
      }
    case .update(let writes):
      for write in writes {
        let match = try resolve(fields: write.match, context)
        let changes = try resolve(fields: write.changes, context)
        if let rule = program.listItemRules[write.index],
          let misfit = rule.misfit(inFields: match) ?? rule.misfit(inFields: changes)
        {
          throw .listItemType(program.stateNames[write.index], misfit)
        }
        let stored = current.value(at: write.index)
        if case .record(var fields) = stored {
          // A record state: its one record, when it holds the `where` fields.
          guard stored.matches(fields: match) else { continue }
          fields.merge(changes) { _, new in new }
          current.setValue(.record(fields), at: write.index)
          continue
        }
        guard case .list(var items) = stored else {
          throw .notAList(program.stateNames[write.index], operation: "update")
        }
        for position in items.indices where items[position].matches(fields: match) {
          guard case .record(var fields) = items[position] else { continue }
          fields.merge(changes) { _, new in new }
          items[position] = .record(fields)
        }
        current.setValue(.list(items), at: write.index)
      }
    case .request(let index, let operands):
      try startRequest(index, operands, context)
    case .startFlow(let child, let writes, let style, let animated, let hasNavigation):
      try beginNested { "the start of flow '\($0.flows[child].name)'" }
      defer { nesting -= 1 }
      try startFlow(
        child, writes: writes, style: style, animated: animated, hasNavigation: hasNavigation,
        context)
    case .finish(let event, let operands):
      var values: [String: Value] = [:]
      for (name, operand) in operands { values[name] = try resolve(operand, context) }
      try finish(context.flow, event: event, values: values)
    case .branch(let predicate, let then, let otherwise):
      if try holds(predicate, context) {
        try execute(then, in: context)
      } else if let otherwise {
        try execute(otherwise, in: context)
      }
    case .sequence(let instructions):
      for instruction in instructions {
        try execute(instruction, in: context)
      }
    case .probe(let target):
      cover(target)
    case .probed(let target, let instruction):
      cover(target)
      try execute(instruction, in: context)
    case .fail(let reason):
      throw .flowError(reason)
    }
  }

  /// Why nothing can be presented now: an alert is on top (UIKit presents over a presented
  /// screen, but never over an alert); `nil` when a presentation may go ahead.
  private var presentationBlocker: String? {
    current.topAlertIndex.map { program.alerts[$0].contents.name }
  }

  /// Writes a state value of the state's type.
  private mutating func store(_ value: Value, at index: Int) throws(NavigationError) {
    try program.checkStateValue(value, at: index)
    current.setValue(value, at: index)
  }

  /// `pushViewController(_:animated:)`: on the presented screen's own stack when it has
  /// one; refused (and logged, as UIKit ignores it) on a presented screen without one.
  mutating func push(_ entry: StackEntry, animated: Bool) throws(NavigationError) {
    if let layer = current.topScreenLayer {
      guard case .screen(_, hasNavigation: true) = current.layerKind(layer) else {
        let name = program.screens[current.screen(.layer(layer), at: 0)].name
        record(.push, .shown(entry), animated: animated, .noNavigationStack(name))
        return
      }
      current.append(entry, to: .layer(layer))
    } else {
      let place = selectedStack
      current.append(entry, to: place)
    }
    record(.push, .shown(entry), animated: animated)
    try enter(entry)
    try appear()
  }

  /// `popViewController(animated:)` on the visible stack.
  mutating func pop(animated: Bool) throws(NavigationError) {
    if let layer = current.topScreenLayer {
      guard case .screen(_, hasNavigation: true) = current.layerKind(layer),
        current.entryCount(.layer(layer)) > 1,
        let popped = current.removeLastEntry(from: .layer(layer))
      else {
        record(.pop, .none, animated: animated, .popAtRoot)
        return
      }
      record(.pop, .shown(popped), animated: animated)
    } else if case let place = selectedStack, current.entryCount(place) > 1,
      let popped = current.removeLastEntry(from: place)
    {
      record(.pop, .shown(popped), animated: animated)
    } else {
      record(.pop, .none, animated: animated, .popAtRoot)
      return
    }
    try appear()
  }

  /// `popToRootViewController(animated:)` on the visible stack.
  mutating func popToRoot(animated: Bool) throws(NavigationError) {
    if let layer = current.topScreenLayer {
      guard case .screen(_, hasNavigation: true) = current.layerKind(layer),
        current.entryCount(.layer(layer)) > 1
      else {
        record(.popToRoot, .none, animated: animated, .popToRootAtRoot)
        return
      }
      current.keepEntries(1, of: .layer(layer))
    } else if case let place = selectedStack, current.entryCount(place) > 1 {
      current.keepEntries(1, of: place)
    } else {
      record(.popToRoot, .none, animated: animated, .popToRootAtRoot)
      return
    }
    record(.popToRoot, .none, animated: animated)
    try appear()
  }

  /// `dismiss(animated:)`: removes what is presented on top (a presented screen goes with
  /// its whole stack).
  private mutating func dismiss(animated: Bool) throws(NavigationError) {
    let count = current.layerCount
    guard count > 0 else {
      record(.dismiss, .none, animated: animated, .nothingPresented)
      return
    }
    switch current.layerKind(count - 1) {
    case .alert(let index):
      current.removeLastLayer()
      record(.dismiss, .alert(index), animated: animated)
    case .screen:
      let root = current.entry(.layer(count - 1), at: 0)
      current.removeLastLayer()
      record(.dismiss, .shown(root), animated: animated)
      try appear()
    }
  }

  /// Replaces everything above the selected stack's root with `routes` at once, as
  /// `path = routes` does; on an empty stack the first route becomes the root.
  mutating func reset(to routes: [StackEntry], animated: Bool) throws(NavigationError) {
    let place = activeStackPlace
    current.keepEntries(1, of: place)
    for route in routes { current.append(route, to: place) }
    record(.reset, .entries(routes), animated: animated)
    for route in routes { try enter(route) }
    try appearUnlessCovered()
  }

  /// Shows a whole stack where a scenario starts: the selected tab's, or the only one.
  mutating func show(_ stack: [ScreenInstance]) throws(NavigationError) {
    var shown: [StackEntry] = []
    for instance in stack {
      guard let index = program.screenIndex[instance.name] else {
        throw .unknownScreen(instance.name, known: program.screens.map(\.name))
      }
      let screen = program.screens[index]
      var arguments: [Value?] = []
      for (parameter, type) in zip(screen.parameters, screen.parameterTypes) {
        let value = instance.arguments[parameter]
        if let value, value.type != type.base {
          throw .argumentType(
            screen: screen.name, parameter: parameter, expected: type.base, found: value)
        }
        if value == nil, !type.isOptional {
          throw .missingParameter(parameter, of: screen.name)
        }
        arguments.append(value)
      }
      shown.append(StackEntry(screen: index, arguments: arguments))
    }
    let place = selectedStack
    current.setEntries(shown, of: place)
    for entry in shown { try enter(entry) }
    try appear()
  }

  /// Selects a tab, loading it the first time.
  mutating func select(_ tab: Int) throws(NavigationError) {
    cover(program.tabs[tab].coverageTarget)
    let isShown = current.selectedTab == tab
    current.selectedTab = tab
    record(.select, .tab(tab), animated: false)
    // Selecting the tab already selected shows nothing new: no screen appears.
    guard !isShown else { return }
    try loadTab(tab)
    // Beneath a presented screen or alert, the tab changes unseen: nothing appears.
    guard current.layerCount == 0 else { return }
    try appear()
  }

  /// Runs a tab root's `onEnter` the first time the tab is selected, as UIKit loads a tab's
  /// view controller then.
  mutating func loadTab(_ tab: Int) throws(NavigationError) {
    guard !current.isLoaded(tab) else { return }
    current.setLoaded(tab)
    if current.entryCount(.tab(tab)) > 0 { try enter(current.entry(.tab(tab), at: 0)) }
  }

  /// Runs a screen's `onEnter`, reading the screen's own arguments.
  private mutating func enter(_ entry: StackEntry) throws(NavigationError) {
    cover(program.screens[entry.screen].coverageTarget)
    guard let onEnter = program.screens[entry.screen].onEnter else { return }
    let screen = entry.screen
    try beginNested { "'onEnter' of '\($0.screens[screen].name)'" }
    defer { nesting -= 1 }
    try execute(onEnter, in: screenContext(entry))
  }

  /// Notes that one of the operations that run inside others begins (a screen's `onEnter`
  /// or `onAppear`, a child flow's start), refusing it once they nest deeper than
  /// `Navigator.mostNesting`: a flow that enters or starts itself again would never end.
  /// `what` names it for the refusal. The caller lowers `nesting` again when it ends.
  mutating func beginNested(_ what: (NavigationProgram) -> String) throws(NavigationError) {
    guard nesting < Self.mostNesting else {
      throw .endless(what(program), depth: Self.mostNesting)
    }
    nesting += 1
  }

  /// Runs `onAppear` after a change to the stack `setRoot` and `reset` act on, unless a
  /// presented screen without a stack of its own covers it.
  private mutating func appearUnlessCovered() throws(NavigationError) {
    if activeStackLayer == nil, current.topScreenLayer != nil { return }
    try appear()
  }

  /// The layer whose navigation stack `setRoot` and `reset` act on: the topmost presented
  /// screen when it has a stack of its own; `nil` for the selected tab's.
  var activeStackLayer: Int? {
    guard let layer = current.topScreenLayer,
      case .screen(_, hasNavigation: true) = current.layerKind(layer)
    else { return nil }
    return layer
  }

  /// The stack `setRoot` and `reset` act on: a presented screen's own, else the selected
  /// tab's (a presented screen without a stack does not cover that of the service beneath).
  var activeStackPlace: NavigationState.StackPlace {
    activeStackLayer.map { .layer($0) } ?? selectedStack
  }

  /// The context a screen's own operations run in: its values and its flow, and, for a
  /// handler, the event and its arguments (made whole at once: an event sends one per step).
  func screenContext(
    _ entry: StackEntry, source: ExecutionContext.ArgumentSource = .none,
    eventArguments: [String: Value] = [:]
  ) -> ExecutionContext {
    ExecutionContext(
      source: source, flow: program.screens[entry.screen].flow, eventArguments: eventArguments,
      screen: entry.screen, screenArguments: entry.arguments)
  }

  /// Runs the visible screen's `onAppear`: it has just become the visible one, shown by a
  /// navigation call or revealed by a pop or a dismiss.
  mutating func appear() throws(NavigationError) {
    let place = current.visibleStack
    guard let screen = current.lastScreen(place), let onAppear = program.screens[screen].onAppear,
      let entry = current.lastEntry(place)
    else {
      return
    }
    try beginNested { "'onAppear' of '\($0.screens[screen].name)'" }
    defer { nesting -= 1 }
    try execute(onAppear, in: screenContext(entry))
  }

  /// The stack entry a target makes, each value resolved and checked against its parameter's
  /// type: an event argument of the wrong type is refused, as Swift would not compile it.
  func makeEntry(_ target: Target, _ context: ExecutionContext) throws(NavigationError)
    -> StackEntry
  {
    if let unknown = target.unknownScreen { throw .flowError("no screen '\(unknown)'") }
    if target.arguments.isEmpty { return StackEntry(screen: target.screen, arguments: []) }
    let screen = program.screens[target.screen]
    return StackEntry(
      screen: target.screen,
      arguments: try values(
        target.arguments, names: screen.parameters, types: screen.parameterTypes,
        owner: screen.name, context))
  }

  /// One value per parameter, each checked against its type.
  func values(
    _ operands: [Operand], names: [String], types: [ParameterType], owner: String,
    _ context: ExecutionContext
  ) throws(NavigationError) -> [Value?] {
    var values: [Value?] = []
    values.reserveCapacity(operands.count)
    for (index, operand) in operands.enumerated() {
      if case .absent = operand {
        values.append(nil)
        continue
      }
      // An optional parameter passed on from one the screen was shown without (`with: { n:
      // $n }` on a screen whose `n: Int?` was left out) is left out too, as Swift passes nil.
      if types[index].isOptional, context.readsLeftOutParameter(operand) {
        values.append(nil)
        continue
      }
      let value = try resolve(operand, context)
      let expected = types[index].base
      guard value.type == expected else {
        throw .argumentType(
          screen: owner, parameter: names[index], expected: expected, found: value)
      }
      values.append(value)
    }
    return values
  }

  /// The value of an operand: a literal, `$name` from the event, the screen, the state, or
  /// text with those values inserted.
  /// A record's fields, resolved in field order, so that the same flow fails with the same
  /// message every run.
  func resolve(fields: [String: Operand], _ context: ExecutionContext) throws(NavigationError)
    -> [String: Value]
  {
    var values: [String: Value] = [:]
    for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
      values[name] = try resolve(field, context)
    }
    return values
  }

  func resolve(_ operand: Operand, _ context: ExecutionContext) throws(NavigationError)
    -> Value
  {
    switch operand {
    case .literal(let value):
      return value
    case .reference(let name, let parameter, let state):
      if let value = context.eventArguments[name] { return value }
      if let parameter, parameter < context.screenArguments.count {
        // The screen's parameter hides the state of its name, with a value or without one
        // (an optional left out), as a Swift property's parameter does.
        if let value = context.screenArguments[parameter] { return value }
        throw .leftOutParameter(name)
      } else if let state {
        return current.value(at: state)
      }
      switch context.source {
      case .event(let event): throw .missingEventArgument(event, name)
      case .outcome(let request, let outcome): throw .missingOutcomeValue(request, outcome, name)
      case .none: throw .noValue(name)
      }
    case .missing(let parameter, let owner):
      throw .missingParameter(parameter, of: owner)
    case .absent:
      throw .noValue("an optional parameter")
    case .record(let fields):
      return .record(try resolve(fields: fields, context))
    case .text(let template, let references):
      var failure: NavigationError?
      let text = template.render { name -> String? in
        guard let reference = references[name] else { return nil }
        // A parameter left out has no value to show: kept as written, as a name without one.
        if context.readsLeftOutParameter(reference) { return nil }
        do throws(NavigationError) {
          return try resolve(reference, context).text
        } catch {
          failure = failure ?? error
          return nil
        }
      }
      if let failure { throw failure }
      guard text.utf8.count <= Self.longestText else { throw .textTooLong(text.utf8.count) }
      return .string(text)
    }
  }

  /// The most bytes a text value made by inserting values may have: an app's navigation state
  /// holds names and ids, and a text that inserts itself doubles with every event.
  public static let longestText = 65_536

  /// Display text (a title, an alert's message) with its `{name}` values inserted from the
  /// event, the screen, then the state; a name with no value stays as written.
  func render(_ text: String, _ context: ExecutionContext) -> String {
    render(TextTemplate(text), context)
  }

  /// Text read once as a template, with the values of `context` inserted.
  func render(_ template: TextTemplate, _ context: ExecutionContext) -> String {
    if template.parts.count == 1, case .text(let text) = template.parts[0] { return text }
    return template.render { name in lookup(name, context)?.text }
  }

  /// The value `name` has where `context` runs, if any.
  func lookup(_ name: String, _ context: ExecutionContext) -> Value? {
    if let value = context.eventArguments[name] { return value }
    if let screen = context.screen,
      let parameter = program.screens[screen].parameters.firstIndex(of: name),
      parameter < context.screenArguments.count
    {
      // A parameter left out hides the state of its name too.
      return context.screenArguments[parameter]
    }
    let qualified = context.flow == 0 ? name : program.flows[context.flow].name + "." + name
    return program.stateIndex[qualified].map { current.value(at: $0) }
  }

  private func holds(_ predicate: Predicate, _ context: ExecutionContext) throws(NavigationError)
    -> Bool
  {
    switch predicate {
    case .flag(let index):
      guard let value = current.flag(at: index) else { throw .notABool(program.stateNames[index]) }
      return value
    case .not(let inner):
      return try !holds(inner, context)
    case .equals(let index, let operand):
      return try current.value(at: index) == resolve(operand, context)
    case .all(let predicates):
      for inner in predicates where try !holds(inner, context) {
        return false
      }
      return true
    case .unknown(let name):
      throw .flowError("no state '\(name)'")
    }
  }
}
