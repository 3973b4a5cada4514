package import FlowModel
package import FlowRuntime

/// Arguments for events that need them, taken from the checklist's own steps.
package struct EventSamples {
  private var arguments: [String: [[String: Value]]] = [:]
  private var urls: [String] = []
  private var outcomes: [String: [NavigationEvent]] = [:]
  /// The Int sent where an event's argument needs a fresh one: one more than any sampled;
  /// `nil` until `addFreshValues(for:)` adds fresh values (a search does, a suggestion
  /// does not: it proposes only values the checklist gives).
  private var freshInt: Int?
  /// For each event, the arguments it takes as records: no fresh value is made for them.
  private var recordArguments: [String: Set<String>] = [:]
  /// For each event, its untyped arguments appended whole to (or removed from) a list
  /// whose items have one type: a fresh value of that type is sent, not every fresh value.
  private var itemTypes: [String: [String: ValueType]] = [:]
  /// The events that take a record no sample gives (with that argument, and the file of the
  /// flow that first handles the event): a search cannot send them, and says so.
  package private(set) var unsendable: [(event: Located<String>, argument: String, file: String)] =
    []
  /// The arguments events take as records (typed so, or appended whole to a list of records),
  /// while the samples are made: unsendable unless some sample gives them in the end.
  private var recordsTaken: [(event: Located<String>, argument: String, file: String)] = []

  /// The checklist's samples; with `links`, also a URL for each pattern no URL of the
  /// checklist matches, its variables written as `1` (a valid Int and String).
  package init(checklist: Checklist?, links: [URLPattern] = []) {
    defer {
      for pattern in links
      where !urls.contains(where: { url in LinkURL(url).map { pattern.match($0) != nil } ?? false })
      {
        urls.append(pattern.example(filling: "1"))
      }
    }
    for entry in checklist?.entries ?? [] {
      for step in entry.item.steps {
        guard case .when(let events) = step.kind else { continue }
        for event in events {
          let runtime = NavigationEvent(event)
          switch runtime {
          case .named(let name, let values) where !values.isEmpty:
            if !(arguments[name] ?? []).contains(values) {
              arguments[name, default: []].append(values)
            }
          case .open(let url): if !urls.contains(url) { urls.append(url) }
          case .complete(let request, _, _), .fail(let request, _, _):
            outcomes[request, default: []].append(runtime)
          default: break
          }
        }
      }
    }
  }

  /// How far the values the samples send reach: their lists, Ints and texts (a URL counted
  /// whole as a text, as a value read from it is no longer).
  package var valueExtent: ValueExtent {
    var extent = ValueExtent()
    for samples in arguments.values {
      for sample in samples { for value in sample.values { extent.measure(value) } }
    }
    for events in outcomes.values {
      for event in events {
        switch event {
        case .complete(_, let values, _), .fail(_, let values, _):
          for value in values.values { extent.measure(value) }
        default: break
        }
      }
    }
    for url in urls { extent.measure(.string(url)) }
    return extent
  }

  /// Adds, for each event that takes arguments, one sample of values no sample has: a fresh
  /// Int (one more than any the samples use), the text `fresh`, `true`, an empty list. What
  /// a search of every state sends beside the checklist's own values, so that an event the
  /// checklist never sends is still tried. A record has no fresh value: an event taking one
  /// that no sample gives is noted in `unsendable`, and `concrete(_:)` leaves it out.
  package mutating func addFreshValues(for signatures: [EventSignature]) {
    var largest = 0
    for samples in arguments.values {
      for sample in samples {
        for case .int(let number) in sample.values { largest = max(largest, number) }
      }
    }
    let freshInt = largest == .max ? 0 : largest + 1
    self.freshInt = freshInt
    for signature in signatures where !signature.arguments.isEmpty {
      var sample: [String: Value] = [:]
      let name = signature.name.value
      for argument in signature.arguments {
        guard let fresh = freshValue(of: argument.type, int: freshInt) else {
          recordArguments[name, default: []].insert(argument.name)
          continue
        }
        sample[argument.name] = fresh
      }
      for record in recordArguments[name]?.sorted() ?? [] {
        recordsTaken.append((signature.name, record, signature.file))
      }
      guard sample.count == signature.arguments.count,
        !(arguments[name] ?? []).contains(sample)
      else { continue }
      arguments[name, default: []].append(sample)
    }
  }

  /// The events available, each that needs arguments once per sample the checklist gives
  /// (left out when it gives none), with the checklist's links and request outcomes.
  ///
  /// With `pending`, the requests pending where they are sent (a search of every state), each
  /// outcome is also sent with no values, and at each pending request of its name whose
  /// values differ from an earlier one's, not only at the first.
  package func concrete(_ available: [NavigationEvent], pending: [ScreenInstance]? = nil)
    -> [NavigationEvent]
  {
    var events: [NavigationEvent] = []
    for event in available {
      switch event {
      case .named(let name, let placeholder)
      where !placeholder.isEmpty || arguments[name] != nil:
        // An event the checklist passes arguments, with those: the app's binding takes them
        // even where the flow reads them as state of the same name. An argument a handler
        // reads where the flow does not tell its type (a field of a record it makes, a value
        // it compares) is sent as each fresh value in turn; those of the wrong type are
        // refused, as the app's type would not let them be sent.
        guard let freshInt else {
          events += (arguments[name] ?? []).map { .named(name, arguments: $0) }
          continue
        }
        let records = recordArguments[name] ?? []
        for sample in arguments[name] ?? [[:]] {
          guard !records.contains(where: { sample[$0] == nil }) else { continue }
          let untyped = placeholder.keys.filter { sample[$0] == nil }
          guard !untyped.isEmpty else {
            events.append(.named(name, arguments: sample))
            continue
          }
          let items = itemTypes[name] ?? [:]
          // A record appended whole has no fresh value (noted in `unsendable`).
          guard !untyped.contains(where: { items[$0] == .record }) else { continue }
          var sent: [[String: Value]] = []
          for fresh in [Value.string("fresh"), .int(freshInt), .bool(true)] {
            var values = sample
            for argument in untyped {
              values[argument] =
                items[argument].flatMap { freshValue(of: $0, int: freshInt) } ?? fresh
            }
            guard !sent.contains(values) else { continue }
            sent.append(values)
            events.append(.named(name, arguments: values))
          }
        }
      case .complete(let request, _, _), .fail(let request, _, _):
        let samples = (outcomes[request] ?? []).filter { $0.isSameOutcome(as: event) }
        guard let pending else {
          events += samples.isEmpty ? [event] : samples
          continue
        }
        events += Self.everyOutcome(of: request, like: [event] + samples, pending: pending)
      default:
        events.append(event)
      }
    }
    return events + urls.map(NavigationEvent.open)
  }

  /// The fresh value of a type: the fresh Int, `fresh`, `true`, an empty list; a record has
  /// none.
  private func freshValue(of type: ValueType, int: Int) -> Value? {
    switch type {
    case .int: .int(int)
    case .string: .string("fresh")
    case .bool: .bool(true)
    case .list: .list([])
    case .record: nil
    }
  }

  /// Each of `outcomes`' values at each index of the requests named `request` in `pending`
  /// whose arguments differ from an earlier one's, once each.
  private static func everyOutcome(
    of request: String, like outcomes: [NavigationEvent], pending: [ScreenInstance]
  ) -> [NavigationEvent] {
    var indexes: [Int] = []
    var seen: Set<[ScreenInstance.Argument]> = []
    for instance in pending.lazy.filter({ $0.name == request }).enumerated()
    where seen.insert(instance.element.values).inserted {
      indexes.append(instance.offset)
    }
    var events: [NavigationEvent] = []
    var sent: Set<NavigationEvent> = []
    for outcome in outcomes {
      for index in indexes {
        let event: NavigationEvent
        switch outcome {
        case .complete(let name, let values, _):
          event = .complete(name, values: values, index: index)
        case .fail(let name, let values, _): event = .fail(name, values: values, index: index)
        default: continue
        }
        if sent.insert(event).inserted { events.append(event) }
      }
    }
    return events
  }
}

