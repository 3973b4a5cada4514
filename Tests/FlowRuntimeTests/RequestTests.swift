import FlowSpec
import FlowTestSupport
import Testing

/// A service in the shape of the article's RestaurantServiceSpy.
private let serviceFlow = """
  flow: Service
  state: { status: pending, list: [], saved: [] }
  requests:
    load:
      onSuccess: [{ set: { list: $items, status: loaded } }]
      onFailure: { present: Failed }
    save:
      params: { item: String }
      onSuccess: { append: { saved: $item } }
  start: [{ setRoot: List }, { request: load }]
  on:
    saveItem: { request: save, with: { item: $item } }
  screens:
    List:
      navBar: { title: "Items ({status})" }
      on:
        open: { push: Detail, with: { item: $item } }
    Detail:
      params: { item: String }
      navBar: { title: "{item}" }
  alerts:
    Failed:
      title: Error {code}
      message: Could not load {status} items
      actions: [{ title: OK, style: cancel }]
  """

private func service() throws -> Navigator {
  try Navigator(flow: try TestFlows.flow(serviceFlow))
}

@Suite("Requests: pending until a step resolves them")
struct RequestTests {
  @Test("a started request stays pending; completing it runs onSuccess with the given values")
  func complete() throws {
    var navigator = try service()
    #expect(navigator.pendingRequests.map(\.description) == ["load"])
    try navigator.send(.complete("load", values: ["items": .list([.string("A")])]))
    #expect(navigator.pendingRequests.isEmpty)
    #expect(navigator.value(of: "list") == .list([.string("A")]))
    #expect(
      navigator.log.map(\.description) == [
        "setRoot(List, animated: false)", "request(load)", "complete(load)",
      ])
  }

  @Test("several pending requests of one kind are resolved by position, in any order")
  func byIndex() throws {
    var navigator = try service()
    for item in ["A", "B", "C"] {
      try navigator.send(.named("saveItem", arguments: ["item": .string(item)]))
    }
    try navigator.send(.complete("save", index: 2))
    try navigator.send(.complete("save"))
    #expect(navigator.value(of: "saved") == .list([.string("C"), .string("A")]))
    #expect(navigator.pendingRequests.map(\.description) == ["load", "save(item: \"B\")"])
  }

  @Test("resolving what is not pending, or a position out of range, is refused")
  func refusals() throws {
    var navigator = try service()
    let notPending = #expect(throws: NavigationError.self) { try navigator.send(.fail("save")) }
    #expect(notPending?.id == "run.not-pending")
    #expect(
      notPending?.message == "no 'save' request is pending, so it cannot fail (pending: load)")
    let index = #expect(throws: NavigationError.self) {
      try navigator.send(.complete("load", index: 1))
    }
    #expect(
      index?.message
        == "'load' has 1 request pending, so index 1 is out of range (it counts from 0)")
    let missing = #expect(throws: NavigationError.self) { try navigator.send(.complete("load")) }
    #expect(
      missing?.message
        == "'complete' of 'load' needs the value 'items', as in '{ complete: load, with: { items: … } }'"
    )
  }

  @Test("a failure presents its alert with the outcome's values in its text")
  func failure() throws {
    var navigator = try service()
    try navigator.send(.fail("load", values: ["code": .int(500)]))
    #expect(navigator.alert?.title == "Error 500")
    #expect(navigator.alert?.message == "Could not load pending items")
  }

  @Test("outcomes and the flow's own events run while an alert is up; screens' events do not")
  func underAnAlert() throws {
    var navigator = try service()
    try navigator.send(.named("saveItem", arguments: ["item": .string("A")]))
    try navigator.send(.fail("load", values: ["code": .int(1)]))
    try navigator.send(.complete("save"))
    try navigator.send(.named("saveItem", arguments: ["item": .string("B")]))
    #expect(navigator.value(of: "saved") == .list([.string("A")]))
    let blocked = #expect(throws: NavigationError.self) {
      try navigator.send(.named("open", arguments: ["item": .string("A")]))
    }
    #expect(blocked?.id == "run.alert-covers")
  }

  @Test("titles insert the screen's values and state")
  func titles() throws {
    var navigator = try service()
    #expect(navigator.navigationBar?.title == "Items (pending)")
    try navigator.send(.named("open", arguments: ["item": .string("Café")]))
    #expect(navigator.navigationBar?.title == "Café")
  }

  @Test("doubled braces write one brace, in text with values and in text without")
  func escapedBraces() throws {
    var navigator = try Navigator(
      flow: try TestFlows.flow(
        TestFlows.header + """
          state: { n: 2, label: "" }
          on:
            ask: { present: Plain }
            count: { present: Counted }
            label: { set: { label: "{{x}} and }}" } }
            show: { push: Shown, with: { text: "{{y}}" } }
          screens:
            Home: { navBar: { title: "Set {{a}}" } }
            Shown: { params: { text: String } }
          alerts:
            Plain: { title: "{{none}}", actions: [{ title: OK }] }
            Counted: { title: "{{n}} is {n}", actions: [{ title: OK }] }

          """))
    #expect(navigator.navigationBar?.title == "Set {a}")
    try navigator.send("ask")
    #expect(navigator.alert?.title == "{none}")
    try navigator.send(.alertAction("OK"))
    try navigator.send("count")
    #expect(navigator.alert?.title == "{n} is 2")
    try navigator.send(.alertAction("OK"))
    try navigator.send("label")
    #expect(navigator.value(of: "label") == .string("{x} and }"), "stored as it is shown")
    try navigator.send("show")
    #expect(navigator.screens.last?.description == #"Shown(text: "{y}")"#)
  }

  @Test("steps complete and fail requests; 'pending' expects what still waits, with values")
  func steps() throws {
    let flow =
      serviceFlow + """

        spec: |
          [ ] loads
              expect { pending: [load] }
            [ ] saves
                when [{ complete: load, with: { items: [A] } }, { saveItem: { item: A } }]
                expect { pending: [{ save: { item: A } }], state: { list: [A], status: loaded } }
            [ ] forgets what is pending
                when { complete: load, with: { items: [] } }
                when { saveItem: { item: B } }
                expect { state: { status: loaded } }
            [ ] fails
                when { fail: load, with: { code: 7 }, index: 0 }
                expect { alert: { title: Error 7 }, pending: [] }
          [ ] wrong pending
              expect { pending: [{ load: {} }, save] }
        """
    let results = ChecklistRunner(flow: try TestFlows.flow(flow)).runAll()
    #expect(results.map(\.passed) == [true, true, false, true, false])
    #expect(
      results[2].failures.map(\.message) == [
        "the item ends with requests pending: save(item: \"B\"); expect them with 'pending: […]' or complete them"
      ])
    let lastStep = flow.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains("expect { state: { status: loaded } }")
    }
    #expect(results[2].failures.first?.range.start.line == lastStep.map { $0 + 1 })
    #expect(results[4].failures.map(\.message) == ["expected pending [load, save], found [load]"])
  }

  @Test("requests, their values and the steps that name them are checked at their places")
  func checks() throws {
    let source = MarkedSource(
      serviceFlow.replacingOccurrences(
        of: "{ request: save, with: { item: $item } }", with: "{ request: ‸sav }")
          + """

          spec: |
            [ ] x
                when { complete: ‸lod }
                expect { pending: [‸loa, { load: { ‸x: 1 } }] }
          """)
    let diagnostics = TestFlows.document(source.text).diagnostics
    let unknown = diagnostics.filter { $0.id == "check.unknown-request" }
    #expect(unknown.map(\.position) == [source.markers[0], source.markers[1], source.markers[2]])
    #expect(unknown.first?.message == "'request' names no request 'sav'")
    #expect(unknown.first?.fixIts.first?.replacement == "save")
    #expect(unknown[1].message == "'complete' names no request 'lod'")
    #expect(diagnostics.only("check.unknown-param")?.position == source.markers[3])
    #expect(
      diagnostics.only("check.unstarted-request")?.message
        == "request 'save' is never started; start it with '{ request: save }'")
  }

  @Test("a request's parameters must be given, with values of their types")
  func requestArguments() throws {
    let source = MarkedSource(
      serviceFlow.replacingOccurrences(
        of: "{ request: save, with: { item: $item } }", with: "{ request: ‸save }"))
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("check.missing-argument"))
    #expect(diagnostic.position == source.marker)
    #expect(
      diagnostic.message
        == "request 'save' needs parameter 'item'; pass it with 'with: { item: … }'")
  }
}

