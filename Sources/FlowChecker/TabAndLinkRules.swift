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
    for (index, link) in flow.links.enumerated() {
      if let tab = link.tab { checkTabName(tab, "tab") }
      for route in link.routes {
        if let screen = checkRoute(route, keyword: "routes", origin: .link(index)) {
          targets.screens.append(screen)
        }
      }
      guard let pattern = link.parsed else { continue }
      checkVariables(of: link, pattern: pattern)
      if let earlier = flow.links[..<index].first(where: {
        $0.parsed.map { $0.covers(pattern) } ?? false
      }) {
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
    for route in link.routes {
      guard let screen = flow.screen(named: route.screen.value) else { continue }
      for argument in route.arguments {
        guard case .reference(let name) = argument.value.value,
          let parameter = screen.parameter(named: argument.name.value)
        else { continue }
        let type = parameter.type.value.base
        if !(types[name] ?? []).contains(type) { types[name, default: []].append(type) }
      }
    }
    for variable in pattern.variables {
      guard let found = types[variable] else {
        sink.report(
          .unusedLinkVariable(variable, pattern: link.pattern.value), at: link.pattern.range)
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
