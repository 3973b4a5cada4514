package import FlowChecklist
public import FlowModel
public import FlowRuntime

/// Proves a flow's properties over every state it can reach (`flowc verify`): it visits
/// them breadth first, each once by value, so that the first state found failing a
/// property is at the end of a shortest path, which becomes the counterexample.
public struct PropertyVerifier: Sendable {
  /// The compiled flow, with its child flows.
  public let program: NavigationProgram
  /// The bounds of the search; the flow's `verify:` over the standard ones by default.
  package var bounds: SearchBounds
  /// Whether the built-in properties are judged too. A child flow's own properties are
  /// verified on it alone, its built-in ones through the parent that starts it (alone, a
  /// screen it leaves only by finishing would be a trap).
  public var checksBuiltIns = true

  /// A verifier for the flow of `tree`, within its `verify:` bounds.
  public init(tree: FlowTree) {
    program = NavigationProgram(tree: tree)
    bounds = SearchBounds(tree.root.verification)
  }

  /// Overrides the bounds the flow sets: the longest path, the most states, the longest
  /// list, the largest Int, the highest stack and the longest text a state may hold; `nil`
  /// keeps the flow's.
  public mutating func override(
    depth: Int? = nil, states: Int? = nil, listLength: Int? = nil, intMagnitude: Int? = nil,
    stackHeight: Int? = nil, textLength: Int? = nil
  ) {
    if let depth { bounds.depth = depth }
    if let states { bounds.states = min(states, SearchBounds.mostStates) }
    if let listLength { bounds.listLength = listLength }
    if let intMagnitude { bounds.intMagnitude = intMagnitude }
    if let stackHeight { bounds.stackHeight = stackHeight }
    if let textLength { bounds.textLength = textLength }
  }

  private var flow: Flow { program.tree.root }

  /// A warning for each event the search could not send: it takes a record, which has no
  /// fresh value, and no checklist step gives one. What follows it is not searched.
  private func unsentEvents(_ samples: EventSamples) -> [VerificationReport.Failure] {
    samples.unsendable.map { event, argument, file in
      VerificationReport.Failure(
        property: "", id: "verify.unsent-event", file: file, range: event.range,
        message:
          "event '\(event.value)' is never sent: it takes '\(argument)' as a record, which has no fresh value, and no checklist step gives one, so what follows it is not searched; give one in a checklist item ('when { \(event.value): { \(argument): { … } } }')",
        path: nil, item: nil)
    }
  }

  /// How often, in states visited, `verify(progress:)` reports how far it got.
  public static let progressInterval = 1 << 12

