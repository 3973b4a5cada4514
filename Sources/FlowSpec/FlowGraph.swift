/// A flow's navigation graph: screens, alerts, tabs and deep links as nodes, and an edge for
/// every navigation an event, a bar button, an alert action, `start`, a tab or a link can
/// make, as in the diagram the first article draws before writing its checklist.
public struct FlowGraph: Sendable {
  /// A screen or an alert.
  public struct Node: Sendable, Hashable {
    public enum Kind: String, Sendable {
      case start, screen, alert, tab, link, request
      /// The flow's own handlers, which run whatever screen is on top.
      case anyScreen
    }
    public var name: String
    public var kind: Kind
    /// The nav bar title, or the alert's title.
    public var title: String?
  }

  /// One navigation: from a node, on an event, by an operation, to a node.
  public struct Edge: Sendable, Hashable {
    public var from: String
    public var to: String?
    /// The event, `tap right`, `alert Logout` or `start`.
    public var trigger: String
    /// `push`, `setRoot`, `present`, `pop`, `popToRoot`, `dismiss`, with a guard when inside an `if`.
    public var operation: String
    public var animated: Bool
  }

  /// The flow's name.
  public var name: String
  public var nodes: [Node]
  public var edges: [Edge]

  /// The graph of a flow.
  public init(_ flow: Flow) {
    name = flow.name.value
    nodes = [Node(name: "start", kind: .start, title: nil)]
    nodes += flow.screens.map {
      Node(name: $0.name.value, kind: .screen, title: $0.navigationBar.title?.value)
    }
    nodes += flow.alerts.map { Node(name: $0.name.value, kind: .alert, title: $0.title?.value) }
    nodes += flow.tabs.map {
      Node(name: Self.tabNode($0.name.value), kind: .tab, title: $0.title?.value ?? $0.name.value)
    }
    nodes += flow.links.map { Node(name: $0.pattern.value, kind: .link, title: nil) }
    nodes += flow.requests.map {
      Node(name: Self.requestNode($0.name.value), kind: .request, title: nil)
    }
    if !flow.handlers.isEmpty {
      nodes.append(Node(name: Self.anyScreenNode, kind: .anyScreen, title: nil))
    }
    edges = []
    for tab in flow.tabs {
      edges.append(
        Edge(
          from: Self.tabNode(tab.name.value), to: tab.root.screen.value, trigger: "tab",
          operation: "root", animated: false))
    }
    for link in flow.links {
      edges.append(
        Edge(
          from: link.pattern.value, to: link.routes.last?.screen.value, trigger: "open",
          operation: "reset" + (link.tab.map { " in tab \($0.value)" } ?? ""), animated: false))
    }
    if let start = flow.start { add(start, from: "start", trigger: "start") }
    for handler in flow.handlers {
      add(handler.operation, from: Self.anyScreenNode, trigger: handler.event.value)
    }
    for request in flow.requests {
      for outcome in RequestOutcome.allCases {
        if let handler = request.handler(for: outcome) {
          add(handler, from: Self.requestNode(request.name.value), trigger: outcome.rawValue)
        }
      }
    }
    for screen in flow.screens {
      for handler in screen.handlers {
        let tap = BarSide.allCases.first {
          screen.navigationBar.item($0)?.action?.value == handler.event.value
        }
        add(
          handler.operation, from: screen.name.value,
          trigger: tap.map { "tap \($0.rawValue)" } ?? handler.event.value)
      }
      if let onEnter = screen.onEnter { add(onEnter, from: screen.name.value, trigger: "onEnter") }
    }
    for alert in flow.alerts {
      for action in alert.actions {
        if let operation = action.operation {
          add(operation, from: alert.name.value, trigger: "alert \(action.title.value)")
        } else {
          edges.append(
            Edge(
              from: alert.name.value, to: nil, trigger: "alert \(action.title.value)",
              operation: "dismiss", animated: true))
        }
      }
    }
  }

  private mutating func add(
    _ operation: Operation, from: String, trigger: String, guardText: String? = nil
  ) {
    let label = { (name: String) in guardText.map { "\(name) if \($0)" } ?? name }
    switch operation.kind {
    case .setRoot(let target), .push(let target):
      edges.append(
        Edge(
          from: from, to: target.screen.value, trigger: trigger,
          operation: label(operation.call!.rawValue), animated: operation.isAnimated))
    case .reset(let routes):
      edges.append(
        Edge(
          from: from, to: routes.last?.screen.value, trigger: trigger, operation: label("reset"),
          animated: operation.isAnimated))
    case .select(let tab):
      edges.append(
        Edge(
          from: from, to: Self.tabNode(tab.value), trigger: trigger, operation: label("select"),
          animated: false))
    case .present(let presentation):
      edges.append(
        Edge(
          from: from, to: presentation.target.value, trigger: trigger, operation: label("present"),
          animated: operation.isAnimated))
    case .pop, .popToRoot, .dismiss:
      edges.append(
        Edge(
          from: from, to: nil, trigger: trigger, operation: label(operation.call!.rawValue),
          animated: operation.isAnimated))
    case .request(let call):
      edges.append(
        Edge(
          from: from, to: Self.requestNode(call.request.value), trigger: trigger,
          operation: label("request"), animated: false))
    case .set, .add, .append, .remove:
      break
    case .branch(let condition, let then, let otherwise):
      let text = condition.text
      add(then, from: from, trigger: trigger, guardText: text)
      if let otherwise { add(otherwise, from: from, trigger: trigger, guardText: "not \(text)") }
    case .sequence(let operations):
      for nested in operations { add(nested, from: from, trigger: trigger, guardText: guardText) }
    }
  }

