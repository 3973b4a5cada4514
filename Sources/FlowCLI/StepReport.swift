import FlowSpec

/// How `flowc run` shows the navigator after a step.
enum StepReport {
  static func text(step: Int, event: NavigationEvent?, navigator: Navigator, calls: [String])
    -> String
  {
    // Each row one line whatever the flow's values hold (TerminalText.line).
    var lines = [
      "[\(step)] " + TerminalText.line(event.map { RunSession.syntax(of: $0) } ?? "start")
    ]
    func row(_ label: String, _ value: String) {
      lines.append(
        "  " + label + String(repeating: " ", count: max(1, 11 - label.count))
          + TerminalText.line(value))
    }
    row("calls", calls.isEmpty ? "none" : calls.joined(separator: "; "))
    if let selected = navigator.selectedTab {
      let others = navigator.program.tabNames.filter { $0 != selected }.map { name in
        "\(name): " + stackText(navigator.stack(ofTab: name) ?? [])
      }
      row(
        "tab", selected + (others.isEmpty ? "" : " (kept: " + others.joined(separator: "; ") + ")"))
    }
    row("stack", stackText(navigator.screens))
    row(
      "presented",
      navigator.presentations.isEmpty
        ? "none" : navigator.presentations.map(\.description).joined(separator: " › "))
    if let modal = navigator.presentedStack {
      row("modal", stackText(modal))
    }
    row("animated", navigator.lastAnimated.map(String.init) ?? "none")
    row("nav bar", navigationBarText(navigator.navigationBar))
    if let alert = navigator.alert {
      let title = alert.title.map { "\"\($0)\"" } ?? "no title"
      let message = alert.message.map { "\"\($0)\"" } ?? "no message"
      row(
        "alert",
        "\(alert.style.rawValue) \(title), \(message); actions "
          + alert.actions.map(\.description).joined(separator: ", "))
    }
    if navigator.program.declaresRequests {
      let pending = navigator.pendingRequests.map(\.description)
      row("pending", pending.isEmpty ? "none" : pending.joined(separator: ", "))
    }
    // A child flow's state too, as `Flow.name`.
    let state = navigator.program.stateNames.map { "\($0)=\(navigator.value(of: $0)!)" }
    row("state", state.isEmpty ? "none" : state.joined(separator: " "))
    return lines.joined(separator: "\n")
  }

  /// `Home › ProductDetail(id: 42)`, or `empty`.
  static func stackText(_ screens: [ScreenInstance]) -> String {
    screens.isEmpty ? "empty" : screens.map(\.description).joined(separator: " › ")
  }

  static func navigationBarText(_ bar: ResolvedNavigationBar?) -> String {
    guard let bar else { return "none" }
    if bar.isHidden { return "hidden" }
    var parts: [String] = []
    if bar.showsBackButton { parts.append("‹ back") }
    parts.append(bar.title.map { "\"\($0)\"" } ?? "no title")
    for side in BarSide.allCases {
      guard let item = bar.item(side) else { continue }
      var details = [item.style.rawValue]
      if let tint = item.tint { details.append(tint) }
      let label = item.image ?? item.title.map { "\"\($0)\"" } ?? "?"
      parts.append(
        "\(side.rawValue): \(label) (\(details.joined(separator: ", ")))"
          + (item.action.map { " → \($0)" } ?? ""))
    }
    return parts.joined(separator: " · ")
  }

  static func json(step: Int, event: NavigationEvent?, navigator: Navigator, calls: [String])
    -> JSONValue
  {
    var members: [(String, JSONValue)] = [
      ("step", .number(step)),
      ("event", event.map { .string(RunSession.syntax(of: $0)) } ?? .null),
    ]
    if let selected = navigator.selectedTab {
      members += [("tab", .string(selected)), ("tabs", tabs(navigator))]
    }
    return .object(
      members + [
        ("stack", stack(navigator.screens)),
        ("presented", presented(navigator.presented)),
        ("animated", navigator.lastAnimated.map(JSONValue.bool) ?? .null),
        ("navBar", navigationBar(navigator.navigationBar)),
        (
          "state",
          .object(
            navigator.program.stateNames.map { ($0, value(navigator.value(of: $0)!)) })
        ),
        ("calls", .array(calls.map(JSONValue.string))),
      ] + extras(navigator))
  }

  /// What only some flows have: the presented screen's own stack, the pending requests.
  private static func extras(_ navigator: Navigator) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = []
    if let modal = navigator.presentedStack { members.append(("presentedStack", stack(modal))) }
    if navigator.program.declaresRequests {
      members.append(
        (
          "pending",
          .array(
            navigator.pendingRequests.map {
              .object([("request", .string($0.name)), ("values", values($0))])
            })
        ))
    }
    return members
  }

  private static func presented(_ item: PresentedItem?) -> JSONValue {
    switch item {
    case nil: .null
    case .alert(let alert): .object([("kind", .string("alert")), ("name", .string(alert.name))])
    case .screen(let screen, let style, _):
      .object([
        ("kind", .string(style?.rawValue ?? "screen")), ("name", .string(screen.name)),
        ("values", values(screen)),
      ])
    }
  }

  /// Each entry as `{ "screen": name, "values": { param: value } }`, root first.
  private static func stack(_ screens: [ScreenInstance]) -> JSONValue {
    .array(
      screens.map { screen in
        .object([("screen", .string(screen.name)), ("values", values(screen))])
      })
  }

  private static func values(_ screen: ScreenInstance) -> JSONValue {
    .object(screen.values.map { ($0.name, value($0.value)) })
  }

  /// Every tab's stack by name.
  private static func tabs(_ navigator: Navigator) -> JSONValue {
    .object(navigator.program.tabNames.map { ($0, stack(navigator.stack(ofTab: $0) ?? [])) })
  }

  private static func navigationBar(_ bar: ResolvedNavigationBar?) -> JSONValue {
    guard let bar else { return .null }
    func item(_ button: ResolvedBarButton?) -> JSONValue {
      guard let button else { return .null }
      return .object([
        ("image", button.image.map(JSONValue.string) ?? .null),
        ("title", button.title.map(JSONValue.string) ?? .null),
        ("style", .string(button.style.rawValue)),
        ("tint", button.tint.map(JSONValue.string) ?? .null),
        ("action", button.action.map(JSONValue.string) ?? .null),
      ])
    }
    return .object([
      ("hidden", .bool(bar.isHidden)),
      ("title", bar.title.map(JSONValue.string) ?? .null),
      ("left", item(bar.left)),
      ("right", item(bar.right)),
      ("backButton", .bool(bar.showsBackButton)),
    ])
  }

  private static func value(_ value: Value) -> JSONValue {
    switch value {
    case .bool(let flag): .bool(flag)
    case .int(let number): .number(number)
    case .string(let text): .string(text)
    case .list(let items): .array(items.map { Self.value($0) })
    case .record(let fields):
      .object(fields.sorted { $0.key < $1.key }.map { ($0.key, Self.value($0.value)) })
    }
  }
}
