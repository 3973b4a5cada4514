import FlowSpec
import FlowTestSupport
import Testing

@Suite("Checker: an event's argument passed on as two types")
struct ArgumentTypeConflictTests {
  private func conflicts(_ source: MarkedSource) -> [Diagnostic] {
    TestFlows.document(source.text).diagnostics.filter { $0.id == "check.argument-type-conflict" }
  }

  @Test("within one handler, in a list or across an if's arms: at the later use, noting the first")
  func withinOneHandler() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { name: "" }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            pick:
              - { push: Detail, with: { n: ‸$v } }
              - { set: { name: ‸$v } }
            open:
              if: { name: "" }
              then: { push: Detail, with: { n: ‸$w } }
              else: { set: { name: ‸$w } }
        Detail:
          params: { n: Int }
      """)
    let found = conflicts(source)
    #expect(found.map(\.position) == [source.markers[1], source.markers[3]])
    #expect(
      found.first?.message
        == "event 'pick' passes '$v' on as a String here and as an Int first: the app sends the argument as one type, an Int, so this never gets a String"
    )
    #expect(found.first?.severity == .error)
    #expect(found.map { $0.notes.first?.range?.start } == [source.markers[0], source.markers[2]])
    #expect(found.first?.notes.first?.message == "'$v' is first passed on as an Int here")
  }

  @Test("across screens and a flow-wide handler: the app's surface declares the first type")
  func acrossHandlers() throws {
    let source = MarkedSource(
      """
      flow: A
      state: { count: 0, on: false }
      start: { setRoot: Home }
      on:
        reset: { set: { on: ‸$x } }
      screens:
        Home:
          on:
            reset: { add: { count: ‸$x } }
        Other:
          on:
            reset: { set: { count: $x } }
      """)
    let found = conflicts(source)
    #expect(found.map(\.position) == [source.markers[0]])
    #expect(found.first?.notes.first?.range?.start == source.markers[1])
    let signature = try #require(
      TestFlows.document(source.text).tree?.eventSignatures.first { $0.name.value == "reset" })
    #expect(signature.arguments.map(\.type) == [.int])
  }

  @Test("across a parent and its child flow: once each, by the flow whose tree joins the two uses")
  func acrossChildFlows() throws {
    let parent = try FlowDocument.load(path: TestFlows.fixture("argument-types/parent.yaml"))
    let found = parent.diagnostics.filter { $0.id == "check.argument-type-conflict" }
    let child = TestFlows.fixture("argument-types/children/child.yaml")
    // The child's String use against the parent's Int, which the app's surface declares;
    // the child's Int use against its own String, which the child's own check reports.
    #expect(found.map(\.file) == [child, child], "\(found)")
    #expect(found.map(\.position.line) == [7, 12])
    #expect(found.first?.notes.first?.file == TestFlows.fixture("argument-types/parent.yaml"))
    #expect(found.first?.notes.first?.range?.start.line == 8)
    #expect(found.last?.notes.first?.file == nil)
    let alone = try FlowDocument.load(path: child).diagnostics.filter {
      $0.id == "check.argument-type-conflict"
    }
    #expect(alone.map(\.position.line) == [12])
  }

  @Test("one type everywhere, and a screen's parameter of another name's type: nothing")
  func oneType() throws {
    let flow = """
      flow: A
      state: { count: 0 }
      start: { setRoot: Home, with: { v: "a" } }
      screens:
        Home:
          params: { v: String }
          on:
            pick: [{ set: { count: $n } }, { push: Detail, with: { n: $n, label: $v } }]
        Detail:
          params: { n: Int, label: String }
          on:
            pick: { add: { count: $n } }
      """
    let diagnostics = TestFlows.document(flow).diagnostics
    #expect(!diagnostics.contains { $0.id == "check.argument-type-conflict" })
    #expect(!diagnostics.contains { $0.severity == .error })
  }
}
