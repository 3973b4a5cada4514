public import FlowChecklist
import FlowDiagnostics
import FlowModel
public import FlowRuntime

/// A disagreement between the flow and the app that an exploration found: the shortest
/// sequence of events it could shrink it to, the fields that differ after it, where in the
/// flow that is declared, and the item to paste into the checklist.
public struct ExplorationFinding: Sendable, CustomStringConvertible {
  /// The events, from the flow's start, after which the app and the flow disagree; they
  /// agreed after every event before the last.
  public var events: [NavigationEvent]
  /// Only the fields that differ, flow against app.
  public var differences: [ObservedDifference]
  /// The checklist item that pins the flow's behaviour, ready to paste: it expects every
  /// field that differs, so it fails against the app for the same reason.
  public var item: String
  /// The seed of the random walks, to replay them.
  public var seed: UInt64
  /// The file and place the finding is about: the handler of the last event, or the
  /// screen, bar button, alert or link whose observation differs.
  public var file: String
  /// Where in `file`: the span of that handler or declaration.
  public var range: SourceRange

  /// The item's text, its first line without the mark: what `explore.accept` names.
  public var title: String {
    let first = item.prefix { $0 != "\n" }
    return String(first.hasPrefix("[ ] ") ? first.dropFirst(4) : first[...])
  }

  /// The finding as a failure reports it: `the app disagrees with the flow after login`
  /// (and the later events), then each field that differs on a line of its own, then the
  /// item to paste, with the seed.
  public var description: String {
    let after =
      events.isEmpty ? "its start" : events.map { $0.syntax(braced: true) }.joined(separator: ", ")
    let first = events.count > 1 ? " (the same until its last event)" : ""
    return "the app disagrees with the flow after \(after)\(first):\n"
      + differences.map { "  \($0)" }.joined(separator: "\n")
      + "\nchecklist item to paste (random walks seeded with \(seed)):\n" + item
  }

  /// What makes two findings the same: the fields that differ and the place.
  var signature: String {
    differences.map(\.field).sorted().joined(separator: ",") + "@\(file):\(range.start)"
  }
}

/// What an exploration may spend, and which of its findings are known and accepted.
public struct ExplorationBudget: Sendable {
  /// How many events the random walks send, after the transitions' shortest paths.
  public var events: Int
  /// The seed of the random walks: the same seed walks the same events, so a finding replays.
  public var seed: UInt64
  /// How many distinct findings to report before stopping.
  public var findings: Int
  /// Findings a team has accepted, by the text of the item they would print
  /// (`After login, the app does what the flow says`): they stop failing, new ones do not.
  /// A `*` in a text stands for any run of characters, so one entry accepts a family
  /// (`After fail load(code: 404), *, alert Retry, the app does what the flow says`).
  public var accepted: Set<String>

  /// A budget; by default 5000 events of random walks seeded with 1, stopping after 5
  /// findings, none of them accepted.
  public init(events: Int = 5000, seed: UInt64 = 1, findings: Int = 5, accepted: Set<String> = []) {
    self.events = events
    self.seed = seed
    self.findings = findings
    self.accepted = accepted
  }

  /// Whether the finding whose item is titled `title` is accepted: its text is one of
  /// `accepted`, or matches one with `*` in it.
  public func accepts(_ title: String) -> Bool {
    accepted.contains(title)
      || accepted.contains { $0.contains("*") && GlobPattern($0).matches(title) }
  }
}

extension ChecklistRunner {
  /// Walks the flow beyond its checklist, against the app: first the shortest path to every
  /// transition (each event on each screen, each bar button, each alert action), then seeded
  /// random walks; after every event the app's observation is compared with the flow's.
  /// Each disagreement is shrunk to a minimal sequence of events that still disagrees; the
  /// first of them, or `nil` when the app agrees.
  @MainActor
  public func explore<Driver: FlowDriver>(
    against driver: Driver.Type, budget: ExplorationBudget = ExplorationBudget()
  ) async -> ExplorationFinding? {
    var first = budget
    first.findings = 1
    return await exploreAll(against: driver, budget: first).first
  }

  /// Every distinct disagreement, up to `budget.findings`, each shrunk and placed: after a
  /// finding the walks go on past its differences (so it does not hide the next), skipping
  /// paths that disagree in the same fields at the same place as one already found;
  /// accepted findings are left out.
  @MainActor
  public func exploreAll<Driver: FlowDriver>(
    against driver: Driver.Type, budget: ExplorationBudget = ExplorationBudget()
  ) async -> [ExplorationFinding] {
    guard let start = try? Navigator(program: program), budget.findings > 0 else { return [] }
    let samples = EventSamples(checklist: flow.checklist)
    var paths = Self.transitionPaths(from: start, samples: samples)
    var random = SplitMix64(seed: budget.seed)
    var spent = 0
    while spent < budget.events {
      var navigator = start
      var walk: [NavigationEvent] = []
      for _ in 0..<min(30, budget.events - spent) {
        let candidates = samples.concrete(navigator.availableEvents)
        guard !candidates.isEmpty else { break }
        let event = candidates[Int(random.next() % UInt64(candidates.count))]
        guard (try? navigator.send(event)) != nil else { continue }
        walk.append(event)
      }
      spent += max(1, walk.count)
      paths.append(walk)
    }
    var findings: [ExplorationFinding] = []
    var seen: Set<String> = []
    var known: Set<String> = []
    for path in paths {
      guard let disagreement = await disagreement(along: path, driver: driver, known: known)
      else { continue }
      // A path that differs as one already found, at its place, is that finding again.
      let unshrunk = finding(
        disagreement.prefix, disagreement.differences, app: disagreement.app, seed: budget.seed)
      guard !seen.contains(unshrunk.signature) else { continue }
      let shrunk = await shrink(path, to: disagreement.prefix, driver: driver, known: known)
      let found = finding(shrunk.events, shrunk.differences, app: shrunk.app, seed: budget.seed)
      known.formUnion((disagreement.differences + found.differences).map(\.description))
      // An accepted difference is passed over, by its text, and hides no other at its place.
      guard !budget.accepts(found.title) else { continue }
      let isNew = !seen.contains(found.signature)
      seen.insert(unshrunk.signature)
      seen.insert(found.signature)
      guard isNew else { continue }
      findings.append(found)
      if findings.count >= budget.findings { break }
    }
    return findings
  }

