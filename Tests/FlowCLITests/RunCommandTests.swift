import FlowTestSupport
import Testing

private let article = TestFlows.fixture("navigation-service.yaml")

@Suite("flowc run")
struct RunCommandTests {
  @Test(
    "the issue's scenario: Login → Onboarding → Infos with the logout sheet, with the right animated flags"
  )
  func articleScenario() {
    let result = flowc([
      "run", article, "--given", "isLogin=false", "--events",
      "login,validateOnboarding,presentLogout",
    ])
    #expect(result.status == 0, "\(result)")
    let steps = result.output.components(separatedBy: "\n\n")
    #expect(steps.count == 4)
    #expect(steps[0].contains("calls      setRoot(Login, animated: false)"))
    #expect(steps[1].contains("stack      Login › Onboarding"))
    #expect(steps[1].contains("animated   true"))
    #expect(steps[2].contains("calls      setRoot(Infos, animated: true)"))
    #expect(steps[2].contains("state      isLogin=false isFirstLogin=false"))
    #expect(steps[3].hasPrefix("[3] presentLogout"))
    #expect(steps[3].contains("presented  alert LogoutSheet"))
    #expect(
      steps[3].contains(
        "alert      actionSheet \"Want to logout?\", no message; actions Cancel (cancel), Logout (destructive)"
      ))
    #expect(
      steps[3].contains(
        "nav bar    \"Infos\" · right: arrowshape.turn.up.left.circle (plain, red) → presentLogout")
    )
  }

  @Test("--format json prints one object per step with the documented keys")
  func json() {
    let result = flowc([
      "run", article, "--given", "isLogin=true", "--events", "tap: right, alert: Logout",
      "--format", "json",
    ])
    #expect(result.status == 0, "\(result)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines[0].hasPrefix(
        "{\"step\":0,\"event\":null,\"stack\":[{\"screen\":\"Infos\",\"values\":{}}],\"presented\":null,\"animated\":false,\"navBar\":{\"hidden\":false,\"title\":\"Infos\""
      ))
    #expect(lines[1].contains("\"event\":\"tap: right\""))
    #expect(lines[1].contains("\"presented\":{\"kind\":\"alert\",\"name\":\"LogoutSheet\"}"))
    #expect(
      lines[2].contains(
        "\"stack\":[{\"screen\":\"Login\",\"values\":{}}],\"presented\":null,\"animated\":false"))
    #expect(lines[2].contains("\"state\":{\"isLogin\":true,\"isFirstLogin\":false}"))
  }

  @Test("an invalid event stops the run with exit 1 and names the valid ones")
  func invalidEvent() {
    let result = flowc(["run", article, "--events", "login,create"])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "flowc: error: 'create' was refused: screen 'Onboarding' does not handle 'create'; it handles 'validateOnboarding'\n"
    )
    #expect(result.output.contains("[1] login"))
  }

  @Test(
    "--given reads a list as the checklist's given does: a YAML flow sequence, or commas",
    arguments: [
      ("tasks=[]", "tasks=[]"), (#"tasks=[KFC, "Burger King"]"#, #"tasks=["KFC", "Burger King"]"#),
      ("tasks=KFC,Quick", #"tasks=["KFC", "Quick"]"#), ("tasks=", "tasks=[]"),
      ("tasks=[{ title: a, done: false }]", #"tasks=[{ done: false, title: "a" }]"#),
    ])
  func givenList(given: String, shown: String) throws {
    let folder = try TemporaryFolder()
    let flow = try folder.write(
      "list.yaml", "flow: L\nstate: { tasks: [] }\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    let result = flowc(["run", flow, "--given", given])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("state      \(shown)"), "\(result.output)")
  }

  @Test("--given refuses a list it cannot read, saying what it takes")
  func givenBadList() throws {
    let folder = try TemporaryFolder()
    let flow = try folder.write(
      "list.yaml", "flow: L\nstate: { tasks: [] }\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    for given in ["tasks=[a, [b]]", "tasks=[a", "tasks=[{ a: [1] }]"] {
      let result = flowc(["run", flow, "--given", given])
      #expect(result.status == 2, "\(given): \(result)")
      #expect(result.errors.contains("state 'tasks' is a list: give [a, b]"), "\(result)")
    }
  }

  @Test("--given names a whole number beyond an Int's range as such")
  func givenHugeInt() throws {
    let folder = try TemporaryFolder()
    let flow = try folder.write(
      "n.yaml", "flow: N\nstate: { n: 0 }\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    for huge in ["99999999999999999999", "-99999999999999999999", "+99999999999999999999"] {
      let result = flowc(["run", flow, "--given", "n=\(huge)"])
      #expect(result.status == 2, "\(result)")
      #expect(
        result.errors.contains(
          "state 'n' is an Int, and '\(huge)' is beyond an Int's range (\(Int.min) to \(Int.max))"
        ), "\(result)")
    }
    let word = flowc(["run", flow, "--given", "n=many"])
    #expect(word.errors.contains("state 'n' is an Int: give a whole number, not 'many'"), "\(word)")
    #expect(flowc(["run", flow, "--given", "n=\(Int.min)"]).status == 0)
  }

  @Test("--given reads a record state as YAML, and refuses anything else for it")
  func givenRecord() throws {
    let folder = try TemporaryFolder()
    let flow = try folder.write(
      "record.yaml",
      "flow: R\nstate: { draft: { title: x } }\nstart: { setRoot: A }\nscreens: { A: {} }\n")
    let good = flowc(["run", flow, "--given", "draft={ title: hello, done: true }"])
    #expect(good.status == 0, "\(good)")
    #expect(
      good.output.contains(#"state      draft={ done: true, title: "hello" }"#), "\(good.output)")
    let bad = flowc(["run", flow, "--given", "draft=[hello]"])
    #expect(bad.status == 2)
    #expect(
      bad.errors.contains(
        "state 'draft' is a record: give { title: a, isCompleted: false }, not '[hello]' (that is a list)"
      ),
      "\(bad)")
  }

  @Test("--given is typed by the state's default and checked")
  func given() {
    #expect(
      flowc(["run", article, "--given", "isLogin=yes"]).errors.hasPrefix(
        "Error: state 'isLogin' is a Bool: give true or false, not 'yes'"))
    #expect(
      flowc(["run", article, "--given", "isLogn=true"]).errors.hasPrefix(
        "Error: flow 'NavigationService' has no state 'isLogn'; did you mean 'isLogin'?"))
    #expect(flowc(["run", article, "--given", "isLogin"]).status == 2)
  }

  @Test("interactively, '?' lists what can be sent now and refusals do not stop the session")
  func interactive() {
    let result = flowc(
      ["run", article], input: ["?", "create", "login", "quit"], inputIsTerminal: true)
    #expect(result.status == 0)
    #expect(result.output.contains("> "))
    #expect(result.output.contains("  login\n"))
    #expect(result.errors.contains("'create' was refused"))
    #expect(result.output.contains("[1] login"))
  }

  @Test("'?' shows the arguments an event needs, in the form to type")
  func availableEventsWithArguments() {
    let result = flowc(
      ["run", article, "--given", "isLogin=true"], input: ["?", "{ selectInfo: { info: Hello } }"],
      inputIsTerminal: true)
    #expect(
      result.output.contains("  presentLogout\n  { selectInfo: { info: … } }\n  tap: right\n"))
    #expect(result.output.contains("[1] { selectInfo: { info: \"Hello\" } }"))
  }

  @Test("events piped on standard input are sent one per line")
  func piped() {
    let result = flowc(
      ["run", article, "--format", "json"], input: ["login", "# a comment", "validateOnboarding"])
    #expect(result.status == 0)
    #expect(result.output.split(separator: "\n").count == 3)
  }

  @Test("a script file holds a YAML list of events; its errors are located")
  func script() throws {
    let folder = try TemporaryFolder()
    let good = try folder.write(
      "good.yaml", "- login\n- validateOnboarding\n- tap: right\n- alert: Cancel\n")
    let result = flowc(["run", article, "--script", good])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("[4] alert: Cancel"))
    let bad = try folder.write("bad.yaml", "- login\n- { tap: up }\n")
    let failure = flowc(["run", article, "--script", bad])
    #expect(failure.status == 1)
    #expect(
      failure.errors.contains(
        "bad.yaml:2:10: error: 'up' is not a tap target; expected 'left', 'right' or 'back'"))
  }

  @Test("a flow with errors is not run")
  func invalidFlow() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "bad.yaml", "flow: A\nstart: { setRoot: Nowhere }\nscreens: { Home: {} }\n")
    let result = flowc(["run", path])
    #expect(result.status == 1)
    #expect(result.errors.contains("error: 'setRoot' names no screen 'Nowhere'"))
  }
}

