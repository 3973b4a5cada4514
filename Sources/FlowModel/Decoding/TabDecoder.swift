import FlowDiagnostics
import FlowYAML

extension DiagnosticMessage {
  static func invalidLinkPattern(_ pattern: String, _ problem: URLPatternError) -> Self {
    Self("model.link-pattern", .error, "'\(pattern)' is not a URL pattern: \(problem)")
  }
}

extension ModelDecoder {
  static let tabKeys: [StaticString] = ["title", "image", "root"]
  static let linkKeys: [StaticString] = ["tab", "routes", "oneByOne", "animated"]

  /// `tabs:`: each tab by name, with its title, SF Symbol and root screen.
  mutating func tabs(_ node: YAMLNode) -> [Tab] {
    namedEntries(node, "'tabs'").compactMapReserving { pair in
      guard let name = string(pair.key, "a tab name") else { return nil }
      guard let tab = tab(named: name, pair.value) else {
        namesWithErrors.insert(name.value)
        return nil
      }
      return tab
    }
  }

  private mutating func tab(named name: Located<String>, _ node: YAMLNode) -> Tab? {
    let subject = "tab '\(name.value)'"
    // `Home: HomeScreen` is a tab whose root is that screen.
    if node.kind == .scalar {
      guard let root = route(node, allowsReferences: false) else { return nil }
      return Tab(
        name: name, title: nil, image: nil, root: root,
        range: SourceRange(start: name.range.start, end: node.range.end))
    }
    guard let fields = mapping(node, subject, allowed: Self.tabKeys) else { return nil }
    guard let rootNode = fields["root"] else {
      reportMissing(
        "root", in: subject, hint: "the screen at the bottom of its stack, such as 'root: Home'",
        at: name.range, unlessMisspeltIn: fields)
      return nil
    }
    guard let root = route(rootNode, allowsReferences: false) else { return nil }
    return Tab(
      name: name, title: fields["title"].flatMap { string($0, "a tab title") },
      image: fields["image"].flatMap { string($0, "an SF Symbol name") }, root: root,
      range: SourceRange(start: name.range.start, end: node.range.end))
  }

  /// `links:`: URL pattern → routes, or → `{ tab: Name, routes: [...] }`.
  mutating func links(_ node: YAMLNode) -> [DeepLink] {
    namedEntries(node, "'links'").compactMapReserving { pair in
      guard let pattern = string(pair.key, "a URL pattern") else { return nil }
      var parsed: URLPattern?
      switch URLPattern.parse(pattern.value) {
      case .success(let value): parsed = value
      case .failure(let problem):
        sink.report(.invalidLinkPattern(pattern.value, problem), at: pattern.range)
      }
      let range = SourceRange(start: pattern.range.start, end: pair.value.range.end)
      if pair.value.kind == .mapping,
        pair.value.pairs?.first(key: "routes") != nil
          || pair.value.pairs?.first(key: "tab") != nil
      {
        guard
          let fields = mapping(
            pair.value, "the link '\(pattern.value)'", allowed: Self.linkKeys)
        else { return nil }
        guard let routesNode = fields["routes"] else {
          reportMissing(
            "routes", in: "the link '\(pattern.value)'",
            hint: "the routes it sets, such as '[{ ProductDetail: { id: $id } }]'",
            at: pattern.range, unlessMisspeltIn: fields)
          return nil
        }
        guard
          let routes = routes(
            routesNode, "the routes of '\(pattern.value)'", allowsReferences: true)
        else { return nil }
        return DeepLink(
          pattern: pattern, parsed: parsed, tab: fields["tab"].flatMap { string($0, "a tab name") },
          routes: routes,
          isOneByOne: fields["oneByOne"].flatMap { bool($0, "'oneByOne' of a link") }?.value
            ?? false,
          animated: fields["animated"].flatMap { bool($0, "'animated' of a link") }, range: range)
      }
      guard
        let routes = routes(pair.value, "the routes of '\(pattern.value)'", allowsReferences: true)
      else { return nil }
      return DeepLink(pattern: pattern, parsed: parsed, tab: nil, routes: routes, range: range)
    }
  }
}
