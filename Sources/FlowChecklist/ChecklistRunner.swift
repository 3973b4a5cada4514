import FlowDiagnostics
public import FlowModel
public import FlowRuntime

/// Runs checklist items against the interpreter.
///
/// An item's scenario starts from its root item's `given`, replays every ancestor's
/// `when` steps, then runs the item's own steps in order, checking each `expect` where it
/// stands. Ancestors' expectations are their own tests and are not checked again.
public struct ChecklistRunner: Sendable {
  /// The flow whose checklist items run; the root flow when running a tree.
  public let flow: Flow
  /// The compiled flow the navigator runs each item's steps on.
  public let program: NavigationProgram
  /// Every item, parents first; an item's id is its index here.
  public let entries: [ChecklistEntry]

  /// Runs the checklist of `flow`, on `program` when given (a tree's, with its child flows),
  /// else on the flow compiled alone.
  public init(flow: Flow, program: NavigationProgram? = nil) {
    self.flow = flow
    self.program = program ?? NavigationProgram(flow)
    self.entries = flow.checklist?.entries ?? []
  }

  /// Runs the root flow's checklist, with the child flows it uses.
  public init(tree: FlowTree) {
    self.init(flow: tree.root, program: NavigationProgram(tree: tree))
  }

  /// Runs one item.
  public func run(_ entry: ChecklistEntry) -> ChecklistResult {
    run(entry, recordingCoverage: false).result
  }

  /// Runs one item; with `recordingCoverage`, also gives the coverage targets its scenario
  /// reaches (its ancestors' replayed steps included, up to a step that fails).
  package func run(_ entry: ChecklistEntry, recordingCoverage: Bool) -> (
    result: ChecklistResult, covered: Set<Int>
  ) {
    guard entry.item.isBound else {
      return (ChecklistResult(entry: entry, outcome: .unbound), [])
    }
    let (scenario, navigator) = replayed(entry, recordingCoverage: recordingCoverage)
    return finish(entry, scenario, from: navigator)
  }

  /// The scenario of an item started with its root's `given` and its ancestors' events
  /// sent, before its own steps.
  private func replayed(_ entry: ChecklistEntry, recordingCoverage: Bool) -> (
    ScenarioRun, Navigator?
  ) {
    var scenario = ScenarioRun(flow: flow, recordingCoverage: recordingCoverage)
    var navigator = scenario.start(program: program, root: entry.ancestors.first ?? entry.item)
    for ancestor in entry.ancestors where navigator != nil {
      scenario.replay(ancestor, on: &navigator)
    }
    return (scenario, navigator)
  }

  /// Where an item's scenario ends (its `summary` reads `stack [Home, Cart], presented
  /// [alert Logout]`): what `flowc diff` compares between two versions of a flow. `nil` for
  /// an item without steps or a scenario that cannot start.
  package func endState(of entry: ChecklistEntry) -> Observation? {
    guard entry.item.isBound else { return nil }
    var (scenario, navigator) = replayed(entry, recordingCoverage: false)
    guard navigator != nil else { return nil }
    scenario.run(entry.item, on: &navigator)
    return navigator?.stateObservation
  }

  /// An item's own steps, run on the scenario its root's `given` and its ancestors' `when`
  /// steps left, and what they found.
  private func finish(_ entry: ChecklistEntry, _ scenario: ScenarioRun, from start: Navigator?)
    -> (result: ChecklistResult, covered: Set<Int>)
  {
    var scenario = scenario
    var navigator = start
    if let replayed = navigator {
      // `calls` counts what the item's own steps call: a nested item does not see the calls
      // its parents' steps made (a root item's own scenario includes `start`).
      if !entry.ancestors.isEmpty { scenario.callBaseline = replayed.callCountsByCall }
      scenario.run(entry.item, on: &navigator)
    }
    scenario.noteCoverage(of: navigator)
    return (
      ChecklistResult(
        entry: entry, outcome: scenario.failures.isEmpty ? .passed : .failed(scenario.failures)),
      scenario.covered
    )
  }

  /// Runs the item with that id.
  public func run(id: Int) -> ChecklistResult? {
    entries.indices.contains(id) ? run(entries[id]) : nil
  }

  /// Runs every item, in document order.
  public func runAll() -> [ChecklistResult] {
    runAll(recordingCoverage: false).map(\.result)
  }

