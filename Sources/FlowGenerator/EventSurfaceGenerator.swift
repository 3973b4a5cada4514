import FlowModel

/// Renders, for a flow whose checklist runs against the app, the typed surface the app
/// binds: a protocol `<Flow>Events` with one requirement per event of the flow, its
/// arguments typed from the flow (`func selectInfo(info: String)`), each requirement's
/// line naming where the flow handles it, so a missing binding is a compile error that
/// points at the flow; and the `receive` that turns a `NavigationEvent` into those calls.
///
/// An event that is only ever a bar button's action is a tap the library's spy makes on the
/// app's own button: its requirement has a default that fails, saying so, and is bound only
/// where no spy can tap (a SwiftUI toolbar). A flow with tabs adds `selectTab(named:)`, with
/// such a default too (a tab bar spy taps UIKit's tab bar; a SwiftUI `TabView` is bound), one
/// with links `open(url:)`: the app's code for a URL, which no spy can stand in for.
enum EventSurfaceGenerator {
  /// What the surface is made of.
  struct Surface {
    var events: [EventSignature]
    /// For each screen with a bar button, the flow's action of each side.
    var barActions: [(screen: String, left: String?, right: String?)]
    var hasTabs: Bool
    var hasLinks: Bool

    init(tree: FlowTree) {
      events = tree.eventSignatures
      barActions = tree.flows.flatMap(\.screens).compactMap { screen in
        let bar = screen.navigationBar
        let left = bar.left?.action?.value
        let right = bar.right?.action?.value
        return left == nil && right == nil ? nil : (screen.name.value, left, right)
      }
      hasTabs = tree.flows.contains { !$0.tabs.isEmpty }
      hasLinks = tree.flows.contains { !$0.links.isEmpty }
    }
  }

  /// `NavigationService` → `NavigationServiceEvents`.
  static func protocolName(forFlow name: String) -> String {
    SwiftNames.upperCamel(name, fallback: "Flow") + "Events"
  }

  /// A requirement: its Swift name and argument labels, and the event it stands for.
  private struct Requirement {
    var event: EventSignature
    var name: String
    var labels: [String]
  }

  // Better whole: it writes the event protocol top to bottom in the order the generated file reads.
  static func render(
    _ surface: Surface, flowName: String, protocolName: String, into writer: inout SwiftWriter
  ) {
    var names = NameScope(
      enclosing: protocolName, topSuite: protocolName, reserved: ["receive", "selectTab", "open"])
    let requirements = surface.events.map { event in
      var labels = NameScope(enclosing: "", topSuite: "", reserved: ["_"])
      return Requirement(
        event: event,
        name: names.memberName(SwiftNames.lowerCamel(event.name.value, fallback: "event")),
        labels: event.arguments.map {
          labels.memberName(SwiftNames.lowerCamel($0.name, fallback: "value"))
        })
    }
    writer.line(
      "/// The events of flow \(SwiftSource.comment(SwiftSource.stringLiteral(flowName))), one requirement each, typed from the flow."
    )
    writer.line(
      "/// The app's type that receives them conforms, mapping an event to its own method where")
    writer.line("/// the names differ; a missing one is a compile error naming the flow's line.")
    writer.line("@MainActor")
    writer.block("protocol \(protocolName) {") { writer in
      for requirement in requirements {
        let event = requirement.event
        let file = event.file.split(separator: "/").last.map(String.init) ?? event.file
        let place = "\(file):\(event.name.range.start.line)"
        let role = event.isBarButtonAction ? ", a bar button's action" : ""
        writer.line(
          "\(signature(requirement)) async throws  // \(SwiftSource.comment(event.name.value)): \(SwiftSource.comment(place))\(role)"
        )
      }
      if surface.hasTabs {
        writer.line(
          "/// A tap on the tab bar's tab of that name, where no spy taps it (a SwiftUI `TabView`)."
        )
        writer.line("func selectTab(named tab: String) async throws")
      }
      if surface.hasLinks {
        writer.line("/// The app is asked to open a URL (`.onOpenURL`, the scene delegate).")
        writer.line("func open(url: Foundation.URL) async throws")
      }
    }
    writer.line()
    writer.block("extension \(protocolName) {") { writer in
      for requirement in requirements where requirement.event.isBarButtonAction {
        writer.line(
          "/// A bar button's action: the spy taps the app's own button; bind it only where none can."
        )
        writer.block("\(signature(requirement)) async throws {") { writer in
          writer.line(
            "throw FlowSpec.DriverError.noBarButton(action: \(SwiftSource.stringLiteral(requirement.event.name.value)))"
          )
        }
        writer.line()
      }
      if surface.hasTabs {
        writer.line(
          "/// The tab bar: a tab bar spy taps the app's own; bind it only where none can (SwiftUI)."
        )
        writer.block("func selectTab(named tab: String) async throws {") { writer in
          writer.line("throw FlowSpec.DriverError.noTabBar(tab: tab)")
        }
        writer.line()
      }
      writer.line(
        "/// Calls the requirement an event names, with its arguments typed from the flow.")
      writer.block(
        "func receive(_ event: FlowSpec.NavigationEvent, visibleScreen: String?) async throws -> Bool {"
      ) { writer in
        renderReceive(surface, requirements, into: &writer)
      }
    }
    writer.line()
    writer.line("/// A driver whose `events` receive this flow's events sends them so.")
    writer.block("extension FlowSpec.FlowAppDriver where Events: \(protocolName) {") { writer in
      writer.block(
        "func receive(_ event: FlowSpec.NavigationEvent, visibleScreen: String?) async throws -> Bool {"
      ) { writer in
        writer.line("try await events.receive(event, visibleScreen: visibleScreen)")
      }
    }
  }

