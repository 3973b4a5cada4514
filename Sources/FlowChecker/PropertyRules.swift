import FlowDiagnostics
import FlowModel

extension DiagnosticMessage {
  static func unknownProperty(_ name: String) -> Self {
    Self("check.unknown-property", .error, "'holds' names no property '\(name)'")
  }
  static func wholeSpaceProperty(_ name: String) -> Self {
    Self(
      "check.unknown-property", .error,
      "'holds' cannot name '\(name)': it is judged over every state at once, by 'flowc verify', not from the state an item reaches"
    )
  }
  static func duplicateProperty(_ name: String) -> Self {
    Self("check.duplicate-property", .error, "property '\(name)' is declared twice")
  }
  static func unmatchedPropertyLink(_ property: String, url: String, links: [String]) -> Self {
    let known =
      links.isEmpty
      ? "the flow declares no links" : "its links: \(DiagnosticMessage.list(links))"
    return Self(
      "check.unmatched-property-link", .warning,
      "property '\(property)' follows 'open: \(url)', which no link matches (\(known)): opening it changes nothing, so the property is never put to the test"
    )
  }
  static func unreadablePropertyLink(_ property: String, url: String, problem: String) -> Self {
    Self(
      "check.unmatched-property-link", .warning,
      "property '\(property)' follows 'open: \(url)', which is not a URL a link can match: \(problem); opening it changes nothing, so the property is never put to the test"
    )
  }
  static func unreadablePropertyLinkValue(
    _ property: String, url: String, link: String, variable: String, text: String,
    expected: ValueType, screen: String
  ) -> Self {
    Self(
      "check.unmatched-property-link", .warning,
      "property '\(property)' follows 'open: \(url)', which link '\(link)' matches, but its '\(text)' for '{\(variable)}' is not \(expected.withArticle), as screen '\(screen)' takes it: opening it changes nothing, so the property is never put to the test"
    )
  }
  static func redundantVerifySetting(_ what: String) -> Self {
    Self("check.redundant-verify-setting", .warning, what)
  }
  static func builtInPropertyName(_ name: String) -> Self {
    Self(
      "check.builtin-property-name", .error,
      "'\(name)' is the id of a built-in property; name yours otherwise (switch the built-in off with 'verify: { off: [\(name)] }')"
    )
  }
}

extension Checker {
  /// Properties name screens, alerts, tabs, state and requests that exist, and events the
  /// flow handles, as checklist steps must; each is declared once; `verify:` names screens.
  func checkProperties() {
    let settings = flow.verification
    for screen in settings.finalScreens + settings.repeatableScreens {
      checkScreenName(screen, "verify")
    }
    checkRedundancy(of: settings)
    // The names walk every handler of every screen: not done for a flow without properties.
    guard !flow.properties.isEmpty else { return }
    let names = ChecklistNames(tree)
    var seen: [String: Located<String>] = [:]
    for property in flow.properties {
      let name = property.name
      if BuiltInProperty(rawValue: name.value) != nil {
        sink.report(.builtInPropertyName(name.value), at: name.range)
      }
      if let first = seen[name.value] {
        sink.report(
          .duplicateProperty(name.value), at: name.range,
          notes: [.init("the first is here", range: first.range)])
      } else {
        seen[name.value] = name
      }
      switch property.statement {
      case .never(let condition), .always(let condition), .reachable(let condition):
        check(condition, names)
      case .after(let event, let condition):
        check(event, mayBeRefused: false, names)
        if case .open(let url) = event.kind { checkLinkMatches(url, of: name.value) }
        check(condition, names)
      }
    }
  }

  /// `verify:` settings that change nothing: a built-in switched off twice, a screen listed
  /// twice, screens exempt from a built-in that is off.
  private func checkRedundancy(of settings: VerificationSettings) {
    let off = firstOfEach(settings.off) { "'\($0.rawValue)' is already switched off" }
    let exemptions = [
      ("final", settings.finalScreens, BuiltInProperty.noTrap),
      ("repeatable", settings.repeatableScreens, BuiltInProperty.noDoublePush),
    ]
    for (key, screens, builtIn) in exemptions {
      _ = firstOfEach(screens) { "'\($0)' is already in '\(key)'" }
      guard let first = screens.first, let switchedOff = off[builtIn] else { continue }
      sink.report(
        .redundantVerifySetting(
          "'\(key)' changes nothing: it exempts screens from '\(builtIn.rawValue)', which is switched off"
        ), at: first.range, notes: [.init("switched off here", range: switchedOff.range)])
    }
  }

  /// Each value's first place in `items`; every later one is reported, with `repeated`'s
  /// message and a note at the first.
  private func firstOfEach<Item: Hashable>(
    _ items: [Located<Item>], repeated: (Item) -> String
  ) -> [Item: Located<Item>] {
    var first: [Item: Located<Item>] = [:]
    for item in items {
      if let earlier = first[item.value] {
        sink.report(
          .redundantVerifySetting(repeated(item.value)), at: item.range,
          notes: [.init("the first is here", range: earlier.range)])
      } else {
        first[item.value] = item
      }
    }
    return first
  }

  /// An `after` property's URL (or URL pattern) must be one some link can match: a URL as
  /// the navigator matches it (its values decoded, the query items a link needs), a pattern
  /// by whether some URL could match both it and a link.
  private func checkLinkMatches(_ url: Located<String>, of property: String) {
    let pattern: URLPattern
    switch URLPattern.parse(url.value) {
    case .success(let parsed): pattern = parsed
    case .failure(let problem):
      sink.report(
        .unreadablePropertyLink(property, url: url.value, problem: problem.description),
        at: url.range)
      return
    }
    if pattern.variables.isEmpty, let concrete = LinkURL(url.value) {
      // The navigator opens a URL with the first link that matches it, or not at all.
      guard
        let link = flow.links.first(where: { $0.parsed.map { $0.match(concrete) != nil } ?? true })
      else { return reportUnmatched(url, of: property) }
      if let values = link.parsed?.match(concrete) {
        checkValuesRead(values, by: link, url: url, of: property)
      }
      return
    }
    guard !flow.links.contains(where: { $0.parsed?.overlaps(pattern) ?? true }) else { return }
    reportUnmatched(url, of: property)
  }

  private func reportUnmatched(_ url: Located<String>, of property: String) {
    sink.report(
      .unmatchedPropertyLink(property, url: url.value, links: flow.links.map(\.pattern.value)),
      at: url.range)
  }

  /// A concrete URL's values as its link's routes read them: a value the screen's parameter
  /// type cannot read (`abc` for an Int) makes the navigator refuse the URL.
  private func checkValuesRead(
    _ values: [String: String], by link: DeepLink, url: Located<String>, of property: String
  ) {
    for reading in link.variableReadings(in: flow) {
      guard let text = values[reading.variable], reading.type.parse(text) == nil else { continue }
      sink.report(
        .unreadablePropertyLinkValue(
          property, url: url.value, link: link.pattern.value, variable: reading.variable,
          text: text, expected: reading.type, screen: reading.screen),
        at: url.range)
      return
    }
  }

  private func check(_ condition: StateCondition, _ names: ChecklistNames) {
    for expectation in condition.alternatives.joined() { check(expectation, names) }
  }
}
