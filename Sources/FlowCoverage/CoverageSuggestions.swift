public import FlowChecklist
import FlowDiagnostics
import FlowModel
public import FlowRuntime

/// A checklist item, ready to paste, that reaches a coverage target no item reaches: the
/// shortest sequence of events from a start the checklist already uses (or the flow's own),
/// and what the interpreter shows after it.
public struct SuggestedItem: Sendable {
  /// What the item covers.
  public var target: CoverageTarget
  /// The checklist section it belongs under: the section of the first item that shows the
  /// screen where it happens, or, when none does, that screen's name in capitals.
  public var section: String?
  /// The item's own text, as its line reads after the `[ ]`: unique among the checklist's.
  public var title: String
  /// The item as checklist text: its `[ ]` line, then its steps indented under it.
  public var text: String
}

/// What `flowc suggest` prints: an item for every target that can be reached, and the
/// targets that cannot be within the search's bounds.
public struct CoverageSuggestions: Sendable {
  /// The suggested items, the most specific targets first (bar buttons, alert actions, links,
  /// tabs, transitions, then screens); one item may reach several targets.
  public var items: [SuggestedItem]
  /// Targets no event sequence reaches from any start tried, within the bounds.
  public var unreachable: [CoverageTarget]
  /// The ids of every target the items reach (covered already or not).
  public var reachedTargets: Set<Int> = []

  /// The share of targets the checklist would reach with the items pasted, in percent.
  public func percentage(after coverage: ChecklistCoverage) -> Double {
    guard !coverage.targets.isEmpty else { return 100 }
    let reached = coverage.targets.indices.filter {
      !coverage.coveringItems[$0].isEmpty || reachedTargets.contains($0)
    }
    return Double(reached.count) * 100 / Double(coverage.targets.count)
  }

  /// The items grouped by section, in the order the sections come in the checklist (new
  /// sections last), as checklist text with section lines.
  public func checklistText(existingSections: [String]) -> String {
    var order = existingSections.filter { title in items.contains { $0.section == title } }
    for item in items {
      if let section = item.section, !order.contains(section) { order.append(section) }
    }
    var lines: [String] = []
    let unsectioned = items.filter { $0.section == nil }
    for item in unsectioned { lines.append(item.text) }
    for section in order {
      lines.append("========= \(TerminalText.line(section))")
      for item in items where item.section == section { lines.append(item.text) }
    }
    return lines.joined(separator: "\n")
  }
}

/// How far the search for suggested items goes.
public struct SuggestionBounds: Sendable {
  /// The most events in one suggested item.
  public var depth: Int
  /// The most distinct navigation states visited from each start.
  public var states: Int

  /// Bounds of at most `depth` events per item and `states` states per start.
  public init(depth: Int = 12, states: Int = 5_000) {
    self.depth = depth
    self.states = states
  }
}

extension ChecklistRunner {
  /// For every target `coverage` leaves uncovered, the shortest sequence of events that
  /// reaches it, written as a checklist item.
  ///
  /// The starts tried, in order: the flow's defaults, the `given` of each of the
  /// checklist's scenarios, then each Bool state flipped from its default. Events that need
  /// arguments use the values the checklist's own steps give them; links, the URLs its
  /// steps open.
  public func suggestions(
    for coverage: ChecklistCoverage, bounds: SuggestionBounds = SuggestionBounds()
  ) -> CoverageSuggestions {
    let wanted = Set(coverage.targets.indices.filter { coverage.coveringItems[$0].isEmpty })
    guard !wanted.isEmpty else { return CoverageSuggestions(items: [], unreachable: []) }
    let samples = EventSamples(
      checklist: flow.checklist, links: flow.links.compactMap(\.parsed))
    var best: [Int: SuggestionPath] = [:]
    for start in suggestionStarts() {
      guard
        let navigator = try? Navigator(
          program: program, given: start.state, startingAt: start.stack, recordingCoverage: true)
      else { continue }
      let remaining = wanted.filter { best[$0] == nil || best[$0]!.events.count > 0 }
      guard !remaining.isEmpty else { break }
      for (target, path) in Self.shortestPaths(
        to: remaining, from: navigator, start: start, samples: samples, bounds: bounds)
      where best[target].map({ path.events.count < $0.events.count }) ?? true {
        best[target] = path
      }
    }
    // One item often covers several targets (a bar button, the event it sends, the screen it
    // shows): the most specific targets are written first, and a target an item already
    // written reaches gets none of its own.
    let order: [CoverageTarget.Kind] = [
      .barButton, .alertAction, .link, .tab, .transition, .screen,
    ]
    var items: [SuggestedItem] = []
    var reached: Set<Int> = []
    for target in wanted.sorted(by: { lhs, rhs in
      let (left, right) = (coverage.targets[lhs], coverage.targets[rhs])
      if left.kind != right.kind {
        return order.firstIndex(of: left.kind)! < order.firstIndex(of: right.kind)!
      }
      return ChecklistCoverage.reportOrder(left, right)
    }) {
      guard let path = best[target], !reached.contains(target) else { continue }
      let (item, covered) = item(for: coverage.targets[target], path, coverage: coverage)
      items.append(item)
      reached.formUnion(covered)
    }
    let unreachable = wanted.filter { best[$0] == nil }.map { coverage.targets[$0] }.sorted(
      by: ChecklistCoverage.reportOrder)
    return CoverageSuggestions(items: items, unreachable: unreachable, reachedTargets: reached)
  }

