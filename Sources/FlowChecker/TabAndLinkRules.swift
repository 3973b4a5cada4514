import FlowDiagnostics
import FlowModel

extension Checker {
  /// Tabs must show a screen each with literal values; returns the screens they show.
  func checkTabs() -> NavigationTargets {
    var targets = NavigationTargets()
    var roots: Set<String> = []
    for tab in flow.tabs {
      if let screen = checkRoute(tab.root, keyword: "root", origin: nil) {
        targets.screens.append(screen)
      }
      if !roots.insert(tab.root.screen.value).inserted {
        sink.report(.duplicateTabRoot(tab.name.value), at: tab.root.screen.range)
      }
      if let image = tab.image, !SystemColors.isPlausibleSymbolName(image.value) {
        sink.report(.unusualSymbolName(image.value), at: image.range)
      }
    }
    return targets
  }

  /// Deep links must land in a tab that exists, set routes to screens that exist with every
  /// parameter given, read only their own variables, be able to match, and not be hidden by
  /// an earlier link. Returns the screens they show.
  func checkLinks() -> NavigationTargets {
    var targets = NavigationTargets()
    var earlierLinks = LinkShapeIndex()
    for (index, link) in flow.links.enumerated() {
      if let tab = link.tab { checkTabName(tab, "tab") }
      for route in link.routes {
        if let screen = checkRoute(route, keyword: "routes", origin: .link(index)) {
          targets.screens.append(screen)
        }
        checkTexts(of: route.arguments, origin: .link(index))
      }
      guard let pattern = link.parsed else { continue }
      checkVariables(of: link, pattern: pattern)
      if let problem = LinkHost(pattern: link.pattern.value)?.problem {
        sink.report(.linkHost(problem, pattern: link.pattern.value), at: link.pattern.range)
      }
      defer { earlierLinks.insert(pattern, at: index) }
      if let earlierIndex = earlierLinks.firstCovering(pattern) {
        let earlier = flow.links[earlierIndex]
        sink.report(
          .shadowedLink(link.pattern.value, by: earlier.pattern.value), at: link.pattern.range,
          notes: [.init("the earlier link is here", range: earlier.pattern.range)])
      }
    }
    return targets
  }

  /// Each variable should reach a route, and must be readable as every type it is given as.
  private func checkVariables(of link: DeepLink, pattern: URLPattern) {
    var types: [String: [ValueType]] = [:]
    for (name, type, _) in link.variableReadings(in: flow)
    where !(types[name] ?? []).contains(type) {
      types[name, default: []].append(type)
    }
    // `$recipeID` for `{recipeId}` is an error of its own; the variable is then not unused.
    let strays = link.routes.flatMap(\.arguments).flatMap { $0.value.value.references }
      .map(\.name).filter { !pattern.variables.contains($0) }
    for variable in pattern.variables {
      guard let found = types[variable] else {
        if !strays.contains(where: { Suggestion.closest(to: $0, among: [variable]) != nil }) {
          sink.report(
            .unusedLinkVariable(variable, pattern: link.pattern.value), at: link.pattern.range)
        }
        continue
      }
      // A segment reads as any String; as an Int and a Bool at once, never.
      let strict = found.filter { $0 != .string }
      if strict.count > 1 {
        sink.report(
          .linkNeverMatches(link.pattern.value, variable: variable, types: strict),
          at: link.pattern.range)
      }
    }
  }
}

extension URLPattern {
  /// Whether this pattern matches every URL `other` matches: links are tried in order and
  /// the first that matches decides, so a later link it covers is never used.
  func covers(_ other: URLPattern) -> Bool {
    guard scheme == other.scheme, parts.count == other.parts.count else { return false }
    for (mine, theirs) in zip(parts, other.parts) {
      if case .literal(let text) = mine, theirs != .literal(text) { return false }
    }
    for item in query {
      guard let theirs = other.query.first(where: { $0.key == item.key }) else { return false }
      if case .literal(let text) = item.value, theirs.value != .literal(text) { return false }
    }
    return true
  }
}

/// The link patterns seen so far, by shape (scheme, then each segment's literal or "a
/// variable"), so the first earlier pattern that covers a new one is found among those of a
/// shape that can, not among every earlier link: a flow's links are checked in time linear
/// in their number.
struct LinkShapeIndex {
  private struct Shape: Hashable {
    var scheme: String
    var parts: [String?]  // nil: a variable
  }

  private var byShape: [Shape: [(index: Int, pattern: URLPattern)]] = [:]
  /// Beyond this many literal segments, the shapes that could cover a pattern (2^n) are
  /// too many to list: those of its scheme and length are compared one by one instead.
  private static let listedLiterals = 10
  private var byLength: [Shape: [(index: Int, pattern: URLPattern)]] = [:]

  mutating func insert(_ pattern: URLPattern, at index: Int) {
    byShape[Self.shape(of: pattern), default: []].append((index, pattern))
    byLength[Self.length(of: pattern), default: []].append((index, pattern))
  }

  /// The index of the first pattern inserted that covers `pattern`.
  func firstCovering(_ pattern: URLPattern) -> Int? {
    let literals = pattern.parts.indices.filter {
      if case .literal = pattern.parts[$0] { true } else { false }
    }
    guard literals.count <= Self.listedLiterals else {
      return byLength[Self.length(of: pattern)]?.first { $0.pattern.covers(pattern) }?.index
    }
    // A pattern covers this one when each of its segments is a variable or this one's
    // literal: every choice of which literals it has as variables is one shape.
    let own = Self.shape(of: pattern)
    var first: Int?
    for mask in 0..<(1 << literals.count) {
      var shape = own
      for (bit, position) in literals.enumerated() where mask & (1 << bit) != 0 {
        shape.parts[position] = nil
      }
      guard let candidates = byShape[shape] else { continue }
      for candidate in candidates where first.map({ candidate.index < $0 }) ?? true {
        if candidate.pattern.covers(pattern) {
          first = candidate.index
          break
        }
      }
    }
    return first
  }

  private static func shape(of pattern: URLPattern) -> Shape {
    Shape(
      scheme: pattern.scheme,
      parts: pattern.parts.map {
        if case .literal(let text) = $0 { text } else { nil }
      })
  }

  private static func length(of pattern: URLPattern) -> Shape {
    Shape(scheme: pattern.scheme, parts: Array(repeating: nil, count: pattern.parts.count))
  }
}
