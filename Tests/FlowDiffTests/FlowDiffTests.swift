import FlowDiff
import FlowSpec
import FlowTestSupport
import Testing

/// The flow each change is made to: a screen with a nav bar, events, an alert, a request,
/// state, a link and a checklist.
private let base = """
  flow: Shop
  state: { loggedIn: false }
  start: { setRoot: Home }
  screens:
    Home:
      navBar: { title: Home, right: { image: cart, style: plain, tint: red, action: openCart } }
      on:
        openCart: { push: Cart }
        logout: { present: Logout }
        refresh: { request: load }
    Cart:
      navBar: { title: Cart, backButton: visible }
      on:
        pay:
          if: { loggedIn: true }
          then: { popToRoot: true }
          else: { present: Logout }
  alerts:
    Logout:
      title: Log out?
      actions:
        - { title: Cancel, style: cancel }
        - { title: Log out, style: destructive, do: { set: { loggedIn: false } } }
  requests:
    load:
      onFailure: { present: Logout }
  links:
    "shop://cart": { routes: [Cart] }
  spec: |
    [ ] opening the cart pushes it
        when openCart
        expect { stack: [Home, Cart] }
    [ ] logging out asks first
        when logout
        expect { presented: Logout }
  """

/// One change to `base`, and the lines `flowc diff` must report for it, in order.
struct DiffCase: Sendable, CustomTestStringConvertible {
  var name: String
  var original: String
  var replacement: String
  var expected: [String]
  /// More edits of the same change, text to replacement.
  var more: [String: String] = [:]
  var testDescription: String { name }
}

private let cases: [DiffCase] = [
  DiffCase(
    name: "an event now pushes instead of presenting", original: "logout: { present: Logout }",
    replacement: "logout: { push: Cart }",
    expected: [
      "screen Home › logout: present Logout → push Cart",
      "checklist › logging out asks first (ends differently): passes, ending with stack [Home], presented [alert Logout], state loggedIn: false → fails: expected 'Logout' presented, found nothing presented, ending with stack [Home, Cart], state loggedIn: false",
    ]),
  DiffCase(
    name: "an item that passes on both, ending elsewhere", original: "openCart: { push: Cart }",
    replacement: "openCart: [{ push: Cart }, { set: { loggedIn: true } }]",
    expected: [
      "screen Home › openCart: push Cart → push Cart; set { loggedIn: true }",
      "checklist › opening the cart pushes it (ends differently): passes, ending with stack [Home, Cart], state loggedIn: false → passes, ending with stack [Home, Cart], state loggedIn: true",
    ]),
  DiffCase(
    name: "the animated flag", original: "openCart: { push: Cart }",
    replacement: "openCart: { push: Cart, animated: false }",
    expected: ["screen Home › openCart: push Cart → push Cart, not animated"]),
  DiffCase(
    name: "a guard branch", original: "else: { present: Logout }", replacement: "else: pop",
    expected: [
      "screen Cart › pay: if loggedIn = true: popToRoot, else present Logout → if loggedIn = true: popToRoot, else pop"
    ]),
  DiffCase(
    name: "a nav bar field", original: "tint: red", replacement: "tint: blue",
    expected: ["screen Home › nav bar right tint: red → blue"]),
  DiffCase(
    name: "the back button", original: "backButton: visible", replacement: "backButton: hidden",
    expected: ["screen Cart › nav bar back button: visible → hidden"]),
  DiffCase(
    name: "an alert action's style", original: "{ title: Cancel, style: cancel }",
    replacement: "{ title: Cancel, style: default }",
    expected: ["alert Logout › action Cancel: cancel → default"]),
  DiffCase(
    name: "a link target", original: "routes: [Cart]", replacement: "routes: [Home]",
    expected: ["link shop://cart › target: [Cart] → [Home]"]),
  DiffCase(
    name: "a request outcome", original: "onFailure: { present: Logout }",
    replacement: "onFailure: { set: { loggedIn: false } }",
    expected: ["request load › on failure: present Logout → set { loggedIn: false }"]),
  DiffCase(
    name: "state", original: "state: { loggedIn: false }", replacement: "state: { loggedIn: true }",
    expected: [
      "state loggedIn › initial value: false → true",
      "checklist › opening the cart pushes it (ends differently): passes, ending with stack [Home, Cart], state loggedIn: false → passes, ending with stack [Home, Cart], state loggedIn: true",
      "checklist › logging out asks first (ends differently): passes, ending with stack [Home], presented [alert Logout], state loggedIn: false → passes, ending with stack [Home], presented [alert Logout], state loggedIn: true",
    ]),
  DiffCase(
    name: "a screen renamed", original: "\n  Cart:\n", replacement: "\n  Basket:\n",
    expected: [
      "screen: renamed Cart → Basket", "screen Home › openCart: push Cart → push Basket",
      "link shop://cart › target: [Cart] → [Basket]",
      "checklist › opening the cart pushes it (steps): when openCart / expect { stack: [Home, Cart] } → when openCart / expect { stack: [Home, Basket] }",
      // Its steps were renamed with the screen: run as written, it passes.
      "checklist › opening the cart pushes it (ends differently): passes, ending with stack [Home, Cart], state loggedIn: false → passes, ending with stack [Home, Basket], state loggedIn: false",
    ],
    more: [
      "{ push: Cart }": "{ push: Basket }", "routes: [Cart]": "routes: [Basket]",
      "[Home, Cart]": "[Home, Basket]",
    ]),
]