  /// The starts a suggestion may begin from, without repeats.
  private func suggestionStarts() -> [SuggestionStart] {
    var starts = [SuggestionStart(state: [:], stack: nil)]
    for entry in entries where entry.ancestors.isEmpty && entry.item.isBound {
      let setup = ScenarioSetup(root: entry.item)
      starts.append(SuggestionStart(state: setup.state, stack: setup.stack))
    }
    for variable in flow.state {
      if case .bool(let value) = variable.initialValue.value {
        starts.append(SuggestionStart(state: [variable.name.value: .bool(!value)], stack: nil))
      }
    }
    var seen: Set<String> = []
    return starts.filter { seen.insert($0.key).inserted }
  }

  /// Breadth first from one start: the first path that reaches each wanted target.
  private static func shortestPaths(
    to wanted: Set<Int>, from start: Navigator, start setup: SuggestionStart,
    samples: EventSamples, bounds: SuggestionBounds
  ) -> [Int: SuggestionPath] {
    var found: [Int: SuggestionPath] = [:]
    func note(_ navigator: Navigator, _ events: [NavigationEvent], before: Navigator) {
      for target in navigator.coveredTargets ?? [] where wanted.contains(target) {
        if found[target] == nil {
          found[target] = SuggestionPath(
            start: setup, events: events, first: start, before: before, last: navigator)
        }
      }
    }
    note(start, [], before: start)
    guard found.count < wanted.count else { return found }
    start.walkBreadthFirst(samples: samples, depth: bounds.depth, states: bounds.states) {
      before, after, path in
      note(after, path, before: before)
      return found.count < wanted.count
    }
    return found
  }

  /// The item for a target: its line, its `given` (when the start is not the flow's
  /// default), its `when` and the `expect` the interpreter observes at its end.
  /// Also gives every target the item reaches.
  private func item(for target: CoverageTarget, _ path: SuggestionPath, coverage: ChecklistCoverage)
    -> (SuggestedItem, covered: Set<Int>)
  {
    // The search kept the navigator at the path's end: nothing is replayed.
    let navigator = path.last
    let before = path.first.observation.state
    // An item's text is one line, whatever the names in it hold, and not an existing item's
    // (an item may bear a target's name without reaching it): siblings need their own texts.
    var text = TerminalText.line(target.label)
    if entries.contains(where: { $0.item.text.value == text }) {
      text += " (suggested)"
      var number = 2
      while entries.contains(where: { $0.item.text.value == text }) {
        text = TerminalText.line(target.label) + " (suggested \(number))"
        number += 1
      }
    }
    var lines = ["[ ] " + text]
    var given = path.start.state.keys.sorted().map {
      "\(Value.yamlText($0)): \(path.start.state[$0]!)"
    }
    if let stack = path.start.stack {
      given.append(
        "stack: [" + stack.map(ObservationComparison.routeText).joined(separator: ", ") + "]")
    }
    if !given.isEmpty { lines.append("    given { " + given.joined(separator: ", ") + " }") }
    if path.events.count == 1 {
      lines.append("    when " + path.events[0].syntax(braced: true))
    } else if !path.events.isEmpty {
      lines.append(
        "    when [" + path.events.map { $0.syntax(braced: true) }.joined(separator: ", ") + "]")
    }
    let observation = navigator.observation
    var changed: [String: Value] = [:]
    for (name, value) in observation.state where !name.contains(".") && before[name] != value {
      changed[name] = value
    }
    lines.append(
      "    expect " + ObservationComparison.expectation(of: observation, state: changed))
    let item = SuggestedItem(
      target: target, section: section(where: path.before, target: target, coverage: coverage),
      title: text, text: lines.joined(separator: "\n"))
    return (item, navigator.coveredTargets ?? [])
  }

