import FlowSpec
import FlowTestSupport
import Testing

/// What the search sends beyond the checklist's own steps, and what it says when it cannot
/// settle a property: so that a property does not hold only because nothing tested it.
@Suite("flowc verify sends what a property is about, and says when a property says nothing")
struct SearchCompletenessTests {
  @Test("an 'after' event with values no checklist item sends is sent, and its property judged")
  func afterEventIsSent() throws {
    let report = try verifyFlow(
      """
      flow: F
      start: { setRoot: Home }
      properties:
        product 7 keeps home:
          after: { show: { id: 7 } }
          then: { top: Home }
      screens:
        Home: { on: { show: { push: Detail, with: { id: $id } } } }
        Detail: { params: { id: Int }, navBar: { backButton: visible } }
      verify: { off: [no-trap, all-reachable] }
      """)
    #expect(report.failures.map(\.property) == ["product 7 keeps home"])
    #expect(report.failures.first?.path?.map { $0.syntax(braced: true) } == ["{ show: { id: 7 } }"])
    #expect(report.warnings.isEmpty)
  }

  @Test("an 'after' property whose event no reachable state accepts is a warning, not a pass")
  func vacuousAfter() throws {
    func flow(next: String) -> String {
      """
      flow: F
      start: { setRoot: Home }
      properties:
        closing goes home:
          after: close
          then: { stack: [Home] }
      screens:
        Home: { on: { next: { push: Next } } }
        Next: { navBar: { backButton: visible }\(next) }
        Hidden: { on: { close: { pop: true } } }
      verify: { off: [all-reachable] }
      """
    }
    let report = try verifyFlow(flow(next: ", on: { close: { popToRoot: true } }"))
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
    #expect(report.warnings.isEmpty)
    let never = try verifyFlow(flow(next: ""))
    #expect(never.failures.isEmpty)
    #expect(never.warnings.map(\.id) == ["verify.vacuous"])
    #expect(never.warnings.first?.range.start.line == 4)
    #expect(never.warnings.first?.message.contains("never put to the test") == true)
  }

