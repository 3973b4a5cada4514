import FlowSpec
import FlowTestSupport
import Testing

/// Mistakes a newcomer makes, each answered by one diagnostic that says what to do.
@Suite("A newcomer's mistakes point at their fix")
struct NewcomerMistakeTests {
  @Test("a title in braces is a YAML mapping: the error says to quote it")
  func bracedTitle() throws {
    let document = TestFlows.document(
      TestFlows.header + "screens:\n  Home:\n    navBar: { title: {restaurant} }\n")
    let error = try #require(document.diagnostics.only("model.wrong-type"))
    #expect(
      error.message
        == #"the title of 'Home' must be text, found a mapping (braces make a YAML mapping; quote the text: "{restaurant}")"#
    )
    #expect(error.position.line == 5)
  }

  @Test("an event named like a request's outcome is a warning pointing at requests:")
  func outcomeAsEvent() throws {
    let document = TestFlows.document(
      TestFlows.header + "screens:\n  Home:\n    on:\n      load.success: { push: B }\n  B: {}\n")
    let warning = try #require(document.diagnostics.only("check.outcome-as-event"))
    #expect(warning.severity == .warning)
    #expect(warning.message.contains("'requests: load: onSuccess:'"), "\(warning.message)")
    #expect(warning.position.line == 6)
    let plain = TestFlows.document(
      TestFlows.header + "screens:\n  Home:\n    on:\n      load.more: { push: B }\n  B: {}\n")
    #expect(plain.diagnostics.filter { $0.id.rawValue == "check.outcome-as-event" }.isEmpty)
  }

  @Test("a section written twice, as a pasted block repeats it, is a warning with the first")
  func duplicateSection() throws {
    let document = TestFlows.document(
      TestFlows.header
        + """
        screens:
          Home: { on: { go: { push: B } } }
          B: {}
        spec: |
          ========= MAIN
          [ ] one
              when go
              expect { top: B }
          ========= MAIN
          [ ] two
              expect { top: Home }

        """)
    let warning = try #require(document.diagnostics.only("checklist.duplicate-section"))
    #expect(warning.position.line == 11)
    #expect(warning.notes.first?.range?.start.line == 7)
    #expect(warning.message.hasPrefix("section 'MAIN' is written twice"))
  }

  @Test("steps at their item's indent: the indentation errors, and no consequence before them")
  func stepsAtItemIndent() {
    let document = TestFlows.document(
      TestFlows.header
        + """
        screens:
          Home: { on: { go: { push: B } } }
          B: {}
        spec: |
          [✅] one
          when go
          expect { top: B }

        """
    ).runningChecklist()
    #expect(
      document.diagnostics.map(\.id.rawValue) == [
        "checklist.step-indentation", "checklist.step-indentation",
      ], "\(document.diagnostics.map(\.message))")
  }

  @Test("'if: { pin: $pin }' on state 'pin', sent without 'pin' by a step: warned, it always holds")
  func selfComparison() throws {
    let flow = { (handler: String, params: String, steps: String) in
      "flow: A\nstate: { pin: 0 }\nstart: { setRoot: Home\(params.isEmpty ? "" : ", with: { pin: 1 }") }\nscreens:\n  Home:\n\(params)    on:\n      enter: { if: { pin: \(handler) }, then: { push: B } }\n  B: {}\nspec: |\n  [ ] enter\n\(steps)"
    }
    let without = "      when enter\n"
    let source = MarkedSource(flow("‸$pin", "", without))
    let warning = try onlyDiagnostic("check.self-comparison", at: source)
    #expect(warning.message.contains("the step at line 11 sends 'enter' without it"))
    #expect(warning.message.contains("'{ pin: $entered }'"))
    // Every step sends it; an argument named apart from the state; a parameter of the
    // screen: each compares two values.
    for (handler, params, steps) in [
      ("$pin", "", "      when { enter: { pin: 3 } }\n"), ("$entered", "", without),
      ("$pin", "    params: { pin: Int }\n", without),
    ] {
      let diagnostics = TestFlows.document(flow(handler, params, steps)).diagnostics
      #expect(!diagnostics.contains { $0.id == "check.self-comparison" }, "\(handler) \(steps)")
    }
    // Another screen handles 'enter' without comparing: the step may be sent there.
    let elsewhere = flow("$pin", "", without).replacingOccurrences(
      of: "  B: {}", with: "  B: { on: { enter: pop } }")
    #expect(
      !TestFlows.document(elsewhere).diagnostics.contains { $0.id == "check.self-comparison" })
    // A bar button sends no arguments: its handler's comparison is with itself on every tap.
    let tapped = MarkedSource(
      "flow: A\nstate: { pin: 0 }\nstart: { setRoot: Home }\nscreens:\n  Home:\n    navBar: { right: { title: Go, action: enter } }\n    on:\n      enter: { if: { pin: ‸$pin }, then: { push: B } }\n  B: {}\n"
    )
    let tap = try onlyDiagnostic("check.self-comparison", at: tapped)
    #expect(tap.message.contains("the right bar button of 'Home' sends 'enter' with no arguments"))
  }

  @Test(
    "a required parameter left out of a link's route or a given stack: the hint is route syntax")
  func missingArgumentInRoutes() throws {
    let screens =
      "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home: {}\n  Product:\n    params: { id: Int, note: String? }\n    on: { back: { pop } }\n"
    let link = MarkedSource(screens + "links:\n  \"app://p/{id}\": { routes: [‸Product] }\n")
    let linkError = try onlyDiagnostic("check.missing-argument", at: link)
    #expect(
      linkError.message
        == "screen 'Product' needs parameter 'id'; write the route as '{ Product: { id: … } }'")
    // A given stack builds its screens: left out, 'id' fails only at run time, and an item
    // not yet done would never say so.
    let given = MarkedSource(
      screens + "spec: |\n  [ ] back\n      given { stack: [Home, ‸Product] }\n      when back\n")
    let givenError = try onlyDiagnostic("check.missing-argument", at: given)
    #expect(givenError.message.hasSuffix("write the route as '{ Product: { id: … } }'"))
    // A tab's root and a reset's routes are routes too.
    for (tab, handler) in [
      ("{ root: Product }", "pop"), ("{ root: Home }", "{ reset: [Product] }"),
    ] {
      let text =
        "flow: A\ntabs:\n  Shop: \(tab)\nscreens:\n  Home: { on: { go: \(handler) } }\n  Product:\n    params: { id: Int }\n"
      let error = TestFlows.document(text).diagnostics.only("check.missing-argument")
      #expect(
        error?.message
          == "screen 'Product' needs parameter 'id'; write the route as '{ Product: { id: … } }'",
        "\(tab) \(handler)")
    }
    // Given, or only expected (where a route matches any value it leaves out): no error.
    for spec in [
      "      given { stack: [Home, { Product: { id: 3 } }] }\n      when back\n",
      "      when back\n      expect { stack: [Home] }\n  [ ] shown\n      expect { stack: [Product] }\n",
    ] {
      let diagnostics = TestFlows.document(screens + "spec: |\n  [ ] back\n" + spec).diagnostics
      #expect(!diagnostics.contains { $0.id == "check.missing-argument" })
    }
  }

  @Test("an argument every handler reads: a bar button cannot send it, a step must")
  func requiredEventArguments() throws {
    let flow = { (handler: String, spec: String) in
      "flow: A\nstate: { isPremium: false }\nstart: { setRoot: Home }\nscreens:\n  Home:\n    navBar: { right: { image: plus, action: showItem } }\n    on:\n      showItem: \(handler)\n  Item: { params: { id: Int } }\nspec: |\n  [ ] one\n\(spec)"
    }
    let reads = "{ push: Item, with: { id: $id } }"
    let source = MarkedSource(
      "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home:\n    navBar: { right: { image: plus, action: ‸showItem } }\n    on:\n      showItem: \(reads)\n  Item: { params: { id: Int } }\nspec: |\n  [ ] one\n      when ‸showItem\n"
    )
    let diagnostics = TestFlows.document(source.text).diagnostics
    let bar = try #require(diagnostics.only("check.bar-button-argument"))
    #expect(bar.position == source.markers[0])
    #expect(bar.notes.first?.range?.start.line == 7)
    let step = try #require(diagnostics.only("check.missing-event-argument"))
    #expect(step.position == source.markers[1])
    #expect(
      step.message
        == "event 'showItem' needs the argument 'id': every handler of it reads '$id'; send it as '{ showItem: { id: … } }'"
    )
    // Sent with it; read only in one arm of an 'if:' (the other arm takes no argument): no
    // error for the step, and none for the button when no arm reads it unconditionally.
    let given = flow(reads, "      when { showItem: { id: 3 } }\n")
    #expect(
      !TestFlows.document(given).diagnostics.contains { $0.id == "check.missing-event-argument" })
    let branch = flow(
      "{ if: isPremium, then: \(reads), else: { push: Item, with: { id: 0 } } }",
      "      when showItem\n")
    let branchDiagnostics = TestFlows.document(branch).diagnostics
    #expect(!branchDiagnostics.contains { $0.id == "check.missing-event-argument" })
    #expect(!branchDiagnostics.contains { $0.id == "check.bar-button-argument" })
    // A flow-wide handler hears the button of a screen without its own.
    let flowWide = TestFlows.document(
      "flow: A\nstart: { setRoot: Home }\non:\n  showItem: \(reads)\nscreens:\n  Home:\n    navBar: { right: { image: plus, action: showItem } }\n  Item: { params: { id: Int } }\n"
    )
    #expect(flowWide.diagnostics.map(\.id.rawValue) == ["check.bar-button-argument"])
  }

  @Test("a misspelt '{name}' in an alert's text is a warning, an argument meant as one is not")
  func textArgumentTypo() throws {
    let flow = { (title: String, rest: String) in
      "flow: A\nstate: { name: Ann }\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { leave: { present: Bye } } }\nalerts:\n  Bye: { title: \"\(title)\", actions: [{ title: OK }] }\n\(rest)"
    }
    let steps = "spec: |\n  [ ] bye\n      when leave\n"
    let source = MarkedSource(flow("Bye ‸{nmae}", steps))
    let warning = try onlyDiagnostic("check.text-argument-typo", at: source)
    #expect(warning.message.hasSuffix("did you mean '{name}'?"))
    // Without a checklist of its own, its steps may be another flow's: no guess.
    #expect(
      !TestFlows.document(flow("Bye {nmae}", "")).diagnostics.contains {
        $0.id == "check.text-argument-typo"
      })
    // The state itself, and an argument a step sends although a state is spelled almost so.
    for (title, rest) in [
      ("Bye {name}", ""),
      ("Bye {names}", "spec: |\n  [ ] bye\n      when { leave: { names: Bo } }\n"),
    ] {
      #expect(
        !TestFlows.document(flow(title, rest)).diagnostics.contains {
          $0.id == "check.text-argument-typo"
        }, "\(title)")
    }
  }

  @Test("a misspelt 'screens:' is one error, not one for every screen and event it would declare")
  func misspeltScreensKey() {
    let document = TestFlows.document(
      """
      flow: A
      start: { setRoot: Home }
      screns:
        Home: { on: { go: { push: Item } } }
        Item: {}
      alerts:
        Bye: { title: Bye, actions: [{ title: OK, do: { setRoot: Home } }] }
      spec: |
        [ ] go
            when go
            expect { top: Item }

      """)
    #expect(
      document.diagnostics.map(\.message) == [
        "unknown key 'screns' in a flow file; did you mean 'screens'?"
      ])
  }

  @Test("one typo, one error: a misspelt key, mark, property or link variable")
  func oneErrorPerTypo() {
    func ids(_ text: String) -> [String] {
      TestFlows.document(text).diagnostics.map(\.id.rawValue)
    }
    let screens = "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: pop } }\n"
    // `imgae` for `image`: not also "needs 'image'".
    #expect(
      ids(
        "flow: A\nstart: { setRoot: Home }\nscreens:\n  Home:\n    navBar: { right: { imgae: plus, action: go } }\n    on: { go: pop }\n"
      ) == ["model.unknown-key"])
    // `[v]` for a mark: its steps still follow it, not "a step must follow the item".
    #expect(ids(screens + "spec: |\n  [v] one\n      when go\n") == ["checklist.unknown-mark"])
    // `no-traps` for the built-in `no-trap`: the note has no place of its own to point at.
    let holds = TestFlows.document(
      screens + "spec: |\n  [ ] one\n      expect { holds: no-traps }\n")
    #expect(holds.diagnostics.map(\.id.rawValue) == ["check.unknown-property"])
    #expect(holds.diagnostics.first?.notes.map(\.message) == ["did you mean 'no-trap'?"])
    #expect(holds.diagnostics.first?.notes.first?.range == nil)
    // A `when` that cannot be read: not also "'refused' has no 'when' before it".
    #expect(
      ids(screens + "spec: |\n  [ ] one\n      when { go: [1, }\n      expect { refused: true }\n")
        == ["yaml.syntax"])
    // `all-reachable` is a built-in, judged over every state: no item's state can hold it.
    let whole = TestFlows.document(
      screens + "spec: |\n  [ ] one\n      expect { holds: all-reachable }\n")
    #expect(
      whole.diagnostics.map(\.message) == [
        "'holds' cannot name 'all-reachable': it is judged over every state at once, by 'flowc verify', not from the state an item reaches"
      ])
    // `$recipeID` for `{recipeId}`: not also "passed to no route".
    #expect(
      ids(
        screens
          + "  Recipe: { params: { recipeId: Int } }\nlinks:\n  \"app://r/{recipeId}\": { routes: [{ Recipe: { recipeId: $recipeID } }] }\n"
      ) == ["check.link-variable"])
  }

  @Test(
    "a screen's parameter read in an alert's action: the error says the action reads only state")
  func alertActionReadsState() throws {
    let source = MarkedSource(
      "flow: A\nstate: { favourites: [] }\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { open: { push: Recipe, with: { id: 1 } } } }\n  Recipe: { params: { id: Int }, on: { fav: { present: Confirm } } }\nalerts:\n  Confirm:\n    title: \"Add {id}?\"\n    actions: [{ title: Add, do: { append: { favourites: ‸$id } } }]\n"
    )
    let error = try onlyDiagnostic("check.unknown-reference", at: source)
    #expect(error.message.contains("an alert's action reads only state"))
  }

  @Test("a tab named by its title: one error naming the tab, none for the items that replay it")
  func tabByTitle() throws {
    let source = MarkedSource(
      """
      flow: A
      tabs:
        Browse: { root: Home }
        Me: { title: Profile, root: Account }
      screens:
        Home: {}
        Account: { on: { edit: { push: Edit } } }
        Edit: {}
      spec: |
        [✅] profile tab
            when { tab: ‸Profile }
            expect { top: Account }
          [✅] edit
              when edit
              expect { top: Edit }

      """)
    let document = TestFlows.document(source.text).runningChecklist()
    #expect(document.diagnostics.map(\.id.rawValue) == ["check.unknown-tab"])
    let error = try #require(document.diagnostics.first)
    #expect(error.position == source.marker)
    #expect(error.message.hasSuffix("'Profile' is the title of tab 'Me': name the tab, 'Me'"))
    #expect(error.fixIts.map(\.replacement) == ["Me"])
    // A nested done item that fails on its own step is still reported, whatever error its
    // parent has elsewhere (here a misspelt screen in its expectation): only failures where
    // it replays a step in error are that error's.
    let own = TestFlows.document(
      source.text.replacingOccurrences(of: "{ tab: Profile }", with: "{ tab: Me }")
        .replacingOccurrences(of: "expect { top: Account }", with: "expect { top: Acount }")
        .replacingOccurrences(of: "expect { top: Edit }", with: "expect { top: Home }")
    ).runningChecklist()
    #expect(
      own.diagnostics.map(\.id.rawValue) == ["check.unknown-screen", "checklist.done-but-failing"])
  }

  @Test("a value a step gives that nothing reads is warned of, with the name it was meant as")
  func unreadArguments() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { draft: "", saved: "", count: 0, tasks: [{ title: x, id: 0 }], hit: false }
      requests:
        load: { onSuccess: { set: { count: $n } }, onFailure: { present: Failed } }
        save: { params: { q: String }, onSuccess: { set: { saved: "{q} {r}" } } }
      start: [{ setRoot: Home }, { request: load }, { request: save, with: { q: a } }]
      alerts:
        Failed: { title: "Error {code}", actions: [{ title: OK }] }
        Hello: { title: "Hi {who}", actions: [{ title: OK }] }
      screens:
        Home:
          onAppear: { set: { saved: "{count}" } }
          navBar: { title: "{count}" }
          on:
            save: { set: { saved: $draft } }
            open: { push: Detail, with: { id: $id } }
            note: { set: { saved: "{text} noted" } }
            greet: { present: Hello }
            add: { append: { tasks: { title: "Task {t}", id: $id } } }
            compare: { if: { saved: "L{v}" }, then: { set: { hit: true } } }
        Detail: { params: { id: Int } }
      spec: |
        [ ] misspelt, and read by nothing
            when [{ save: { ‸draf: hello, ‸count: 1 } }, { open: { id: 1, ‸extra: 2 } }, { complete: load, with: { ‸m: 3, n: 3 } }]
            expect { state: { saved: "" } }
        [ ] read by a handler, a text it writes or compares, an alert, or an outcome
            when [{ note: { text: a } }, { greet: { who: Bob } }, { alert: OK }, { add: { t: x, id: 1 } }, { compare: { v: 3 } }]
            expect { top: Home }
        [ ] read by the other outcome only, or the request's own value
            when [{ fail: load, with: { code: 500, ‸n: 1 } }, { complete: save, with: { ‸q: b, r: c } }]
            expect { top: Home }
        [ ] an event expected to be refused is still read by nothing
            when { open: { ‸idd: 1 } }
            expect { refused: true }
      """)
    let diagnostics = TestFlows.document(source.text).diagnostics
    #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
    let warnings = diagnostics.filter { $0.id == "check.unread-argument" }
    #expect(
      warnings.map(\.message) == [
        "event 'save' is given 'draf', which nothing it runs reads; did you mean 'draft'?",
        "event 'save' is given 'count', which nothing it runs reads, so its value changes nothing; read it as '$count', or leave it out",
        "event 'open' is given 'extra', which nothing it runs reads, so its value changes nothing; read it as '$extra', or leave it out",
        "'complete' of request 'load' is given 'm', which nothing it runs reads; did you mean 'n'?",
        "'fail' of request 'load' is given 'n', which nothing it runs reads, so its value changes nothing; read it as '$n', or leave it out",
        "'complete' of request 'save' is given 'q', but the request's own value 'q', given when it started, is read instead; give the step's value another name",
        "event 'open' is given 'idd', which nothing it runs reads; did you mean 'id'?",
      ])
    #expect(warnings.map(\.position) == source.markers)
    #expect(warnings.first?.fixIts.first?.replacement == "draft")
  }

  @Test("a checklist value written as '$name' is that text: warned of where it is written")
  func dollarInChecklist() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { label: "", tags: [] }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            setl: { set: { label: $text } }
      spec: |
        [ ] values are read as written
            given { label: ‸$n }
            when { setl: { text: ‸$label } }
            expect { state: { label: ‸$text, tags: ‸[a, $b] } }
        [ ] a dollar sign inside text, or alone, is text meant as such
            when { setl: { text: "costs 5$" } }
            expect { state: { label: "$" } }
      """)
    let warnings = TestFlows.document(source.text).diagnostics.filter {
      $0.id == "check.literal-dollar"
    }
    #expect(
      warnings.map(\.message)
        == ["$n", "$label", "$text", "$b"].map {
          "a checklist's values are written as they are: '\($0)' is that text, not a value read from the flow; write the value itself"
        })
    #expect(warnings.map(\.position) == source.markers)
  }

  @Test("'{ name }' with spaces in a text is kept as written: warned of at the braces")
  func spacedTextName() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { count: 2 }
      start: { setRoot: Home }
      screens:
        Home:
          navBar: { title: "‸{ count } items, {count}, {{ count }}, { not a name }, {count }" }
      """)
    let warnings = TestFlows.document(source.text).diagnostics.filter {
      $0.id == "check.literal-dollar"
    }
    #expect(
      warnings.map(\.message) == [
        "a name in braces holds no spaces, so this is kept as written; write '{count}' to insert the value, or '{{' and '}}' for braces",
        "a name in braces holds no spaces, so this is kept as written; write '{count}' to insert the value, or '{{' and '}}' for braces",
      ])
    #expect(warnings.first?.position == source.marker)
    #expect(warnings.first.map { $0.range.end.column - $0.range.start.column } == 9)
  }

  @Test("a request's outcome that reads a value whatever the state needs the step to give it")
  func missingOutcomeValue() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { msg: "", count: 0, retried: false }
      requests:
        load:
          params: { page: Int }
          onSuccess: [{ set: { count: $total } }, { if: retried, then: { set: { msg: $note } } }]
          onFailure: { set: { msg: "failed {code} on page {page}" } }
      start: [{ setRoot: Home }, { request: load, with: { page: 1 } }]
      screens:
        Home: {}
      spec: |
        [ ] left out
            when { fail: ‸load }
            expect { pending: [] }
        [ ] given, or read only in an arm, or the request's own
            when { complete: load, with: { total: 3 } }
            expect { pending: [] }
        [ ] left out again
            when { complete: ‸load }
            expect { pending: [] }
      """)
    let errors = TestFlows.document(source.text).diagnostics.filter {
      $0.id == "check.missing-event-argument"
    }
    #expect(
      errors.map(\.message) == [
        "'fail' of request 'load' needs the value 'code': what it runs reads it whatever the state; give it as '{ fail: load, with: { code: … } }'",
        "'complete' of request 'load' needs the value 'total': what it runs reads it whatever the state; give it as '{ complete: load, with: { total: … } }'",
      ])
    #expect(errors.map(\.position) == source.markers)
  }

  @Test("an argument a condition compares with state must be sent, and of the state's type")
  func comparedArguments() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { count: 0, name: bob }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            pick: { if: { count: $n }, then: { push: Next } }
            both: { if: { count: $a, name: $b }, then: { push: Next } }
            passed: { if: { name: $id }, then: pop, else: { push: Item, with: { id: $id } } }
        Next: {}
        Item: { params: { id: Int } }
      spec: |
        [ ] compared with another type
            when { pick: { n: ‸abc } }
            expect { top: Home }
        [ ] left out
            when ‸pick
            expect { top: Home }
        [ ] the second of 'all' is compared only when the first holds; both are typed
            when { both: { a: 0, b: ‸1 } }
            expect { top: Home }
        [ ] passed on as an Int: the comparison does not type it
            when { passed: { id: 3 } }
            expect { top: Item }
        [ ] the right type
            when { pick: { n: 0 } }
            expect { top: Next }
      """)
    let found = TestFlows.document(source.text).diagnostics.filter {
      ["check.event-argument-type", "check.missing-event-argument"].contains($0.id)
    }
    #expect(
      found.map(\.message) == [
        "event 'pick' compares 'n' with state that is an Int, but this value is a String, which is never equal to it",
        "event 'pick' needs the argument 'n': every handler of it reads '$n'; send it as '{ pick: { n: … } }'",
        "event 'both' compares 'b' with state that is a String, but this value is an Int, which is never equal to it",
      ])
    #expect(found.map(\.position) == source.markers)
  }

  @Test("what is compared and updated types and requires arguments everywhere a value arrives")
  func comparedAndUpdatedEverywhere() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { sel: 0, flag: false, count: 0, name: x, user: { name: Bob, age: 3 } }
      start: [{ setRoot: Home }, { request: load }]
      requests:
        load:
          onSuccess: { if: { flag: true, count: $n }, then: { set: { name: hit } } }
        check:
          onSuccess: { if: { count: $m }, then: { set: { name: hit } } }
      screens:
        Home:
          navBar: { right: { title: Pick, action: ‸pick } }
          on:
            pick: { if: { sel: $id }, then: { set: { name: same } } }
            older: { update: { user: { set: { age: $a } } } }
            probe: { if: { user: ‸{ name: Bob } }, then: { request: check } }
      spec: |
        [ ] an outcome reads 'n' only once 'flag' holds
            when { complete: load }
            expect { pending: [] }
        [ ] a record state's field types what update writes
            when { older: { a: ‸x } }
            expect { pending: [load] }
        [ ] an outcome's compared value
            when [probe, { complete: check, with: { m: ‸abc } }]
            expect { pending: [load] }
      """)
    let found = TestFlows.document(source.text).diagnostics.filter { $0.severity == .error }
    #expect(
      found.map { "\($0.id) \($0.message)" } == [
        "check.bar-button-argument the right bar button sends 'pick' with no arguments, but its handler reads '$id', so every tap is refused; read a parameter or state there instead, or send the event from the app",
        "check.missing-record-field state 'user' is a record with every field of its default, but this one has no 'age'; give every field ('{ age: …, name: … }')",
        "check.event-argument-type event 'older' passes 'a' on as an Int, but this value is a String",
        "check.event-argument-type 'complete' of request 'check' compares 'm' with state that is an Int, but this value is a String, which is never equal to it",
      ])
    #expect(found.map(\.position) == source.markers)
  }

  @Test("a step's value for a request's outcome has the type the outcome passes it on as")
  func outcomeValueTypes() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { count: 0, tags: [a], msg: "" }
      requests:
        load:
          params: { page: Int }
          onSuccess: [{ set: { count: $total } }, { append: { tags: $tag } }]
          onFailure: { set: { msg: "{code}" } }
      start: [{ setRoot: Home }, { request: load, with: { page: 1 } }]
      screens:
        Home: {}
      spec: |
        [ ] wrong types
            when { complete: load, with: { total: ‸abc, tag: ‸[1] } }
            expect { pending: [] }
        [ ] right types
            when { complete: load, with: { total: 3, tag: b } }
            expect { pending: [] }
        [ ] text takes any value
            when { fail: load, with: { code: 404 } }
            expect { pending: [] }
        [ ] refused on purpose
            when { complete: load, with: { total: 1, tag: b } }
            when { complete: load, with: { total: abc, tag: b } }
            expect { refused: true }
      """)
    let errors = TestFlows.document(source.text).diagnostics.filter {
      $0.id == "check.event-argument-type"
    }
    #expect(
      errors.map(\.message) == [
        "'complete' of request 'load' passes 'total' on as an Int, but this value is a String",
        "'complete' of request 'load' gives 'tag' to a list of items that are each a String, as its default's are, but 1 is an Int",
      ])
    #expect(errors.map(\.position) == source.markers)
  }
}

/// The only diagnostic of `source` with that id, which must sit at the source's marker.
private func onlyDiagnostic(
  _ id: DiagnosticID, at source: MarkedSource, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Diagnostic {
  let diagnostic = try #require(
    TestFlows.document(source.text).diagnostics.only(id), sourceLocation: sourceLocation)
  #expect(diagnostic.position == source.marker, sourceLocation: sourceLocation)
  return diagnostic
}