  /// Visits every reachable state and judges every property. `progress`, if given, is
  /// called with how far the search has come every `progressInterval` states: what a long
  /// search shows so that it is not silent. `shouldStop`, asked every few states, ends the
  /// search early when it says `true` (Ctrl-C): every state found so far is still judged,
  /// and the report says it was interrupted.
  public func verify(
    progress: ((SearchProgress) -> Void)? = nil, shouldStop: (() -> Bool)? = nil
  ) -> VerificationReport {
    var report = VerificationReport(
      flow: flow.name.value, file: flow.file, failures: [], propertiesChecked: 0, states: 0,
      transitions: 0, depth: 0, boundsHit: [])
    let start: Navigator
    do {
      start = try Navigator(program: program)
    } catch {
      report.startFailure = error.description
      report.startRange = flow.start?.range
      return report
    }
    let samples = EventSamples.forSearch(of: program)
    var judgments = StateJudgments(
      properties: flow.properties, program: program, file: flow.file)
    // The `never` and `always` properties a state breaks, as the search finds them: what
    // the progress reports say before the search ends.
    let watched = flow.properties.indices.compactMap { index -> (Int, Bool)? in
      switch flow.properties[index].statement {
      case .never: (index, true)
      case .always: (index, false)
      case .after, .reachable: nil
      }
    }
    var failing: [String] = []
    var found = Set<Int>()
    let space = StateSpace(
      from: start, samples: samples, bounds: bounds,
      visit: { state, navigator in
        judgments.judge(state, navigator)
        guard let progress else { return }
        for (index, failsWhen) in watched where !found.contains(index) {
          if judgments.verdicts(ofProperty: index).last == failsWhen {
            found.insert(index)
            failing.append(flow.properties[index].name.value)
          }
        }
        if state > 0, state % Self.progressInterval == 0 {
          progress(SearchProgress(states: state, failing: failing))
        }
      }, shouldStop: shouldStop)
    report.interrupted = space.boundsHit.interrupted
    report.states = space.count
    report.transitions = space.transitions.count
    report.depth = space.maximumDepth
    let hit = space.boundsHit.limits(of: space.bounds)
    report.boundsHit = hit.map(\.name)
    report.boundLimits = hit.map(\.limit)
    report.boundsAsked = space.boundsHit.limits(of: bounds).map(\.limit)
    report.boundsRaised = [
      ("lists", bounds.listLength, space.bounds.listLength),
      ("ints", bounds.intMagnitude, space.bounds.intMagnitude),
      ("stack", bounds.stackHeight, space.bounds.stackHeight),
    ].filter { $0.1 != $0.2 }.map { .init(name: $0.0, asked: $0.1, raisedTo: $0.2) }
    report.boundsRange = flow.verification.range
    let search = SpaceSearch(space: space, flow: flow, samples: samples, judgments: judgments)
    report.warnings += unsentEvents(samples)
    for (index, property) in flow.properties.enumerated() {
      report.propertiesChecked += 1
      if let failure = search.failure(of: property, at: index) {
        report.failures.append(failure)
      } else if let vacuous = search.vacuity(of: property, at: index) {
        report.warnings.append(vacuous)
      }
    }
    guard checksBuiltIns else { return report }
    let off = Set(flow.verification.off.map(\.value))
    for builtIn in BuiltInProperty.allCases where !off.contains(builtIn) {
      report.propertiesChecked += 1
      let failures = search.failures(of: builtIn)
      if builtIn == .allReachable, space.boundsHit.any {
        report.warnings += failures
      } else {
        report.failures += failures
      }
    }
    return report
  }
}

/// One visited state space and the flow it belongs to: what each property is judged on.
struct SpaceSearch {
  let space: StateSpace
  let flow: Flow
  let samples: EventSamples

  /// What was judged of each state as the search came to it.
  let judgments: StateJudgments

  /// How far the search went, as a message says it after "reachable": nothing for a whole
  /// search, `within the bounds` for one that hit a bound, `among the states visited` for one
  /// interrupted.
  var searchScope: String {
    if space.boundsHit.interrupted { return " among the states visited" }
    return space.boundsHit.any ? " within the bounds" : ""
  }

  /// What state `state` shows, whole: for a failure's message.
  func observation(_ state: Int) -> Observation {
    space.navigator(state).stateObservation
  }

  /// The warning for an `after` property whose event no reachable state accepts: it holds,
  /// but only because nothing it is about happens.
  func vacuity(of property: FlowProperty, at index: Int) -> VerificationReport.Failure? {
    if case .reachable = property.statement { return unproved(property, at: index) }
    guard case .after(let step, _) = property.statement,
      !space.acceptedEvents.contains(where: property.statement.follows)
    else { return nil }
    let bounded = searchScope
    return VerificationReport.Failure(
      property: property.name.value, id: "verify.vacuous", file: flow.file,
      range: property.name.range,
      message:
        "property '\(property.name.value)' holds only because no state reachable\(bounded) accepts '\(NavigationEvent(step).syntax(braced: true))': it is never put to the test",
      path: nil, item: nil)
  }

  /// The failure of one of the flow's properties, at the end of a shortest path, if it
  /// fails.
  func failure(of property: FlowProperty, at index: Int) -> VerificationReport.Failure? {
    let verdict = judgments.verdicts(ofProperty: index)
    switch property.statement {
    case .never:
      guard let state = verdict.firstIndex(of: true) else { return nil }
      return failure(
        property, state: state, path: space.path(to: state),
        "'never' condition holds \(events(space.path(to: state))): \(observation(state).summary)"
      )
    case .always:
      guard let state = verdict.firstIndex(of: false) else { return nil }
      return failure(
        property, state: state, path: space.path(to: state),
        "'always' condition does not hold \(events(space.path(to: state))): \(observation(state).summary)"
      )
    case .after:
      // Which events the property follows, each asked once, not once per transition.
      let follows = space.events.map(property.statement.follows)
      for transition in space.transitions where follows[Int(transition.event)] {
        let target = Int(transition.to)
        guard !verdict[target] else { continue }
        let path = space.path(to: Int(transition.from)) + [space.event(of: transition)]
        return failure(
          property, state: target, path: path,
          "'then' condition does not hold \(events(path)): \(observation(target).summary)")
      }
      return nil
    case .reachable:
      guard let state = firstState(notReaching: verdict) else { return nil }
      let bounded = searchScope
      return failure(
        property, state: state, path: space.path(to: state),
        "'reachable' condition holds in no state reachable\(bounded) from where it is \(events(space.path(to: state))): \(observation(state).summary)"
      )
    }
  }