  @Test(
    "a 'reachable' property that the bounds alone keep from failing is unproved, a warning with its path"
  )
  func reachableBeyondTheBounds() throws {
    let flow = """
      flow: F
      state: { n: 0 }
      start: { setRoot: Home }
      screens:
        Home: { on: { inc: { add: { n: 1 } }, open: { if: { n: 1 }, then: { push: Detail } } } }
        Detail: { navBar: { backButton: visible } }
      properties:
        never negative: { reachable: { state: { n: -1 } } }
        detail shows: { reachable: { top: Detail } }
      verify: { off: [no-trap], ints: 3 }
      """
    let report = try verifyFlow(flow)
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
    // 'n' only grows: from the start, no state with -1 is reached within the bounds. Detail
    // is, from n = 0 and 1, but not from n = 2.
    let unproved = report.warnings.filter { $0.id == "verify.unproved" }
    #expect(
      unproved.map { "\($0.property) \($0.path?.map(\.description) ?? [])" } == [
        "never negative []", #"detail shows ["inc", "inc"]"#,
      ], "\(report.warnings.map(\.message))")
    #expect(unproved.map(\.range.start.line) == [8, 9])
    // Without the bound, 'n' is never -1: a failure, not a warning.
    let unbounded = try verifyFlow(
      flow.replacingOccurrences(of: "add: { n: 1 }", with: "set: { n: 1 }"))
    #expect(unbounded.failures.map(\.property) == ["never negative"])
    #expect(unbounded.warnings.filter { $0.id == "verify.unproved" }.isEmpty)
  }

  @Test(
    "an 'after' event that is sent but refused everywhere, or whose state does not fit the bounds, is still a warning"
  )
  func vacuousAfterTriedButNotAccepted() throws {
    // Sent from Next, but the state it leads to is beyond the bound of two states.
    let unfit = try verifyFlow(
      """
      flow: F
      start: { setRoot: Home }
      properties:
        closing shows done: { after: close, then: { top: Done } }
      screens:
        Home: { on: { next: { push: Next } } }
        Next: { navBar: { backButton: visible }, on: { close: { push: Done } } }
        Done: {}
      verify: { off: [all-reachable, no-trap], states: 2 }
      """)
    #expect(unfit.warnings.map(\.id) == ["verify.vacuous"], "\(unfit.warnings.map(\.message))")
    #expect(unfit.warnings.first?.message.contains("within the bounds") == true)
    // Sent wherever the request is pending, and refused there: its outcome adds beyond the
    // largest Int. (A value of another type, or left out, is a check error.)
    let refused = try verifyFlow(
      """
      flow: F
      state: { count: 9223372036854775807 }
      requests:
        login:
          onSuccess: [{ add: { count: $n } }, { push: Home }]
      start: [{ setRoot: Login }, { request: login }]
      properties:
        a login shows home: { after: { complete: login, with: { n: 5 } }, then: { top: Home } }
      screens:
        Login: {}
        Home: {}
      verify: { off: [all-reachable, no-trap] }
      """)
    #expect(refused.warnings.map(\.id) == ["verify.vacuous"], "\(refused.warnings.map(\.message))")
  }

  @Test(
    "an 'after' URL no link matches, or whose value does not read, changes nothing: the property is vacuous, not failing"
  )
  func afterUnmatchedLinkIsVacuous() throws {
    let report = try verifyFlow(
      """
      flow: F
      start: { setRoot: Home }
      links:
        "app://item/{id}": { routes: [{ Item: { id: $id } }] }
      properties:
        no link there: { after: { open: "app://nothing/{x}" }, then: { top: Item } }
        not an id: { after: { open: "app://item/abc" }, then: { top: Item } }
        an item opens: { after: { open: "app://item/{id}" }, then: { top: Item } }
      screens:
        Home: {}
        Item: { params: { id: Int }, navBar: { backButton: visible } }
      verify: { off: [no-trap] }
      spec: |
        [ ] a bad id is refused
            when { open: "app://item/abc" }
            expect { refused: argument-type }
      """)
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
    #expect(
      report.warnings.map(\.property) == ["no link there", "not an id"],
      "\(report.warnings.map(\.message))")
    #expect(report.warnings.allSatisfy { $0.id == "verify.vacuous" })
  }

  @Test("a declaration not reached within bounds the search hit is a warning, not an error")
  func unreachedWithinBounds() throws {
    let yaml = """
      flow: F
      start: { setRoot: A }
      screens:
        A: { on: { next: { push: B } } }
        B: { navBar: { backButton: visible }, on: { next: { push: C } } }
        C: { navBar: { backButton: visible } }
      """
    let flow = try TestFlows.flow(yaml)
    var verifier = PropertyVerifier(tree: FlowTree(flow))
    verifier.override(depth: 1)
    let bounded = verifier.verify()
    #expect(bounded.boundsHit == ["depth"])
    #expect(bounded.failures.isEmpty, "\(bounded.failures.map(\.message))")
    #expect(bounded.warnings.map(\.id) == ["verify.all-reachable"])
    #expect(bounded.warnings.first?.message.contains("within the bounds") == true)
    let whole = PropertyVerifier(tree: FlowTree(flow)).verify()
    #expect(whole.failures.isEmpty && whole.warnings.isEmpty)
  }

  @Test("a state bound beyond what 32-bit state numbers hold is capped")
  func stateBoundCapped() throws {
    var verifier = PropertyVerifier(
      tree: FlowTree(try TestFlows.flow("flow: F\nstart: { setRoot: A }\nscreens: { A: {} }\n")))
    verifier.override(states: Int.max)
    #expect(verifier.bounds.states == Int(Int32.max))
  }
}

@Suite("flowc verify sends an 'after' property's own URL")
struct AfterURLTests {
  @Test(
    "a URL the property names is sent as written, even where another URL reads the same to a link"
  )
  func literalURLSent() throws {
    for url in [
      "monapp://product/7", "MONAPP://product/7", "monapp://product/7/",
      "monapp://product/7?from=mail",
    ] {
      let report = PropertyVerifier(
        tree: FlowTree(
          try TestFlows.flow(
            """
            flow: Links
            start: { setRoot: Home }
            links:
              "monapp://product/{id}": [{ Product: { id: $id } }]
            screens: { Home: {}, Product: { params: { id: Int } } }
            verify: { off: [no-trap] }
            properties:
              a product shows home: { after: { open: "\(url)" }, then: { top: Home } }
            spec: |
              [ ] a campaign link opens product 7
                  when { open: "monapp://product/7?utm=mail" }
                  expect { top: { Product: { id: 7 } } }
            """))
      ).verify()
      #expect(report.failures.map(\.property) == ["a product shows home"], "\(url)")
      #expect(report.warnings.isEmpty, "\(url): \(report.warnings.map(\.message))")
    }
  }
}

