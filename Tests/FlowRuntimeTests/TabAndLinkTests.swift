import FlowSpec
import FlowTestSupport
import Testing

/// Three tabs and three links, in the shape of the last article's `AppRouter`.
private let tabsFlow = """
  flow: Tabs
  state: { visits: 0 }
  tabs:
    Home: { title: Accueil, image: house, root: Feed }
    Search: { image: magnifyingglass, root: Finder }
    Me: { root: { Profile: { userID: me } } }
  links:
    "app://product/{id}": { tab: Home, routes: [{ Product: { id: $id } }] }
    "app://profile/{userID}/settings":
      tab: Me
      routes: [{ Profile: { userID: $userID } }, Settings]
    "app://here/{id}": [{ Product: { id: $id } }]
  screens:
    Feed:
      navBar: { title: Feed }
      on:
        show: { push: Product, with: { id: $id } }
        goSearch: { select: Search }
    Finder:
      onEnter: { set: { visits: 1 } }
      navBar: { title: Finder }
      on:
        show: { push: Product, with: { id: $id } }
    Product:
      params: { id: Int }
      navBar: { title: Product }
    Profile:
      params: { userID: String }
      on:
        settings: { push: Settings }
    Settings: {}
  """

private func navigator() throws -> Navigator {
  try Navigator(flow: try TestFlows.flow(tabsFlow))
}

@Suite("Tabs: one stack each")
struct TabTests {
  @Test("each tab starts at its root; the first is selected; nothing is called")
  func start() throws {
    let navigator = try navigator()
    #expect(navigator.selectedTab == "Home")
    #expect(navigator.stack == ["Feed"])
    #expect(navigator.stack(ofTab: "Me")?.map(\.description) == ["Profile(userID: \"me\")"])
    #expect(navigator.log.isEmpty)
    #expect(navigator.navigationBar?.title == "Feed")
  }

  @Test("with tabs, start runs once they are made and the first tab's root has entered")
  func startAfterTabs() throws {
    let flow = try TestFlows.flow(
      """
      flow: Gate
      state: { loggedIn: false, fedSeen: false }
      tabs:
        Home: { root: Feed }
        Me: { root: Account }
      start:
        if: fedSeen
        then: { if: loggedIn, then: { select: Me }, else: { present: Login } }
      screens:
        Feed: { onEnter: { set: { fedSeen: true } } }
        Account: {}
        Login: { on: { done: dismiss } }
      """)
    // The first tab's root entered before start read its state: the gate shows.
    let loggedOut = try Navigator(flow: flow)
    #expect(loggedOut.selectedTab == "Home")
    #expect(loggedOut.presented?.name == "Login")
    let loggedIn = try Navigator(flow: flow, given: ["loggedIn": .bool(true)])
    #expect(loggedIn.selectedTab == "Me")
    #expect(loggedIn.stack == ["Account"])
  }

  @Test(
    "the first tab's root appears at launch; selecting the tab shown shows nothing new; a given stack enters each screen once"
  )
  func appearances() throws {
    let flow = try TestFlows.flow(
      """
      flow: Counts
      state: { appears: 0, enters: 0, otherAppears: 0, sheetAppears: 0 }
      tabs:
        One: { root: A }
        Two: { root: B }
      screens:
        A:
          onEnter: { add: { enters: 1 } }
          onAppear: { add: { appears: 1 } }
          on:
            again: { select: One }
            other: { select: Two }
            next: { push: C }
            cover: { present: Sheet, stack: true }
        B:
          onAppear: { add: { otherAppears: 1 } }
          on:
            back: { select: One }
        C: {}
        Sheet:
          onAppear: { add: { sheetAppears: 1 } }
          on:
            switch: { select: Two }
      """)
    var navigator = try Navigator(flow: flow)
    #expect(navigator.value(of: "enters") == .int(1))
    #expect(navigator.value(of: "appears") == .int(1))
    try navigator.send(.named("again"))
    #expect(navigator.value(of: "appears") == .int(1))
    #expect(navigator.callCount(.select) == 1)
    try navigator.send(.named("other"))
    try navigator.send(.named("back"))
    #expect(navigator.value(of: "otherAppears") == .int(1))
    #expect(navigator.value(of: "appears") == .int(2))
    #expect(navigator.value(of: "enters") == .int(1))
    let given = try Navigator(
      program: NavigationProgram(flow),
      startingAt: [ScreenInstance(name: "A"), ScreenInstance(name: "C")])
    #expect(given.value(of: "enters") == .int(1))
    #expect(given.stack == ["A", "C"])
    // Beneath a presented screen the tab changes unseen: neither it nor the sheet appears.
    try navigator.send(.named("cover"))
    #expect(navigator.value(of: "sheetAppears") == .int(1))
    try navigator.send(.named("switch"))
    #expect(navigator.selectedTab == "Two")
    #expect(navigator.value(of: "sheetAppears") == .int(1))
    #expect(navigator.value(of: "otherAppears") == .int(1))
  }

