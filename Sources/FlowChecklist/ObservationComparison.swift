public import FlowModel
package import FlowRuntime

/// One field in which what the app shows differs from what the flow shows:
/// `right bar button action: flow 'presentLogout', app 'showSettings'`.
public struct ObservedDifference: Sendable, Hashable, CustomStringConvertible {
  /// What the field is about, to place a finding at its declaration.
  public enum Part: Sendable, Hashable {
    /// The stack; the selected tab or another tab's stack; what is presented on top; the
    /// `animated` flag of the last navigation call.
    case stack, tabs, presented, animated
    /// The requests still pending.
    case pending
    /// The state value of that name.
    case state(String)
    /// The app could not do an event the flow does.
    case event
    /// The nav bar as a whole (hidden, title, back button), or one side's button.
    case navigationBar(BarSide?)
    /// The flow's property of that name, which the app's observation breaks.
    case property(String)
  }

  /// The field's name, as the message gives it: `stack`, `nav bar title`.
  public var field: String
  /// What the flow shows, as the message gives it: `[Home, Infos]`, `'Settings'`, `none`.
  public var flow: String
  /// What the app shows, written as `flow` is.
  public var app: String
  /// Which part of the observation differs.
  public var part: Part

  /// The field and both sides: `stack: flow [Home, Infos], app [Home]`.
  public var description: String { "\(field): flow \(flow), app \(app)" }

  /// A difference in `field`, which the flow shows as `flow` and the app as `app`.
  package init(field: String, flow: String, app: String, part: Part) {
    self.field = field
    self.flow = flow
    self.app = app
    self.part = part
  }
}

