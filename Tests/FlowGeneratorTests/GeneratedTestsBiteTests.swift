import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// One change to the first article's flow, and the checklist items it must break.
struct Mutation: Sendable, CustomTestStringConvertible {
  var name: String
  var original: String
  var replacement: String
  /// Item ids (document order: 0 is the first LOGIN item, 19 the last NEW INFOS item).
  var failingItems: [Int]

  var testDescription: String { name }
}

private let mutations = [
  Mutation(
    name: "the logout button's tint",
    original: "style: plain, tint: red, action: presentLogout }\n    on:",
    replacement: "style: plain, tint: blue, action: presentLogout }\n    on:", failingItems: [6]),
  Mutation(
    name: "the details title", original: "      title: Info Details\n",
    replacement: "      title: Info Detail\n",
    failingItems: [14]),
  Mutation(
    name: "validate onboarding's animated flag",
    original: "validateOnboarding: { setRoot: Infos, animated: true }",
    replacement: "validateOnboarding: { setRoot: Infos, animated: false }", failingItems: [2]),
  Mutation(
    name: "a missing cancel action", original: "      - { title: Cancel, style: cancel }\n",
    replacement: "",
    failingItems: [9]),
  Mutation(
    name: "create pops instead of popping to root", original: "      create: popToRoot",
    replacement: "      create: pop",
    failingItems: [19]),
]

@Suite("Generated tests bite: one change to the flow fails exactly the matching items")
struct GeneratedTestsBiteTests {
  static let article = try! String(
    contentsOfFile: TestFlows.fixture("navigation-service.yaml"), encoding: .utf8)

  @Test("the unchanged flow passes every item")
  func unchanged() {
    let verifier = ChecklistVerifier(
      filePath: "/flows/navigation-service.yaml", source: Self.article)
    #expect((0..<20).allSatisfy { verifier.failures(ofItem: $0).isEmpty })
  }

  @Test("a mutation fails exactly the items that specify what it changed", arguments: mutations)
  func mutation(_ mutation: Mutation) throws {
    let occurrences = Self.article.components(separatedBy: mutation.original).count - 1
    try #require(occurrences == 1, "the mutation must change exactly one place")
    let source = Self.article.replacingOccurrences(
      of: mutation.original, with: mutation.replacement)
    let verifier = ChecklistVerifier(filePath: "/flows/navigation-service.yaml", source: source)
    let failing = (0..<20).filter { !verifier.failures(ofItem: $0).isEmpty }
    #expect(failing == mutation.failingItems)
    let entries = try #require(
      FlowDocument(source: source, path: "m.yaml").flow?.checklist?.entries)
    for item in mutation.failingItems {
      for failure in verifier.failures(ofItem: item) {
        #expect(
          entries[item].item.lines.contains(failure.line),
          "reported at line \(failure.line): \(failure.message)")
        #expect(failure.filePath == "/flows/navigation-service.yaml")
        #expect(failure.fileID == "NavigationService/navigation-service.yaml")
      }
    }
  }

  @Test("a failure says what was expected and what was found")
  func failureMessage() throws {
    let mutation = mutations[0]
    let source = Self.article.replacingOccurrences(
      of: mutation.original, with: mutation.replacement)
    let failure = try #require(
      ChecklistVerifier(filePath: "f.yaml", source: source).failures(ofItem: 6).first)
    #expect(failure.message == "expected the right button's tint 'red', found 'blue'")
    #expect(failure.line == 90)
  }
}
