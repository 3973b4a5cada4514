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
      "\($0.from) -\($0.trigger): \($0.operation)\($0.animated == false ? " static" : "")-> \($0.to ?? "•")"
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
      path: repositoryRoot() + "/Tests/FlowSpecTests/Fixtures/shop.yaml")
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
      "\($0.from) -\($0.trigger): \($0.operation)-> \($0.to ?? "•")"
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
    let fromStart = graph.edges.filter { $0.from == "start" }
    #expect(fromStart.map(\.to) == ["tab One", "tab Two"])
    #expect(fromStart.allSatisfy { $0.animated == nil })
    let request = try #require(graph.edges.first { $0.operation.hasPrefix("request") })
    #expect(request.animated == nil)
    #expect(!graph.dot().contains("request (no animation)"))
    #expect(!graph.mermaid().contains("request (no animation)"))
    #expect(graph.mermaid().contains("refresh: request"))
  }
}