/// The comparison of what the flow and the app show, field by field, skipping what the app
/// does not observe; and the `expect` that pins what the flow shows.
package enum ObservationComparison {
  package static func differences(flow: Observation, app: Observation) -> [ObservedDifference] {
    var found: [ObservedDifference] = []
    func compare<Field: Equatable>(
      _ name: String, _ part: ObservedDifference.Part, _ flowField: Field?, _ appField: Field?,
      _ text: (Field) -> String
    ) {
      guard let appField, flowField != appField else { return }
      found.append(
        ObservedDifference(
          field: name, flow: flowField.map(text) ?? "none", app: text(appField), part: part))
    }
    compare("stack", .stack, flow.stack, app.stack, stackText)
    if let appTabs = app.tabs, let flowTabs = flow.tabs {
      compare("selected tab", .tabs, flowTabs.selected, appTabs.selected) { "'\($0)'" }
      for name in flowTabs.stacks.keys.sorted() where name != appTabs.selected {
        compare(
          "tab '\(name)' stack", .tabs, flowTabs.stacks[name], appTabs.stacks[name], stackText)
      }
    }
    compare(
      "presented", .presented, flow.presentations?.last?.name ?? "none",
      app.presentations.map { $0.last?.name ?? "none" }
    ) { $0 == "none" ? $0 : "'\($0)'" }
    compare("animated", .animated, flow.lastAnimated, app.lastAnimated) { String($0) }
    if let appBar = app.navigationBar {
      found += navigationBarDifferences(flow: flow.navigationBar, app: appBar)
    }
    // A request's values by name: the app's service names them in an order of its own.
    compare(
      "pending requests", .pending,
      flow.pendingRequests?.map { ScreenInstance(name: $0.name, arguments: $0.arguments) },
      app.pendingRequests?.map { ScreenInstance(name: $0.name, arguments: $0.arguments) },
      stackText)
    for (name, value) in app.state.sorted(by: { $0.key < $1.key }) {
      compare("state '\(name)'", .state(name), flow.state[name], value) { $0.description }
    }
    return found
  }

  /// The nav bar field by field: shown or hidden, and, where both show it, the title, the
  /// back button and each side's button (its presence, then each of its fields).
  private static func navigationBarDifferences(
    flow: ResolvedNavigationBar?, app: ResolvedNavigationBar
  ) -> [ObservedDifference] {
    guard let flow else {
      return [
        ObservedDifference(
          field: "nav bar", flow: "none", app: app.isHidden ? "hidden" : "visible",
          part: .navigationBar(nil))
      ]
    }
    var found: [ObservedDifference] = []
    func add(_ field: String, _ side: BarSide?, _ flowText: String, _ appText: String) {
      if flowText != appText {
        found.append(
          ObservedDifference(field: field, flow: flowText, app: appText, part: .navigationBar(side))
        )
      }
    }
    add("nav bar", nil, flow.isHidden ? "hidden" : "visible", app.isHidden ? "hidden" : "visible")
    guard !flow.isHidden, !app.isHidden else { return found }
    add("nav bar title", nil, quoted(flow.title), quoted(app.title))
    add(
      "back button", nil, flow.showsBackButton ? "visible" : "hidden",
      app.showsBackButton ? "visible" : "hidden")
    for side in BarSide.allCases {
      let name = "\(side.rawValue) bar button"
      switch (flow.item(side), app.item(side)) {
      case (nil, nil): continue
      case (let flowButton?, let appButton?):
        add(name + " image", side, quoted(flowButton.image), quoted(appButton.image))
        add(name + " title", side, quoted(flowButton.title), quoted(appButton.title))
        add(name + " style", side, flowButton.style.rawValue, appButton.style.rawValue)
        add(name + " tint", side, quoted(flowButton.tint), quoted(appButton.tint))
        add(name + " action", side, quoted(flowButton.action), quoted(appButton.action))
      case (let flowButton, let appButton):
        add(name, side, buttonText(flowButton), buttonText(appButton))
      }
    }
    return found
  }

  private static func quoted(_ text: String?) -> String {
    text.map { "'\($0)'" } ?? "none"
  }

  private static func buttonText(_ button: ResolvedBarButton?) -> String {
    guard let button else { return "none" }
    return quoted(button.image ?? button.title)
  }

  private static func stackText(_ stack: [ScreenInstance]) -> String {
    "[" + stack.map(\.description).joined(separator: ", ") + "]"
  }

  /// An `expect` that pins an observation of the flow, with every field that `differences`
  /// names, so the item fails against the app for the same reason.
  ///
  /// `state` adds state values to check (those a step changed, say); requests still pending
  /// are always listed, since an item that leaves them unmentioned fails.
  package static func expectation(
    of observation: Observation, state: [String: Value] = [:],
    differences: [ObservedDifference] = []
  ) -> String {
    var parts: [String] = []
    if let stack = observation.stack {
      parts.append("stack: [" + stack.map(routeText).joined(separator: ", ") + "]")
    }
    if let tabs = observation.tabs, differences.contains(where: { $0.part == .tabs }) {
      parts.append("tab: " + Value.yamlText(tabs.selected))
      parts.append(
        "tabs: { "
          + tabs.stacks.keys.sorted().map { name in
            Value.yamlText(name) + ": ["
              + tabs.stacks[name]!.map(routeText).joined(separator: ", ") + "]"
          }.joined(separator: ", ") + " }")
    }
    if let presentations = observation.presentations {
      parts.append("presented: " + (presentations.last.map { Value.yamlText($0.name) } ?? "none"))
    }
    if let animated = observation.lastAnimated { parts.append("animated: \(animated)") }
    if let bar = observation.navigationBar {
      var fields = bar.isHidden ? ["hidden: true"] : []
      if !bar.isHidden {
        fields.append("title: " + (bar.title.map(Value.doubleQuoted) ?? "~"))
        fields.append("backButton: \(bar.showsBackButton ? "visible" : "hidden")")
        for side in BarSide.allCases
        where differences.contains(where: { $0.part == .navigationBar(side) }) {
          fields.append("\(side.rawValue): " + (bar.item(side).map(buttonExpectation) ?? "none"))
        }
      }
      parts.append("navBar: { " + fields.joined(separator: ", ") + " }")
    }
    var checked = state
    for difference in differences {
      if case .state(let name) = difference.part, let value = observation.state[name] {
        checked[name] = value
      }
    }
    if !checked.isEmpty {
      parts.append(
        "state: { "
          + checked.keys.sorted().map { "\(Value.yamlText($0)): \(checked[$0]!)" }
          .joined(separator: ", ") + " }")
    }
    if let pending = observation.pendingRequests, !pending.isEmpty {
      parts.append("pending: [" + pending.map(routeText).joined(separator: ", ") + "]")
    }
    // One `holds` per expectation: the first property broken, which the finding is placed at.
    for case .property(let name) in differences.map(\.part) {
      parts.append("holds: " + Value.yamlText(name))
      break
    }
    return "{ " + parts.joined(separator: ", ") + " }"
  }

  /// `{ image: plus, style: plain, tint: blue, action: createInfo }`.
  private static func buttonExpectation(_ button: ResolvedBarButton) -> String {
    var fields: [String] = []
    if let image = button.image { fields.append("image: " + Value.yamlText(image)) }
    if let title = button.title { fields.append("title: " + Value.doubleQuoted(title)) }
    fields.append("style: \(button.style.rawValue)")
    if let tint = button.tint { fields.append("tint: " + Value.yamlText(tint)) }
    if let action = button.action { fields.append("action: " + Value.yamlText(action)) }
    return "{ " + fields.joined(separator: ", ") + " }"
  }

  package static func routeText(_ screen: ScreenInstance) -> String {
    let name = Value.yamlText(screen.name)
    guard !screen.values.isEmpty else { return name }
    return "{ \(name): { "
      + screen.values.map { "\(Value.yamlText($0.name)): \($0.value)" }.joined(separator: ", ")
      + " } }"
  }
}

extension Observation {
  /// This observation with only the parts `other` shows (all of them when `other` is nil):
  /// what an item may expect of an app that shows so much.
  package func keepingParts(shownBy other: Observation?) -> Observation {
    guard let other else { return self }
    var kept = self
    if other.stack == nil { kept.stack = nil }
    if other.tabs == nil { kept.tabs = nil }
    if other.presentations == nil { kept.presentations = nil }
    if other.lastAnimated == nil { kept.lastAnimated = nil }
    if other.navigationBar == nil { kept.navigationBar = nil }
    if other.calls == nil { kept.calls = nil }
    if other.pendingRequests == nil { kept.pendingRequests = nil }
    kept.state = state.filter { other.state[$0.key] != nil }
    return kept
  }
}
