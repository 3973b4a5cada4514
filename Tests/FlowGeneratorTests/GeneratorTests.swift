import FlowGenerator
import FlowSpec
import FlowTestSupport
import Foundation
import Testing

@testable import FlowGenerator

/// The folder of reference flows and the Swift the generator must produce from them.
private let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("References")

/// The generator's output for a reference flow, reported as if read from `/flows/<name>`.
private func generate(_ name: String) throws -> String {
  let document = try FlowDocument.load(path: references.appendingPathComponent(name).path)
  let flow = try #require(document.validFlow, "\(document.diagnostics)")
  return ChecklistTestGenerator.render(
    flow, source: document.text,
    options: .init(filePath: "/flows/" + name, typeName: "ReferenceChecklist"))
}

/// The lines that differ between two texts, for a readable failure.
private func lineDiff(expected: String, actual: String) -> String {
  let expectedLines = expected.components(separatedBy: "\n")
  let actualLines = actual.components(separatedBy: "\n")
  var report: [String] = []
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let left = index < expectedLines.count ? expectedLines[index] : "<none>"
    let right = index < actualLines.count ? actualLines[index] : "<none>"
    if left != right {
      report.append("line \(index + 1):\n  expected: \(left)\n  actual:   \(right)")
    }
  }
  return report.prefix(10).joined(separator: "\n")
}

@Suite("Generator: flow in, Swift out")
struct GeneratorTests {
  @Test(
    "each reference flow generates exactly its reference Swift",
    arguments: ["sections.yaml", "properties.yaml"])
  func reference(name: String) throws {
    let expectedURL = references.appendingPathComponent(
      name.replacingOccurrences(of: ".yaml", with: ".swift.expected"))
    let actual = try generate(name)
    if ProcessInfo.processInfo.environment["FLOWSPEC_RECORD"] == "1" {
      try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: expectedURL, encoding: .utf8)
    #expect(actual == expected, "\(lineDiff(expected: expected, actual: actual))")
  }

  @Test("the same flow always gives the same bytes")
  func deterministic() throws {
    #expect(try generate("sections.yaml") == generate("sections.yaml"))
  }

  @Test("the embedded flow text comes back exactly, even with quotes and hashes in it")
  func embeddedSourceRoundTrips() throws {
    let generated = try generate("sections.yaml")
    let original = try String(
      contentsOf: references.appendingPathComponent("sections.yaml"), encoding: .utf8)
    let opening = try #require(generated.range(of: "  source: "))
    let hashes = generated[opening.upperBound...].prefix { $0 == "#" }
    #expect(hashes.count == 2, "the text holds '\"\"\"#', so one '#' would end the literal early")
    let literalStart = "source: \(hashes)\"\"\"\n"
    let literalEnd = "\"\"\"\(hashes))\n"
    // Swift drops the line break before the closing delimiter: one more keeps the file's own.
    #expect(generated.contains(literalStart + original + "\n" + literalEnd))
  }
}

@Suite("Generator: names from checklist text")
struct GeneratedNameTests {
  @Test(
    "letters are folded to ASCII, not dropped; inner capitals are kept",
    arguments: [
      ("Pop retire la dernière route", "popRetireLaDerniereRoute"),
      ("Écran d'accueil affiché", "ecranDAccueilAffiche"),
      ("Straße öffnen", "strasseOffnen"),
      ("didTapProduct pousse le détail", "didTapProductPousseLeDetail"),
      ("LOGIN user", "loginUser"),
      ("42 is the answer", "item42IsTheAnswer"),
      ("Cafe\u{301} ouvert", "cafeOuvert"),
      ("Ελληνικά work", "ελληνικάWork"),
      ("!!!", "item"),
      // Symbols alone are named by their Unicode names, so two emoji do not both take "item".
      ("✅ !!!", "whiteHeavyCheckMark"),
      ("🏠", "houseBuilding"),
      ("👨‍👩‍👧", "manWomanGirl"),
    ])
  func names(text: String, name: String) {
    #expect(SwiftNames.lowerCamel(text, fallback: "item") == name)
  }
}

