import FlowTestSupport
import Foundation
import Testing

private let known = TestFlows.fixture("coverage.yaml")

@Suite("flowc coverage and flowc suggest")
struct CoverageCommandTests {
  @Test("text: the total, a line per kind, and every uncovered target at its place")
  func text() {
    let result = flowc(["coverage", known])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.output == """
        \(known): 30.8% covered (4 of 13)
          screens        2 of 4      50%
          transitions    2 of 6      33.3%
          alert actions  0 of 2      0%
          bar buttons    0 of 1      0%
          not covered:
            \(known):18:3: screen: Settings
            \(known):22:3: screen: Receipt
            \(known):13:7: transition: Home: on openSettings
            \(known):16:17: transition: Home: on buy, if isPremium
            \(known):21:7: transition: Settings: on logout
            \(known):27:7: transition: Upsell: on close
            \(known):32:18: alert action: alert ConfirmLogout: Cancel
            \(known):33:18: alert action: alert ConfirmLogout: Log out
            \(known):11:14: bar button: Home: right button (openSettings)

        """)
  }

  @Test("--min: exit 1 under it with the flows named, 0 at or above it")
  func minimum() {
    let under = flowc(["coverage", known, "--min", "31"])
    #expect(under.status == 1)
    #expect(under.errors.contains("coverage under 31% in '\(known)'"))
    #expect(under.errors.contains("flowc suggest"))
    #expect(flowc(["coverage", known, "--min", "30"]).status == 0)
    // The threshold as given, not rounded to what it is above.
    #expect(
      flowc(["coverage", known, "--min", "30.99"]).errors.contains("coverage under 30.99% in"))
    #expect(flowc(["coverage", known, "--min", "30%"]).status == 0)
    for bad in ["101", "-1", "abc", "nan"] {
      let result = flowc(["coverage", known, "--min", bad])
      #expect(result.status == 2, "\(bad)")
      #expect(result.errors.contains("--min takes a percentage from 0 to 100, not '\(bad)'"))
    }
  }

  @Test("--format json: counts per kind and located uncovered targets, one object per flow")
  func json() throws {
    let result = flowc(["coverage", known, "--format", "json", "--min", "50"])
    #expect(result.status == 1)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let flows = try #require(object["flows"] as? [[String: Any]])
    #expect(flows.count == 1)
    let flow = flows[0]
    #expect(flow["flow"] as? String == "Cover")
    #expect(flow["meetsMinimum"] as? Bool == false)
    let total = try #require(flow["total"] as? [String: Any])
    #expect(total["covered"] as? Int == 4)
    #expect(total["total"] as? Int == 13)
    // A number, as a JSON reader compares it: 30.8, written with one decimal.
    #expect(total["percentage"] as? Double == 30.8)
    #expect(result.output.contains("\"percentage\":30.8"))
    let kinds = try #require(flow["kinds"] as? [String: [String: Any]])
    #expect(kinds["bar button"]?["total"] as? Int == 1)
    let uncovered = try #require(flow["uncovered"] as? [[String: Any]])
    #expect(uncovered.count == 9)
    #expect(uncovered.first?["line"] as? Int == 18)
    #expect(uncovered.first?["kind"] as? String == "screen")
  }

  @Test("an error in the checklist refuses the flow: coverage, suggest and diff exit 1")
  func checklistErrors() throws {
    let folder = try TemporaryFolder()
    let flow = """
      flow: H
      start: { setRoot: Home }
      screens:
        Home: { on: { go: { push: Detail } } }
        Detail: {}
      spec: |
        [ ] goes
            when go
            expect { top: Detail }

      """
    let base = try folder.write("base.yaml", flow)
    let broken = try folder.write(
      "broken.yaml", flow.replacingOccurrences(of: "top: Detail", with: "top: Nowhere"))
    for command in [
      ["coverage", broken, "--min", "100"], ["suggest", broken], ["diff", base, broken],
    ] {
      let result = flowc(command)
      #expect(result.status == 1, "\(command): \(result)")
      #expect(result.errors.contains("'top' names no screen 'Nowhere'"), "\(command): \(result)")
    }
    #expect(flowc(["coverage", base, "--min", "100"]).status == 0)
  }

  @Test("a folder: a child flow is counted through its parent, not on its own")
  func folder() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "app.yaml",
      """
      flow: App
      use: { Child: child/child.yaml }
      start: { setRoot: Home }
      screens:
        Home:
          on: { more: { start: Child } }
      spec: |
        [ ] The child shows its screen
            when more
            expect { top: Inside }
      """)
    try folder.write(
      "child/child.yaml",
      """
      flow: Child
      start: { setRoot: Inside }
      screens:
        Inside: {}
      """)
    let result = flowc(["coverage", folder.path, "--min", "100"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.contains("app.yaml: 100% covered (3 of 3)"))
    #expect(!result.output.contains("child.yaml:"))
  }

  @Test("a flow without a checklist covers nothing and says why")
  func noChecklist() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "bare.yaml", "flow: Bare\nstart: { setRoot: Home }\nscreens:\n  Home: {}\n")
    let result = flowc(["coverage", path])
    #expect(result.output.hasPrefix("\(path): 0% covered (0 of 1) — the flow has no checklist"))
  }

  @Test("a broken flow: located errors and exit 1, from coverage and from suggest")
  func broken() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "broken.yaml", "flow: Broken\nstart: { setRoot: Home }\nscreens:\n  Home: { onn: {} }\n")
    for command in ["coverage", "suggest"] {
      let result = flowc([command, path])
      #expect(result.status == 1, "\(command)")
      #expect(result.errors.contains("\(path):4:11: error: unknown key 'onn'"), "\(result)")
    }
    #expect(flowc(["suggest"]).status == 2)
    #expect(flowc(["suggest", path, path]).status == 2)
    #expect(flowc(["coverage", folder.path + "/missing.yaml"]).status == 2)
  }

  @Test("suggest prints items indented for the flow's block, with the coverage they bring")
  func suggest() {
    let result = flowc(["suggest", known])
    #expect(result.status == 0, "\(result)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "# 5 items to paste into the checklist of '\(known)', each at the end of its section ('--write' puts them there):"
    )
    #expect(lines.dropFirst().first == "# coverage 30.8% → 100%")
    #expect(lines.dropFirst(2).first == "  ========= HOME")
    #expect(lines.dropFirst(3).first == "  [ ] Home: right button (openSettings)")
    #expect(lines.dropFirst(4).first == "      when { tap: right }")
    #expect(result.errors.isEmpty)
  }

  @Test("suggest --write puts the items under their sections, atomically; then nothing is left")
  func suggestWrite() throws {
    let folder = try TemporaryFolder()
    let original = try String(contentsOfFile: known, encoding: .utf8)
    let path = try folder.write("coverage.yaml", original)
    let result = flowc(["suggest", path, "--write"])
    #expect(result.status == 0, "\(result)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "# wrote 5 items into the checklist of '\(path)', marked '[ ]' ('flowc spec \(path) --update' marks those that pass):"
    )
    #expect(lines.dropFirst().first == "#   HOME: Home: right button (openSettings)")
    #expect(lines.last == "# coverage 30.8% → 100%")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix(original.prefix { $0 != "[" }))
    #expect(text.components(separatedBy: "========= HOME").count == 2)
    #expect(
      text.contains("  [ ] Premium is not tested yet\n  [ ] Home: right button (openSettings)\n"))
    // The written file checks as before (one warning: the unbound item), and its items pass.
    let check = flowc(["check", path])
    #expect(check.status == 0, "\(check)")
    #expect(!check.output.contains("written twice"))
    let update = flowc(["spec", path, "--update"])
    #expect(update.output.contains("updated 6 marks: 6 now done, 0 now to do"), "\(update)")
    let again = flowc(["suggest", path, "--write"])
    #expect(again.status == 0)
    #expect(again.output.contains("nothing to add"))
  }

  @Test(
    "suggest --write refuses a checklist written as a mapping, or an empty spec, and leaves the file as it was"
  )
  func suggestWriteMapping() throws {
    let folder = try TemporaryFolder()
    let flow = try String(
      contentsOfFile: TestFlows.fixture("mapped-checklist.yaml"), encoding: .utf8)
    let path = try folder.write("mapped.yaml", flow)
    let result = flowc(["suggest", path, "--write"])
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "flowc: error: \(path) was not changed: its checklist is a YAML mapping of quoted items"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == flow)
    let empty =
      "flow: Mini\nstart: { setRoot: Home }\nscreens:\n  Home:\n    on: { next: { push: Detail } }\n  Detail: {}\nspec:\n"
    let emptyPath = try folder.write("empty.yaml", empty)
    let refused = flowc(["suggest", emptyPath, "--write"])
    #expect(refused.status == 1)
    #expect(
      refused.errors.contains(
        "flowc: error: \(emptyPath) was not changed: its 'spec:' has no value; write 'spec: |' and run again"
      ))
    #expect(try String(contentsOfFile: emptyPath, encoding: .utf8) == empty)
  }

  @Test("suggest names the first 20 targets out of reach, then counts the rest")
  func outOfReach() throws {
    let folder = try TemporaryFolder()
    let screens = (0..<25).map { "  Detail\($0): { params: { id: Int } }" }.joined(separator: "\n")
    let events = (0..<25).map { "show\($0): { push: Detail\($0), with: { id: $id } }" }
      .joined(separator: ", ")
    let path = try folder.write(
      "far.yaml",
      "flow: Far\nstart: { setRoot: Home }\nscreens:\n  Home:\n    on: { \(events) }\n\(screens)\n")
    let result = flowc(["suggest", path])
    #expect(result.status == 0, "\(result)")
    let notes = result.errors.split(separator: "\n")
    #expect(notes.count == 22)
    #expect(
      notes.first?.hasSuffix("note: no sequence of at most 12 events reaches screen 'Detail0'")
        == true)
    #expect(
      notes.dropLast().last
        == "flowc: note: 30 more targets out of reach are not listed ('flowc coverage' lists every uncovered target)"
    )
    // Why: no item gives those events their values, which suggest sends only from items.
    #expect(
      notes.last
        == "flowc: note: suggest sends only the values the checklist uses, and no item gives these events their arguments: 'show0' (id), 'show1' (id), 'show2' (id), 'show3' (id), 'show4' (id) and 20 more; add an item that sends one ('when { show0: { id: … } }'), and what it leads to can be suggested"
    )
  }

  @Test("suggest on a fully covered flow says there is nothing to add")
  func nothingToSuggest() {
    let result = flowc(["suggest", TestFlows.fixture("todo.yaml")])
    #expect(result.status == 0)
    #expect(result.output.contains("nothing to add"))
  }
}