@Suite(
  "flowc verify sends events whose values the flow does not type, and says what it cannot send")
struct UntypedArgumentTests {
  @Test("an argument read only as a field of a record the handler makes is sent as text")
  func recordFields() throws {
    let report = try verifyFlow(
      """
      flow: Todo
      state: { tasks: [] }
      start: { setRoot: List }
      properties:
        never two tasks: { never: { state: { tasks: [{ title: fresh, isCompleted: false }, { title: fresh, isCompleted: false }] } } }
      screens:
        List:
          on:
            add: { append: { tasks: { title: $title, isCompleted: false } } }
            delete: { remove: { tasks: { title: $title } } }
      verify: { off: [no-trap] }
      """)
    #expect(report.failures.map(\.property) == ["never two tasks"], "\(report.failures)")
    #expect(report.failures.first?.path?.count == 2)
    #expect(report.warnings.isEmpty, "\(report.warnings.map(\.message))")
  }

  @Test("an event taking a whole record no checklist gives is a warning, not silence")
  func wholeRecord() throws {
    let flow = """
      flow: Todo
      state: { current: { title: a } }
      start: { setRoot: List }
      screens:
        List:
          on:
            pick: { set: { current: $task } }
            show: { push: Detail }
        Detail: { navBar: { backButton: visible } }
      verify: { off: [no-trap] }
      """
    let unsent = try verifyFlow(flow)
    #expect(unsent.warnings.map(\.id) == ["verify.unsent-event"])
    #expect(unsent.warnings.first?.range.start.line == 7)
    #expect(unsent.warnings.first?.message.contains("'task' as a record") == true)
    let given = try verifyFlow(
      flow + """

        spec: |
          [ ] a task is picked
              when { pick: { task: { title: b } } }
              expect { state: { current: { title: b } } }
        """)
    #expect(given.warnings.isEmpty, "\(given.warnings.map(\.message))")
    #expect(given.states > unsent.states)
  }

  @Test("a record an if: compares with state is sent as that state's values: no warning")
  func comparedRecord() throws {
    let report = try verifyFlow(
      """
      flow: Todo
      state: { tasks: [], current: { title: a } }
      start: { setRoot: List }
      properties:
        never detail: { never: { top: Detail } }
      screens:
        List:
          on:
            pick:
              if: { current: $task }
              then: { push: Detail }
              else: { append: { tasks: $task } }
        Detail: { navBar: { backButton: visible } }
      verify: { off: [no-trap, all-reachable] }
      """)
    #expect(report.warnings.isEmpty, "\(report.warnings.map(\.message))")
    #expect(report.failures.map(\.property) == ["never detail"], "pick is sent, with { title: a }")
  }

  @Test("a link whose literal holds an escaped '/', '&' or '?' is opened and reached")
  func escapedLinkLiterals() throws {
    let report = try verifyFlow(
      """
      flow: B
      start: { setRoot: Home }
      links:
        "app://a%2Fb/{id}": [{ Slash: { id: $id } }]
        "app://q?k=a%26b&z={id}": [{ Amp: { id: $id } }]
        "app://h/x%3Fy/{id}": [{ Quest: { id: $id } }]
      properties:
        slash shows home:
          after: { open: "app://a%2Fb/{id}" }
          then: { stack: [Home] }
      screens:
        Home: {}
        Slash: { params: { id: String } }
        Amp: { params: { id: String } }
        Quest: { params: { id: String } }
      verify: { off: [no-trap] }
      """)
    #expect(report.failures.map(\.property) == ["slash shows home"], "\(report.failures)")
    #expect(report.states == 4)
  }

  @Test("a link whose variable its route reads as a Bool is opened with one")
  func boolLink() throws {
    let report = try verifyFlow(
      """
      flow: F
      start: { setRoot: Home }
      links:
        "app://f/{on}": { routes: [{ Flag: { on: $on } }] }
      screens:
        Home: {}
        Flag: { params: { on: Bool }, navBar: { backButton: visible } }
      verify: { off: [no-trap] }
      """)
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
  }
}

