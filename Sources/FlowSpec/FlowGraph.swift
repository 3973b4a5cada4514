/// A flow's navigation graph: screens, alerts, tabs and deep links as nodes, and an edge for
/// every navigation an event, a bar button, an alert action, `start`, a tab or a link can
/// make, as in the diagram the first article draws before writing its checklist.
public struct FlowGraph: Sendable {
  /// A screen or an alert.
  public struct Node: Sendable, Hashable {
    /// What a node stands for in the flow.
    public enum Kind: String, Sendable {
      /// The flow's `start`, one of its screens, alerts or tabs, a deep link (named by its
      /// pattern), or a request, whose completions navigate.
      case start, screen, alert, tab, link, request
      /// The flow's own handlers, which run whatever screen is on top.
      case anyScreen
    }
    /// What names a node: its kind and its name, so that a screen named `start` or
    /// `tab Home` is not the start node or a tab's.
    public struct ID: Sendable, Hashable, CustomStringConvertible {
      /// What the node stands for.
      public var kind: Kind
      /// The name as drawn: `Infos`, `Child.Screen`, `tab Home`, `request load`.
      public var name: String
      /// The flow of the tree it belongs to, 0 for the root flow: a root screen named
      /// `Child.Settings` is not child flow `Child`'s `Settings`.
      public var flow: Int
      /// The name as drawn, without the kind or the flow: `Infos`, `tab Home`.
      public var description: String { name }

      /// The node of that kind and name, in the tree's flow `flow`.
      public init(kind: Kind, name: String, flow: Int = 0) {
        self.kind = kind
        self.name = name
        self.flow = flow
      }
    }
    /// The name as drawn: `Infos`, `Child.Screen`, `tab Home`, `request load`.
    public var name: String
    /// What the node stands for: a screen, an alert, a tab, a link, a request, the start, or
    /// the flow's own handlers.
    public var kind: Kind
    /// The nav bar title, or the alert's title.
    public var title: String?
    /// The child flow the node belongs to, drawn as a cluster; `nil` for the root flow's.
    public var cluster: String? = nil
    /// The tree's flow the node belongs to, 0 for the root flow.
    public var flow: Int = 0
    /// What names the node: its kind, name and flow, as edges refer to it.
    public var id: ID { ID(kind: kind, name: name, flow: flow) }
  }

  /// One navigation: from a node, on an event, by an operation, to a node.
  public struct Edge: Sendable, Hashable {
    /// Where the navigation leaves from: the screen or alert the event happens on, or the
    /// start, tab, link or request that navigates.
    public var from: Node.ID
    /// Where the navigation lands; `nil` when that depends on the stack (a pop, a dismiss).
    public var to: Node.ID?
    /// The event, `tap right`, `alert Logout` or `start`.
    public var trigger: String
    /// `push`, `setRoot`, `present`, `pop`, `popToRoot`, `dismiss`, with a guard when inside an `if`.
    public var operation: String
    /// The `animated` flag of the navigation call; `nil` for what is not one (a request,
    /// a finish, a tab's root, a selection), which has no animation to speak of.
    public var animated: Bool?

    /// How the edge is labelled: `login: push` or `login: setRoot (no animation)`.
    var label: String {
      "\(trigger): \(operation)\(animated == false ? " (no animation)" : "")"
    }
  }

  /// The flow's name.
  public var name: String
  /// Every flow's start, screens, alerts, tabs, links and requests (and `any screen` when it
  /// has handlers), flow by flow, root first.
  public var nodes: [Node]
  /// Every navigation between the nodes.
  public var edges: [Edge]

  /// The graph of a flow.
  public init(_ flow: Flow) {
    self.init(tree: FlowTree(flow))
  }

  /// The graph of a flow and the child flows it uses, each child's nodes in a cluster of its
  /// own, named `Child.Screen`.
  public init(tree: FlowTree) {
    name = tree.root.name.value
    nodes = []
    edges = []
    for index in tree.flows.indices {
      addFlow(Scope(tree: tree, flow: index))
    }
    pointPopsToRootAtRoots()
  }