  /// A tab's node name, apart from screens of the same name.
  static func tabNode(_ name: String) -> String { "tab " + name }

  /// A request's node name.
  static func requestNode(_ name: String) -> String { "request " + name }

  /// The node the flow's own handlers start from.
  static let anyScreenNode = "any screen"

  /// Graphviz's dot language.
  public func dot() -> String {
    var lines = ["digraph \(Self.quoted(name)) {", "  rankdir=LR;"]
    for node in nodes {
      let shape =
        switch node.kind {
        case .start: "point"
        case .alert: "octagon"
        case .screen: "box"
        case .tab: "tab"
        case .link: "cds"
        case .request: "ellipse"
        case .anyScreen: "doubleoctagon"
        }
      let label = node.title.map { "\(node.name)\n\($0)" } ?? node.name
      lines.append("  \(Self.quoted(node.name)) [shape=\(shape), label=\(Self.quoted(label))];")
    }
    for edge in edges {
      let label = "\(edge.trigger): \(edge.operation)\(edge.animated ? "" : " (no animation)")"
      lines.append(
        "  \(Self.quoted(edge.from)) -> \(Self.quoted(edge.to ?? edge.from)) [label=\(Self.quoted(label))\(edge.to == nil ? ", style=dashed" : "")];"
      )
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Mermaid flowchart.
  public func mermaid() -> String {
    var ids: [String: String] = [:]
    for (index, node) in nodes.enumerated() { ids[node.name] = "n\(index)" }
    var lines = ["flowchart LR"]
    for node in nodes {
      let id = ids[node.name]!
      let text = Self.mermaidText(node.title.map { "\(node.name)<br/>\($0)" } ?? node.name)
      switch node.kind {
      case .start: lines.append("  \(id)((start))")
      case .screen: lines.append("  \(id)[\"\(text)\"]")
      case .alert: lines.append("  \(id){{\"\(text)\"}}")
      case .tab: lines.append("  \(id)[/\"\(text)\"/]")
      case .link: lines.append("  \(id)>\"\(text)\"]")
      case .request: lines.append("  \(id)([\"\(text)\"])")
      case .anyScreen: lines.append("  \(id)[[\"\(text)\"]]")
      }
    }
    for edge in edges {
      let from = ids[edge.from] ?? "n0"
      let to = edge.to.flatMap { ids[$0] } ?? from
      let label = Self.mermaidText(
        "\(edge.trigger): \(edge.operation)\(edge.animated ? "" : " (no animation)")")
      lines.append("  \(from) \(edge.to == nil ? "-.->" : "-->")|\"\(label)\"| \(to)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph as JSON: `{ "flow", "nodes": [{ name, kind, title }], "edges": [{ from, to, trigger, operation, animated }] }`.
  public func json() -> JSONValue {
    .object([
      ("flow", .string(name)),
      (
        "nodes",
        .array(
          nodes.map { node in
            .object([
              ("name", .string(node.name)), ("kind", .string(node.kind.rawValue)),
              ("title", node.title.map(JSONValue.string) ?? .null),
            ])
          })
      ),
      (
        "edges",
        .array(
          edges.map { edge in
            .object([
              ("from", .string(edge.from)), ("to", edge.to.map(JSONValue.string) ?? .null),
              ("trigger", .string(edge.trigger)), ("operation", .string(edge.operation)),
              ("animated", .bool(edge.animated)),
            ])
          })
      ),
    ])
  }

  /// A dot string literal.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\n": result += "\\n"
      case "\"", "\\": result += "\\" + String(character)
      default: result.append(character)
      }
    }
    return result + "\""
  }

  /// Text for a Mermaid label, whose quotes must be written as entities.
  private static func mermaidText(_ text: String) -> String {
    text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "#quot;")
  }
}

extension Condition {
  /// The condition as written: `isLogin`, `not isLogin`, `role = admin`.
  var text: String {
    switch self {
    case .flag(let name): name.value
    case .not(let inner): "not \(inner.text)"
    case .equals(let name, let value): "\(name.value) = \(value.value)"
    case .all(let conditions): conditions.map(\.text).joined(separator: " and ")
    }
  }
}