extension NavigationEvent {
  /// Whether both are completions, or both failures, of any request.
  fileprivate func isSameOutcome(as other: NavigationEvent) -> Bool {
    switch (self, other) {
    case (.complete, .complete), (.fail, .fail): true
    default: false
    }
  }
}

extension EventSamples {
  /// What a search of every state sends: the checklist's values, a URL for each link, and
  /// fresh values for every event that takes arguments.
  package static func forSearch(of program: NavigationProgram) -> EventSamples {
    let flow = program.tree.root
    var samples = EventSamples(
      checklist: flow.checklist, links: program.tree.flows.flatMap { $0.links.compactMap(\.parsed) }
    )
    let signatures = program.tree.eventSignatures
    samples.addFreshValues(for: signatures)
    // Each link's own example too, even where the checklist opens a URL it matches: the
    // checklist's may be one the link refuses (a value that does not read as its type).
    for flow in program.tree.flows {
      for link in flow.links {
        guard let example = example(of: link, in: flow), !samples.urls.contains(example)
        else { continue }
        samples.urls.append(example)
      }
    }
    for flow in program.tree.flows {
      for property in flow.properties {
        guard case .after(let step, _) = property.statement else { continue }
        samples.add(NavigationEvent(step))
      }
    }
    samples.addHandlerHints(in: program.tree, signatures: signatures)
    samples.noteUnsendableRecords()
    samples.nameOutcomesAsSent(by: program)
    return samples
  }