@Suite("flowc graph")
struct GraphCommandTests {
  @Test("prints dot by default, or Mermaid or JSON")
  func formats() {
    let dot = flowc(["graph", article])
    #expect(dot.status == 0)
    #expect(dot.output.hasPrefix("digraph \"NavigationService\" {\n  rankdir=LR;\n"))
    #expect(dot.output.contains("\"Infos\" -> \"LogoutSheet\" [label=\"tap right: present\"];"))
    #expect(
      flowc(["graph", article, "--format", "mermaid"]).output.hasPrefix(
        "flowchart LR\n  n0((start))\n"))
    let json = flowc(["graph", article, "--format", "json"])
    #expect(
      json.output.hasPrefix(
        "{\"flow\":\"NavigationService\",\"nodes\":[{\"name\":\"start\",\"kind\":\"start\",\"title\":null,\"flow\":null}"
      ))
  }

  @Test("misuse and flows with errors")
  func errors() throws {
    #expect(flowc(["graph"]).status == 2)
    #expect(flowc(["graph", article, "--format", "png"]).status == 2)
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "bad.yaml", "flow: A\nstart: { push: Nowhere }\nscreens: { Home: {} }\n")
    #expect(flowc(["graph", path]).status == 1)
  }
}

private let shop = repositoryRoot() + "/Tests/Fixtures/shop.yaml"