  @Test("a tab keeps its stack while another is shown; the bar is the selected tab's top's")
  func keepsStacks() throws {
    var navigator = try navigator()
    try navigator.send(.named("show", arguments: ["id": .int(4)]))
    try navigator.send(.tab("Search"))
    #expect(navigator.stack == ["Finder"])
    #expect(navigator.navigationBar?.title == "Finder")
    #expect(navigator.navigationBar?.showsBackButton == false)
    try navigator.send(.tab("Home"))
    #expect(navigator.screens.map(\.description) == ["Feed", "Product(id: 4)"])
    #expect(navigator.navigationBar?.showsBackButton == true)
    #expect(navigator.callCount(.select) == 2)
    #expect(navigator.log.map(\.description).last == "select(Home)")
  }

  @Test("tapping the selected tab pops it to its root, animated; at the root nothing changes")
  func reselect() throws {
    var navigator = try navigator()
    try navigator.send(.named("show", arguments: ["id": .int(4)]))
    try navigator.send(.tab("Home"))
    #expect(navigator.stack == ["Feed"])
    #expect(navigator.lastAnimated == true)
    #expect(navigator.callCount(.popToRoot) == 1)
    #expect(navigator.callCount(.select) == 0)
    try navigator.send(.tab("Home"))
    #expect(navigator.log.last?.outcome == .noChange("already at the root"))
  }

  @Test("'select' chooses a tab without popping; its root's onEnter runs the first time")
  func selectOperation() throws {
    var navigator = try navigator()
    #expect(navigator.value(of: "visits") == .int(0))
    try navigator.send("goSearch")
    #expect(navigator.selectedTab == "Search")
    #expect(navigator.value(of: "visits") == .int(1))
    #expect(navigator.lastAnimated == false)
  }

  @Test("an unknown tab, a flow without tabs, and a modal over the tab bar are refused")
  func refusals() throws {
    var navigator = try navigator()
    #expect(throws: NavigationError.self) { try navigator.send(.tab("Nope")) }
    var single = try Navigator(
      flow: try TestFlows.flow(TestFlows.header + "screens:\n  Home: {}\n"))
    let error = #expect(throws: NavigationError.self) { try single.send(.tab("Home")) }
    #expect(error?.message == "flow 'Test' has no tabs, so 'Home' cannot be tapped")
  }

  @Test("'tab' and 'tabs' expectations check the selected tab and several stacks at once")
  func expectations() throws {
    let flow =
      tabsFlow + """

        spec: |
          [ ] stacks
              when [{ show: { id: 4 } }, { tab: Search }]
              expect { tab: Search, tabs: { Home: [Feed, { Product: { id: 4 } }], Me: [Profile] } }
          [ ] wrong
              expect { tab: Search, tabs: { Home: [Feed, Product] } }
        """
    let results = ChecklistRunner(flow: try TestFlows.flow(flow)).runAll()
    #expect(results[0].passed, "\(results[0].failures)")
    #expect(
      results[1].failures.map(\.message) == [
        "expected tab 'Search' selected, found 'Home'",
        "expected stack of tab 'Home' [Feed, Product], found [Feed]",
      ])
  }

  @Test("tab names in select, steps and expectations are checked, with suggestions")
  func tabNameChecks() throws {
    let source = MarkedSource(
      tabsFlow.replacingOccurrences(of: "{ select: Search }", with: "{ select: ‸Serch }") + """

        spec: |
          [ ] x
              when { tab: ‸Hme }
              expect { tab: ‸Mee }
        """)
    let diagnostics = TestFlows.document(source.text).diagnostics.filter {
      $0.id == "check.unknown-tab"
    }
    #expect(diagnostics.map(\.position) == source.markers)
    #expect(diagnostics.first?.message == "'select' names no tab 'Serch'")
    #expect(diagnostics.first?.fixIts.first?.replacement == "Search")
  }

  @Test("without tabs, naming one says to declare them")
  func noTabs() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { on: { go: { select: ‸Search } } }\n")
    let diagnostic = try #require(TestFlows.document(source.text).diagnostics.only("check.no-tabs"))
    #expect(diagnostic.position == source.marker)
  }

  @Test("a flow with tabs needs no start; screens reached from tab roots are not unreachable")
  func reachability() throws {
    let document = TestFlows.document(tabsFlow)
    #expect(document.diagnostics.isEmpty, "\(document.diagnostics.map(\.message))")
  }
}

