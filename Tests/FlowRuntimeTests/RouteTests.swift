import FlowSpec
import FlowTestSupport
import Testing

/// A router in the last article's shape: a root, routes with values, `reset`.
private let routerFlow = """
  flow: Router
  start: { setRoot: Home }
  screens:
    Home:
      on:
        show: { push: Product, with: { id: $id } }
        showNote: { push: Note, with: { id: $id } }
        deepReset: { reset: [{ Product: { id: 1 } }, { Product: { id: 2 } }, Settings] }
        clear: { reset: [] }
    Product:
      params: { id: Int, tag: String? }
      navBar: { title: Product }
      on:
        similar: { push: Product, with: { id: $id } }
        tagged: { push: Product, with: { id: 3, tag: $tag } }
        sameTag: { push: Product, with: { id: 4, tag: $tag } }
    Note:
      params: { id: String }
    Settings:
      on:
        clear: { reset: [] }
  """

@Suite("Routes: screens with values")
struct RouteTests {
  @Test("two entries of one screen with different values are different entries")
  func valuesOnTheStack() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(routerFlow))
    try navigator.send(.named("show", arguments: ["id": .int(7)]))
    try navigator.send(.named("similar", arguments: ["id": .int(42)]))
    #expect(
      navigator.screens == [
        ScreenInstance(name: "Home"), ScreenInstance(name: "Product", arguments: ["id": .int(7)]),
        ScreenInstance(name: "Product", arguments: ["id": .int(42)]),
      ])
    #expect(navigator.screens.map(\.description) == ["Home", "Product(id: 7)", "Product(id: 42)"])
    #expect(navigator.log.last?.description == "push(Product(id: 42), animated: true)")
  }

  @Test("an optional parameter left out has no value; given, it has one")
  func optionalParameter() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(routerFlow))
    try navigator.send(.named("show", arguments: ["id": .int(1)]))
    #expect(navigator.screens.last?.arguments == ["id": .int(1)])
    try navigator.send(.named("tagged", arguments: ["tag": .string("new")]))
    #expect(navigator.screens.last?.description == "Product(id: 3, tag: \"new\")")
  }

  @Test("an optional parameter passed on from one left out is left out too, as Swift passes nil")
  func optionalPassedOn() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(routerFlow))
    try navigator.send(.named("show", arguments: ["id": .int(1)]))
    try navigator.send(.named("sameTag"))
    #expect(navigator.screens.last?.description == "Product(id: 4)")
    try navigator.send(.named("tagged", arguments: ["tag": .string("new")]))
    try navigator.send(.named("sameTag"))
    #expect(navigator.screens.last?.description == "Product(id: 4, tag: \"new\")")
    // An event's argument of that name is still what is passed on.
    try navigator.send(.named("sameTag", arguments: ["tag": .string("sent")]))
    #expect(navigator.screens.last?.description == "Product(id: 4, tag: \"sent\")")
  }

  @Test("a parameter left out hides the state of its name: passed on as none, shown as written")
  func leftOutHidesState() throws {
    let flow = try TestFlows.flow(
      """
      flow: O
      state: { tag: from-state, log: "" }
      start: { setRoot: Product, with: { id: 1 } }
      screens:
        Product:
          params: { id: Int, tag: String? }
          navBar: { title: "T {tag}" }
          on:
            same: { push: Product, with: { id: 2, tag: $tag } }
            label: { set: { log: "#{tag}" } }
            store: { set: { log: $tag } }
      """)
    var navigator = try Navigator(flow: flow)
    #expect(navigator.navigationBar?.title == "T {tag}")
    try navigator.send(.named("same"))
    #expect(navigator.screens.last?.description == "Product(id: 2)")
    try navigator.send(.named("label"))
    #expect(navigator.value(of: "log") == .string("#{tag}"))
    do {
      try navigator.send(.named("store"))
      Issue.record("a parameter left out was read as the state of its name")
    } catch {
      #expect(
        error.message
          == "'$tag' reads the screen's parameter 'tag', which it was shown without (it is optional), so it has no value here"
      )
    }
  }

  @Test("reset replaces everything above the root at once, without animation")
  func reset() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(routerFlow))
    try navigator.send(.named("show", arguments: ["id": .int(9)]))
    try navigator.send(.tap(.back))
    try navigator.send("deepReset")
    #expect(navigator.stack == ["Home", "Product", "Product", "Settings"])
    #expect(navigator.lastAnimated == false)
    #expect(navigator.callCount(.reset) == 1)
    #expect(
      navigator.log.last?.description
        == "reset([Product(id: 1), Product(id: 2), Settings], animated: false)")
    try navigator.send("clear")
    #expect(navigator.stack == ["Home"])
  }

  @Test("an event argument of the wrong type is refused at run time, naming the parameter")
  func wrongArgumentType() throws {
    var navigator = try Navigator(flow: try TestFlows.flow(routerFlow))
    let error = #expect(throws: NavigationError.self) {
      try navigator.send(.named("show", arguments: ["id": .string("abc")]))
    }
    #expect(error?.message == "'Product' takes 'id' as an Int, but was given \"abc\"")
    #expect(navigator.stack == ["Home"])
  }

  @Test("a literal argument of the wrong type in a step is a checker error at the value")
  func wrongArgumentTypeInStep() throws {
    let source = MarkedSource(
      routerFlow + """

        spec: |
          [ ] shows
              when [{ show: { id: ‸abc } }, { showNote: { id: 4‸2 } }]
              expect { top: Product }
        """)
    let diagnostics = TestFlows.document(source.text).diagnostics.filter {
      $0.id == "check.event-argument-type"
    }
    #expect(diagnostics.count == 2)
    #expect(
      diagnostics.first?.message
        == "event 'show' passes 'id' on as an Int, but this value is a String")
    #expect(diagnostics.first?.position == source.markers[0])
    #expect(diagnostics.last?.message.contains("as a String, but this value is an Int") == true)
    #expect(diagnostics.last?.position == source.markers[1].advanced(by: -1))
  }

  @Test("an expected stack matches values where given and names where not")
  func stackExpectation() throws {
    let flow =
      routerFlow + """

        spec: |
          [ ] values given
              when [{ show: { id: 7 } }, { similar: { id: 42 } }]
              expect { stack: [Home, Product, { Product: { id: 42 } }], top: { Product: { id: 42 } } }
          [ ] a wrong value
              when { show: { id: 7 } }
              expect { stack: [Home, { Product: { id: 8 } }] }
        """
    let results = ChecklistRunner(flow: try TestFlows.flow(flow)).runAll()
    #expect(results[0].passed)
    #expect(
      results[1].failures.map(\.message) == [
        "expected stack [Home, Product(id: 8)], found [Home, Product(id: 7)]"
      ])
  }

  @Test("routes' screens, parameters and value types are checked, at their places")
  func routeChecks() throws {
    let source = MarkedSource(
      """
      flow: R
      start: { reset: [‸Hom, { P: { ‸idd: 1 } }, { P: { id: ‸x } }, ‸P] }
      screens:
        Home: {}
        P: { params: { id: Int } }
      """)
    let diagnostics = TestFlows.document(source.text).diagnostics
    #expect(diagnostics.only("check.unknown-screen")?.position == source.markers[0])
    #expect(diagnostics.only("check.unknown-param")?.position == source.markers[1])
    #expect(diagnostics.only("check.type-mismatch")?.position == source.markers[2])
    #expect(
      diagnostics.filter { $0.id == "check.missing-argument" }.map(\.position) == [
        source.markers[1].advanced(by: -5), source.markers[3],
      ])
  }

  @Test("a parameter type other than String, Int, Bool and their optionals is refused")
  func parameterTypes() throws {
    let source = MarkedSource(
      TestFlows.header + "screens:\n  Home: { params: { a: Int?, b: ‸Integer } }\n")
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("model.invalid-value"))
    #expect(diagnostic.position == source.marker)
    #expect(diagnostic.message.hasPrefix("'Integer' is not a parameter type; expected 'String'"))
  }
}