  /// Each request's outcomes under the name the search sends it by (`stepName`): a step may
  /// write a child's `fetch` as `Kid.fetch`, and the pending request is `fetch`.
  private mutating func nameOutcomesAsSent(by program: NavigationProgram) {
    var named: [String: [NavigationEvent]] = [:]
    for (written, events) in outcomes.sorted(by: { $0.key < $1.key }) {
      let name = program.stepName(ofRequest: written) ?? written
      for event in events {
        let renamed: NavigationEvent
        switch event {
        case .complete(_, let values, let index):
          renamed = .complete(name, values: values, index: index)
        case .fail(_, let values, let index): renamed = .fail(name, values: values, index: index)
        default: renamed = event
        }
        if !(named[name] ?? []).contains(renamed) { named[name, default: []].append(renamed) }
      }
    }
    outcomes = named
  }

  /// Notes each event that takes a record no sample gives, once every sample is made (one an
  /// `if:` compares with state is sent as that state's values), with the first such argument.
  private mutating func noteUnsendableRecords() {
    for (event, argument, file) in recordsTaken
    where !unsendable.contains(where: { $0.event.value == event.value })
      && !(arguments[event.value] ?? []).contains(where: { $0[argument] != nil })
    {
      unsendable.append((event, argument, file))
    }
    recordsTaken = []
  }

  /// What the flow's handlers say of their untyped arguments, and the values it gives its
  /// state: an argument appended whole to a list whose items have one type is sent as a
  /// fresh value of that type (a record one, which has none, is noted unsendable); an
  /// argument an `if:` compares with state is also sent as each value that state is given
  /// (its default, what `set:` writes or a condition compares it with, anywhere in the flow,
  /// and what a flow that starts it gives it with `start:`, a value or its own state's), in
  /// combinations (`addCombinations`), so that both arms are tried: a fresh value alone
  /// matches only by chance. A `$name` that reads a screen's parameter or state is no
  /// argument (`signatures` say which are typed ones), and sending a value for it would hide
  /// what it reads.
  private mutating func addHandlerHints(in tree: FlowTree, signatures: [EventSignature]) {
    // Every flow read first: a flow's state is also given values by the flows that start
    // it (`start: Child, with: { sel: 3 }`), wherever they come in the tree.
    var hints = [FlowHints](repeating: FlowHints(), count: tree.flows.count)
    var passed: [StatePassedOn] = []
    for index in tree.flows.indices {
      readHints(in: tree.flows[index], at: index, of: tree, into: &hints, passing: &passed)
    }
    // A parent's state given to a child (`with: { sel: $level }`) gives the child's state
    // every value the parent's is given, through any number of flows.
    var changed = !passed.isEmpty
    var rounds = 0
    while changed, rounds <= tree.flows.count {
      changed = false
      rounds += 1
      for link in passed {
        for value in hints[link.parent].given[link.parentState] ?? [] {
          changed = hints[link.child].note(value, for: link.childState) || changed
        }
      }
    }
    guard hints.contains(where: { !$0.comparisons.isEmpty }) else { return }
    var types: [String: [String: ValueType]] = [:]
    for signature in signatures {
      for argument in signature.arguments {
        types[signature.name.value, default: [:]][argument.name] = argument.type
      }
    }
    for flow in hints where !flow.comparisons.isEmpty {
      for event in flow.eventOrder {
        // Each compared argument's values, of its type: the values the flow's state is
        // given, for every state it is compared with.
        var choices: [(argument: String, values: [Value])] = []
        for (argument, state) in flow.comparisons[event] ?? [] {
          guard let type = types[event]?[argument] else { continue }
          let values = (flow.given[state] ?? []).filter { $0.type == type }
          guard !values.isEmpty else { continue }
          if let at = choices.firstIndex(where: { $0.argument == argument }) {
            choices[at].values += values.filter { !choices[at].values.contains($0) }
          } else {
            choices.append((argument, values))
          }
        }
        addCombinations(of: choices, to: event)
      }
    }
  }

