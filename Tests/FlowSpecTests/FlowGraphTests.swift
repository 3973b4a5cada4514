import FlowSpec
import FlowTestSupport
import Testing

@Suite("The navigation graph")
struct FlowGraphTests {
  let graph: FlowGraph

  init() throws {
    let document = try FlowDocument.load(path: TestFlows.fixture("navigation-service.yaml"))
    graph = FlowGraph(try #require(document.validFlow))
  }

  @Test("has a node per screen and alert, titled by its nav bar or alert title")
  func nodes() {
    #expect(
      graph.nodes.map(\.name) == [
        "start", "Login", "Onboarding", "Infos", "InfoDetails", "NewInfo", "LogoutSheet",
      ])
    #expect(graph.nodes.first { $0.name == "LogoutSheet" }?.title == "Want to logout?")
    #expect(graph.nodes.first { $0.name == "LogoutSheet" }?.kind == .alert)
  }

  @Test(
    "has an edge per navigation, with its trigger, guard and animated flag; popToRoot points at the root beneath"
  )
  func edges() {
    let described = graph.edges.map {
      "\($0.from) -\($0.trigger): \($0.operation)\($0.animated == false ? " static" : "")-> \($0.to?.name ?? "•")"
    }
    #expect(
      described == [
        "start -start: setRoot if isLogin static-> Infos",
        "start -start: setRoot if not isLogin static-> Login",
        "Login -login: push if isFirstLogin-> Onboarding",
        "Login -login: setRoot if not isFirstLogin-> Infos",
        "Onboarding -validateOnboarding: setRoot-> Infos",
        "Infos -tap right: present-> LogoutSheet",
        "Infos -selectInfo: push-> InfoDetails",
        "InfoDetails -tap right: push-> NewInfo",
        "NewInfo -create: popToRoot-> Infos",
        "LogoutSheet -alert Cancel: dismiss-> •",
        "LogoutSheet -alert Logout: setRoot static-> Login",
      ])
  }

  @Test("an alert action that only changes state is drawn as the dismissal it is")
  func stateOnlyAlertAction() throws {
    let flow = try TestFlows.flow(
      """
      flow: A
      state: { liked: false }
      start: { setRoot: Home }
      screens:
        Home: { on: { ask: { present: Like } } }
      alerts:
        Like:
          title: Like it?
          actions:
            - { title: Cancel, style: cancel }
            - { title: Like, do: { set: { liked: true } } }
      """)
    #expect(
      FlowGraph(flow).edges.filter { "\($0.from)" == "Like" }.map {
        "\($0.trigger): \($0.operation)"
      }
        == ["alert Cancel: dismiss", "alert Like: dismiss"])
  }

  @Test("an else arm's guard is the condition negated once: a negation's is the condition itself")
  func negatedGuards() throws {
    let flow = try TestFlows.flow(
      """
      flow: A
      state: { seen: false, a: false, b: false }
      start: { if: "!seen", then: { setRoot: Intro }, else: { setRoot: Home } }
      screens:
        Intro: {}
        Home: { on: { go: { if: { a: true, b: true }, then: { push: Intro }, else: { push: Home } } } }
      """)
    #expect(
      FlowGraph(flow).edges.map { "\($0.trigger): \($0.operation)" } == [
        "start: setRoot if not seen", "start: setRoot if seen",
        "go: push if a = true and b = true", "go: push if not (a = true and b = true)",
      ])
  }

  @Test("a link is drawn as the navigation it makes: routes set at once, or pushed one by one")
  func linkEdges() throws {
    let flow = try TestFlows.flow(
      """
      flow: L
      start: { setRoot: Home }
      links:
        "app://a/{id}": [{ Detail: { id: $id } }]
        "app://b/{id}": { routes: [{ Detail: { id: $id } }], oneByOne: true }
        "app://c/{id}": { routes: [{ Detail: { id: $id } }], animated: true }
      screens:
        Home: {}
        Detail: { params: { id: Int } }
      """)
    #expect(
      FlowGraph(flow).edges.filter { $0.trigger == "open" }.map {
        "\($0.operation) \($0.animated.map(String.init) ?? "")"
      } == ["reset false", "push one by one true", "reset true"])
    #expect(FlowGraph(flow).dot().contains("[label=\"open: reset (no animation)\"]"))
    #expect(FlowGraph(flow).dot().contains("[label=\"open: push one by one\"]"))
  }

  @Test("dot output quotes names and escapes quotes")
  func dotEscapes() throws {
    let flow = try TestFlows.flow(
      "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home: { navBar: { title: 'Say \"hi\"' } }\n")
    #expect(
      FlowGraph(flow).dot().contains("\"Home\" [shape=box, label=\"Home\\nSay \\\"hi\\\"\"];"))
    #expect(FlowGraph(flow).mermaid().contains("n1[\"Home<br/>Say #quot;hi#quot;\"]"))
  }
}

