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
      for step in ancestor.steps {
        guard case .when(let events) = step.kind else { continue }
        guard await run.send(events, to: &app, replaying: ancestor) else { return run.result }
      }
    }
    if !entry.ancestors.isEmpty, let calls = await app.observe().calls {
      run.callBaseline = Dictionary(grouping: calls, by: \.call).mapValues(\.count)
    }
    for step in entry.item.steps {
      switch step.kind {
      case .given:
        continue
      case .when(let events):
        guard await run.send(events, to: &app, replaying: nil) else { return run.result }
      case .expect(let expectations):
        var evaluator = ExpectationEvaluator(
          observed: await app.observe().namingAlerts(after: program.alertContents), file: flow.file,
          callBaseline: run.callBaseline,
          unobservable: Driver.unobservable)
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

  /// Sends events to the app in order; `false` (with a failure) when one cannot be done.
  @MainActor
  mutating func send<Driver: FlowDriver>(
    _ events: [EventStep], to app: inout Driver, replaying ancestor: ChecklistItem?
  ) async -> Bool {
    for event in events {
      do {
        try await app.send(NavigationEvent(event))
      } catch {
        fail(.appCouldNotSend(NavigationEvent(event), replaying: ancestor, error), at: event.range)
        return false
      }
    }
    return true
  }
}
