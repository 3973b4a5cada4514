import FlowSpec
import FlowTestSupport
import Testing

/// A parent that starts two children, each with a screen named `Shared` and a request named
/// `fetch`, as the parent has one too.
private let parent = """
  flow: Parent
  use:
    One: one.yaml
    Two: two.yaml
  state: { fetched: false }
  requests:
    fetch:
      onSuccess: { set: { fetched: true } }
  start: { setRoot: Home }
  screens:
    Home:
      on:
        first: { start: One }
        second: { start: Two, presented: fullScreen }
        oneDone: pop
        twoDone: dismiss
        load: { request: fetch }
  """

private func child(_ name: String, finish: String) -> String {
  """
  flow: \(name)
  state: { loaded: false }
  requests:
    fetch:
      onSuccess: { set: { loaded: true } }
    only\(name):
      onSuccess: { set: { loaded: true } }
  start: [{ push: Shared }, { request: fetch }]
  on:
    cancel: { finish: \(finish) }
  screens:
    Shared: { navBar: hidden }
  """
}

private func childDocument(_ root: String) -> FlowDocument {
  FlowDocument(
    source: root, path: "/app/parent.yaml",
    files: .embedded([
      "/app/one.yaml": child("One", finish: "oneDone"),
      "/app/two.yaml": child("Two", finish: "twoDone"),
    ])
  ).runningChecklist()
}