@Suite("The navigation graph: tabs and links")
struct TabGraphTests {
  let graph: FlowGraph

  init() throws {
    let document = try FlowDocument.load(
      path: repositoryRoot() + "/Tests/Fixtures/shop.yaml")
    graph = FlowGraph(try #require(document.validFlow))
  }

  @Test("tabs and links are nodes, with edges to the roots and routes they show")
  func tabsAndLinks() {
    #expect(
      graph.nodes.filter { $0.kind == .tab }.map(\.name) == [
        "tab Accueil", "tab Recherche", "tab Profil",
      ])
    #expect(graph.nodes.filter { $0.kind == .link }.count == 3)
    let described = graph.edges.map {
      "\($0.from) -\($0.trigger): \($0.operation)-> \($0.to?.name ?? "•")"
    }
    #expect(described.contains("tab Accueil -tab: root-> Home"))
    #expect(
      described.contains("monapp://profile/{userID}/settings -open: reset in tab Profil-> Settings")
    )
    #expect(described.contains("Checkout -orderPlaced: reset-> •"))
    #expect(graph.dot().contains("\"tab Accueil\" [shape=tab, label=\"tab Accueil\\nAccueil\"];"))
    #expect(graph.mermaid().contains("[/\"tab Accueil<br/>Accueil\"/]"))
  }
}

@Suite("The navigation graph of tabs and requests")
struct TabAndRequestGraphTests {
  @Test("a tab bar without start: draws the start to each tab; a request is not 'no animation'")
  func tabsAndRequests() throws {
    let flow = try TestFlows.flow(
      """
      flow: T
      tabs:
        One: { root: A }
        Two: { root: B }
      requests:
        load: { onSuccess: { push: C } }
      screens:
        A: { on: { refresh: { request: load } } }
        B: {}
        C: {}
      """)
    let graph = FlowGraph(flow)
    let fromStart = graph.edges.filter { $0.from.kind == .start }
    #expect(fromStart.map(\.to?.name) == ["tab One", "tab Two"])
    #expect(fromStart.allSatisfy { $0.animated == nil })
    let request = try #require(graph.edges.first { $0.operation.hasPrefix("request") })
    #expect(request.animated == nil)
    #expect(!graph.dot().contains("request (no animation)"))
    #expect(!graph.mermaid().contains("request (no animation)"))
    #expect(graph.mermaid().contains("refresh: request"))
  }

  @Test("a screen named like the start node, a tab or a request is a node of its own")
  func namesDoNotCollide() throws {
    let flow = try TestFlows.flow(
      """
      flow: Clash
      tabs:
        Home: { root: start }
      requests:
        load: { onSuccess: { push: "request load" } }
      screens:
        start: { on: { go: { push: "tab Home" } } }
        "tab Home": { on: { fetch: { request: load } } }
        "request load": {}
      """)
    let graph = FlowGraph(flow)
    #expect(Set(graph.nodes.map(\.id)).count == graph.nodes.count)
    let named = Dictionary(grouping: graph.nodes, by: \.name).mapValues { $0.map(\.kind) }
    #expect(named["start"] == [.start, .screen])
    #expect(named["tab Home"] == [.screen, .tab])
    #expect(named["request load"] == [.screen, .request])
    let go = try #require(graph.edges.first { $0.trigger == "go" })
    #expect(go.from == FlowGraph.Node.ID(kind: .screen, name: "start"))
    #expect(go.to == FlowGraph.Node.ID(kind: .screen, name: "tab Home"))
    // Each drawing keeps them apart: one DOT identifier and one Mermaid node per node.
    let dotNodes = graph.dot().split(separator: "\n").filter { $0.contains("[shape=") }
    let dotIDs = dotNodes.map { $0.trimmingPrefix(while: { $0 == " " }).prefix { $0 != "[" } }
    #expect(Set(dotIDs).count == graph.nodes.count, "\(dotIDs)")
    #expect(graph.dot().contains(#""screen start" -> "screen tab Home" [label="go: push"];"#))
    let mermaidNodes = graph.mermaid().split(separator: "\n").filter {
      $0.hasPrefix("  n") && !$0.contains("-->") && !$0.contains("-.->")
    }
    #expect(mermaidNodes.count == graph.nodes.count)
  }
}