@Suite("flowc diff: behaviour, not text")
struct FlowDiffTests {
  private func version(_ yaml: String, file: String) throws -> (
    tree: FlowTree, source: SourceText, file: String
  ) {
    let document = FlowDocument(source: yaml, path: file, files: .embedded([:]))
    let errors = document.diagnostics.map(\.message)
    let tree = try #require(document.validTree, "\(errors)")
    return (tree, document.text, file)
  }

  private func diff(_ old: String, _ new: String) throws -> FlowDiffReport {
    FlowDiffReport(old: try version(old, file: "old.yaml"), new: try version(new, file: "new.yaml"))
  }

  @Test("a flow against itself: nothing")
  func identical() throws {
    #expect(try diff(base, base).changes.isEmpty)
    let article = try String(
      contentsOfFile: TestFlows.fixture("navigation-service.yaml"), encoding: .utf8)
    #expect(try diff(article, article).changes.isEmpty)
  }

  @Test("each kind of change, alone", arguments: cases)
  func change(_ diffCase: DiffCase) throws {
    var changed = base.replacingOccurrences(of: diffCase.original, with: diffCase.replacement)
    for (text, replacement) in diffCase.more {
      changed = changed.replacingOccurrences(of: text, with: replacement)
    }
    try #require(changed != base)
    #expect(try diff(base, changed).changes.map(\.summary) == diffCase.expected)
  }