  /// Whether an item about `other` is where a reader looks for one about `target`, a target
  /// outside screens: the links go together, the tabs go together, and an alert's actions
  /// go together (not every alert's: each is filed where its own alert is).
  private static func belongTogether(_ other: CoverageTarget, _ target: CoverageTarget) -> Bool {
    guard other.kind == target.kind else { return false }
    switch target.kind {
    case .link, .tab: return true
    case .alertAction: return alertName(other.label) == alertName(target.label)
    case .screen, .transition, .barButton: return false
    }
  }

  /// The alert an action's label names: `alert Logout: Cancel` is `Logout`'s.
  private static func alertName(_ label: String) -> Substring {
    label.prefix { $0 != ":" }
  }

  /// The section holding most of the items that show the screen where the target is
  /// reached (the first such section on a tie: a flow whose onboarding ends on `Accounts`
  /// files its bar button under the section whose items start there); for a link or a tab,
  /// first the section of the items that reach one of its kind, and for an alert's action,
  /// of the items that tap another action of that alert. When no item shows that screen, the
  /// section titled with its name in any case, else its name in capitals; `nil` for a
  /// checklist without section titles.
  private func section(
    where navigator: Navigator, target: CoverageTarget, coverage: ChecklistCoverage
  )
    -> String?
  {
    let titles = flow.checklist?.sections.compactMap(\.title?.value) ?? []
    guard !titles.isEmpty else { return nil }
    if target.screen == nil,
      let kin = coverage.targets.indices.first(where: {
        !coverage.coveringItems[$0].isEmpty && Self.belongTogether(coverage.targets[$0], target)
      }),
      let section = mostCommonSection(coverage.coveringItems[kin])
    {
      return section
    }
    func shownScreen(_ name: String) -> Int? {
      coverage.targets.firstIndex { $0.kind == .screen && $0.label == name }
    }
    // The screen on top: a presented screen, else the stack's top (under an alert).
    let presented = navigator.presented.map(\.name).flatMap { shownScreen($0) != nil ? $0 : nil }
    guard let screen = target.screen ?? presented ?? navigator.top else { return nil }
    if let shown = shownScreen(screen),
      let section = mostCommonSection(coverage.coveringItems[shown])
    {
      return section
    }
    // A section already titled so, in any case (`Home`, `HOME`), is that screen's.
    let title = screen.uppercased()
    return titles.first { $0.uppercased() == title } ?? title
  }

  /// The section most of `items` (indexes into `entries`) are in; of those as common, the
  /// first in the checklist.
  private func mostCommonSection(_ items: [Int]) -> String? {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for item in items {
      guard let section = entries[item].section else { continue }
      if counts[section] == nil { order.append(section) }
      counts[section, default: 0] += 1
    }
    // `max(by:)` keeps the last of equals; the first of the most common is wanted.
    return order.reduce(nil) { best, section in
      guard let best, counts[best]! >= counts[section]! else { return section }
      return best
    }
  }
}

/// A start a suggestion may begin from: state overrides and a starting stack.
struct SuggestionStart {
  var state: [String: Value]
  var stack: [ScreenInstance]?

  var key: String {
    state.keys.sorted().map { "\($0)=\(state[$0]!)" }.joined(separator: ",") + "|"
      + (stack.map { $0.map(\.description).joined(separator: ",") } ?? "-")
  }
}

/// The shortest way found to a target: where it starts, the events, and the navigators at
/// the start, before the last event and after it.
struct SuggestionPath {
  var start: SuggestionStart
  var events: [NavigationEvent]
  /// The navigator as the start left it, before the events.
  var first: Navigator
  /// Before the last event, where the target is reached.
  var before: Navigator
  /// After the last event, recording what the whole path reached.
  var last: Navigator
}
