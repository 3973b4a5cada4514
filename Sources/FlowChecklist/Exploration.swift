import FlowModel
public import FlowRuntime

/// A disagreement between the flow and the app that an exploration found: the shortest
/// sequence of events it could shrink it to, what each side showed after it, and the item
/// to paste into the checklist.
public struct ExplorationFinding: Sendable, CustomStringConvertible {
  /// The events, from the flow's start, after which the app and the flow disagree.
  public var events: [NavigationEvent]
  /// What differs: `stack: the flow shows [A], the app [A, B]`.
  public var differences: [String]
  /// The checklist item that pins the flow's behaviour, ready to paste.
  public var item: String
  /// The seed of the random walks, to replay them.
  public var seed: UInt64

  public var description: String {
    "the app disagrees with the flow after \(events.isEmpty ? "its start" : events.map { $0.syntax(braced: true) }.joined(separator: ", ")):\n"
      + differences.map { "  " + $0 }.joined(separator: "\n")
      + "\nchecklist item to paste (random walks seeded with \(seed)):\n" + item
  }
}

/// What an exploration may spend.
public struct ExplorationBudget: Sendable {
  /// How many events the random walks send, after the transitions' shortest paths.
  public var events: Int
  public var seed: UInt64

  public init(events: Int = 5000, seed: UInt64 = 1) {
    self.events = events
    self.seed = seed
  }
}

extension ChecklistRunner {
  /// Walks the flow beyond its checklist, against the app: first the shortest path to every
  /// transition (each event on each screen, each bar button, each alert action), then seeded
  /// random walks; after every event the app's observation is compared with the flow's. The
  /// first disagreement is shrunk to a minimal sequence of events that still disagrees.
  @MainActor
  public func explore<Driver: FlowDriver>(
    against driver: Driver.Type, budget: ExplorationBudget = ExplorationBudget()
  ) async -> ExplorationFinding? {
    guard let start = try? Navigator(program: program) else { return nil }
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
    for path in paths {
      guard let disagreement = await disagreement(along: path, driver: driver) else { continue }
      let shrunk = await shrink(path, to: disagreement.prefix, driver: driver)
      return finding(shrunk.events, shrunk.differences, seed: budget.seed)
    }
    return nil
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

  /// Where along `path` the app first disagrees: the events up to there and the differences.
  @MainActor
  func disagreement<Driver: FlowDriver>(along path: [NavigationEvent], driver: Driver.Type) async
    -> (prefix: [NavigationEvent], differences: [String])?
  {
    guard var navigator = try? Navigator(program: program) else { return nil }
    let start = ScenarioStart(state: program.defaultState)
    guard var app = try? await Driver(start: start) else {
      return ([], ["the app could not start"])
    }
    var differences = ObservationComparison.differences(
      flow: navigator.observation,
      app: await app.observe().namingAlerts(after: program.alertContents))
    if !differences.isEmpty { return ([], differences) }
    for (index, event) in path.enumerated() {
      guard (try? navigator.send(event)) != nil else { return nil }
      do {
        try await app.send(event)
      } catch {
        return (Array(path[...index]), ["the app could not do '\(event)': \(error)"])
      }
      differences = ObservationComparison.differences(
        flow: navigator.observation,
        app: await app.observe().namingAlerts(after: program.alertContents))
      if !differences.isEmpty { return (Array(path[...index]), differences) }
    }
    return nil
  }

  /// Removes events one at a time while the flow still accepts the sequence and the app
  /// still disagrees, until no single removal keeps the disagreement.
  @MainActor
  func shrink<Driver: FlowDriver>(
    _ path: [NavigationEvent], to prefix: [NavigationEvent], driver: Driver.Type
  ) async -> (events: [NavigationEvent], differences: [String]) {
    var events = prefix
    var differences = await disagreement(along: events, driver: driver)?.differences ?? []
    var removed = true
    while removed {
      removed = false
      for index in events.indices.reversed() {
        var candidate = events
        candidate.remove(at: index)
        if let found = await disagreement(along: candidate, driver: driver) {
          events = found.prefix
          differences = found.differences
          removed = true
          break
        }
      }
    }
    return (events, differences)
  }

  /// The finding, with the checklist item that pins what the flow shows after the events.
  func finding(_ events: [NavigationEvent], _ differences: [String], seed: UInt64)
    -> ExplorationFinding
  {
    var navigator = try? Navigator(program: program)
    for event in events { try? navigator?.send(event) }
    let expect = navigator.map { ObservationComparison.expectation(of: $0.observation) } ?? "{ }"
    var item =
      "[ ] After "
      + (events.isEmpty ? "the start" : events.map(\.description).joined(separator: ", "))
      + ", the app does what the flow says\n"
    if !events.isEmpty {
      item += "    when [" + events.map { $0.syntax(braced: true) }.joined(separator: ", ") + "]\n"
    }
    item += "    expect " + expect + "\n"
    return ExplorationFinding(events: events, differences: differences, item: item, seed: seed)
  }
}

/// Arguments for events that need them, taken from the checklist's own steps.
struct EventSamples {
  private var arguments: [String: [[String: Value]]] = [:]
  private var urls: [String] = []
  private var outcomes: [String: [NavigationEvent]] = [:]