  private static func signature(_ requirement: Requirement) -> String {
    let parameters = zip(requirement.labels, requirement.event.arguments).map { label, argument in
      "\(label): \(swiftType(argument.type))"
    }
    return "func \(requirement.name)(\(parameters.joined(separator: ", ")))"
  }

  private static func renderReceive(
    _ surface: Surface, _ requirements: [Requirement], into writer: inout SwiftWriter
  ) {
    writer.line("switch event {")
    if !requirements.isEmpty {
      let usesArguments = requirements.contains { !$0.event.arguments.isEmpty }
      writer.line("case .named(let name, \(usesArguments ? "let values" : "_")):")
      writer.indented { writer in
        if usesArguments {
          writer.line("let arguments = FlowSpec.EventArguments(values, of: name)")
        }
        writer.line("switch name {")
        for requirement in requirements {
          let arguments = zip(requirement.labels, requirement.event.arguments).map {
            label, argument in
            "\(label): arguments.\(reader(argument.type))(\(SwiftSource.stringLiteral(argument.name)))"
          }
          let call = "\(requirement.name)(\(arguments.joined(separator: ", ")))"
          writer.line(
            "case \(SwiftSource.stringLiteral(requirement.event.name.value)): try await \(call)")
        }
        writer.line("default: return false")
        writer.line("}")
        writer.line("return true")
      }
    }
    if !surface.barActions.isEmpty {
      writer.line("case .tap(let side) where side != .back:")
      writer.indented { writer in
        writer.line(
          "// A bar button the spy could not tap (a SwiftUI toolbar): the flow's action of it.")
        writer.line("let actions: [String: (left: String?, right: String?)] = [")
        for (screen, left, right) in surface.barActions {
          writer.line(
            "  \(SwiftSource.stringLiteral(screen)): (\(optionalLiteral(left)), \(optionalLiteral(right))),"
          )
        }
        writer.line("]")
        writer.line(
          "guard let screen = visibleScreen, let bar = actions[screen],")
        writer.line("  let action = side == .left ? bar.left : bar.right")
        writer.line("else { return false }")
        writer.line("return try await receive(.named(action), visibleScreen: visibleScreen)")
      }
    }
    if surface.hasTabs {
      writer.line("case .tab(let name):")
      writer.line("  try await selectTab(named: name)")
      writer.line("  return true")
    }
    if surface.hasLinks {
      writer.line("case .open(let text):")
      writer.line("  guard let url = Foundation.URL(string: text) else { return false }")
      writer.line("  try await open(url: url)")
      writer.line("  return true")
    }
    writer.line("default:")
    writer.line("  return false")
    writer.line("}")
  }

  private static func optionalLiteral(_ text: String?) -> String {
    text.map(SwiftSource.stringLiteral) ?? "nil"
  }

  private static func swiftType(_ type: ValueType) -> String {
    switch type {
    case .bool: "Bool"
    case .int: "Int"
    case .string: "String"
    case .list: "[FlowSpec.Value]"
    case .record: "[String: FlowSpec.Value]"
    }
  }

  private static func reader(_ type: ValueType) -> String {
    switch type {
    case .bool: "bool"
    case .int: "int"
    case .string: "string"
    case .list: "list"
    case .record: "record"
    }
  }
}
