import FlowGenerator
import FlowSpec
import FlowTestSupport
import Foundation
import Testing

@testable import FlowFuzzTargets

/// The hostile flows of `Fixtures/hostile/generator/`: each passes `flowc check`, and each
/// once steered the Swift generated from it (a comment ended at a carriage return, a raw
/// string ended at `"""#` before a combining mark, a link pattern's line break made code).
private let hostileFolder =
  repositoryRoot() + "/Tests/FlowGeneratorTests/Fixtures/hostile/generator"
private let hostileFlows =
  ((try? FileManager.default.contentsOfDirectory(atPath: hostileFolder)) ?? [])
  .filter { $0.hasSuffix(".yaml") }.sorted()

private func hostileDocument(_ name: String) throws -> (FlowDocument, Flow) {
  let document = try FlowDocument.load(path: hostileFolder + "/" + name)
  let flow = try #require(document.validFlow, "\(name) must pass check: \(document.diagnostics)")
  #expect(!document.hasErrors, "\(document.diagnostics)")
  return (document, flow)
}

@Suite("Generated Swift: no text from a flow, a file name or flowspec.json steers it")
struct GeneratedCodeSafetyTests {
  @Test("there are hostile flows to try")
  func fixturesExist() {
    #expect(hostileFlows.count >= 5, "\(hostileFolder)")
  }

  @Test(
    "a hostile flow's tests hold its text only in comments and literals, and embed it exactly",
    arguments: hostileFlows)
  func checklistShape(name: String) throws {
    let (document, flow) = try hostileDocument(name)
    let source = ChecklistTestGenerator.render(
      flow, source: document.text,
      options: .init(
        filePath: document.path, typeName: "HostileChecklist",
        driver: SwiftTypeReference("AppDriver")))
    let shape = GeneratedSwiftShape(source)
    #expect(shape.problems == [])
    #expect(shape.testAttributes == (flow.checklist?.entries.count ?? 0) + 1)
    #expect(shape.rawStrings == [String(decoding: document.text.bytes, as: UTF8.self)])
  }

  @Test(
    "a hostile flow's routes hold its text only in comments and literals", arguments: hostileFlows)
  func routesShape(name: String) throws {
    let (_, flow) = try hostileDocument(name)
    let shape = GeneratedSwiftShape(RouteGenerator.render(flow, fileName: name))
    #expect(shape.problems == [])
    #expect(shape.testAttributes == 0)
  }

  @Test("a file name with line breaks of every kind stays inside its comment")
  func fileNames() throws {
    let (document, flow) = try hostileDocument("no-events.yaml")
    let name = "a\n@Test func x() {}\r@Test func y() {}\u{85}\u{2028}\u{2029}\u{0B}\u{0C}.yaml"
    let tests = ChecklistTestGenerator.render(
      flow, source: document.text,
      options: .init(filePath: "/flows/" + name, typeName: "NamedChecklist"))
    let routes = RouteGenerator.render(flow, fileName: name)
    let note = ChecklistTestGenerator.renderNotAFlow(fileName: name)
    for source in [tests, routes, note] {
      let shape = GeneratedSwiftShape(source)
      #expect(shape.problems == [])
      #expect(shape.testAttributes == (source == tests ? 1 : 0))
    }
    #expect(note.split(separator: "\n").count == 1)
  }

  @Test("names that fold alike stay apart: link variables, parameters, the driver's type")
  func collidingNames() throws {
    let (document, flow) = try hostileDocument("colliding-names.yaml")
    let routes = RouteGenerator.render(flow, fileName: "colliding-names.yaml")
    #expect(routes.contains("case d(aB: Int, aB2: Int, a: Int, b: Int)"), "\(routes)")
    #expect(routes.contains("a: value1, b: value2"), "{x} and {X} are read into two locals")
    let tests = ChecklistTestGenerator.render(
      flow, source: document.text,
      options: .init(
        filePath: document.path, typeName: "CollideChecklist",
        driver: SwiftTypeReference("AppDriver")))
    #expect(!tests.contains("struct AppDriver {"), "a section may not hide the driver's type")
    #expect(!tests.contains("func withKnownIssue()"), "nor a test the function record calls")
  }

  @Test(
    "a driver's type name is a dotted sequence of identifiers, nothing else",
    arguments: [
      ("AppDriver", true), ("MyAppTests.Driver", true), ("_Driver2", true), ("Écran", true),
      ("", false), ("App Driver", false), ("Driver; system(\"rm\")", false), ("a..b", false),
      (".Driver", false), ("class", false), ("1Driver", false), ("Driver\n", false),
      ("Driver<T>", false), ("`Driver`", false), ("_", false),
    ])
  func driverNames(text: String, isValid: Bool) {
    #expect((SwiftTypeReference(text) != nil) == isValid)
  }

  @Test("every hostile flow's generated tests, event surface and routes type-check, in one batch")
  func typeCheck() throws {
    let folder = try TemporaryFolder()
    var files: [String] = []
    for (index, name) in hostileFlows.enumerated() {
      let (document, flow) = try hostileDocument(name)
      let tests = ChecklistTestGenerator.render(
        flow, source: document.text,
        options: .init(filePath: document.path, typeName: "Hostile\(index)Checklist"))
      files.append(try folder.write("Hostile\(index)Checklist.swift", tests))
      // The typed event surface a driver binds, its suite (which names the driver) cut off.
      let bound = ChecklistTestGenerator.render(
        flow, source: document.text,
        options: .init(
          filePath: document.path, typeName: "Bound\(index)Checklist",
          driver: SwiftTypeReference("AppDriver"), tree: document.tree))
      let surface = bound[..<(bound.range(of: "\n@Suite(")?.lowerBound ?? bound.endIndex)]
      files.append(try folder.write("Hostile\(index)Events.swift", String(surface)))
      files.append(
        try folder.write("Hostile\(index)Routes.swift", RouteGenerator.render(flow, fileName: name))
      )
    }
    let result = try typeCheckSwift(files)
    #expect(result.status == 0, "\(result)")
    #expect(!result.errors.contains("error:"), "\(result)")
    #expect(!result.errors.contains("warning:"), "teams build with warnings as errors: \(result)")
  }
}