  /// A `popToRoot` leaves the stack's root on top: an arrow to each screen that can be the
  /// root beneath the screen it leaves (a screen a `setRoot` or a tab shows, from which pushes
  /// reach that screen), rather than a loop on the screen it leaves. Without any, the loop
  /// stays (a child flow whose root its parent set, say).
  private mutating func pointPopsToRootAtRoots() {
    var roots: [Node.ID] = []
    for edge in edges
    where edge.operation.hasPrefix("setRoot") || (edge.trigger == "tab" && edge.operation == "root")
    {
      if let root = edge.to, !roots.contains(root) { roots.append(root) }
    }
    var pushes: [Node.ID: [Node.ID]] = [:]
    for edge in edges where edge.operation.hasPrefix("push") {
      if let to = edge.to { pushes[edge.from, default: []].append(to) }
    }
    // The screens each root's stack can hold: the root and what pushes reach from it.
    var stacks: [Node.ID: Set<Node.ID>] = [:]
    for root in roots {
      var reached: Set<Node.ID> = [root]
      var queue = [root]
      while let screen = queue.popLast() {
        for next in pushes[screen] ?? [] where reached.insert(next).inserted { queue.append(next) }
      }
      stacks[root] = reached
    }
    edges = edges.flatMap { edge -> [Edge] in
      guard edge.to == nil, edge.operation.hasPrefix("popToRoot") else { return [edge] }
      let beneath = roots.filter { stacks[$0]?.contains(edge.from) == true }
      guard !beneath.isEmpty else { return [edge] }
      return beneath.map { root in
        var toRoot = edge
        toRoot.to = root
        return toRoot
      }
    }
  }

  /// Where names are read: one flow of the tree, its nodes prefixed when it is a child.
  struct Scope {
    let tree: FlowTree
    let flow: Int
    var prefix: String { flow == 0 ? "" : tree.flows[flow].name.value + "." }
    var cluster: String? { flow == 0 ? nil : tree.flows[flow].name.value }
    var start: Node.ID { id(.start, prefix + "start") }
    var anyScreen: Node.ID { id(.anyScreen, prefix + "any screen") }
    func screen(_ name: String) -> Node.ID { id(.screen, prefix + name) }
    /// What `present:` names: one of the flow's alerts, or else a screen.
    func presented(_ name: String) -> Node.ID {
      tree.flows[flow].alert(named: name) != nil ? alert(name) : screen(name)
    }
    func alert(_ name: String) -> Node.ID { id(.alert, prefix + name) }
    func request(_ name: String) -> Node.ID { id(.request, prefix + "request " + name) }
    func tab(_ name: String) -> Node.ID { id(.tab, "tab " + name) }
    func link(_ pattern: String) -> Node.ID { id(.link, pattern) }
    private func id(_ kind: Node.Kind, _ name: String) -> Node.ID {
      Node.ID(kind: kind, name: name, flow: flow)
    }
  }