  /// What one flow's handlers compare with its state, and the values its state is given.
  private struct FlowHints {
    /// Event → argument → the states it is compared with, each once, in the flow's order.
    var comparisons: [String: [(argument: String, state: String)]] = [:]
    var eventOrder: [String] = []
    /// State → the values it is given, each once, in the order the flows give them.
    var given: [String: [Value]] = [:]
    private var known: [String: Set<Value>] = [:]

    /// Notes that `state` is given `value`; whether it was new.
    @discardableResult
    mutating func note(_ value: Value, for state: String) -> Bool {
      guard known[state, default: []].insert(value).inserted else { return false }
      given[state, default: []].append(value)
      return true
    }
  }

  /// A flow's state given to a child flow's state by `start:`.
  private struct StatePassedOn {
    var parent: Int
    var parentState: String
    var child: Int
    var childState: String
  }

  /// Reads flow `index` of `tree` into `hints`: the values it gives its state (and, with
  /// `start:`, the state of the flows it starts), what its handlers compare with state, and
  /// the item types of what they append whole.
  private mutating func readHints(
    in flow: Flow, at index: Int, of tree: FlowTree, into hints: inout [FlowHints],
    passing passed: inout [StatePassedOn]
  ) {
    for variable in flow.state {
      hints[index].note(variable.initialValue.value, for: variable.name.value)
    }
    func readValues(_ operation: Operation) {
      switch operation.kind {
      case .branch(let condition, _, _):
        for case (let state, .literal(let value)) in condition.comparisons {
          hints[index].note(value, for: state)
        }
      case .set(let assignments):
        for assignment in assignments {
          guard case .literal(let value) = assignment.value.value else { continue }
          hints[index].note(value, for: assignment.name.value)
        }
      case .startFlow(let start):
        guard let child = tree.child(start.flow.value, of: index) else { break }
        for argument in start.arguments {
          switch argument.value.value {
          case .literal(let value):
            hints[child].note(value, for: argument.name.value)
          case .reference(let name) where flow.stateVariable(named: name) != nil:
            passed.append(
              StatePassedOn(
                parent: index, parentState: name, child: child, childState: argument.name.value))
          default:
            continue
          }
        }
      default: break
      }
    }
    func read(_ handler: EventHandler, on screen: Screen?) {
      let event = handler.event.value
      handler.operation.visit { operation in
        readValues(operation)
        switch operation.kind {
        case .branch(let condition, _, _):
          for case (let state, .reference(let reference)) in condition.comparisons
          where !(hints[index].comparisons[event] ?? []).contains(where: {
            $0.argument == reference && $0.state == state
          }) {
            if hints[index].comparisons[event] == nil { hints[index].eventOrder.append(event) }
            hints[index].comparisons[event, default: []].append((reference, state))
          }
        case .append, .remove:
          for use in operation.itemUses(in: flow, screen: screen)
          where itemTypes[event]?[use.name] == nil {
            itemTypes[event, default: [:]][use.name] = use.type
            if use.type == .record { recordsTaken.append((handler.event, use.name, flow.file)) }
          }
        default: break
        }
      }
    }
    for screen in flow.screens.indices {
      // Made optional once, and the handlers read by index: passing a screen where an
      // optional one goes, or iterating its handlers, copies it (8 copies a screen).
      let shown: Screen? = flow.screens[screen]
      for handler in flow.screens[screen].handlers.indices {
        read(flow.screens[screen].handlers[handler], on: shown)
      }
      flow.screens[screen].onEnter?.visit(readValues)
      flow.screens[screen].onAppear?.visit(readValues)
    }
    for handler in flow.handlers { read(handler, on: nil) }
    flow.start?.visit(readValues)
    for alert in flow.alerts { for action in alert.actions { action.operation?.visit(readValues) } }
    for request in flow.requests {
      request.onSuccess?.visit(readValues)
      request.onFailure?.visit(readValues)
    }
  }