@Suite("flowc run: routes, links and tabs")
struct RunRoutesTests {
  @Test("--open sets the link's stack; text shows values, the selected tab and the kept ones")
  func openText() {
    let result = flowc([
      "run", shop, "--open", "monapp://profile/abc/settings", "--events", "tab: Accueil",
    ])
    #expect(result.status == 0, "\(result)")
    let steps = result.output.components(separatedBy: "\n\n")
    #expect(steps.count == 3)
    #expect(steps[0].contains("tab        Accueil (kept: Recherche: Search; Profil: Account)"))
    #expect(steps[1].hasPrefix("[1] open: monapp://profile/abc/settings"))
    #expect(
      steps[1].contains(
        "calls      open(monapp://profile/abc/settings); select(Profil); reset([Profile(userID: \"abc\"), Settings], animated: false)"
      ))
    #expect(steps[1].contains("stack      Account › Profile(userID: \"abc\") › Settings"))
    #expect(
      steps[2].contains(
        "tab        Accueil (kept: Recherche: Search; Profil: Account › Profile(userID: \"abc\") › Settings)"
      ))
  }

  @Test("an invalid link changes nothing, the calls say why, and it stops the run with status 1")
  func invalidLink() {
    let result = flowc(["run", shop, "--open", "monapp://product/abc", "--events", "back"])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.errors.contains(
        "flowc: error: 'open monapp://product/abc' changed nothing: '{id}' is 'abc', not an Int as 'ProductDetail' needs"
      ), "\(result)")
    #expect(!result.output.contains("[2]"), "\(result)")
    #expect(
      result.output.contains(
        "calls      open(monapp://product/abc) — no change: '{id}' is 'abc', not an Int as 'ProductDetail' needs"
      ))
  }

  @Test("JSON gives the tab, every tab's stack and each entry's values")
  func openJSON() {
    let result = flowc([
      "run", shop, "--events", "{ showProduct: { id: 42 } }", "--format", "json",
    ])
    #expect(result.status == 0, "\(result)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(
      lines[1].hasPrefix(
        "{\"step\":1,\"event\":\"{ showProduct: { id: 42 } }\",\"tab\":\"Accueil\",\"tabs\":{\"Accueil\":[{\"screen\":\"Home\",\"values\":{}},{\"screen\":\"ProductDetail\",\"values\":{\"id\":42}}],"
      ))
    #expect(
      lines[1].contains(
        "\"stack\":[{\"screen\":\"Home\",\"values\":{}},{\"screen\":\"ProductDetail\",\"values\":{\"id\":42}}]"
      ))
  }

  @Test("an argument of the wrong type is refused with exit 1")
  func wrongType() {
    let result = flowc(["run", shop, "--events", "{ showProduct: { id: abc } }"])
    #expect(result.status == 1)
    #expect(
      result.errors.contains("'ProductDetail' takes 'id' as an Int, but was given \"abc\""))
  }

  @Test("'?' lists the tabs among what can be sent")
  func availableTabs() {
    let result = flowc(["run", shop], input: ["?"], inputIsTerminal: true)
    #expect(result.output.contains("  tab: Recherche"))
    #expect(result.output.contains("  { showProduct: { id: … } }"))
  }
}

private let restaurants = repositoryRoot() + "/Tests/Fixtures/restaurants.yaml"