  /// Runs every item, each nested one from its parent's replayed scenario, kept: a parent's
  /// `when` steps run once for all its children, not once per child (400 children of an
  /// item with 20,000 events sent 8 million events), and a deep nesting costs its steps.
  /// The results are those `run` gives item by item.
  package func runAll(recordingCoverage: Bool) -> [(result: ChecklistResult, covered: Set<Int>)] {
    // After the entry's root `given` and the `when` steps of the entry and its ancestors.
    var replayed: [Int: (scenario: ScenarioRun, navigator: Navigator?)] = [:]
    var results: [(result: ChecklistResult, covered: Set<Int>)] = []
    results.reserveCapacity(entries.count)
    let hasChildren = Set(entries.compactMap(\.parentID))
    for entry in entries {
      guard entry.item.isBound else {
        results.append((ChecklistResult(entry: entry, outcome: .unbound), []))
        continue
      }
      var scenario: ScenarioRun
      var navigator: Navigator?
      if let parent = entry.parentID, let start = replayed[parent] {
        (scenario, navigator) = start
      } else if entry.parentID == nil {
        scenario = ScenarioRun(flow: flow, recordingCoverage: recordingCoverage)
        navigator = scenario.start(program: program, root: entry.item)
      } else {
        results.append(run(entry, recordingCoverage: recordingCoverage))
        continue
      }
      if hasChildren.contains(entry.id) {
        var kept = (scenario, navigator)
        if kept.1 != nil { kept.0.replay(entry.item, on: &kept.1) }
        replayed[entry.id] = kept
      }
      results.append(finish(entry, scenario, from: navigator))
    }
    return results
  }
}

/// One scenario's replay: the failures found so far.
struct ScenarioRun {
  let flow: Flow
  var failures: [ChecklistFailure] = []
  /// The URLs the item opened since its last expectations that changed nothing, and why:
  /// what a failing expectation then says, as a typo in a URL is its likeliest cause.
  private var refusedLinks: [String] = []
  /// The call counts before the item's own steps, which `calls` expectations subtract.
  var callBaseline: [NavigationCall: Int] = [:]
  let recordingCoverage: Bool
  /// The coverage targets reached, when recording.
  var covered: Set<Int> = []

  init(flow: Flow, recordingCoverage: Bool = false) {
    self.flow = flow
    self.recordingCoverage = recordingCoverage
  }

  mutating func noteCoverage(of navigator: Navigator?) {
    if let reached = navigator?.coveredTargets { covered.formUnion(reached) }
  }

  /// Starts the flow with the root item's `given`; `nil` (with a failure) when it cannot start.
  mutating func start(program: NavigationProgram, root: ChecklistItem) -> Navigator? {
    let setup = ScenarioSetup(root: root)
    do {
      return try Navigator(
        program: program, given: setup.state, startingAt: setup.stack,
        recordingCoverage: recordingCoverage)
    } catch {
      fail(.flowCouldNotStart(error), at: setup.range)
      return nil
    }
  }

  /// Sends an ancestor's events, without checking its expectations.
  mutating func replay(_ ancestor: ChecklistItem, on navigator: inout Navigator?) {
    for (index, step) in ancestor.steps.enumerated() {
      guard case .when(let events) = step.kind else { continue }
      let refusable = ancestor.steps.refusalExpected(after: index)
      var outcome: LastEventOutcome?
      guard
        send(
          events, on: &navigator, replaying: ancestor, lastMayBeRefused: refusable,
          outcome: &outcome)
      else { return }
    }
  }

  /// Runs an item's own steps in order. An item that ends with requests pending and never
  /// says what it expects of them fails: what a test leaves running is part of its result.
  mutating func run(_ item: ChecklistItem, on navigator: inout Navigator?) {
    defer {
      if let current = navigator, !current.pendingRequests.isEmpty,
        !item.expectsPendingRequests, let last = item.steps.last
      {
        fail(.unfinishedRequests(current.pendingRequests), at: last.range)
      }
    }
    var lastEvent: LastEventOutcome?
    for (index, step) in item.steps.enumerated() {
      switch step.kind {
      case .given:
        continue
      case .when(let events):
        let refusable = item.steps.refusalExpected(after: index)
        guard
          send(
            events, on: &navigator, replaying: nil, lastMayBeRefused: refusable,
            outcome: &lastEvent)
        else { return }
      case .expect(let expectations):
        defer { lastEvent = nil }
        guard let current = navigator else { return }
        var evaluator = ExpectationEvaluator(
          observed: current.observation, file: flow.file, callBaseline: callBaseline,
          lastEvent: lastEvent)
        if expectations.contains(where: { $0.kind.key == .holds }) {
          let judge = PropertyJudge(
            flow: flow, navigator: current, lastEvent: lastEvent,
            samples: .forSearch(of: current.program))
          evaluator.judge = judge.verdict(on:)
        }
        for expectation in expectations {
          evaluator.check(expectation)
        }
        let cause =
          refusedLinks.isEmpty ? "" : " (before it, " + refusedLinks.joined(separator: "; ") + ")"
        refusedLinks = []
        failures += evaluator.failures.map { failure in
          var failure = failure
          failure.message += cause
          return failure
        }
      }
    }
  }