  /// The most samples the values an event's handlers compare add to it: every combination
  /// up to this many, beyond it each argument's values one at a time.
  static let mostComparedSamples = 1_024

  /// Samples of `event` over the last one it has (the fresh one, where there is one): every
  /// combination of `choices`' values when there are at most `mostComparedSamples`, else each
  /// argument's values alone.
  private mutating func addCombinations(
    of choices: [(argument: String, values: [Value])], to event: String
  ) {
    let base = arguments[event]?.last ?? [:]
    var samples: [[String: Value]]
    let count = choices.reduce(1) { product, choice in
      min(product * choice.values.count, Self.mostComparedSamples + 1)
    }
    if count <= Self.mostComparedSamples {
      samples = [base]
      for choice in choices {
        samples = samples.flatMap { sample in
          choice.values.map { value in sample.merging([choice.argument: value]) { $1 } }
        }
      }
    } else {
      samples = choices.flatMap { choice in
        choice.values.map { base.merging([choice.argument: $0]) { $1 } }
      }
    }
    var present = Set(arguments[event] ?? [])
    for sample in samples where present.insert(sample).inserted {
      arguments[event, default: []].append(sample)
    }
  }

  /// A URL `link` matches and reads: each variable written as a value of the type its route
  /// reads it as (`true` for a Bool, `1` for an Int or text).
  private static func example(of link: DeepLink, in flow: Flow) -> String? {
    guard let pattern = link.parsed else { return nil }
    var types: [String: ValueType] = [:]
    // A Bool reads `true` only; `true` is text for a String, and no Int reads it, so a
    // variable read as a Bool anywhere is filled as one.
    for reading in link.variableReadings(in: flow) where types[reading.variable] != .bool {
      types[reading.variable] = reading.type
    }
    return pattern.example { types[$0] == .bool ? "true" : "1" }
  }

  /// Adds the event an `after` property is about, so that the search sends it: its values
  /// over each sample of its name (a fresh one where the property gives only some), a URL
  /// for a pattern, an outcome with its values.
  private mutating func add(_ event: NavigationEvent) {
    switch event {
    case .named(let name, let given) where !given.isEmpty:
      for sample in arguments[name] ?? [[:]] {
        let values = sample.merging(given) { _, property in property }
        if !(arguments[name] ?? []).contains(values) { arguments[name, default: []].append(values) }
      }
    case .open(let written):
      // A URL without variables is sent as written, even where another URL reads the same
      // to a link (a scheme's case, a trailing slash, a query item more): the property
      // follows that one.
      guard case .success(let pattern) = URLPattern.parse(written), !pattern.variables.isEmpty
      else {
        if !urls.contains(written) { urls.append(written) }
        break
      }
      let matched = urls.contains { LinkURL($0).map { pattern.match($0) != nil } ?? false }
      if !matched { urls.append(pattern.example(filling: "1")) }
    case .complete(let request, let values, _) where !values.isEmpty,
      .fail(let request, let values, _) where !values.isEmpty:
      if !(outcomes[request] ?? []).contains(event) { outcomes[request, default: []].append(event) }
    default:
      break
    }
  }
}