  /// The checklist's samples; with `links`, also a URL for each pattern no URL of the
  /// checklist matches, its variables written as `1` (a valid Int and String).
  init(checklist: Checklist?, links: [URLPattern] = []) {
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

  /// The events available, each that needs arguments once per sample the checklist gives
  /// (left out when it gives none), with the checklist's links and request outcomes.
  func concrete(_ available: [NavigationEvent]) -> [NavigationEvent] {
    var events: [NavigationEvent] = []
    for event in available {
      switch event {
      case .named(let name, let placeholder) where !placeholder.isEmpty:
        events += (arguments[name] ?? []).map { .named(name, arguments: $0) }
      case .complete(let request, _, _), .fail(let request, _, _):
        let samples = (outcomes[request] ?? []).filter {
          if case .complete = $0, case .complete = event { return true }
          if case .fail = $0, case .fail = event { return true }
          return false
        }
        events += samples.isEmpty ? [event] : samples
      default:
        events.append(event)
      }
    }
    return events + urls.map(NavigationEvent.open)
  }
}

/// The comparison of what the flow and the app show, part by part, skipping what the app
/// does not observe.
enum ObservationComparison {
  static func differences(flow: Observation, app: Observation) -> [String] {
    var found: [String] = []
    func compare<Part: Equatable>(
      _ name: String, _ flowPart: Part?, _ appPart: Part?, _ text: (Part) -> String
    ) {
      guard let appPart else { return }
      guard let flowPart else {
        found.append("\(name): the flow shows none, the app \(text(appPart))")
        return
      }
      if flowPart != appPart {
        found.append("\(name): the flow shows \(text(flowPart)), the app \(text(appPart))")
      }
    }
    compare("stack", flow.stack, app.stack) {
      "[" + $0.map(\.description).joined(separator: ", ") + "]"
    }
    compare(
      "presented", flow.presentations?.last?.name ?? "none",
      app.presentations.map { $0.last?.name ?? "none" }
    ) { $0 }
    compare("animated", flow.lastAnimated, app.lastAnimated) { String($0) }
    compare("nav bar", flow.navigationBar, app.navigationBar) { bar in
      var parts = [
        bar.isHidden ? "hidden" : "visible", "title \(bar.title.map { "'\($0)'" } ?? "none")",
      ]
      parts.append("back button \(bar.showsBackButton ? "visible" : "hidden")")
      if let right = bar.right { parts.append("right \(right.image ?? right.title ?? "?")") }
      if let left = bar.left { parts.append("left \(left.image ?? left.title ?? "?")") }
      return parts.joined(separator: ", ")
    }
    for (name, value) in app.state.sorted(by: { $0.key < $1.key }) {
      compare("state '\(name)'", flow.state[name], value) { $0.description }
    }
    return found
  }

  /// An `expect` that pins an observation of the flow.
  ///
  /// `state` adds state values to check (those a step changed, say); requests still pending
  /// are always listed, since an item that leaves them unmentioned fails.
  static func expectation(of observation: Observation, state: [String: Value] = [:]) -> String {
    var parts: [String] = []
    if let stack = observation.stack {
      parts.append("stack: [" + stack.map(routeText).joined(separator: ", ") + "]")
    }
    parts.append(
      "presented: " + (observation.presentations?.last.map { Value.yamlText($0.name) } ?? "none"))
    if let animated = observation.lastAnimated { parts.append("animated: \(animated)") }
    if let bar = observation.navigationBar {
      var fields = bar.isHidden ? ["hidden: true"] : []
      if !bar.isHidden {
        fields.append("title: " + (bar.title.map(Value.doubleQuoted) ?? "~"))
        fields.append("backButton: \(bar.showsBackButton ? "visible" : "hidden")")
      }
      parts.append("navBar: { " + fields.joined(separator: ", ") + " }")
    }
    if !state.isEmpty {
      parts.append(
        "state: { "
          + state.keys.sorted().map { "\(Value.yamlText($0)): \(state[$0]!)" }
          .joined(separator: ", ") + " }")
    }
    if let pending = observation.pendingRequests, !pending.isEmpty {
      parts.append("pending: [" + pending.map(routeText).joined(separator: ", ") + "]")
    }
    return "{ " + parts.joined(separator: ", ") + " }"
  }

  static func routeText(_ screen: ScreenInstance) -> String {
    let name = Value.yamlText(screen.name)
    guard !screen.values.isEmpty else { return name }
    return "{ \(name): { "
      + screen.values.map { "\(Value.yamlText($0.name)): \($0.value)" }.joined(separator: ", ")
      + " } }"
  }
}

/// A small, fast, seeded generator (SplitMix64): the same seed walks the same way, so an
/// exploration, or a randomised test, can be replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