  // Better whole: one section per kind of declaration (nodes, then each kind's edges), in the order
  // the diagram lists them.
  private mutating func addFlow(_ scope: Scope) {
    let flow = scope.tree.flows[scope.flow]
    let cluster = scope.cluster
    func node(_ id: Node.ID, title: String? = nil) -> Node {
      Node(name: id.name, kind: id.kind, title: title, cluster: cluster, flow: id.flow)
    }
    nodes.append(node(scope.start))
    nodes += flow.screens.map {
      node(scope.screen($0.name.value), title: $0.navigationBar.title?.value)
    }
    nodes += flow.alerts.map { node(scope.alert($0.name.value), title: $0.title?.value) }
    nodes += flow.tabs.map {
      node(scope.tab($0.name.value), title: $0.title?.value ?? $0.name.value)
    }
    nodes += flow.links.map { node(scope.link($0.pattern.value)) }
    nodes += flow.requests.map { node(scope.request($0.name.value)) }
    if !flow.handlers.isEmpty { nodes.append(node(scope.anyScreen)) }
    for tab in flow.tabs {
      edges.append(
        Edge(
          from: scope.tab(tab.name.value), to: scope.screen(tab.root.screen.value), trigger: "tab",
          operation: "root", animated: nil))
    }
    for link in flow.links {
      edges.append(
        Edge(
          from: scope.link(link.pattern.value),
          to: link.routes.last.map { scope.screen($0.screen.value) },
          trigger: "open",
          // One by one, the routes are pushed (animated by default); else set at once.
          operation: (link.isOneByOne ? "push one by one" : "reset")
            + (link.tab.map { " in tab \($0.value)" } ?? ""),
          animated: link.animated?.value ?? link.isOneByOne))
    }
    if let start = flow.start {
      add(start, from: scope.start, trigger: "start", scope)
    } else {
      // A tab bar with no `start:` shows its tabs when the app starts.
      for tab in flow.tabs {
        edges.append(
          Edge(
            from: scope.start, to: scope.tab(tab.name.value), trigger: "start",
            operation: "tab bar", animated: nil))
      }
    }
    for handler in flow.handlers {
      add(
        handler.operation, from: scope.anyScreen, trigger: handler.event.value, scope
      )
    }
    for request in flow.requests {
      for outcome in RequestOutcome.allCases {
        if let handler = request.handler(for: outcome) {
          add(
            handler, from: scope.request(request.name.value),
            trigger: outcome.rawValue, scope)
        }
      }
    }
    for screen in flow.screens {
      let from = scope.screen(screen.name.value)
      for handler in screen.handlers {
        let tap = BarSide.allCases.first {
          screen.navigationBar.item($0)?.action?.value == handler.event.value
        }
        add(
          handler.operation, from: from,
          trigger: tap.map { "tap \($0.rawValue)" } ?? handler.event.value, scope)
      }
      if let onEnter = screen.onEnter { add(onEnter, from: from, trigger: "onEnter", scope) }
      if let onAppear = screen.onAppear { add(onAppear, from: from, trigger: "onAppear", scope) }
    }
    for alert in flow.alerts {
      let from = scope.alert(alert.name.value)
      for action in alert.actions {
        // Every action dismisses the alert; one that only changes state (or does nothing)
        // is drawn as that dismissal, so that no action is missing from the graph.
        let before = edges.count
        if let operation = action.operation {
          add(operation, from: from, trigger: "alert \(action.title.value)", scope)
        }
        if edges.count == before {
          edges.append(
            Edge(
              from: from, to: nil, trigger: "alert \(action.title.value)",
              operation: "dismiss", animated: true))
        }
      }
    }
  }

  private mutating func add(
    _ operation: Operation, from: Node.ID, trigger: String, _ scope: Scope,
    guardText: String? = nil
  ) {
    let edge: (to: Node.ID?, operation: String, animated: Bool?)
    switch operation.kind {
    case .setRoot(let target), .push(let target):
      edge = (scope.screen(target.screen.value), operation.call!.name, operation.isAnimated)
    case .reset(let routes):
      edge = (routes.last.map { scope.screen($0.screen.value) }, "reset", operation.isAnimated)
    case .select(let tab):
      edge = (scope.tab(tab.value), "select", nil)
    case .present(let presentation):
      edge = (scope.presented(presentation.target.value), "present", operation.isAnimated)
    case .pop, .popToRoot, .dismiss:
      edge = (nil, operation.call!.name, operation.isAnimated)
    case .request(let call):
      edge = (scope.request(call.request.value), "request", nil)
    case .startFlow(let start):
      let child = scope.tree.child(start.flow.value, of: scope.flow)
      edge = (
        child.map { Scope(tree: scope.tree, flow: $0).start },
        start.presentation.map { "start, presented as \($0.value.rawValue)" } ?? "start",
        operation.animated?.value ?? true
      )
    case .finish(let finish):
      edge = (nil, "finish \(finish.event.value)", nil)
    case .set, .add, .append, .remove, .update:
      return
    case .branch(let condition, let then, let otherwise):
      add(then, from: from, trigger: trigger, scope, guardText: condition.text)
      if let otherwise {
        add(otherwise, from: from, trigger: trigger, scope, guardText: condition.negatedText)
      }
      return
    case .sequence(let operations):
      for nested in operations {
        add(nested, from: from, trigger: trigger, scope, guardText: guardText)
      }
      return
    }
    edges.append(
      Edge(
        from: from, to: edge.to, trigger: trigger,
        operation: guardText.map { "\(edge.operation) if \($0)" } ?? edge.operation,
        animated: edge.animated))
  }