  /// The warning for a `reachable` property that does not fail only because the bounds
  /// stopped the search: from some state searched from, no state it holds in is reached
  /// within them, only states the search did not go on from. Not a failure (one may be
  /// reached beyond the bounds), nor a proof.
  func unproved(_ property: FlowProperty, at index: Int) -> VerificationReport.Failure? {
    guard
      let state = firstState(
        notReaching: judgments.verdicts(ofProperty: index), beyondBoundsReaches: false)
    else { return nil }
    let path = space.path(to: state)
    return VerificationReport.Failure(
      property: property.name.value, id: "verify.unproved", file: flow.file,
      range: property.name.range,
      message:
        "property '\(property.name.value)' is not shown to hold: no state its 'reachable' condition holds in is reached within the bounds from where it is \(events(path)), only states beyond which the search did not go; raise the bounds to know",
      path: path, item: nil)
  }

  /// The first state, in the order of the search, from which no state matching `condition`
  /// is reached. A state the search did not go on from (beyond the bounds) may reach one
  /// unseen, so it, and whatever reaches only through it, is not counted as failing unless
  /// `beyondBoundsReaches` is `false`.
  private func firstState(notReaching holds: [Bool], beyondBoundsReaches: Bool = true) -> Int? {
    let count = space.count
    let transitions = space.transitions
    let expanded = space.expanded
    // Each state's predecessors, in one array: counted, placed, then read by offset. The
    // arrays are written through their buffers: a write to an array checks it is unique.
    var start = [Int32](repeating: 0, count: count + 1)
    var predecessors = [Int32](repeating: 0, count: transitions.count)
    start.withUnsafeMutableBufferPointer { start in
      for transition in transitions { start[Int(transition.to) + 1] += 1 }
      for state in 0..<count { start[state + 1] += start[state] }
      var filled = Array(start)
      predecessors.withUnsafeMutableBufferPointer { predecessors in
        filled.withUnsafeMutableBufferPointer { filled in
          for transition in transitions {
            predecessors[Int(filled[Int(transition.to)])] = transition.from
            filled[Int(transition.to)] += 1
          }
        }
      }
    }
    var reaches = [Bool](repeating: false, count: count)
    var queue: [Int32] = []
    queue.reserveCapacity(count)
    reaches.withUnsafeMutableBufferPointer { reaches in
      for state in 0..<count where holds[state] || (beyondBoundsReaches && !expanded[state]) {
        reaches[state] = true
        queue.append(Int32(state))
      }
      var head = 0
      while head < queue.count {
        let state = Int(queue[head])
        head += 1
        for offset in Int(start[state])..<Int(start[state + 1]) {
          let predecessor = Int(predecessors[offset])
          guard !reaches[predecessor] else { continue }
          reaches[predecessor] = true
          queue.append(Int32(predecessor))
        }
      }
    }
    guard !beyondBoundsReaches else { return reaches.firstIndex(of: false) }
    // A state beyond the bounds reaches nothing the search saw: only one searched from tells.
    return reaches.indices.first { !reaches[$0] && expanded[$0] }
  }

  private func failure(
    _ property: FlowProperty, state: Int, path: [NavigationEvent], _ message: String
  ) -> VerificationReport.Failure {
    let name = property.name.value
    return VerificationReport.Failure(
      property: name, id: "verify.property", file: flow.file, range: property.name.range,
      message: "property '\(name)' fails: its \(message)", path: path,
      item: Counterexample.item(
        property: name, path: path, form: flow.checklist?.form ?? .block))
  }

  /// `after [login, logout]`, or `at the start`.
  func events(_ path: [NavigationEvent]) -> String {
    path.isEmpty
      ? "at the start"
      : "after [" + path.map { $0.syntax(braced: true) }.joined(separator: ", ") + "]"
  }
}