  /// The shortest path from the start to each (visible screen, event) pair.
  static func transitionPaths(from start: Navigator, samples: EventSamples) -> [[NavigationEvent]] {
    var paths: [[NavigationEvent]] = []
    var seenTransitions: Set<String> = []
    start.walkBreadthFirst(samples: samples, depth: 12, states: 2_000) { before, _, path in
      let transition =
        (before.top ?? "") + "|" + (before.presented?.name ?? "") + "|"
        + path[path.count - 1].description
      if seenTransitions.insert(transition).inserted { paths.append(path) }
      return true
    }
    return paths
  }

  /// Where along `path` the app first disagrees: the events up to there and the fields that
  /// differ.
  @MainActor
  ///
  /// Differences in `known` (by their text: a finding already made) do not count: the walk
  /// goes on past them, so one finding does not hide the next.
  func disagreement<Driver: FlowDriver>(
    along path: [NavigationEvent], driver: Driver.Type, known: Set<String> = []
  ) async -> (prefix: [NavigationEvent], differences: [ObservedDifference], app: Observation?)? {
    guard var navigator = try? Navigator(program: program) else { return nil }
    let start = ScenarioStart(state: program.defaultState)
    guard var app = try? await Driver(start: start) else {
      return (
        [],
        [ObservedDifference(field: "start", flow: "starts", app: "could not start", part: .stack)],
        nil
      )
    }
    var observed = await app.observe().namingAlerts(after: program.alertContents)
    var differences = ObservationComparison.differences(flow: navigator.observation, app: observed)
    differences += propertyDifferences(
      app: observed, flow: navigator, after: nil, unobservable: Driver.unobservable)
    differences.removeAll { known.contains($0.description) }
    if !differences.isEmpty { return ([], differences, observed) }
    for (index, event) in path.enumerated() {
      guard (try? navigator.send(event)) != nil else { return nil }
      do {
        try await app.send(event)
      } catch {
        return (
          Array(path[...index]),
          [
            ObservedDifference(
              field: "'\(event)'", flow: "done", app: "refused (\(error))", part: .event)
          ],
          observed
        )
      }
      observed = await app.observe().namingAlerts(after: program.alertContents)
      differences = ObservationComparison.differences(flow: navigator.observation, app: observed)
      differences += propertyDifferences(
        app: observed, flow: navigator, after: event, unobservable: Driver.unobservable)
      differences.removeAll { known.contains($0.description) }
      if !differences.isEmpty { return (Array(path[...index]), differences, observed) }
    }
    return nil
  }

  /// Removes events one at a time while the flow still accepts the sequence and the app
  /// still disagrees, until no single removal keeps the disagreement.
  @MainActor
  func shrink<Driver: FlowDriver>(
    _ path: [NavigationEvent], to prefix: [NavigationEvent], driver: Driver.Type,
    known: Set<String> = []
  ) async -> (events: [NavigationEvent], differences: [ObservedDifference], app: Observation?) {
    var events = prefix
    let initial = await disagreement(along: events, driver: driver, known: known)
    var differences = initial?.differences ?? []
    var app = initial?.app
    var removed = true
    while removed {
      removed = false
      for index in events.indices.reversed() {
        var candidate = events
        candidate.remove(at: index)
        if let found = await disagreement(along: candidate, driver: driver, known: known) {
          events = found.prefix
          differences = found.differences
          app = found.app
          removed = true
          break
        }
      }
    }
    return (events, differences, app)
  }

  /// The finding, placed, with the checklist item that pins what the flow shows after the
  /// events, every differing field included.
  /// The item expects only what the app shows (`app`, its last observation), so it fails
  /// against the app for the reason found, not for what its driver cannot see.
  func finding(
    _ events: [NavigationEvent], _ differences: [ObservedDifference], app: Observation?,
    seed: UInt64
  ) -> ExplorationFinding {
    var before = try? Navigator(program: program)
    for event in events.dropLast() { try? before?.send(event) }
    var after = before
    if let last = events.last { try? after?.send(last) }
    let expect =
      after.map {
        ObservationComparison.expectation(
          of: $0.observation.keepingParts(shownBy: app), differences: differences)
      } ?? "{ }"
    var item =
      "[ ] After "
      + (events.isEmpty ? "the start" : events.map(\.description).joined(separator: ", "))
      + ", the app does what the flow says\n"
    if !events.isEmpty {
      item += "    when [" + events.map { $0.syntax(braced: true) }.joined(separator: ", ") + "]\n"
    }
    item += "    expect " + expect + "\n"
    let place = FindingPlace.locate(
      differences, lastEvent: events.last, before: before, after: after, root: flow)
    return ExplorationFinding(
      events: events, differences: differences, item: item, seed: seed, file: place.file,
      range: place.range)
  }
}
