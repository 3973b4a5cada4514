import FlowSpec
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCLI

/// A flow whose checklist has a passing item marked to do, a failing item marked done, an
/// unbound item marked done and an honest one, with comments and odd spacing.
private let dishonest = """
  flow: Marks   # a comment after the name
  start: { setRoot: Home }
  screens:
    Home:   { navBar: { title: Home }, on: { go: { push: Next } } }
    Next: {}
  spec: |
    # the checklist, with a comment
    ===== MARKS
    [ ]   Passes but is marked to do
          when go
          expect { top: Next }
    - [x] Fails but is marked done
          expect { top: Next }
    [✅] Has no steps
    [✅] Honest
          expect { top: Home }

  """

@Suite("flowc spec")
struct SpecCommandTests {
  @Test("prints the checklist in the articles' plain form")
  func plainForm() {
    let result = flowc(["spec", TestFlows.fixture("navigation-service.yaml")])
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix(
        " ========= LOGIN\n [✅] On init user not login set login view as root with no animation\n   [✅] User first login push to the onboarding view\n     [✅] Validate onboarding"
      ))
    #expect(
      result.output.contains("\n\n ========= NEW INFOS\n [✅] New info nav bar have a title\n"))
  }

  @Test(
    "--update rewrites only the marks that lie, byte for byte, keeping comments, spacing, CRLF and permissions"
  )
  func update() throws {
    let folder = try TemporaryFolder()
    let original = dishonest.replacingOccurrences(of: "\n", with: "\r\n")
    let path = try folder.write("marks.yaml", original)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let result = flowc(["spec", path, "--update"])
    #expect(result.status == 0, "\(result)")
    let expected =
      original
      .replacingOccurrences(of: "[ ]   Passes", with: "[✅]   Passes")
      .replacingOccurrences(of: "- [x] Fails", with: "- [ ] Fails")
      .replacingOccurrences(of: "[✅] Has no steps", with: "[ ] Has no steps")
    let written = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(written == Data(expected.utf8))
    let permissions =
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
    #expect(result.output.contains("updated 3 marks: 1 now done, 2 now to do\n"))
    // A failing item says why, with its first failed expectation and its place.
    #expect(
      result.output.hasSuffix(
        "1 item fails, each with its first failure:\n  Fails but is marked done\n    ↳ \(path):13:23: expected top 'Next', found 'Home'\n"
      ))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["marks.yaml"],
      "no temporary file left")
    let again = flowc(["spec", path, "--update"])
    #expect(again.output.hasPrefix("every mark in \(path) already matches"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
  }

  @Test("--update rewrites marks inside quoted keys of the mapping form")
  func updateMappingForm() throws {
    let folder = try TemporaryFolder()
    let text = """
      flow: Quoted
      start: { setRoot: Home }
      screens: { Home: {} }
      spec:
        MAIN:
          "[ ] Starts at home":   # passes
            expect: { top: Home }
          '[✅] Starts elsewhere':
            expect: { top: Home, stack: [] }

      """
    let path = try folder.write("quoted.yaml", text)
    #expect(flowc(["spec", path, "--update"]).status == 0)
    let expected = text.replacingOccurrences(of: "\"[ ] Starts", with: "\"[✅] Starts")
      .replacingOccurrences(of: "'[✅] Starts elsewhere'", with: "'[ ] Starts elsewhere'")
    #expect(try folder.read("quoted.yaml") == expected)
  }

  @Test("--update refuses to write when the file changed since it was read")
  func changedSinceRead() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("marks.yaml", dishonest)
    let document = try FlowDocument.load(path: path).runningChecklist()
    try folder.write("marks.yaml", dishonest + "# edited meanwhile\n")
    var errors = ""
    let console = Console(writeOutput: { _ in }, writeError: { errors += $0 })
    let status = SpecCommand.update(
      document, changes: MarkRewriter.changes(for: document.checklistResults), console: console)
    #expect(status == .problemsFound)
    #expect(errors.contains("changed while flowc was running; nothing was written"))
    #expect(try folder.read("marks.yaml") == dishonest + "# edited meanwhile\n")
  }

  @Test("--check changes nothing and exits 1 while a mark disagrees with its result")
  func check() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("marks.yaml", dishonest)
    let result = flowc(["spec", path, "--check"])
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        "\(path):9:3: error: 'Passes but is marked to do' passes but is marked to do; run 'flowc spec --update'"
      ))
    #expect(
      result.output.contains(
        "\(path):12:5: error: 'Fails but is marked done' is marked done but fails: expected top 'Next', found 'Home'"
      ))
    #expect(
      result.output.contains("\(path):14:3: error: 'Has no steps' is marked done but has no steps"))
    #expect(try folder.read("marks.yaml") == dishonest)
    #expect(
      flowc(["spec", TestFlows.fixture("navigation-service.yaml"), "--check"]).status == 0)
  }

  @Test("--results prints the marks the results call for, and how many failures follow the first")
  func results() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("marks.yaml", dishonest)
    #expect(
      flowc(["spec", path, "--results"]).output
        == " ========= MARKS\n [✅] Passes but is marked to do\n [ ] Fails but is marked done\n     ↳ 13:23: expected top 'Next', found 'Home'\n [ ] Has no steps\n [✅] Honest\n"
    )
    let twice = try folder.write(
      "twice.yaml",
      dishonest.replacingOccurrences(
        of: "done\n        expect { top: Next }",
        with: "done\n        expect { top: Next, navBar: { title: Nope } }"))
    #expect(
      flowc(["spec", twice, "--results"]).output.contains(
        "     ↳ 13:23: expected top 'Next', found 'Home' (and 1 more)\n"))
  }

  @Test("misuse: two modes, no flow, or a flow without a checklist")
  func misuse() throws {
    #expect(flowc(["spec", "a.yaml", "--update", "--check"]).status == 2)
    #expect(flowc(["spec"]).status == 2)
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "plain.yaml", "flow: A\nstart: { setRoot: Home }\nscreens: { Home: {} }\n")
    let result = flowc(["spec", path])
    #expect(result.status == 1)
    #expect(result.errors.contains("has no checklist; add one under 'spec:'"))
  }
}