@Suite("State: lists, counts and text with values")
struct StateValueTests {
  private let flow = """
    flow: Values
    state: { count: 0, names: [a, b, a], label: "" }
    start: { setRoot: Home }
    screens:
      Home:
        on:
          bump: { add: { count: $by } }
          keep: [{ append: { names: $name } }, { set: { label: "{count} × {name}" } }]
          drop: { remove: { names: $name } }
          many: { append: { names: [x, z] } }
    """

  @Test("add adds, append appends, remove removes every equal element, text inserts values")
  func operations() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(flow))
    try navigator.send(.named("bump", arguments: ["by": .int(3)]))
    try navigator.send(.named("bump", arguments: ["by": .int(-1)]))
    #expect(navigator.value(of: "count") == .int(2))
    try navigator.send(.named("keep", arguments: ["name": .string("c")]))
    #expect(navigator.value(of: "label") == .string("2 × c"))
    try navigator.send(.named("drop", arguments: ["name": .string("a")]))
    try navigator.send("many")
    #expect(navigator.value(of: "names") == .list(["b", "c", "x", "z"].map(Value.string)))
  }

  @Test("add on a list, append on an Int, and unknown names in text are checker errors")
  func checks() throws {
    let source = MarkedSource(
      """
      flow: V
      state: { count: 0, names: [] }
      start: { setRoot: Home }
      screens:
        Home:
          navBar: { title: "{cont} items" }
          on:
            a: { add: { ‸names: 1 } }
            b: { append: { ‸count: 1 } }
            c: { set: { ‸names: x } }
      """)
    let diagnostics = TestFlows.document(source.text).diagnostics
    let mismatches = diagnostics.filter { $0.id == "check.type-mismatch" }
    #expect(
      mismatches.map(\.position) == [
        source.markers[0], source.markers[1], source.markers[2].advanced(by: 7),
      ])
    #expect(mismatches.first?.message == "'add' changes an Int state, but 'names' is a list")
    let text = try #require(diagnostics.only("check.unknown-text-value"))
    #expect(text.message == "'{cont}' names no parameter of 'Home' or state")
    #expect(text.position == SourcePosition(line: 6, column: 23))
  }

  @Test("list values are written as YAML lists in state, steps and expectations")
  func listLiterals() throws {
    let document = TestFlows.document(
      flow + """

        spec: |
          [ ] keeps
              given { names: [] }
              when { keep: { name: z } }
              expect { state: { names: [z], label: 0 × z } }
        """)
    #expect(
      document.checklistResults.first?.passed == true,
      "\(document.checklistResults.first?.failures ?? [])")
  }
}

@Suite("The flow's own events")
struct FlowEventTests {
  @Test("a screen's handler wins; the flow's runs on any other screen; unknown events are refused")
  func precedence() throws {
    var navigator = try Navigator(
      flow: try TestFlows.flow(
        """
        flow: F
        start: { setRoot: Home }
        on:
          logout: { setRoot: Login }
        screens:
          Home:
            on:
              next: { push: Detail }
          Detail:
            on:
              logout: pop
          Login: {}
        """))
    try navigator.send("logout")
    #expect(navigator.stack == ["Login"])
    var other = try Navigator(flow: navigator.program.flow)
    try other.send(["next", "logout"])
    #expect(other.stack == ["Home"])
    #expect(throws: NavigationError.self) { try other.send("nothing") }
  }
}