@Suite("A child flow's screens, requests and events, as a checklist and verify name them")
struct ChildFlowNamesTests {
  @Test("'Child.Screen' names that child's screen alone; the name alone names any")
  func qualifiedScreens() throws {
    let document = childDocument(
      parent + """

        spec: |
          [ ] One's
              when first
              expect { top: One.Shared, stack: [Home, One.Shared], pending: [One.fetch] }
          [ ] not Two's
              when first
              expect { top: Two.Shared }
          [ ] Two's, presented
              when second
              expect { presented: Two.Shared, pending: [Two.fetch] }
          [ ] by the name alone
              when first
              expect { top: Shared, pending: [One.fetch] }
        """)
    #expect(
      document.diagnostics.filter { $0.severity == .error }.isEmpty, "\(document.diagnostics)")
    #expect(document.checklistResults.map(\.passed) == [true, false, true, true])
    // Where the parent has a request of its name, the child's is pending as 'One.fetch' only.
    let plain = childDocument(
      parent + """

        spec: |
          [ ] the parent's name is not the child's
              when first
              expect { pending: [fetch] }
        """)
    #expect(plain.checklistResults.map(\.passed) == [false])
    #expect(
      document.checklistResults[1].failures.map(\.message) == [
        "expected top 'Two.Shared', found 'Shared'",
        "the item ends with requests pending: One.fetch; expect them with 'pending: […]' or complete them",
      ])
  }

  @Test(
    "a child's request is completed by its name, or as 'Child.request' where the parent has one")
  func childRequests() throws {
    let source = MarkedSource(
      parent + """

        spec: |
          [ ] the child's own request by its name
              when [first, { complete: onlyOne }]
              expect { state: { One.loaded: false }, pending: [fetch] }
          [ ] the parent's request keeps its name
              when [load, { complete: fetch }]
              expect { state: { fetched: true, One.loaded: false } }
          [ ] the child's, where the parent has one of its name
              when [first, { complete: One.fetch }]
              expect { state: { fetched: false, One.loaded: true }, pending: [] }
          [ ] misspelt
              when [first, { complete: ‸One.fetc }]
              expect { pending: [] }
        """)
    let document = childDocument(source.text)
    let unknown = try #require(document.diagnostics.only("check.unknown-request"))
    #expect(unknown.position == source.marker)
    #expect(unknown.fixIts.first?.replacement == "One.fetch")
    // Declared in the child's file, and shown there.
    #expect(unknown.notes.first?.file == "/app/one.yaml")
    #expect(unknown.notes.first?.range?.start.line == 4)
  }

  @Test("verify sends a child's request outcomes and its flow's own events")
  func verifyReachesChildEvents() throws {
    let document = childDocument(
      parent + """

        properties:
          One never loads: { never: { state: { One.loaded: true } } }
          Two is closed again: { after: cancel, then: { presented: none } }
        verify: { off: [no-repeated-request] }
        """)
    let tree = try #require(document.validTree, "\(document.diagnostics)")
    let report = PropertyVerifier(tree: tree).verify()
    // The child's own `cancel` is sent where its screen shows, so nothing is a trap, and the
    // child's `fetch` completes.
    #expect(
      report.failures.map { "\($0.property) \($0.path?.map(\.description) ?? [])" } == [
        "One never loads [\"first\", \"complete One.fetch\"]"
      ], "\(report.failures.map(\.message))")
    #expect(report.warnings.isEmpty, "\(report.warnings.map(\.message))")
  }

  @Test("a misspelt child state is suggested from the child's file, and declared there")
  func childStateSuggestion() throws {
    let source = MarkedSource(
      parent + """

        properties:
          never loaded: { never: { state: { ‸One.loade: true } } }
        """)
    let document = childDocument(source.text)
    let unknown = try #require(document.diagnostics.only("check.unknown-state"))
    #expect(unknown.position == source.marker)
    #expect(
      unknown.message
        == "'state' names no state 'One.loade'; declare it under the 'state:' of /app/one.yaml")
    #expect(unknown.fixIts.first?.replacement == "One.loaded")
    #expect(unknown.notes.first?.file == "/app/one.yaml")
    #expect(unknown.notes.first?.range?.start.line == 2)
  }

  @Test("verify names a child's requests and screens as the checklist does")
  func verifyNamesAsTheChecklist() throws {
    let kid = """
      flow: Kid
      state: { got: 0, flag: false }
      start: [{ push: KidHome }, { request: fetch }]
      requests:
        fetch:
          onSuccess: { set: { got: $v } }
      on:
        ping: { set: { flag: true } }
      screens:
        KidHome:
          navBar: { backButton: hidden }
          on:
            warn: [{ set: { flag: false } }, { present: Warn }]
      alerts:
        Warn: { title: Careful, actions: [OK] }
      """
    func verify(_ parent: String) throws -> VerificationReport {
      let document = FlowDocument(
        source: parent, path: "/app/p.yaml", files: .embedded(["/app/kid.yaml": kid]))
      let tree = try #require(document.validTree, "\(document.diagnostics)")
      return PropertyVerifier(tree: tree).verify()
    }
    let parent = """
      flow: Parent
      use: { Kid: kid.yaml }
      state: { n: 0 }
      requests:
        other: { onSuccess: { set: { n: 1 } } }
      start: { setRoot: Home }
      screens:
        Home: { on: { go: { start: Kid } } }
      spec: |
        [ ] the checklist's value for the child's request
            when [go, { complete: Kid.fetch, with: { v: 5 } }]
            expect { state: { Kid.got: 5 } }
      """
    // The checklist's value reaches the child's request, sent as `fetch`; a property of the
    // root's request name does not hold of the child's; the child's own `ping` is sent
    // under its alert; `Kid.KidHome` is a final screen.
    let report = try verify(
      parent + """

        properties:
          kid can load: { reachable: { state: { Kid.got: 5 } } }
          other never pending: { never: { pending: [other] } }
          fetch pending at first: { after: go, then: { pending: [fetch] } }
          no flag under the alert: { never: { state: { Kid.flag: true }, presented: Warn } }
        verify: { final: [Kid.KidHome], off: [all-reachable] }
        """)
    #expect(
      report.failures.map { "\($0.property) \($0.path?.map(\.description) ?? [])" } == [
        #"kid can load ["go", "fail fetch"]"#,
        #"no flag under the alert ["go", "warn", "ping"]"#,
      ], "\(report.failures.map(\.message))")
  }

  @Test("two child flows with one 'flow:' name are an error at the later 'use:'")
  func sameFlowName() throws {
    let source = MarkedSource(
      """
      flow: Parent
      use:
        A: a.yaml
        ‸B: b.yaml
      start: { setRoot: Home }
      screens:
        Home: { on: { goA: { start: A }, goB: { start: B } } }
      """)
    let kid = "flow: Kid\nstart: { push: K }\nscreens:\n  K: {}\n"
    let document = FlowDocument(
      source: source.text, path: "/app/p.yaml",
      files: .embedded(["/app/a.yaml": kid, "/app/b.yaml": kid]))
    let error = try #require(document.diagnostics.only("check.same-flow-name"))
    #expect(error.position == source.marker)
    // Deeper in the tree, whichever 'use:' comes first: at the root's use of the later.
    let deep = FlowDocument(
      source:
        "flow: P\nuse: { D: k2.yaml, A: a.yaml }\nstart: { setRoot: H }\nscreens:\n  H: { on: { a: { start: A }, d: { start: D } } }\n",
      path: "/app/p.yaml",
      files: .embedded([
        "/app/a.yaml": "flow: A\nuse: { K: k1.yaml }\nstart: { start: K }\n",
        "/app/k1.yaml": kid, "/app/k2.yaml": kid,
      ]))
    let deeper = try #require(deep.diagnostics.only("check.same-flow-name"), "\(deep.diagnostics)")
    #expect(deeper.position.line == 2)
    #expect(deeper.message.hasPrefix("two child flows are named 'Kid' (k2.yaml and k1.yaml)"))
    #expect(
      error.message
        == "two child flows are named 'Kid' (a.yaml and b.yaml): a checklist names their screens, state and requests 'Kid.…', which could be either's; give each its own 'flow:' name"
    )
  }
}