@Suite("Generator: the app's routes from the flow")
struct RouteGeneratorTests {
  @Test(
    "an item whose step cannot be read is a test that runs and fails there, not a disabled one; a section named as a module the code calls is renamed"
  )
  func unreadStepsAndModuleNames() throws {
    let source = """
      flow: Broken
      start: { setRoot: A }
      screens:
        A: {}
      spec: |
        === FlowSpecTesting
        [x] starts on A
            expect { top: A
        [ ] typo step
            expct { top: A }
        [ ] tabbed
        \texpect { top: A }
        [ ] not written yet
      """
    let document = FlowDocument(source: source, path: "/app/broken.yaml")
    let flow = try #require(document.validFlow, "\(document.diagnostics)")
    let swift = ChecklistTestGenerator.render(
      flow, source: document.text, options: .init(filePath: "/app/broken.yaml", typeName: "B"))
    #expect(swift.contains("@Test(\"starts on A\")\n"), "\(swift)")
    #expect(swift.contains("@Test(\"typo step\")\n"), "\(swift)")
    #expect(swift.contains("@Test(\"tabbed\")\n"), "\(swift)")
    #expect(swift.contains("@Test(\"not written yet\", .disabled("), "\(swift)")
    #expect(!swift.contains("struct FlowSpecTesting "), "\(swift)")
    #expect(swift.contains("FlowSpecTesting.recordIssues"), "\(swift)")
    // Those tests fail, each at its own step.
    let verifier = ChecklistVerifier(filePath: "/app/broken.yaml", source: source)
    #expect(verifier.failures(ofItem: 0).map(\.line) == [8], "\(verifier.failures(ofItem: 0))")
    #expect(verifier.failures(ofItem: 1).map(\.line) == [10], "\(verifier.failures(ofItem: 1))")
  }

  @Test("a screen named like the route type's static 'tabRoots' gets a case of its own name")
  func routeCaseBesideStaticMember() throws {
    let flow = try TestFlows.flow(
      "flow: Tr\ntabs:\n  Home: { root: tabRoots }\nscreens:\n  tabRoots: {}\n")
    let swift = RouteGenerator.render(flow, fileName: "tr.yaml")
    #expect(swift.contains("case tabRoots2\n"), "\(swift)")
    #expect(swift.contains("public static let tabRoots:"), "\(swift)")
    // Without tabs there is no static 'tabRoots': the case keeps its name.
    let plain = RouteGenerator.render(
      try TestFlows.flow("flow: Tr\nstart: { setRoot: tabRoots }\nscreens:\n  tabRoots: {}\n"),
      fileName: "tr.yaml")
    #expect(plain.contains("case tabRoots\n"), "\(plain)")
  }

