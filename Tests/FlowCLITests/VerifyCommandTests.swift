import FlowSpec
import FlowTestSupport
import Foundation
import Testing

@Suite("flowc verify")
struct VerifyCommandTests {
  /// A folder holding `parent.yaml`, whose Home starts the child flow of `child.yaml`.
  private func parentFolder(adding more: String = "") throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let parent = """
      flow: Parent
      use: { Child: child.yaml }
      start: { setRoot: Home }
      screens:
        Home: { on: { next: { start: Child }, childDone: pop } }

      """
    try (parent + more).write(
      toFile: folder.path + "/parent.yaml", atomically: true, encoding: .utf8)
    return folder
  }

  @Test("a failing property: its place, the counterexample to paste, the figures, exit 1")
  func text() throws {
    let path = TestFlows.fixture("verify/logout.yaml")
    let result = flowc(["verify", path])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.output.contains(
        "\(path):8:3: error: property 'logged out, no account screen is kept' fails"))
    #expect(result.output.contains("shortest counterexample (3 events)"))
    #expect(result.output.contains("        when [login, showAccount, logout]\n"))
    #expect(
      result.output.contains("        expect { holds: \"logged out, no account screen is kept\" }"))
    #expect(
      result.output.contains("5 properties over 6 states and 9 transitions (depth 5): 1 failure"))
  }

  @Test("a flow whose properties hold exits 0, and says when its bounds were hit")
  func clean() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/ok.yaml"
    try """
    flow: Ok
    start: { setRoot: Home }
    properties:
      home is the root: { always: { root: Home } }
    screens:
      Home: { on: { next: { push: Home } } }
    verify: { repeatable: [Home] }
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let result = flowc(["verify", path, "--stack", "3"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains(": all hold"))
    #expect(
      result.output.contains(
        "note: the search hit its bounds (stack 3): what holds is proved within them only; raise them with 'verify: { stack: N }' or --stack"
      ), "\(result)")
  }

  /// A flow whose one Int the handlers change, written to a file; the flow writes 12.
  private func intFlow(_ handlers: String, verify: String) throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "raised.yaml",
      """
      flow: Raised
      state: { n: 0 }
      start: { setRoot: Home }
      screens:
        Home: { on: { \(handlers), jump: { set: { n: 12 } } } }
      verify: \(verify)
      """)
    return (folder, path)
  }

  @Test("a bound the search raised says from what, as the flow asked for less")
  func raisedBound() throws {
    let (folder, path) = try intFlow("up: { add: { n: 1 } }", verify: "{ ints: 5, off: [no-trap] }")
    defer { withExtendedLifetime(folder) {} }
    let result = flowc(["verify", path])
    #expect(
      result.output.contains(
        "note: the search hit its bounds (ints 12, raised from 5 to what the flow, its checklist or a fresh value holds)"
      ), "\(result)")
  }

  @Test("a bound raised but not hit says so too: --ints 3 on a flow that writes 12")
  func raisedBoundNotHit() throws {
    let (folder, path) = try intFlow("back: { set: { n: 0 } }", verify: "{ off: [no-trap] }")
    defer { withExtendedLifetime(folder) {} }
    let note =
      "note: the search raised ints from 3 to 12: the flow starts with, writes or sends values that large, and a bound below them would leave out states reached without anything growing"
    let result = flowc(["verify", path, "--ints", "3"])
    #expect(result.status == 0)
    #expect(result.output.contains(note), "\(result)")
    #expect(!result.output.contains("hit its bounds"), "\(result)")
    let json = flowc(["verify", path, "--ints", "3", "--format", "json"]).output
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let flow = try #require((object["flows"] as? [[String: Any]])?.first)
    let raised = try #require(flow["boundsRaised"] as? [String: [String: Int]])
    #expect(raised == ["ints": ["asked": 3, "to": 12]])
    // Asked for enough, nothing is raised, and nothing is said.
    #expect(!flowc(["verify", path, "--ints", "20"]).output.contains("the search raised"))
  }

  @Test("the texts bound says how far a text may grow, which is what --texts sets")
  func textsBound() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "texts.yaml",
      """
      flow: Texts
      state: { trail: start }
      start: { setRoot: Home }
      screens:
        Home: { on: { grow: { set: { trail: "{trail}>" } } } }
      verify: { texts: 3, off: [no-trap] }
      """)
    let result = flowc(["verify", path])
    #expect(
      result.output.contains("the search hit its bounds (texts 3, texts up to 8 characters)"),
      "\(result)")
  }

  @Test("JSON: each flow's figures and failures, with the path and the item")
  func json() throws {
    let result = flowc(["verify", TestFlows.fixture("verify/trap.yaml"), "--format", "json"])
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let flows = try #require(object["flows"] as? [[String: Any]])
    #expect(flows.first?["states"] as? Int == 2)
    let failure = try #require((flows.first?["failures"] as? [[String: Any]])?.first)
    #expect(failure["id"] as? String == "verify.no-trap")
    #expect(failure["path"] as? [String] == ["buy"])
    #expect((failure["item"] as? String)?.contains("expect { holds: \"no-trap\" }") == true)
  }

  @Test("SARIF: a result per failure, its rule the id")
  func sarif() throws {
    let result = flowc(["verify", TestFlows.fixture("verify/retry.yaml"), "--format", "sarif"])
    #expect(result.status == 1)
    #expect(
      result.output.contains("\"ruleId\" : \"verify.no-repeated-request\"")
        || result.output.contains("\"ruleId\": \"verify.no-repeated-request\""))
  }

  @Test("SARIF: bounds the search hit are a note at the flow's 'verify:'")
  func sarifBounds() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "bounded.yaml",
      """
      flow: Bounded
      start: { setRoot: Home }
      screens:
        Home: { on: { next: { push: Home } } }
      verify: { repeatable: [Home], stack: 2 }
      """)
    let result = flowc(["verify", path, "--format", "sarif"])
    #expect(result.status == 0, "\(result)")
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    let note = try #require(results.first { $0["ruleId"] as? String == "verify.bounded" })
    #expect(note["level"] as? String == "note")
    let message = (note["message"] as? [String: Any])?["text"] as? String
    #expect(message?.contains("(stack 2)") == true, "\(String(describing: message))")
    let location =
      (note["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
    #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 5)
    let rules =
      (run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?[
        "rules"] as? [[String: Any]]
    let rule = rules?.first { $0["id"] as? String == "verify.bounded" }
    #expect(
      (rule?["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note",
      "\(String(describing: rule))")
  }

  @Test("a flow with errors is not verified: its errors and exit 1")
  func errors() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/bad.yaml"
    try "flow: Bad\nstart: { setRoot: Hom }\nscreens: { Home: {} }\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = flowc(["verify", path])
    #expect(result.status == 1)
    #expect(result.output.contains("check.unknown-screen") || result.output.contains("'Hom'"))
    #expect(result.errors.contains("flows with errors are not verified"))
  }

  @Test("a flow that cannot start says nothing was verified, in text and in JSON")
  func cannotStart() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "start.yaml",
      """
      flow: Start
      state: { n: 9223372036854775807 }
      start: [{ add: { n: 1 } }, { setRoot: Home }]
      screens: { Home: {} }
      """)
    let text = flowc(["verify", path])
    #expect(text.status == 1, "\(text)")
    #expect(text.output.contains("start.yaml: nothing verified: the flow cannot start"), "\(text)")
    // At the flow's `start:`, not at its first line.
    #expect(text.output.contains("start.yaml:3:11: error: flow 'Start' cannot start"), "\(text)")
    #expect(!text.output.contains("all hold"), "\(text)")
    let json = flowc(["verify", path, "--format", "json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let flow = try #require((object["flows"] as? [[String: Any]])?.first)
    let failures = try #require(flow["failures"] as? [[String: Any]])
    #expect(failures.map { $0["id"] as? String } == ["verify.start"])
  }

  @Test("a flow whose only error is in its checklist is verified, and not said to be unverified")
  func checklistErrorOnly() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "list.yaml",
      """
      flow: List
      start: { setRoot: Home }
      screens: { Home: {} }
      verify: { off: [no-trap] }
      spec: |
        [ ] x
            expect { top: Hom }
      """)
    let result = flowc(["verify", path])
    #expect(result.status == 1, "\(result)")
    #expect(result.output.contains("'Hom'"), "\(result)")
    #expect(result.output.contains("list.yaml: 3 properties over 1 state"), "\(result)")
    #expect(!result.errors.contains("not verified"), "\(result)")
    #expect(result.errors.contains("a checklist has errors"), "\(result)")
  }

  @Test("a child flow: verified through its parent, and alone for the properties it declares")
  func childFlow() throws {
    let folder = try parentFolder()
    // Alone, Step is a trap (finishing needs a parent), which only the parent can show.
    try """
    flow: Child
    start: { push: Step }
    properties:
      the child shows its step: { never: { top: Step, presented: Sheet } }
      closing goes back: { after: close, then: { stack: [Step] } }
    screens:
      Step:
        navBar: { backButton: hidden }
        on: { done: { finish: childDone }, open: { present: Sheet } }
      Sheet: {}
      Unused: { on: { close: pop } }
    """.write(toFile: folder.path + "/child.yaml", atomically: true, encoding: .utf8)
    let result = flowc(["verify", folder.path])
    #expect(result.status == 1, "\(result)")
    let child = folder.path + "/child.yaml"
    #expect(
      result.output.contains("\(child):4:3: error: property 'the child shows its step' fails"))
    #expect(
      result.output.contains(
        "\(child):5:3: warning: property 'closing goes back' holds only because"))
    #expect(result.output.contains("\(child): 2 properties over"))
    #expect(!result.output.contains("\(child):1:7: error: no-trap"), "\(result.output)")
    #expect(result.output.contains("\(folder.path)/parent.yaml: 4 properties over"))
  }

  @Test("flowc gen: a test per property; a child flow's built-in ones only through its parent")
  func generatedPropertyTests() throws {
    let folder = try parentFolder(adding: "verify: { off: no-double-push }\n")
    try """
    flow: Child
    start: { push: Step }
    properties:
      step on top: { always: { top: Step } }
    screens:
      Step: { on: { done: { finish: childDone } } }
    """.write(toFile: folder.path + "/child.yaml", atomically: true, encoding: .utf8)
    let result = flowc(["gen", folder.path, "--output", folder.path + "/Generated"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("ParentChecklist.swift (3 tests)"))
    #expect(result.output.contains("ChildChecklist.swift (1 test)"))
    let parent = try String(
      contentsOfFile: folder.path + "/Generated/ParentChecklist.swift", encoding: .utf8)
    #expect(parent.contains("@Test(\"no-trap\")") && !parent.contains("@Test(\"no-double-push\")"))
    #expect(parent.contains("checklist.proveProperties(builtIns: true)"))
    let child = try String(
      contentsOfFile: folder.path + "/Generated/ChildChecklist.swift", encoding: .utf8)
    #expect(child.contains("@Test(\"step on top\")") && !child.contains("@Test(\"no-trap\")"))
    #expect(child.contains("checklist.proveProperties(builtIns: false)"))
  }

  @Test("bad options are usage errors")
  func usage() throws {
    #expect(flowc(["verify", TestFlows.fixture("verify/trap.yaml"), "--depth", "0"]).status == 2)
    #expect(flowc(["verify", "/no/such/file.yaml"]).status == 2)
    let huge = flowc(
      ["verify", TestFlows.fixture("verify/trap.yaml"), "--texts", "99999999999999999999"])
    #expect(huge.status == 2)
    #expect(
      huge.errors.contains(
        "'--texts' is too large: at most 9223372036854775807, not '99999999999999999999'"),
      "\(huge)")
  }
}
