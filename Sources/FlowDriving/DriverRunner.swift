public import FlowChecklist
import FlowDiagnostics
public import FlowModel
import FlowRuntime

/// What running one checklist item against an app found.
public struct AppResult: Sendable {
  /// Where the app disagrees with the checklist, at each expectation's place.
  public var failures: [ChecklistFailure]
  /// Expectations the app's observation could not check, of the kinds its driver declared
  /// unobservable: known issues, not passes.
  public var unchecked: [ChecklistFailure]
}

extension ChecklistRunner {
  /// Runs one item's scenario against the app through its driver: the root item's `given`
  /// makes the driver, the ancestors' events are replayed, then the item's own steps run,
  /// each `expect` checked against what the driver observes. A failure says what the app
  /// did, at the expectation's line.
  @MainActor
  public func run<Driver: FlowDriver>(_ entry: ChecklistEntry, against driver: Driver.Type) async
    -> AppResult
  {
    guard entry.item.isBound else { return AppResult(failures: [], unchecked: []) }
    var run = AppRun(file: flow.file)
    let setup = ScenarioSetup(root: entry.ancestors.first ?? entry.item)
    var state = program.defaultState
    state.merge(setup.state) { _, given in given }
    var app: Driver
    do {
      app = try await Driver(start: ScenarioStart(state: state, stack: setup.stack))
    } catch {
      run.fail(.appCouldNotStart(error), at: setup.range)
      return run.result
    }
    for ancestor in entry.ancestors {
      for (index, step) in ancestor.steps.enumerated() {
        guard case .when(let events) = step.kind else { continue }
        var outcome: LastEventOutcome?
        guard
          await run.send(
            events, to: &app, replaying: ancestor,
            lastMayBeRefused: ancestor.steps.refusalExpected(after: index), outcome: &outcome)
        else { return run.result }
      }
    }
    if !entry.ancestors.isEmpty, let calls = await app.observe().calls {
      run.callBaseline = Dictionary(grouping: calls, by: \.call).mapValues(\.count)
    }
    var lastEvent: LastEventOutcome?
    for (index, step) in entry.item.steps.enumerated() {
      switch step.kind {
      case .given:
        continue
      case .when(let events):
        guard
          await run.send(
            events, to: &app, replaying: nil,
            lastMayBeRefused: entry.item.steps.refusalExpected(after: index), outcome: &lastEvent)
        else { return run.result }
      case .expect(let expectations):
        defer { lastEvent = nil }
        let observed = await app.observe().namingAlerts(after: program.alertContents)
        var evaluator = ExpectationEvaluator(
          observed: observed, file: flow.file, callBaseline: run.callBaseline,
          unobservable: Driver.unobservable, lastEvent: lastEvent)
        evaluator.judge = { [flow, lastEvent] name in
          flow.verdict(
            onProperty: name, observed: observed, lastEvent: lastEvent,
            unobservable: Driver.unobservable)
        }
        for expectation in expectations { evaluator.check(expectation) }
        run.failures += evaluator.failures.map {
          var failure = $0
          if failure.id != RunFailure.unobservedID {
            failure.message = "the app disagrees: " + failure.message
          }
          return failure
        }
        run.unchecked += evaluator.unchecked
      }
    }
    return run.result
  }
}

/// One scenario run against an app.
struct AppRun {
  let file: String
  var failures: [ChecklistFailure] = []
  var unchecked: [ChecklistFailure] = []
  var callBaseline: [NavigationCall: Int] = [:]

  var result: AppResult { AppResult(failures: failures, unchecked: unchecked) }

  mutating func fail(_ failure: RunFailure, at range: SourceRange) {
    failures.append(
      ChecklistFailure(id: failure.id, message: failure.message, file: file, range: range))
  }

  /// Sends events to the app in order; `false` (with a failure) when one cannot be done,
  /// except the last when `lastMayBeRefused`: `outcome` then says whether the app refused
  /// it, by throwing a refusal or by changing nothing it shows.
  @MainActor
  mutating func send<Driver: FlowDriver>(
    _ events: [EventStep], to app: inout Driver, replaying ancestor: ChecklistItem?,
    lastMayBeRefused: Bool, outcome: inout LastEventOutcome?
  ) async -> Bool {
    for (index, step) in events.enumerated() {
      let event = NavigationEvent(step)
      if lastMayBeRefused, index == events.count - 1 {
        guard let attempted = await attempt(event, on: &app, at: step.range, replaying: ancestor)
        else { return false }
        outcome = attempted
        continue
      }
      do {
        try await app.send(event)
      } catch {
        fail(.appCouldNotSend(event, replaying: ancestor, error), at: step.range)
        return false
      }
      if index == events.count - 1 { outcome = LastEventOutcome(event: event, refusal: nil) }
    }
    return true
  }

  /// Sends an event the checklist expects the app to refuse: refused when the driver throws
  /// a refusal, or when nothing the app shows changed; done otherwise, with what changed (a
  /// thrown refusal that changed something keeps what it changed, and fails).
  /// `nil` (with a failure) when the driver cannot send it at all.
  @MainActor
  private mutating func attempt<Driver: FlowDriver>(
    _ event: NavigationEvent, on app: inout Driver, at range: SourceRange,
    replaying ancestor: ChecklistItem?
  ) async -> LastEventOutcome? {
    let before = await app.observe()
    do {
      try await app.send(event)
    } catch {
      guard let refusal = LastEventOutcome.Refusal(thrownByApp: error) else {
        fail(.appCouldNotSend(event, replaying: ancestor, error), at: range)
        return nil
      }
      let changes = Self.changes(from: before, to: await app.observe())
      return LastEventOutcome(event: event, refusal: refusal, changes: changes)
    }
    let changes = Self.changes(from: before, to: await app.observe())
    guard !changes.isEmpty else {
      return LastEventOutcome(
        event: event, refusal: .init(kind: nil, reason: "the app changed nothing it shows"))
    }
    return LastEventOutcome(event: event, refusal: nil, changes: changes)
  }

  /// What changed in what the app shows: each field the exploration compares, what is
  /// presented with its own stack, and any navigation call made.
  static func changes(from before: Observation, to after: Observation) -> [String] {
    var changes = ObservationComparison.differences(flow: before, app: after).map {
      "\($0.field) \($0.flow) → \($0.app)"
    }
    if let was = before.presentations, let now = after.presentations, was != now,
      !changes.contains(where: { $0.hasPrefix("presented ") })
    {
      let text = { (items: [PresentedItem]) in
        "[" + items.map(\.description).joined(separator: ", ") + "]"
      }
      changes.append("presented \(text(was)) → \(text(now))")
    }
    if let was = before.calls, let now = after.calls, now.count > was.count {
      changes.append("calls " + now[was.count...].map(\.description).joined(separator: ", "))
    }
    return changes
  }
}
