import FlowDiagnostics
import FlowModel

extension DiagnosticMessage {
  static func unknownProperty(_ name: String) -> Self {
    Self("check.unknown-property", .error, "'holds' names no property '\(name)'")
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

  /// `verify:` settings that change nothing: a built-in switched off twice, screens exempt
  /// from a built-in that is off.
  private func checkRedundancy(of settings: VerificationSettings) {
    var off: [BuiltInProperty: Located<BuiltInProperty>] = [:]
    for id in settings.off {
      if let first = off[id.value] {
        sink.report(
          .redundantVerifySetting("'\(id.value.rawValue)' is switched off twice"), at: id.range,
          notes: [.init("the first is here", range: first.range)])
      } else {
        off[id.value] = id
      }
    }
    let exemptions = [
      ("final", settings.finalScreens, BuiltInProperty.noTrap),
      ("repeatable", settings.repeatableScreens, BuiltInProperty.noDoublePush),
    ]
    for (key, screens, builtIn) in exemptions {
      guard let first = screens.first, let switchedOff = off[builtIn] else { continue }
      sink.report(
        .redundantVerifySetting(
          "'\(key)' changes nothing: it exempts screens from '\(builtIn.rawValue)', which is switched off"
        ), at: first.range, notes: [.init("switched off here", range: switchedOff.range)])
    }
  }

  /// An `after` property's URL (or URL pattern) must be one some link can match.
  private func checkLinkMatches(_ url: Located<String>, of property: String) {
    guard case .success(let pattern) = URLPattern.parse(url.value) else {
      sink.report(
        .unmatchedPropertyLink(property, url: url.value, links: flow.links.map(\.pattern.value)),
        at: url.range)
      return
    }
    guard !flow.links.contains(where: { $0.parsed?.overlaps(pattern) ?? true }) else { return }
    sink.report(
      .unmatchedPropertyLink(property, url: url.value, links: flow.links.map(\.pattern.value)),
      at: url.range)
  }

  private func check(_ condition: StateCondition, _ names: ChecklistNames) {
    for expectation in condition.alternatives.joined() { check(expectation, names) }
  }
}
