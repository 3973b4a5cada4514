import FlowSpec
import FlowTestSupport
import Testing

/// A flow with `properties:` (and anything else) appended to a valid two-screen flow.
private func flow(_ properties: String) -> FlowDocument {
  TestFlows.document(
    """
    flow: F
    state: { isLoggedIn: false }
    start: { setRoot: Home }
    screens:
      Home: { on: { next: { push: Detail } } }
      Detail: { navBar: { backButton: visible } }
    alerts:
      Oops: { actions: [{ title: OK }] }
    \(properties)
    """)
}

private func errors(_ document: FlowDocument) -> [(id: String, line: Int, column: Int)] {
  document.diagnostics.filter { $0.severity == .error }.map {
    ($0.id.rawValue, $0.range.start.line, $0.range.start.column)
  }
}

@Suite("properties: and verify: are read and checked like the rest of a flow")
struct PropertySyntaxTests {
  @Test("each statement decodes, its condition's alternatives and keys kept")
  func decodes() throws {
    let document = flow(
      """
      properties:
        a: { never: { state: { isLoggedIn: false }, onStack: Detail } }
        b: { always: [{ top: Home }, { top: Detail }] }
        c: { reachable: { stack: [Home], presented: none } }
        d: { after: { tap: back }, then: { top: Home } }
      verify: { off: [no-trap], final: [Detail], repeatable: [Home], depth: 9, states: 50, lists: 2, ints: 7, stack: 4, texts: 30 }
      """)
    #expect(errors(document).isEmpty, "\(document.diagnostics)")
    let properties = try #require(document.flow?.properties)
    #expect(properties.map(\.name.value) == ["a", "b", "c", "d"])
    #expect(properties.map(\.statement.keyword) == ["never", "always", "reachable", "after"])
    guard case .always(let condition) = properties[1].statement else {
      Issue.record("b is not 'always'")
      return
    }
    #expect(condition.alternatives.map(\.count) == [1, 1])
    let settings = try #require(document.flow?.verification)
    #expect(settings.off.map(\.value) == [.noTrap])
    #expect(settings.finalScreens.map(\.value) == ["Detail"])
    #expect(
      [
        settings.depth, settings.states, settings.listLength, settings.intMagnitude,
        settings.stackHeight, settings.textLength,
      ].map { $0?.value } == [9, 50, 2, 7, 4, 30])
  }

  @Test(
    "a misspelt screen, alert or state in a property is an error at the name, with did-you-mean")
  func misspelt() throws {
    let document = flow(
      """
      properties:
        a: { never: { onStack: Detial } }
        b: { always: { presented: Oopz } }
        c: { reachable: { state: { isLogedIn: true } } }
        d: { after: nxt, then: { top: Home } }
      """)
    let found = errors(document)
    #expect(
      found.map(\.id) == [
        "check.unknown-screen", "check.unknown-presentable", "check.unknown-state",
        "checklist.unknown-event",
      ])
    #expect(found.map(\.line) == [10, 11, 12, 13])
    #expect(
      document.diagnostics.first { $0.id == "check.unknown-presentable" }?.message
        == "'presented' names no alert or screen 'Oopz'")
    let fixes = document.diagnostics.flatMap(\.fixIts).map(\.replacement)
    #expect(fixes == ["Detail", "Oops", "isLoggedIn", "next"])
  }

  @Test("malformed properties: each a located error, none a crash")
  func malformed() throws {
    let cases: [(String, String, Int)] = [
      ("properties: { a: { top: Home } }", "model.unknown-key", 9),
      ("properties: { a: {} }", "property.statement", 9),
      (
        "properties: { a: { never: { top: Home }, always: { top: Home } } }", "property.statement",
        9
      ),
      ("properties: { a: { after: next } }", "property.then", 9),
      ("properties: { a: { never: { top: Home }, then: { top: Home } } }", "property.then", 9),
      ("properties: { a: { never: Home } }", "property.condition", 9),
      ("properties: { a: { never: [Home] } }", "property.condition", 9),
      ("properties: { a: { never: [] } }", "property.condition", 9),
      ("properties: { a: { always: {} } }", "property.condition", 9),
      ("properties: { a: { reachable: [{ top: Home }, {}] } }", "property.condition", 9),
      ("properties: { a: { never: [[{ top: Home }]] } }", "property.condition", 9),
      ("verify: { off: no-trapp }", "model.invalid-value", 9),
      ("verify: { repeatable: Hom }", "check.unknown-screen", 9),
      ("properties: { a: { never: { calls: { push: 1 } } } }", "model.unknown-key", 9),
      ("properties: [a]", "model.wrong-type", 9),
      ("properties: { no-trap: { never: { top: Home } } }", "check.builtin-property-name", 9),
      ("verify: { off: [no-trapp] }", "model.invalid-value", 9),
      ("verify: { depth: 0 }", "model.wrong-type", 9),
      ("verify: { final: [Recept] }", "check.unknown-screen", 9),
      ("verify: { zz: 1 }", "model.unknown-key", 9),
      ("verify: { texts: -1 }", "model.wrong-type", 9),
      ("verify: { states: 99999999999999999999 }", "model.number-range", 9),
      ("properties: { a: { never: { state: {} } } }", "model.wrong-type", 9),
      ("properties: { a: { always: { top: Home, params: {} } } }", "model.wrong-type", 9),
    ]
    for (text, id, line) in cases {
      let found = errors(flow(text))
      #expect(found.contains { $0.id == id && $0.line == line }, "\(text): \(found)")
    }
  }

  @Test("an 'after' URL no link can match is a warning at the URL, naming the links")
  func unmatchedLink() throws {
    let document = TestFlows.document(
      """
      flow: F
      start: { setRoot: Home }
      links:
        "app://item/{id}": { routes: [{ Item: { id: $id } }] }
        "app://search?q={text}": { routes: [Search] }
        "app://help/a b": { routes: [Help] }
      properties:
        a: { after: { open: "app://nothing/{x}" }, then: { top: Item } }
        b: { after: { open: "not a url" }, then: { top: Item } }
        c: { after: { open: "app://item/{id}" }, then: { top: Item } }
        d: { after: { open: "app://item/7" }, then: { top: Item } }
        e: { after: { open: "APP://item/7?from=mail" }, then: { top: Item } }
        f: { after: { open: "app://item/{" }, then: { top: Item } }
        g: { after: { open: "app://search" }, then: { top: Item } }
        h: { after: { open: "app://help/a%20b" }, then: { top: Item } }
      screens:
        Home: {}
        Item: { params: { id: Int }, navBar: { backButton: visible } }
        Search: {}
        Help: {}
      """)
    let warnings = document.diagnostics.filter { $0.id == "check.unmatched-property-link" }
    // b is no URL, f no pattern; g lacks the query item its link needs; h matches once its
    // segment is decoded, as the navigator matches it.
    #expect(warnings.map(\.range.start.line) == [8, 9, 13, 14], "\(document.diagnostics)")
    #expect(warnings.map(\.range.start.column) == [23, 23, 23, 23])
    #expect(
      warnings.first?.message
        == "property 'a' follows 'open: app://nothing/{x}', which no link matches (its links: 'app://item/{id}', 'app://search?q={text}' or 'app://help/a b'): opening it changes nothing, so the property is never put to the test"
    )
    #expect(
      warnings[2].message
        == "property 'f' follows 'open: app://item/{', which is not a URL a link can match: a '{' or '}' is not closed; opening it changes nothing, so the property is never put to the test"
    )
    #expect(warnings.allSatisfy { $0.severity == .warning })
  }

  @Test(
    "an 'after' URL whose value its link's screen cannot read is a warning, as the navigator refuses it"
  )
  func unreadableLinkValue() throws {
    let document = TestFlows.document(
      """
      flow: F
      start: { setRoot: Home }
      links:
        "app://item/{id}": { routes: [Home, { Item: { id: $id, label: $id } }] }
        "app://item/{id}/more": { routes: [{ Flag: { on: $id } }] }
        "app://item/abc": { routes: [Home] }
      properties:
        a: { after: { open: "app://item/abc" }, then: { top: Item } }
        b: { after: { open: "app://item/7" }, then: { top: Item } }
        c: { after: { open: "app://item/yes/more" }, then: { top: Flag } }
        d: { after: { open: "app://item/true/more" }, then: { top: Flag } }
        e: { after: { open: "app://item/-0012" }, then: { top: Item } }
      screens:
        Home: {}
        Item: { params: { id: Int, label: String }, navBar: { backButton: visible } }
        Flag: { params: { on: Bool } }
      """)
    let warnings = document.diagnostics.filter { $0.id == "check.unmatched-property-link" }
    // The first link that matches is the one the navigator takes, even where a later one
    // would read the value ('app://item/abc').
    #expect(warnings.map(\.range.start.line) == [8, 10], "\(document.diagnostics)")
    #expect(
      warnings.first?.message
        == "property 'a' follows 'open: app://item/abc', which link 'app://item/{id}' matches, but its 'abc' for '{id}' is not an Int, as screen 'Item' takes it: opening it changes nothing, so the property is never put to the test"
    )
    #expect(warnings.last?.message.contains("its 'yes' for '{id}' is not a Bool") == true)
    // What the checker claims, the navigator does: 'a' and 'c' change nothing.
    let flow = try #require(document.flow)
    for (url, refused) in [
      ("app://item/abc", true), ("app://item/7", false), ("app://item/yes/more", true),
      ("app://item/-0012", false),
    ] {
      var navigator = try Navigator(flow: flow)
      let refusal = navigator.attempt(.open(url))
      #expect((refusal != nil) == refused, "\(url): \(String(describing: refusal))")
    }
  }

  @Test(
    "a 'verify:' setting that changes nothing is a warning: an id off twice, an exemption from what is off"
  )
  func redundantSettings() throws {
    let document = flow(
      "verify: { off: [no-trap, no-double-push, no-trap], final: [Detail], repeatable: [Home] }")
    let warnings = document.diagnostics.filter { $0.id == "check.redundant-verify-setting" }
    #expect(
      warnings.map(\.message) == [
        "'no-trap' is already switched off",
        "'final' changes nothing: it exempts screens from 'no-trap', which is switched off",
        "'repeatable' changes nothing: it exempts screens from 'no-double-push', which is switched off",
      ])
    #expect(warnings.map(\.range.start.column) == [42, 60, 82])
    #expect(warnings.allSatisfy { $0.severity == .warning && $0.notes.count == 1 })
    let listedTwice = flow("verify: { final: [Detail, Detail] }").diagnostics.filter {
      $0.id == "check.redundant-verify-setting"
    }
    #expect(listedTwice.map(\.message) == ["'Detail' is already in 'final'"])
    #expect(
      !flow("verify: { off: [no-trap], repeatable: [Home] }").diagnostics.contains {
        $0.id == "check.redundant-verify-setting"
      })
  }

  @Test("an out-of-range number is named as one, not as text")
  func hugeNumber() throws {
    let document = flow("verify: { states: 99999999999999999999 }")
    let message = document.diagnostics.first { $0.id == "model.number-range" }?.message
    #expect(
      message
        == "'states' must be a whole number, and the number 99999999999999999999 is beyond an Int's range (-9223372036854775808 to 9223372036854775807)",
      "\(document.diagnostics)")
  }

  @Test("a property declared twice, and holds: naming none, are errors")
  func names() throws {
    let document = flow(
      """
      properties:
        a: { never: { top: Detail } }
        a: { always: { top: Home } }
      spec: |
        [ ] x
            expect { holds: b }
      """)
    let ids = errors(document).map(\.id)
    #expect(ids.contains("yaml.duplicate-key") || ids.contains("check.duplicate-property"))
    #expect(ids.contains("check.unknown-property"))
  }

  @Test("onStack in a checklist finds a screen on any stack, and says what it found when not")
  func onStack() throws {
    let flow = try TestFlows.flow(
      """
      flow: F
      start: { setRoot: Home }
      screens:
        Home: { on: { next: { push: Detail }, sheet: { present: Sheet } } }
        Detail: { navBar: { backButton: visible }, on: { sheet: { present: Sheet } } }
        Sheet: {}
      spec: |
        [ ] under a sheet
            when [next, sheet]
            expect { onStack: [Detail, Sheet] }
        [ ] not there
            expect { onStack: Detail }
      """)
    let results = ChecklistRunner(flow: flow).runAll()
    #expect(results.first?.outcome == .passed)
    guard case .failed(let failures)? = results.last?.outcome else {
      Issue.record("onStack did not fail")
      return
    }
    #expect(failures.map(\.id) == ["expect.onStack"])
    #expect(failures.first?.message.contains("stack [Home]") == true)
  }
}