@Suite("flowc run: requests and text with values")
struct RunRequestsTests {
  @Test("text shows what is pending, what each step resolved, and alert text with its values")
  func text() {
    let result = flowc([
      "run", restaurants, "--events", "{ fail: load, with: { code: 404 } }, alert: Retry",
    ])
    #expect(result.status == 0, "\(result)")
    let steps = result.output.components(separatedBy: "\n\n")
    #expect(steps[0].contains("calls      setRoot(Restaurants, animated: false); request(load)"))
    #expect(steps[0].contains("pending    load"))
    #expect(steps[1].contains("calls      fail(load); present(LoadFailed, animated: true)"))
    #expect(
      steps[1].contains(
        "alert      alert \"Request Failed\", \"Error 404\"; actions Retry (default)"))
    #expect(steps[1].contains("pending    none"))
    #expect(steps[2].contains("pending    load"))
    #expect(steps[2].contains("state      status=\"pending\""))
  }

  @Test("JSON lists the pending requests with their values")
  func json() {
    let result = flowc([
      "run", restaurants, "--events",
      "{ complete: load, with: { restaurants: [KFC], favourites: [] } }, { addToFavourites: { restaurant: KFC } }",
      "--format", "json",
    ])
    #expect(result.status == 0, "\(result)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines[2].hasSuffix(
        "\"pending\":[{\"request\":\"addFavourite\",\"values\":{\"restaurant\":\"KFC\"}}]}"))
    #expect(lines[1].contains("\"restaurants\":[\"KFC\"]"))
  }

  @Test("a request that is not pending is refused with exit 1")
  func notPending() {
    let result = flowc(["run", restaurants, "--events", "complete: addFavourite"])
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "no 'addFavourite' request is pending, so it cannot complete (pending: load)"))
  }

  @Test("'?' lists how to resolve each pending request and the flow's own events")
  func available() {
    let result = flowc(["run", restaurants], input: ["?"], inputIsTerminal: true)
    #expect(result.output.contains("  { complete: load, with: { … } }"))
    #expect(result.output.contains("  { fail: load, with: { … } }"))
    #expect(result.output.contains("  { addToFavourites: { restaurant: … } }"))
  }
}

@Suite("flowc run: child flows and modal stacks")
struct RunChildFlowTests {
  private let coordinator = repositoryRoot() + "/Tests/Fixtures/coordinator.yaml"

  @Test("text shows the child's calls and the presented stack; JSON gives it as presentedStack")
  func modalStack() {
    let text = flowc(["run", coordinator, "--events", "didTapShowSheet, next"])
    #expect(text.status == 0, "\(text)")
    let steps = text.output.components(separatedBy: "\n\n")
    #expect(
      steps[1].contains(
        "calls      start(SheetCoordinator); setRoot(Sheet, animated: false); present(Sheet, animated: true)"
      ))
    #expect(steps[2].contains("modal      Sheet › SheetDetail"))
    let json = flowc(["run", coordinator, "--events", "didTapShowSheet, next", "--format", "json"])
    #expect(
      json.output.split(separator: "\n")[2].hasSuffix(
        "\"presentedStack\":[{\"screen\":\"Sheet\",\"values\":{}},{\"screen\":\"SheetDetail\",\"values\":{}}]}"
      ))
  }

  @Test("a child flow's file with an error stops the run, naming that file")
  func brokenChild() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "app.yaml",
      "flow: App\nuse: { Kid: kid.yaml }\nstart: { start: Kid }\nscreens: {}\non: { done: pop }\n")
    try folder.write("kid.yaml", "flow: Kid\nstart: { push: Nowhere }\nscreens:\n  K: {}\n")
    let result = flowc(["run", path])
    #expect(result.status == 1)
    #expect(result.errors.contains("kid.yaml:2:16: error: 'push' names no screen 'Nowhere'"))
  }

  @Test("a child flow's state and requests are shown as the checklist names them")
  func childState() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "kid.yaml",
      """
      flow: Kid
      state: { loaded: false }
      requests:
        fetch:
          onSuccess: { set: { loaded: true } }
      start: [{ push: K }, { request: fetch }]
      screens:
        K: {}
      """)
    let path = try folder.write(
      "p.yaml",
      """
      flow: P
      use: { Kid: kid.yaml }
      state: { count: 0 }
      start: { setRoot: A }
      screens:
        A: { on: { go: { start: Kid } } }
      """)
    let result = flowc(["run", path, "--events", "go,complete: fetch"])
    #expect(result.status == 0, "\(result)")
    let steps = result.output.components(separatedBy: "\n\n")
    #expect(steps.count == 3)
    #expect(steps[1].contains("pending    fetch"), "\(steps[1])")
    #expect(steps[2].contains("state      count=0 Kid.loaded=true"), "\(steps[2])")
    let json = flowc(["run", path, "--events", "go", "--format", "json"])
    #expect(json.output.contains("\"state\":{\"count\":0,\"Kid.loaded\":false}"), "\(json)")
  }

  @Test("events that cannot be read are a usage error before the flow starts, printed alone")
  func eventsReadFirst() {
    let result = flowc(["run", article, "--events", "login]", "--format", "json"])
    #expect(result.status == 2)
    #expect(result.output.hasPrefix("{\n  \"error\""), "no step printed first: \(result)")
    let script = flowc(["run", article, "--script", "/"])
    #expect(script.status == 2)
    #expect(script.output.isEmpty, "\(script)")
  }
}