  /// Sends a step's events in order; `false` (with a failure) when one is refused, except
  /// the last when `lastMayBeRefused`: its refusal is then part of `outcome`, the last
  /// event's, which `expect { refused }` checks.
  private mutating func send(
    _ events: [EventStep], on navigator: inout Navigator?, replaying ancestor: ChecklistItem?,
    lastMayBeRefused: Bool, outcome: inout LastEventOutcome?
  ) -> Bool {
    guard var current = navigator else { return false }
    for (index, step) in events.enumerated() {
      let event = NavigationEvent(step)
      if lastMayBeRefused, index == events.count - 1 {
        let error = current.attempt(event)
        let refusal = error.map(LastEventOutcome.Refusal.init)
        // A defect of the flow is no refusal: it fails the step, as anywhere else.
        if let error, let kind = refusal?.kind, RefusalKind.defects.contains(kind) {
          noteCoverage(of: current)
          fail(.stepRefused(event, replaying: ancestor, error), at: step.range)
          navigator = nil
          return false
        }
        outcome = LastEventOutcome(event: event, refusal: refusal)
        continue
      }
      do {
        try current.send(event)
      } catch {
        noteCoverage(of: current)
        fail(.stepRefused(event, replaying: ancestor, error), at: step.range)
        navigator = nil
        return false
      }
      if ancestor == nil, case .open(let url) = event, let refusal = current.lastLinkRefusal {
        refusedLinks.append("'open: \(url)' changed nothing: \(refusal.message)")
      }
      if index == events.count - 1 { outcome = LastEventOutcome(event: event, refusal: nil) }
    }
    navigator = current
    return true
  }

  mutating func fail(_ failure: RunFailure, at range: SourceRange) {
    failures.append(
      ChecklistFailure(id: failure.id, message: failure.message, file: flow.file, range: range))
  }
}

extension NavigationEvent {
  /// The runtime event a checklist step describes.
  public init(_ step: EventStep) {
    switch step.kind {
    case .event(let name, let arguments):
      var values: [String: Value] = [:]
      for argument in arguments {
        if case .literal(let value) = argument.value.value { values[argument.name.value] = value }
      }
      self = .named(name.value, arguments: values)
    case .tap(let target):
      self = .tap(target.value)
    case .alertAction(let title):
      self = .alertAction(title.value)
    case .open(let url):
      self = .open(url.value)
    case .tab(let name):
      self = .tab(name.value)
    case .respond(let request, let outcome, let values, let index):
      var arguments: [String: Value] = [:]
      for value in values {
        if case .literal(let literal) = value.value.value { arguments[value.name.value] = literal }
      }
      let position = index?.value ?? 0
      self =
        outcome == .success
        ? .complete(request.value, values: arguments, index: position)
        : .fail(request.value, values: arguments, index: position)
    }
  }
}

extension ChecklistItem {
  /// Whether one of the item's expectations is about pending requests.
  var expectsPendingRequests: Bool {
    steps.contains { step in
      guard case .expect(let expectations) = step.kind else { return false }
      // `holds` judges the whole state the steps leave, pending requests included.
      return expectations.contains {
        switch $0.kind {
        case .pending, .holds: true
        default: false
        }
      }
    }
  }
}

extension ScreenTarget {
  /// The screen with the literal values it gives.
  var instance: ScreenInstance {
    var values: [(String, Value)] = []
    for argument in arguments {
      if case .literal(let value) = argument.value.value {
        values.append((argument.name.value, value))
      }
    }
    return ScreenInstance(name: screen.value, values: values)
  }
}

/// Where a scenario starts, as its root item's `given` says: state values and a stack.
package struct ScenarioSetup {
  package var state: [String: Value] = [:]
  package var stack: [ScreenInstance]?
  /// The `given` step, or the item's text without one: where a failure to start is shown.
  package var range: SourceRange

  package init(root: ChecklistItem) {
    range = root.text.range
    for step in root.steps {
      guard case .given(let assignments, let routes) = step.kind else { continue }
      range = step.range
      for assignment in assignments {
        if case .literal(let value) = assignment.value.value {
          state[assignment.name.value] = value
        }
      }
      if let routes { stack = routes.value.map(\.instance) }
    }
  }
}