  @Test("declarations and items added and removed, and a layout change that is none")
  func addedAndRemoved() throws {
    let added =
      base.replacingOccurrences(of: "\nalerts:\n", with: "\n  Help: {}\nalerts:\n")
      + "\n  [ ] a new item\n      expect { top: Home }\n"
    #expect(
      try diff(base, added).changes.map(\.summary) == [
        "screen Help: added", "checklist › a new item: added",
        "checklist › coverage: 30.8% (4 of 13 targets) → 28.6% (4 of 14 targets)",
      ])
    #expect(
      try diff(added, base).changes.map(\.summary) == [
        "screen Help: removed", "checklist › a new item: removed",
        "checklist › coverage: 28.6% (4 of 14 targets) → 30.8% (4 of 13 targets)",
      ])
    let relaid = base.replacingOccurrences(
      of: "openCart: { push: Cart }", with: "openCart:\n          push: Cart")
    #expect(try diff(base, relaid).changes.isEmpty)
  }

  @Test("an item whose steps changed is listed with both")
  func steps() throws {
    let changed = base.replacingOccurrences(
      of: "expect { stack: [Home, Cart] }", with: "expect { top: Cart }")
    #expect(
      try diff(base, changed).changes.map(\.summary) == [
        "checklist › opening the cart pushes it (steps): when openCart / expect { stack: [Home, Cart] } → when openCart / expect { top: Cart }"
      ])
  }

  @Test("an item whose steps changed is run as written: a new failure shows, an old one mended")
  func rewrittenItemRunsAsWritten() throws {
    // The flow is the same; only the item's expectation changed, to one that fails.
    let broken = base.replacingOccurrences(
      of: "expect { stack: [Home, Cart] }", with: "expect { stack: [Cart] }")
    let summaries = try diff(base, broken).changes.map(\.summary)
    #expect(
      summaries.contains(
        "checklist › opening the cart pushes it (ends differently): passes, ending with stack [Home, Cart], state loggedIn: false → fails: expected stack [Cart], found [Home, Cart], ending with stack [Home, Cart], state loggedIn: false"
      ), "\(summaries)")
    // And back: the item mended in the new version passes there.
    let mended = try diff(broken, base).changes.map(\.summary)
    #expect(
      mended.contains(
        "checklist › opening the cart pushes it (ends differently): fails: expected stack [Cart], found [Home, Cart], ending with stack [Home, Cart], state loggedIn: false → passes, ending with stack [Home, Cart], state loggedIn: false"
      ), "\(mended)")
  }

  @Test("a state only added is listed once, not as every item ending differently")
  func addedStateOnly() throws {
    let added = base.replacingOccurrences(
      of: "state: { loggedIn: false }", with: "state: { loggedIn: false, isLoading: false }")
    #expect(try diff(base, added).changes.map(\.summary) == ["state isLoading: added"])
    #expect(try diff(added, base).changes.map(\.summary) == ["state isLoading: removed"])
  }

  @Test("a child flow used under the same name is compared too")
  func childFlow() throws {
    let parent = """
      flow: Parent
      use: { Child: child.yaml }
      start: { setRoot: Home }
      screens:
        Home: { on: { next: { start: Child }, done: pop } }
      """
    let child =
      "flow: Child\nstart: { push: Step }\nscreens:\n  Step: { on: { close: { finish: done } } }\n"
    func version(_ child: String, _ file: String) throws -> (FlowTree, SourceText, String) {
      let document = FlowDocument(
        source: parent, path: "/flows/parent.yaml", files: .embedded(["/flows/child.yaml": child]))
      let tree = try #require(document.validTree, "\(document.diagnostics.map(\.message))")
      return (tree, document.text, file)
    }
    let changed = child.replacingOccurrences(of: "{ finish: done }", with: "pop")
    let report = FlowDiffReport(old: try version(child, "old"), new: try version(changed, "new"))
    #expect(
      report.changes.map(\.summary) == ["child flow Child › screen Step › close: finish done → pop"]
    )
  }

  @Test("a property that newly fails, and one that newly holds")
  func properties() throws {
    let withProperty =
      base + "\nproperties:\n  logging out asks: { after: logout, then: { presented: Logout } }\n"
    let broken = withProperty.replacingOccurrences(
      of: "logout: { present: Logout }", with: "logout: { push: Cart }")
    let summaries = try diff(withProperty, broken).changes.map(\.summary)
    let moved = summaries.filter { $0.hasPrefix("property ") }
    #expect(moved.count == 1, "\(summaries)")
    #expect(
      moved.first?.hasPrefix(
        "property logging out asks: holds → fails: property 'logging out asks' fails") == true)
    let fixed = try diff(broken, withProperty).changes.map(\.summary).filter {
      $0.hasPrefix("property ")
    }
    #expect(fixed.count == 1 && fixed.first?.hasSuffix("→ holds") == true, "\(fixed)")
  }

  @Test("a property that fails in both versions is no change, though its counterexample moved")
  func failsInBoth() throws {
    let failing = base + "\nproperties:\n  never the cart: { never: { top: Cart } }\n"
    let renamed = failing.replacingOccurrences(of: "openCart", with: "showCart")
    let summaries = try diff(failing, renamed).changes.map(\.summary)
    #expect(summaries.contains { $0.contains("showCart") }, "\(summaries)")
    #expect(!summaries.contains { $0.hasPrefix("property never the cart") }, "\(summaries)")
  }

  @Test("an item renamed, its steps the same; the coverage that moved")
  func renamedItemAndCoverage() throws {
    let renamed = base.replacingOccurrences(
      of: "[ ] opening the cart pushes it", with: "[ ] the cart button pushes the cart")
    #expect(
      try diff(base, renamed).changes.map(\.summary) == [
        "checklist › item: renamed opening the cart pushes it → the cart button pushes the cart"
      ])
    let fewer = base.replacingOccurrences(
      of: "  [ ] logging out asks first\n      when logout\n      expect { presented: Logout }",
      with: "")
    try #require(fewer != base)
    let summaries = try diff(base, fewer).changes.map(\.summary)
    #expect(summaries.first == "checklist › logging out asks first: removed")
    #expect(summaries.contains { $0.hasPrefix("checklist › coverage: ") }, "\(summaries)")
  }

  @Test("a grandchild flow is compared too, under its parents' names")
  func grandchild() throws {
    let files = [
      "/flows/k.yaml":
        "flow: K\nuse: { G: g.yaml }\nstart: { push: S }\nscreens:\n  S: { on: { more: { start: G } } }\n",
      "/flows/g.yaml": "flow: G\nstart: { push: T }\nscreens:\n  T: {}\n",
    ]
    let parent =
      "flow: P\nuse: { K: k.yaml }\nstart: { setRoot: Home }\nscreens:\n  Home: { on: { go: { start: K } } }\n"
    func version(_ files: [String: String], _ file: String) throws -> (FlowTree, SourceText, String)
    {
      let document = FlowDocument(source: parent, path: "/flows/p.yaml", files: .embedded(files))
      let tree = try #require(document.validTree, "\(document.diagnostics.map(\.message))")
      return (tree, document.text, file)
    }
    var changed = files
    changed["/flows/g.yaml"] = "flow: G\nstart: { push: T }\nscreens:\n  T: { on: { x: pop } }\n"
    let report = FlowDiffReport(old: try version(files, "old"), new: try version(changed, "new"))
    #expect(
      report.changes.map(\.summary) == ["child flow K › child flow G › screen T › x: added (pop)"])
  }

  @Test("the same inputs give the same report")
  func deterministic() throws {
    let changed = base.replacingOccurrences(of: "tint: red", with: "tint: blue")
      .replacingOccurrences(of: "Cart", with: "Basket")
    #expect(try diff(base, changed).changes == diff(base, changed).changes)
  }
}