  @Test("a screen named by an emoji takes its Unicode name, leaving 'screen' to a real Screen")
  func emojiScreens() throws {
    let document = FlowDocument(
      source: """
        flow: Emoji
        start: { setRoot: "🏠" }
        screens:
          "🏠": { on: { go: { push: Screen }, fly: { push: "🚀" } } }
          Screen: {}
          "🚀": {}
        """, path: "emoji.yaml")
    let source = RouteGenerator.render(try #require(document.validFlow), fileName: "emoji.yaml")
    for name in ["houseBuilding", "screen", "rocket"] {
      #expect(source.contains("  case \(name)\n"), "\(source)")
    }
    #expect(!source.contains("case screen2"))
  }

  @Test("screens become cases with typed values; links become the parser; events a type")
  func routes() throws {
    let document = try FlowDocument.load(
      path: repositoryRoot() + "/Tests/Fixtures/shop.yaml")
    let source = RouteGenerator.render(try #require(document.validFlow), fileName: "shop.yaml")
    #expect(source.contains("public enum ShopRoute: Hashable, Sendable, Codable {"))
    #expect(source.contains("  case productDetail(id: Int)\n  case profile(userID: String)\n"))
    #expect(
      source.contains(
        "if let values = parts.match(scheme: \"monapp\", parts: [.literal(\"product\"), .variable(\"id\")], query: []) {\n      guard let value1 = values[\"id\"].flatMap({ Int($0) }) else { return nil }\n      return (\"Accueil\", [.productDetail(id: value1)])"
      ))
    #expect(source.contains("public enum ShopEvent: String, CaseIterable, Sendable {"))
    #expect(source.contains("  case showProduct = \"showProduct\""))
    #expect(
      source == RouteGenerator.render(try #require(document.validFlow), fileName: "shop.yaml"))
  }

  @Test("a link variable two parameters read as different types is read once for each type")
  func variableOfTwoTypes() throws {
    let flow = try TestFlows.flow(
      """
      flow: L
      start: { setRoot: Home }
      links:
        "app://item/{v}": [{ ById: { id: $v } }, { ByName: { name: $v } }, { Again: { id: $v } }]
      screens:
        Home: {}
        ById: { params: { id: Int } }
        ByName: { params: { name: String } }
        Again: { params: { id: Int } }
      """)
    let source = RouteGenerator.render(flow, fileName: "l.yaml")
    #expect(
      source.contains(#"guard let value1 = values["v"].flatMap({ Int($0) }) else { return nil }"#))
    #expect(source.contains(#"guard let value2 = values["v"] else { return nil }"#), "\(source)")
    #expect(source.contains("[.byId(id: value1), .byName(name: value2), .again(id: value1)]"))
  }

  @Test("a route's text with values reads the link's variables; doubled braces write one")
  func textWithLinkValues() throws {
    let flow = try TestFlows.flow(
      """
      flow: L
      start: { setRoot: Home }
      links:
        "app://item/{v}": [{ Item: { id: $v, title: "No. {v} {{v}}", plain: "{{v}}" } }]
      screens:
        Home: {}
        Item: { params: { id: Int, title: String, plain: String } }
      """)
    let source = RouteGenerator.render(flow, fileName: "l.yaml")
    #expect(
      source.contains(
        #"[.item(id: value1, title: ["No. ", (values["v"] ?? "{v}"), " {v}"].joined(), plain: "{v}")]"#
      ), "\(source)")
  }

  @Test("flowc gen --routes writes <Flow>Routes.swift")
  func command() throws {
    let folder = try TemporaryFolder()
    let result = flowc([
      "gen", "--routes", repositoryRoot() + "/Tests/Fixtures/shop.yaml", "--output",
      folder.path,
    ])
    #expect(result.status == 0, "\(result)")
    #expect(result.output.hasSuffix("ShopRoutes.swift (8 routes)\n"))
    #expect(try folder.read("ShopRoutes.swift").hasPrefix("// Generated by flowc from shop.yaml"))
  }
}

@Suite("Generator: suite type names from flow file names")
struct GeneratedTypeNameTests {
  @Test(
    "the name comes from the whole file name but its extension",
    arguments: [
      ("flows/login.yaml", "LoginChecklist"),
      ("login.v2.yaml", "LoginV2Checklist"),
      ("navigation-service.yml", "NavigationServiceChecklist"),
      ("2fa.yaml", "Flow2faChecklist"),
      ("🚀.yaml", "FlowChecklist"),
    ])
  func typeName(path: String, name: String) {
    #expect(ChecklistTestGenerator.typeName(forFlowFile: path) == name)
  }

  @Test("files whose names give one Swift name, even by case alone, get distinct ones")
  func uniqueNames() {
    let names = ChecklistTestGenerator.uniqueTypeNames(forFlowFiles: [
      "b/login-v2.yaml", "a/login.v2.yaml", "Login_V2.yml", "loginV2_2.yaml", "home.yaml",
      "a/login.v2.yaml",
    ])
    #expect(
      names == [
        "Login_V2.yml": "LoginV2Checklist",
        "a/login.v2.yaml": "LoginV2_2Checklist",
        "b/login-v2.yaml": "LoginV2_3Checklist",
        "loginV2_2.yaml": "LoginV22Checklist",
        "home.yaml": "HomeChecklist",
      ])
  }
}

@Suite("flowc gen as the plugin runs it")
struct GenForPluginTests {
  private static func flow(_ name: String) -> String {
    "flow: \(name)\nstart: { setRoot: Home }\nscreens: { Home: {} }\n"
  }

  @Test(
    "YAML without a top-level 'flow:' is skipped, with an output saying why; a broken file is not")
  func skipsOtherYAML() throws {
    let folder = try TemporaryFolder()
    let fixture = try folder.write("api-response.yml", "user: { name: Ann }\nitems: [1, 2]\n")
    let output = folder.path + "/api.checklist.swift"
    let result = flowc(["gen", fixture, "--output-file", output, "--skip-non-flows"])
    #expect(result.status == 0, "\(result)")
    #expect(result.output == "skipped \(fixture): not a flow (no top-level 'flow:' key)\n")
    #expect(try folder.read("api.checklist.swift").hasPrefix("// \(fixture) is not a flow"))
    let broken = try folder.write("broken.yaml", "flow: [\n")
    #expect(flowc(["gen", broken, "--output-file", output, "--skip-non-flows"]).status == 1)
    #expect(flowc(["gen", fixture, "--output-file", output]).status == 1, "only when asked")
  }

  @Test(
    "a sibling whose file name gives the same type, sorted first, keeps it; this one is numbered")
  func uniqueTypeAmongSiblings() throws {
    let folder = try TemporaryFolder()
    let login = try folder.write("login.yaml", Self.flow("Login"))
    let other = try folder.write("Login.yml", Self.flow("LoginAgain"))
    let output = folder.path + "/out.swift"
    #expect(flowc(["gen", login, "--output-file", output, "--sibling", other]).status == 0)
    #expect(try folder.read("out.swift").contains("struct Login_2Checklist {"))
  }