@Suite("flowc gen")
struct GenCommandTests {
  @Test(
    "writes one Swift Testing file per flow, named after it, and rewrites it only when it changes")
  func generate() throws {
    let folder = try TemporaryFolder()
    let output = folder.path + "/Generated"
    let first = flowc([
      "gen", TestFlows.fixture("navigation-service.yaml"), "--output", output,
    ])
    #expect(first.status == 0, "\(first)")
    #expect(first.output == "generated \(output)/NavigationServiceChecklist.swift (20 tests)\n")
    let file = output + "/NavigationServiceChecklist.swift"
    let source = try String(contentsOfFile: file, encoding: .utf8)
    #expect(source.hasPrefix("// Generated by flowc from navigation-service.yaml; do not edit"))
    #expect(source.components(separatedBy: "@Test(").count - 1 == 20)
    let modified =
      try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
    let second = flowc([
      "gen", TestFlows.fixture("navigation-service.yaml"), "--output", output,
    ])
    #expect(second.output.isEmpty, "an unchanged file is not rewritten")
    #expect(
      try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == modified
    )
  }

  @Test("a flow with errors is reported and nothing is written for it")
  func invalidFlow() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "bad.yaml", "flow: Bad\nstart: { setRoot: Nowhere }\nscreens: { Home: {} }\n")
    let result = flowc(["gen", path, "--output-file", folder.path + "/Bad.swift"])
    #expect(result.status == 1)
    #expect(result.errors.contains("error: 'setRoot' names no screen 'Nowhere'"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Bad.swift"))
  }

  @Test(
    "a problem inside the checklist is a warning: the tests are generated and that item's test fails"
  )
  func checklistProblem() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "flow.yaml",
      "flow: A\nstart: { setRoot: Home }\nscreens: { Home: {} }\nspec: |\n  [ ] Go\n      when og\n"
    )
    let result = flowc(["gen", path, "--output-file", folder.path + "/A.swift"])
    #expect(result.status == 0)
    #expect(
      result.errors.contains(
        "6:12: warning: no screen handles event 'og' (its item's test will fail)"))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/A.swift"))
  }

  @Test("misuse: no output, both outputs, --output-file with several flows")
  func misuse() {
    let flow = TestFlows.fixture("navigation-service.yaml")
    #expect(flowc(["gen", flow]).errors.hasPrefix("Error: say where to write with --output DIR"))
    #expect(flowc(["gen", flow, "--output", "a", "--output-file", "b"]).status == 2)
    #expect(flowc(["gen", flow, flow, "--output-file", "b.swift"]).status == 2)
  }
}