@Suite("flowc verify tries every fresh type where the flow does not say one")
struct UntypedFreshValueTests {
  @Test("a flow-wide handler's argument, whose type no screen tells, is sent as an Int too")
  func flowWideHandler() throws {
    let report = try verifyFlow(
      """
      flow: F
      state: { count: 0 }
      start: { setRoot: Home }
      on: { setCount: { set: { count: $amount } } }
      properties:
        count stays zero: { always: { state: { count: 0 } } }
      screens: { Home: {} }
      verify: { off: [no-trap] }
      """)
    #expect(report.failures.map(\.property) == ["count stays zero"], "\(report.failures)")
    #expect(report.failures.first?.item?.contains("setCount: { amount: 1 }") == true)
  }

  @Test(
    "a flow-wide handler's argument is typed as what it is passed on to, unless a screen has it")
  func flowWideTyped() throws {
    let flow = """
      flow: F
      state: { count: 0 }
      start: { setRoot: Home }
      on:
        setCount: { set: { count: $amount } }
        show: { push: Detail, with: { id: $id } }
        again: { push: Detail, with: { id: $item } }
      screens:
        Home: {}
        Detail: { params: { id: Int }, navBar: { backButton: visible } }
      spec: |
        [ ] text is not a count
            when { setCount: { amount: many } }
      """
    let document = TestFlows.document(flow)
    let signatures = try #require(document.tree).eventSignatures
    // A flow-wide handler reads no screen's parameters: '$id' is the event's, though Detail
    // has a parameter of that name.
    #expect(
      signatures.map { "\($0.name.value)(\($0.arguments.map { "\($0.name): \($0.type)" }))" } == [
        "setCount([\"amount: Int\"])", "show([\"id: Int\"])", "again([\"item: Int\"])",
      ])
    #expect(
      document.diagnostics.contains {
        $0.message == "event 'setCount' passes 'amount' on as an Int, but this value is a String"
      }, "\(document.diagnostics.map(\.message))")
  }

  @Test("an argument appended to a list whose items have one type is sent as that type only")
  func appendedToTypedList() throws {
    let flow = """
      flow: F
      state: { nums: [1], tags: [a], pairs: [{ n: 1 }] }
      start: { setRoot: Home }
      properties:
        no empty record: { never: { state: { pairs: [{ n: 1 }, {}] } } }
        grows: { never: { state: { nums: [1, 1] } } }
      screens:
        Home: { on: { add: { append: { nums: $x } }, tag: { append: { tags: $t } }, pair: { append: { pairs: $p } }, drop: { remove: { nums: $y } } } }
      verify: { off: [no-trap], lists: 2 }
      """
    let report = try verifyFlow(flow)
    // 'x' is sent as a fresh Int (1), as the list's items are Ints; not as text or true,
    // which the navigator would refuse, costing a send each.
    #expect(report.failures.map(\.property) == ["grows"], "\(report.failures.map(\.message))")
    let program = NavigationProgram(try TestFlows.flow(flow))
    let space = StateSpace(
      from: try Navigator(program: program), samples: EventSamples.forSearch(of: program),
      bounds: .standard)
    let sent = Set(
      space.events.compactMap { event -> String? in
        guard case .named(let name, let arguments) = event,
          let value = arguments["x"] ?? arguments["t"]
        else { return nil }
        return "\(name) \(value.type)"
      })
    #expect(sent == ["add Int", "tag String"], "\(space.events)")
    #expect(report.failures.first?.item?.contains("add: { x: 1 }") == true)
    // A whole record appended has no fresh value: unsent without a checklist's record.
    #expect(report.warnings.map(\.id) == ["verify.unsent-event"], "\(report.warnings)")
    #expect(report.warnings.first?.message.contains("'pair'") == true, "\(report.warnings)")
    // The argument stays untyped for the app and the checklist: a list appends each item.
    let document = TestFlows.document(
      flow
        + "\nspec: |\n  [ ] adds two\n      when { add: { x: [2, 3] } }\n      expect { state: { nums: [1, 2, 3] } }\n"
    )
    #expect(
      document.diagnostics.filter { $0.severity == .error }.isEmpty,
      "\(document.diagnostics.map(\.message))")
    let signatures = try #require(document.tree).eventSignatures
    #expect(signatures.allSatisfy { $0.arguments.isEmpty || $0.name.value == "add" })
  }

  @Test(
    "a value a handler compares with state is typed as the state and sent as each value the flow gives it"
  )
  func comparedWithState() throws {
    let flow = """
      flow: F
      state: { selected: 7, mode: list }
      start: { setRoot: Home }
      properties:
        same never shown: { never: { top: Same } }
        grid never shown: { never: { top: Grid } }
      screens:
        Home:
          on:
            pick: { if: { selected: $n }, then: { push: Same } }
            show: { if: { mode: $m }, then: { push: Grid } }
            useGrid: { if: { mode: list }, then: { set: { mode: grid } } }
        Same: { navBar: { backButton: visible } }
        Grid: { navBar: { backButton: visible } }
      verify: { off: [no-trap] }
      """
    let report = try verifyFlow(flow)
    // The fresh Int (1) and text ('fresh') never equal the state: only the flow's own
    // values reach the 'then' arms.
    #expect(
      report.failures.map(\.property) == ["same never shown", "grid never shown"],
      "\(report.failures.map(\.message))")
    #expect(report.failures.first?.item?.contains(#"pick: { "n": 7 }"#) == true)
    #expect(report.failures.last?.item?.contains(#"show: { m: "list" }"#) == true)
    let signatures = try #require(TestFlows.document(flow).tree).eventSignatures
    #expect(
      signatures.prefix(2).map {
        "\($0.name.value)(\($0.arguments.map { "\($0.name): \($0.type)" }))"
      } == ["pick([\"n: Int\"])", "show([\"m: String\"])"])
  }

  @Test("what an argument is passed on to types it before what an if: compares it with")
  func passedOnBeforeCompared() throws {
    let flow = """
      flow: F
      state: { selected: none }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            select:
              if: { selected: $id }
              then: pop
              else: { push: Detail, with: { id: $id } }
        Detail: { params: { id: Int }, navBar: { backButton: visible } }
      verify: { off: [no-trap] }
      """
    let signatures = try #require(TestFlows.document(flow).tree).eventSignatures
    #expect(signatures.first?.arguments.map { "\($0.name): \($0.type)" } == ["id: Int"])
    // Sent as an Int, 'select' reaches Detail.
    let report = try verifyFlow(flow)
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
  }

  @Test("the values two arguments are compared with are tried together")
  func comparedTogether() throws {
    let report = try verifyFlow(
      """
      flow: F
      state: { a: 0, b: 0 }
      start: { setRoot: Home }
      verify: { off: [all-reachable, no-trap] }
      properties:
        no secret: { never: { top: Secret } }
      screens:
        Home:
          on:
            go: { if: { a: $x, b: $y }, then: { push: Secret } }
            probe: { if: { a: 5 }, then: pop }
        Secret: {}
      """)
    #expect(report.failures.map(\.property) == ["no secret"], "\(report.failures)")
    #expect(report.failures.first?.item?.contains(#"go: { x: 0, "y": 0 }"#) == true)
  }

  @Test("a comparison types an argument only when no handler anywhere, nor the checklist, does")
  func comparedTypedLast() throws {
    let flow = """
      flow: F
      state: { name: bob }
      start: { setRoot: A }
      screens:
        A: { on: { sel: { if: { name: $id }, then: pop }, e: { if: { name: $x }, then: pop } } }
        C: { on: { sel: { push: B, with: { id: $id } } } }
        B: { params: { id: Int } }
      spec: |
        [ ] e takes a number
            when { e: { x: 2 } }
      """
    let signatures = try #require(TestFlows.document(flow).tree).eventSignatures
    #expect(
      signatures.map { "\($0.name.value)(\($0.arguments.map { "\($0.name): \($0.type)" }))" } == [
        "sel([\"id: Int\"])", "e([\"x: Int\"])",
      ])
  }

  @Test("a record the checklist gives to append whole is no unsent event")
  func appendedRecordGiven() throws {
    let report = try verifyFlow(
      """
      flow: F
      state: { tasks: [{ title: a }] }
      start: { setRoot: Home }
      screens:
        Home: { on: { add: { append: { tasks: $t } } } }
      verify: { off: [no-trap] }
      spec: |
        [ ] adds
            when { add: { t: { title: b } } }
            expect { state: { tasks: [{ title: a }, { title: b }] } }
      """)
    #expect(report.warnings.isEmpty, "\(report.warnings.map(\.message))")
  }

  @Test("the values compared include what onEnter, start, alert actions and requests set")
  func comparedValuesFromEveryOperation() throws {
    let report = try verifyFlow(
      """
      flow: F
      state: { sel: 0, hit: false }
      start: { setRoot: Home }
      properties:
        never hit: { never: { state: { hit: true } } }
      screens:
        Home:
          onEnter: { set: { sel: 5 } }
          on: { guess: { if: { sel: $n }, then: { set: { hit: true } } } }
      verify: { off: [no-trap] }
      """)
    #expect(report.failures.map(\.property) == ["never hit"], "\(report.failures)")
    #expect(report.failures.first?.item?.contains(#"guess: { "n": 5 }"#) == true)
  }

  @Test(
    "the values compared include what a parent gives a child flow's state: a value, its own state's",
    arguments: ["child-values.yaml", "child-state-values.yaml"])
  func comparedValuesFromAParent(fixture: String) throws {
    let (_, tree) = try verifyFixture(fixture)
    let report = PropertyVerifier(tree: tree).verify()
    #expect(report.failures.map(\.property) == ["the secret stays hidden"], "\(report.failures)")
    #expect(report.failures.first?.item?.contains(#"when [choose, { guess: { "n": 3 } }]"#) == true)
  }

  @Test("a screen's parameter or state an if: compares is not sent as an argument")
  func comparedParameterIsNoArgument() throws {
    let report = try verifyFlow(
      """
      flow: F
      state: { selected: 7, other: 1 }
      start: { setRoot: Home }
      properties:
        same never shown: { never: { top: Same } }
      screens:
        Home: { on: { open: { push: Detail, with: { id: 1 } }, test: { if: { selected: $other }, then: { push: Same } } } }
        Detail:
          params: { id: Int }
          navBar: { backButton: visible }
          on: { check: { if: { selected: $id }, then: { push: Same } } }
        Same: { navBar: { backButton: visible } }
      verify: { off: [no-trap, all-reachable] }
      """)
    // Sending 'check { id: 7 }' would read 7 where the app reads Detail's id, 1.
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
  }

  @Test("a checklist step that sends an event without its record does not hide that it is unsent")
  func unsentDespiteStep() throws {
    let report = try verifyFlow(
      """
      flow: F
      state: { current: { title: a } }
      start: { setRoot: Home }
      screens:
        Home: { on: { pick: { set: { current: $task } } } }
      verify: { off: [no-trap] }
      spec: |
        [ ] picking needs a task
            when { pick: { n: 3 } }
            expect { refused: missing-argument }
      """)
    #expect(report.warnings.map(\.id) == ["verify.unsent-event"], "\(report.warnings)")
  }

  @Test("a link variable read as a Bool by any of its routes is filled as one")
  func boolInLaterRoute() throws {
    let report = try verifyFlow(
      """
      flow: F
      start: { setRoot: Home }
      links:
        "app://x/{v}": [{ A: { s: $v } }, { B: { b: $v } }]
      screens:
        Home: {}
        A: { params: { s: String }, navBar: { backButton: visible } }
        B: { params: { b: Bool }, navBar: { backButton: visible } }
      verify: { off: [no-trap] }
      """)
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
  }

  @Test(
    "a stack a link sets at once is within the stack bound, and the bound hit is told with its value"
  )
  func linkStack() throws {
    let report = try verifyFlow(
      """
      flow: F
      start: { setRoot: S0 }
      links:
        "app://deep": [S1, S2, S3, S4, S5, S6, S7, S8]
      properties:
        no secret: { never: { top: Secret } }
      screens:
        S0: {}
        S1: {}
        S2: {}
        S3: {}
        S4: {}
        S5: {}
        S6: {}
        S7: {}
        S8: { on: { more: { push: Secret } } }
        Secret: { navBar: { backButton: visible }, on: { more: { push: Secret } } }
      verify: { off: [no-trap], repeatable: [Secret], stack: 2 }
      """)
    #expect(report.failures.map(\.property) == ["no secret"], "\(report.failures)")
    #expect(report.boundsHit == ["stack"])
    // Raised from 2 to the link's root and eight routes.
    #expect(report.boundLimits == [9])
  }
}