  /// Graphviz's dot language.
  public func dot() -> String {
    let ids = dotIdentifiers()
    var lines = ["digraph \(Self.quoted(name)) {", "  rankdir=LR;"]
    for (cluster, members) in clusters {
      if let cluster {
        lines.append("  subgraph \(Self.quoted("cluster_" + cluster)) {")
        lines.append("    label=\(Self.quoted(cluster));")
      }
      lines += members.map { (cluster == nil ? "" : "  ") + dotLine($0, id: ids[$0.id]!) }
      if cluster != nil { lines.append("  }") }
    }
    for edge in edges {
      lines.append(
        "  \(ids[edge.from]!) -> \(ids[edge.to ?? edge.from]!) [label=\(Self.quoted(edge.label))\(edge.to == nil ? ", style=dashed" : "")];"
      )
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The nodes grouped by cluster, the root flow's first, in the order they were added.
  private var clusters: [(String?, [Node])] {
    var order: [String?] = []
    var groups: [String?: [Node]] = [:]
    for node in nodes {
      if groups[node.cluster] == nil { order.append(node.cluster) }
      groups[node.cluster, default: []].append(node)
    }
    return order.map { ($0, groups[$0]!) }
  }

  /// Each node's DOT identifier: its name, quoted, or, when another node has the name too
  /// (a screen named `start`), its kind and name, numbered if even that is taken. An edge
  /// to a node not declared (a flow with errors) gets one as well.
  private func dotIdentifiers() -> [Node.ID: String] {
    var all: [Node.ID] = []
    var seen: Set<Node.ID> = []
    for id in nodes.map(\.id) + edges.flatMap({ [$0.from] + ($0.to.map { [$0] } ?? []) })
    where seen.insert(id).inserted {
      all.append(id)
    }
    var sharing: [String: Int] = [:]
    for id in all { sharing[id.name, default: 0] += 1 }
    var ids: [Node.ID: String] = [:]
    var taken: Set<String> = []
    for id in all {
      let base = sharing[id.name] == 1 ? id.name : "\(id.kind.rawValue) \(id.name)"
      var text = base
      var number = 2
      // Quoting writes every line break as `\n`: names apart only by theirs are numbered.
      while (text != id.name && sharing[text] != nil) || taken.contains(Self.quoted(text)) {
        text = "\(base) \(number)"
        number += 1
      }
      taken.insert(Self.quoted(text))
      ids[id] = Self.quoted(text)
    }
    return ids
  }

  private func dotLine(_ node: Node, id: String) -> String {
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
    return "  \(id) [shape=\(shape), label=\(Self.quoted(label))];"
  }

  /// A Mermaid flowchart; the edges at `highlighted` (indexes into `edges`) drawn thick and
  /// red, as `flowc diff` shows what a change touched.
  public func mermaid(highlighting highlighted: Set<Int> = []) -> String {
    var ids: [Node.ID: String] = [:]
    for (index, node) in nodes.enumerated() { ids[node.id] = "n\(index)" }
    var lines = ["flowchart LR"]
    var clusterCount = 0
    for (cluster, members) in clusters {
      let indent = cluster == nil ? "  " : "    "
      if let cluster {
        clusterCount += 1
        lines.append("  subgraph c\(clusterCount)[\"\(Self.mermaidText(cluster))\"]")
      }
      for node in members {
        let id = ids[node.id]!
        let text =
          Self.mermaidText(node.name) + (node.title.map { "<br/>" + Self.mermaidText($0) } ?? "")
        switch node.kind {
        case .start: lines.append(indent + "\(id)((start))")
        case .screen: lines.append(indent + "\(id)[\"\(text)\"]")
        case .alert: lines.append(indent + "\(id){{\"\(text)\"}}")
        case .tab: lines.append(indent + "\(id)[/\"\(text)\"/]")
        case .link: lines.append(indent + "\(id)>\"\(text)\"]")
        case .request: lines.append(indent + "\(id)([\"\(text)\"])")
        case .anyScreen: lines.append(indent + "\(id)[[\"\(text)\"]]")
        }
      }
      if cluster != nil { lines.append("  end") }
    }
    for edge in edges {
      let from = ids[edge.from] ?? "n0"
      let to = edge.to.flatMap { ids[$0] } ?? from
      let label = Self.mermaidText(edge.label)
      lines.append("  \(from) \(edge.to == nil ? "-.->" : "-->")|\"\(label)\"| \(to)")
    }
    for index in highlighted.sorted() where edges.indices.contains(index) {
      lines.append("  linkStyle \(index) stroke:#d73a49,stroke-width:3px")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph as JSON: `{ "flow", "nodes": [{ name, kind, title, flow }], "edges": [{ from,
  /// fromKind, to, toKind, trigger, operation, animated }] }`; a node is named by its name
  /// and kind together.
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
              ("flow", node.cluster.map(JSONValue.string) ?? .null),
            ])
          })
      ),
      (
        "edges",
        .array(
          edges.map { edge in
            .object([
              ("from", .string(edge.from.name)), ("fromKind", .string(edge.from.kind.rawValue)),
              ("to", edge.to.map { .string($0.name) } ?? .null),
              ("toKind", edge.to.map { .string($0.kind.rawValue) } ?? .null),
              ("trigger", .string(edge.trigger)), ("operation", .string(edge.operation)),
              ("animated", edge.animated.map(JSONValue.bool) ?? .null),
            ])
          })
      ),
    ])
  }

  /// A DOT string literal of any text: quotes and backslashes escaped (so no `\\N`-style
  /// escape of Graphviz's reads the text), every line break of every kind as DOT's `\\n`,
  /// and other control characters (NUL among them, which `dot` refuses) shown as `\\u{…}`
  /// text.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    var scalars = text.unicodeScalars.makeIterator()
    var previous: Unicode.Scalar?
    while let scalar = scalars.next() {
      defer { previous = scalar }
      switch scalar {
      case "\n" where previous == "\r": continue
      case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": result += "\\n"
      case "\"", "\\": result += "\\" + String(scalar)
      case _ where TerminalText.escape(scalar) != nil:
        result += "\\" + TerminalText.escape(scalar)!
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Text for a quoted Mermaid label: every character Mermaid or the HTML it renders to
  /// reads as markup (`"`, `#`, `<`, `>`, `&`, a backtick, `%`) written as Mermaid's `#…;`
  /// entity, line breaks of every kind as `<br/>`, other control characters as `\u{…}` text.
  static func mermaidText(_ text: String) -> String {
    var result = ""
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      switch scalar {
      case "\n" where previous == "\r": continue
      case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": result += "<br/>"
      case "\"": result += "#quot;"
      case "#": result += "#35;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "&": result += "#amp;"
      case "`": result += "#96;"
      case "%": result += "#37;"  // '%%' starts a directive, wherever it stands
      case _ where TerminalText.escape(scalar) != nil: result += TerminalText.escape(scalar)!
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