  @Test(
    "one run writes each flow's file, in the order given; a count that does not match is refused")
  func oneOutputPerFlow() throws {
    let folder = try TemporaryFolder()
    let login = try folder.write("login.yaml", Self.flow("Login"))
    let notes = try folder.write("notes.yml", "title: not a flow\n")
    let home = try folder.write("home.yaml", Self.flow("Home"))
    let outputs = ["a.swift", "b.swift", "c.swift"].map { folder.path + "/" + $0 }
    let result = flowc(
      ["gen", login, notes, home, "--skip-non-flows"]
        + outputs.flatMap { ["--output-file", $0] })
    #expect(result.status == 0, "\(result)")
    #expect(try folder.read("a.swift").contains("struct LoginChecklist {"))
    #expect(try folder.read("b.swift").hasPrefix("// \(notes) is not a flow"))
    #expect(try folder.read("c.swift").contains("struct HomeChecklist {"))
    let unchanged = flowc(
      ["gen", login, notes, home, "--skip-non-flows"]
        + outputs.flatMap { ["--output-file", $0] })
    #expect(!unchanged.output.contains("generated"), "same bytes are not written again")

    let short = flowc(["gen", login, home, "--output-file", outputs[0]])
    #expect(short.status == 2)
    #expect(
      short.errors.contains(
        "--output-file is given 1 time for 2 flows: give one per flow, in their order, or --output DIR"
      ), "\(short)")
    let twice = flowc([
      "gen", login, home, "--output-file", outputs[0], "--output-file",
      folder.path + "/./a.swift",
    ])
    #expect(
      twice.errors.contains(
        "'\(login)' and '\(home)' would both be written to '\(folder.path)/./a.swift'"),
      "\(twice)")
    let sameTwice = flowc(["gen", login, login, "--output", folder.path + "/out"])
    #expect(sameTwice.status == 2)
    #expect(
      sameTwice.errors.contains(
        "'\(login)' and '\(login)' would both be written to '\(folder.path)/out/LoginChecklist.swift'"
      ), "\(sameTwice)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"), "nothing is created")
    let fromFolder = flowc(["gen", folder.path, "--output-file", outputs[0]])
    #expect(fromFolder.status == 2)
    #expect(fromFolder.errors.contains("'\(folder.path)' is a folder"), "\(fromFolder)")
  }

  @Test("an output that cannot be written fails the run; the other flows' files are written")
  func unwritableOutput() throws {
    let folder = try TemporaryFolder()
    let login = try folder.write("login.yaml", Self.flow("Login"))
    let home = try folder.write("home.yaml", Self.flow("Home"))
    let result = flowc([
      "gen", login, home, "--output-file", login + "/a.swift",
      "--output-file", folder.path + "/b.swift",
    ])
    #expect(result.status == 1)
    #expect(result.errors.contains("cannot write '\(login)/a.swift'"), "\(result)")
    #expect(try folder.read("b.swift").contains("struct HomeChecklist {"))
  }

  @Test("two flows of one target with the same 'flow:' name are an error naming both files")
  func sameFlowName() throws {
    let folder = try TemporaryFolder()
    let first = try folder.write("first.yaml", Self.flow("Login"))
    let second = try folder.write("second.yaml", Self.flow("Login"))
    let result = flowc([
      "gen", first, "--output-file", folder.path + "/out.swift", "--sibling", second,
    ])
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "flowc: error: '\(first)' and '\(second)' are both flow 'Login'; in one test target their suites would look the same: rename one flow"
      ))
  }

  @Test("flows given together to one 'gen' are one target: a shared name fails both, naming both")
  func sameFlowNameAmongGivenFiles() throws {
    let folder = try TemporaryFolder()
    let first = try folder.write("first.yaml", Self.flow("Login"))
    let other = try folder.write("other.yaml", Self.flow("Signup"))
    let second = try folder.write("second.yaml", Self.flow("Login"))
    let output = folder.path + "/out"
    let result = flowc(["gen", first, other, second, "--output", output])
    #expect(result.status == 1)
    for (file, twin) in [(first, second), (second, first)] {
      #expect(
        result.errors.contains(
          "flowc: error: '\(file)' and '\(twin)' are both flow 'Login'; in one test target their suites would look the same: rename one flow"
        ))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["OtherChecklist.swift"])
  }
}