@Suite("Deep links: a URL sets a whole stack at once")
struct DeepLinkTests {
  @Test("a link sets its routes above its tab's root, without animation, and selects the tab")
  func open() throws {
    var navigator = try navigator()
    try navigator.send(.open("app://profile/abc/settings"))
    #expect(navigator.selectedTab == "Me")
    #expect(
      navigator.screens.map(\.description) == [
        "Profile(userID: \"me\")", "Profile(userID: \"abc\")", "Settings",
      ])
    #expect(navigator.lastAnimated == false)
    #expect(navigator.callCount(.push) == 0)
    #expect(
      navigator.log.map(\.description) == [
        "open(app://profile/abc/settings)", "select(Me)",
        "reset([Profile(userID: \"abc\"), Settings], animated: false)",
      ])
  }

  @Test("one link variable read by parameters of two types gives each its own value")
  func variableOfTwoTypes() throws {
    var navigator = try Navigator(
      flow: try TestFlows.flow(
        """
        flow: F
        start: { setRoot: Home }
        links:
          "app://item/{id}": { routes: [{ Item: { id: $id, label: $id, title: "No. {id}" } }] }
        screens:
          Home: {}
          Item: { params: { id: Int, label: String, title: String } }
        """))
    try navigator.send(.open("app://item/7"))
    #expect(
      navigator.screens.map(\.description) == [
        "Home", "Item(id: 7, label: \"7\", title: \"No. 7\")",
      ])
    #expect(navigator.attempt(.open("app://item/x")) != nil)
  }

  @Test("a route's text reads the URL's text of the link's variables, read by a parameter or not")
  func textReadsLinkVariables() throws {
    var navigator = try Navigator(
      flow: try TestFlows.flow(
        """
        flow: F
        start: { setRoot: Home }
        links:
          "app://item/{id}/{name}": [{ Item: { id: $id, title: "{name} No. {id} {{id}}" } }]
        screens:
          Home: {}
          Item: { params: { id: Int, title: String } }
        """))
    try navigator.send(.open("app://item/007/caf%C3%A9%20noir"))
    #expect(
      navigator.screens.map(\.description) == [
        "Home", "Item(id: 7, title: \"café noir No. 007 {id}\")",
      ])
  }

  @Test("a route's text must name the link's variables; a variable only a text reads is used")
  func textNamesChecked() throws {
    let source = MarkedSource(
      """
      flow: L
      start: { setRoot: Home }
      links:
        "app://p/{id}": [{ P: { title: "No. {id} of ‸{idd}" } }]
        "app://q/{x}": [{ P: { title: "‸$x" } }]
      screens:
        Home: {}
        P: { params: { title: String } }
      """)
    let diagnostics = TestFlows.document(source.text).diagnostics
    let unknown = try #require(diagnostics.only("check.unknown-text-value"))
    #expect(unknown.message == "'{idd}' names no variable of the link 'app://p/{id}'")
    #expect(unknown.range == SourceRange(start: source.markers[0], length: 5))
    #expect(diagnostics.only("check.literal-dollar")?.position == source.markers[1])
    #expect(
      diagnostics.filter { $0.id == "check.unused-link-variable" }.map(\.message) == [
        "'{x}' of the link 'app://q/{x}' is passed to no route; use it as '$x' or write the segment itself"
      ])
  }

  @Test(
    "a link declared oneByOne pushes each route on the stack as it is; 'animated' sets the flag")
  func openOneByOne() throws {
    let flow = tabsFlow.replacingOccurrences(
      of: "\"app://here/{id}\": [{ Product: { id: $id } }]",
      with:
        "\"app://here/{id}\": { routes: [{ Product: { id: $id } }, Settings], oneByOne: true }\n  \"app://at/{id}\": { routes: [{ Product: { id: $id } }], animated: true }"
    )
    var navigator = try Navigator(flow: try TestFlows.flow(flow))
    try navigator.send(.named("show", arguments: ["id": .int(1)]))
    try navigator.send(.open("app://here/2"))
    #expect(
      navigator.screens.map(\.description) == [
        "Feed", "Product(id: 1)", "Product(id: 2)", "Settings",
      ])
    #expect(navigator.callCount(.push) == 3)
    #expect(navigator.callCount(.reset) == 0)
    #expect(navigator.lastAnimated == true)
    try navigator.send(.open("app://at/3"))
    #expect(navigator.screens.map(\.description) == ["Feed", "Product(id: 3)"])
    #expect(navigator.log.last?.description == "reset([Product(id: 3)], animated: true)")
    let refused = TestFlows.document(
      tabsFlow.replacingOccurrences(
        of: "[{ Product: { id: $id } }]\n",
        with: "{ routes: [{ Product: { id: $id } }], oneByOne: 1 }\n"))
    #expect(
      refused.diagnostics.contains { $0.id.rawValue == "model.wrong-type" },
      "\(refused.diagnostics.map(\.message))")
  }

  @Test("a link without a tab lands in the selected tab; the previous routes are replaced")
  func openInSelectedTab() throws {
    var navigator = try navigator()
    try navigator.send(.tab("Search"))
    try navigator.send(.named("show", arguments: ["id": .int(1)]))
    try navigator.send(.open("app://here/5"))
    #expect(navigator.screens.map(\.description) == ["Finder", "Product(id: 5)"])
  }

  @Test("a URL no link matches, or whose value is not of the parameter's type, changes nothing")
  func invalidLinks() throws {
    var navigator = try navigator()
    for url in ["app://product/abc", "app://nothing/1", "not a url", "other://product/1"] {
      try navigator.send(.open(url))
    }
    #expect(navigator.stack == ["Feed"])
    #expect(navigator.callCount(.reset) == 0)
    #expect(
      navigator.log.map(\.description) == [
        "open(app://product/abc) — no change: '{id}' is 'abc', not an Int as 'Product' needs",
        "open(app://nothing/1) — no change: no link matches it ('app://product/{id}', 'app://profile/{userID}/settings' or 'app://here/{id}')",
        "open(not a url) — no change: it is not a URL (no 'scheme://')",
        "open(other://product/1) — no change: no link matches it ('app://product/{id}', 'app://profile/{userID}/settings' or 'app://here/{id}')",
      ])
  }

  @Test("segments are percent-decoded; the scheme is case-insensitive; a trailing slash is fine")
  func urlForms() throws {
    var navigator = try navigator()
    try navigator.send(.open("APP://profile/a%20b/settings/"))
    #expect(navigator.screens[1].arguments["userID"] == .string("a b"))
  }

  @Test("query items match by key, and their values can be variables")
  func query() throws {
    let pattern = try URLPattern.parse("app://search?q={text}&lang=fr").get()
    #expect(pattern.variables == ["text"])
    #expect(pattern.match(LinkURL("app://search?lang=fr&q=shoes")!) == ["text": "shoes"])
    #expect(pattern.match(LinkURL("app://search?q=shoes")!) == nil)
    #expect(pattern.match(LinkURL("app://search?q=shoes&lang=en")!) == nil)
  }

  @Test(
    "a pattern that cannot be read is an error at the pattern",
    arguments: [
      ("product/{id}", "it must start with a scheme, such as 'monapp://'"),
      ("app://product/id{id}", "a variable must be a whole segment, such as '{id}', not 'id{id}'"),
      ("app://a//b", "it has an empty segment ('//')"),
      ("app://a/{id}/{id}", "'{id}' appears twice"),
      ("app://a/{id", "a '{' or '}' is not closed"),
      ("myapp:/product/{id}", "write '://' after the scheme, as in 'myapp://…'"),
      ("myapp:product", "write '://' after the scheme, as in 'myapp://…'"),
      (
        "app://help/#faq",
        "a URL's fragment ('#faq') is dropped when it is opened, so the pattern cannot hold one"
      ),
      (
        "app://help?q={q}#top",
        "a URL's fragment ('#top') is dropped when it is opened, so the pattern cannot hold one"
      ),
    ])
  func invalidPattern(pattern: String, problem: String) throws {
    let source = MarkedSource(
      TestFlows.header + "links:\n  ‸\"\(pattern)\": [Home]\nscreens:\n  Home: {}\n")
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("model.link-pattern"))
    #expect(diagnostic.message == "'\(pattern)' is not a URL pattern: \(problem)")
    #expect(diagnostic.position == source.marker)
  }

  @Test(
    "the checker reports variables that fit no parameter, links that cannot match or are shadowed")
  func linkChecks() throws {
    let source = MarkedSource(
      """
      flow: L
      start: { setRoot: Home }
      links:
        ‸"app://p/{id}": [{ P: { id: ‸$idd } }]
        ‸"app://q/{x}/{unused}": [{ P: { id: $x } }, { F: { on: $x } }]
        ‸"app://p/{other}": [{ P: { id: $other } }]
        "app://p/{n}/more": [{ Nowhere: {} }]
      screens:
        Home: {}
        P: { params: { id: Int } }
        F: { params: { on: Bool } }
      """)
    let diagnostics = TestFlows.document(source.text).diagnostics
    let variable = try #require(diagnostics.only("check.link-variable"))
    #expect(variable.position == source.markers[1])
    #expect(
      variable.message
        == "'$idd' is not a variable of the link 'app://p/{id}'; its variables are '{id}'")
    let unused = diagnostics.filter { $0.id == "check.unused-link-variable" }
    // `{id}` reads as `$idd`, misspelt: that error alone, not also "passed to no route".
    #expect(unused.map { String($0.message.prefix(9)) } == ["'{unused}", "'{n}' of "])
    #expect(unused.first?.position == source.markers[2])
    let never = try #require(diagnostics.only("check.link-never-matches"))
    #expect(never.position == source.markers[2])
    #expect(
      never.message
        == "the link 'app://q/{x}/{unused}' can never match: '{x}' must read as an Int and as a Bool at once"
    )
    let shadowed = try #require(diagnostics.only("check.shadowed-link"))
    #expect(shadowed.position == source.markers[3])
    #expect(shadowed.notes.first?.range?.start == source.markers[0])
    #expect(
      diagnostics.only("check.unknown-screen")?.message == "'routes' names no screen 'Nowhere'")
  }

  @Test(
    "a host an app's URL never holds as written is warned of; a variable, a user or an IP is not",
    arguments: [
      ("app://café/{id}", "the host 'café' of the link 'app://café/{id}' is not ASCII"),
      ("app://a|b/{id}", "the host 'a|b' of the link 'app://a|b/{id}' holds '|'"),
      ("app://a%zz/{id}", "the host 'a%zz' of the link 'app://a%zz/{id}' holds '%'"),
      ("app://h:x/{id}", "the port 'x' of the link 'app://h:x/{id}' is not a number"),
      ("app://{host}/{id}", nil), ("app://usér@h/{id}", nil), ("app://h:8/{id}", nil),
      ("app://[::1]:8/{id}", nil), ("app://caf%C3%A9/{id}", nil), ("app://a-b.c_d~/{id}", nil),
    ])
  func linkHost(pattern: String, message: String?) throws {
    let host = pattern.contains("{host}") ? "$host" : "x"
    let flow = """
      flow: L
      start: { setRoot: Home }
      links:
        "\(pattern)": [{ P: { id: $id, host: \(host) } }]
      screens:
        Home: {}
        P: { params: { id: Int, host: String } }
      """
    let diagnostics = TestFlows.document(flow).diagnostics
    #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
    let found = diagnostics.filter { $0.id == "check.link-host" }
    #expect(found.count == (message == nil ? 0 : 1), "\(diagnostics.map(\.message))")
    if let message { #expect(found.first?.message.hasPrefix(message) == true, "\(found)") }
    #expect(found.first.map { $0.range.start.line } ?? 4 == 4)
  }

  @Test(
    "a pattern's example URL reads back as the pattern: literals are escaped where a URL needs it",
    arguments: [
      "app://a%2Fb/{id}", "app://q?k=a%26b&z={id}", "app://h/x%3Fy/{id}", "app://h/a%2520b/{v}",
      "app://k?a%3Db={v}", "app://word/café/{w}", "app://h/%7Bid%7D/{v}",
      "app://h/a+b?x=a%2Bb&y={v}", "app://h/%23/{v}", "app://h/%FF/{v}", "app://h/a%20b",
    ])
  func exampleReadsBack(pattern text: String) throws {
    guard case .success(let pattern) = URLPattern.parse(text) else {
      Issue.record("\(text) must be a pattern")
      return
    }
    let example = pattern.example(filling: "1")
    let url = try #require(LinkURL(example), "\(example)")
    #expect(pattern.match(url) != nil, "\(example)")
    #expect(example.unicodeScalars.allSatisfy { $0.isASCII && $0 != " " }, "\(example)")
  }

  @Test("a URL is cut at its bytes: a delimiter before a combining mark still cuts it")
  func cutAtBytes() throws {
    var navigator = try Navigator(
      flow: try TestFlows.flow(
        """
        flow: F
        start: { setRoot: Home }
        links:
          "app://s?e=true&q={q}": [{ P: { text: $q } }]
          "app://h/%FF/{v}": [{ P: { text: $v } }]
        screens:
          Home: {}
          P: { params: { text: String } }
        """))
    try navigator.send(.open("app://s?e=true&q=\u{301}x"))
    #expect(navigator.screens.last?.description == "P(text: \"\u{301}x\")")
    // Escapes that are not UTF-8 are kept as written: `%FF` is not `%80`.
    #expect(navigator.attempt(.open("app://h/%80/1")) != nil)
    #expect(navigator.attempt(.open("app://h/%FF/3")) == nil)
    #expect(navigator.screens.last?.description == #"P(text: "3")"#)
  }

  @Test("a pattern's literal segments and query items are percent-decoded, as a URL's are")
  func decodedLiterals() throws {
    var navigator = try Navigator(
      flow: try TestFlows.flow(
        """
        flow: F
        start: { setRoot: Home }
        links:
          "app://a%20b/{id}?k%26=%C3%A9": [{ P: { id: $id } }]
        screens:
          Home: {}
          P: { params: { id: Int } }
        """))
    for url in ["app://a%20b/1?k%26=%C3%A9", "app://a b/2?k%26=é"] {
      #expect(navigator.attempt(.open(url)) == nil, "\(url)")
    }
    #expect(navigator.attempt(.open("app://a%2520b/3?k%26=é")) != nil)
    #expect(navigator.screens.map(\.description) == ["Home", "P(id: 2)"])
  }

  @Test(
    "a checklist URL that a link would match but for one misspelt part is warned of",
    arguments: [
      (
        "myapp://prodcut/3",
        "did you mean 'product' for 'prodcut', as link 'myapp://product/{id}' has it?"
      ),
      (
        "myap://product/3",
        "did you mean 'myapp' for 'myap', as link 'myapp://product/{id}' has it?"
      ),
      (
        "myapp://product/3/revews",
        "did you mean 'reviews' for 'revews', as link 'myapp://product/{id}/reviews' has it?"
      ),
      (
        "myapp://prodcut/x/reviews",
        "did you mean 'product' for 'prodcut', as link 'myapp://product/{id}/reviews' has it?"
      ),
      (
        "myapp://product/revews/revews",
        "did you mean 'reviews' for 'revews', as link 'myapp://product/{id}/reviews' has it?"
      ),
      ("myapp://cart", nil), ("myapp://prodcut/3/x", nil), ("myapp://zzz/3", nil),
      ("myapp://product/3", nil), ("myapp://prodcut/3/revews", nil),
    ] as [(String, String?)])
  func linkTypo(url: String, message: String?) throws {
    let document = TestFlows.document(
      """
      flow: L
      start: { setRoot: Home }
      links:
        "myapp://product/{id}": [{ P: { id: $id } }]
        "myapp://product/{id}/reviews": [{ P: { id: $id } }]
      screens:
        Home: {}
        P: { params: { id: Int } }
      spec: |
        [ ] opens
            when { open: "\(url)" }
            expect { stack: [Home] }
      """)
    let found = document.diagnostics.filter { $0.id == "check.link-typo" }
    #expect(found.count == (message == nil ? 0 : 1), "\(document.diagnostics.map(\.message))")
    if let message {
      #expect(
        found.first?.message == "no link matches '\(url)', so opening it changes nothing: "
          + message)
      #expect(found.first?.range.start.line == 11)
    }
  }

  @Test("an item that fails after a URL that changed nothing says so, and why")
  func failureNamesRefusedLink() throws {
    let flow = try TestFlows.flow(
      """
      flow: L
      start: { setRoot: Home }
      links:
        "myapp://product/{id}": [{ P: { id: $id } }]
      screens:
        Home: {}
        P: { params: { id: Int } }
      spec: |
        [ ] opens
            when { open: "myapp://prodcut/3" }
            expect { top: P }
        [ ] opens a product
            when { open: "myapp://product/3" }
            expect { top: Home }
      """)
    let results = ChecklistRunner(flow: flow).runAll()
    #expect(
      results.first?.failures.first?.message
        == "expected top 'P', found 'Home' (before it, 'open: myapp://prodcut/3' changed nothing: no link matches it ('myapp://product/{id}'))"
    )
    #expect(results.last?.failures.first?.message.contains("before it") == false)
  }

  @Test("over a sheet with a stack, reset, setRoot and links act on the sheet's stack")
  func routingOverASheet() throws {
    let flow = try TestFlows.flow(
      """
      flow: P
      links:
        "probe://detail": [Detail]
      start: { setRoot: Home }
      screens:
        Home:
          on:
            openSheet: { present: Sheet, stack: true }
            openPlain: { present: Sheet }
        Sheet:
          on:
            resetNow: { reset: [Detail] }
            rootNow: { setRoot: Detail }
            fromRoot: [dismiss, { reset: [Detail] }]
        Detail: {}
      spec: |
        [ ] reset
            when [openSheet, resetNow]
            expect { stack: [Home], top: Home, presented: { Sheet: [Detail] } }
        [ ] setRoot
            when [openSheet, rootNow]
            expect { stack: [Home], presented: Detail }
        [ ] a link
            when [openSheet, { open: "probe://detail" }]
            expect { stack: [Home], presented: { Sheet: [Detail] } }
        [ ] a sheet without a stack
            when [openPlain, resetNow]
            expect { stack: [Home, Detail], presented: Sheet }
        [ ] from the root
            when [openSheet, fromRoot]
            expect { stack: [Home, Detail], presented: none }
      """)
    let results = ChecklistRunner(flow: flow).runAll()
    #expect(results.map(\.passed) == [true, true, true, true, true], "\(results.map(\.failures))")
  }

  @Test("a link's tab must exist")
  func linkTab() throws {
    let source = MarkedSource(
      tabsFlow.replacingOccurrences(of: "{ tab: Home, routes", with: "{ tab: ‸Hom, routes"))
    #expect(
      TestFlows.document(source.text).diagnostics.only("check.unknown-tab")?.position
        == source.marker)
  }

  @Test("'open' and 'tab' stay free as event names: with arguments they send the event")
  func openAsEventName() throws {
    let flow = """
      flow: O
      start: { setRoot: Home }
      screens:
        Home:
          on:
            open: { push: Detail, with: { id: $id } }
        Detail: { params: { id: Int }, on: { tab: pop } }
      spec: |
        [ ] the event named open
            when { open: { id: 3 } }
            expect { top: { Detail: { id: 3 } } }
        [ ] the event named tab
            when [{ open: { id: 3 } }, { tab: {} }]
            expect { top: Home }
      """
    let document = TestFlows.document(flow)
    #expect(document.diagnostics.isEmpty, "\(document.diagnostics.map(\.message))")
    #expect(document.checklistResults.map(\.passed) == [true, true])
  }
}

@Suite("A tab declared with an error is one error")
struct TabWithErrorTests {
  @Test("a tab without root: is reported once; the references to it are not errors of their own")
  func tabWithoutRoot() throws {
    let source = """
      flow: T
      tabs:
        One: { title: One }
        Two: { root: B }
      screens:
        A: { on: { x: { select: One } } }
        B: {}
      spec: |
        [ ] one
            when { tab: One }
            expect { tab: One }
      """
    let document = FlowDocument(source: source, path: "t.yaml").runningChecklist()
    let errors = document.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(errors.map(\.message))")
    #expect(errors.first?.message.contains("tab 'One' needs 'root'") == true)
  }
}
