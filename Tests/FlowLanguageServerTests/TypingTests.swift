import FlowDiagnostics
import FlowLanguageServer
import FlowTestSupport
import Foundation
import Testing

/// Every prefix of the example flows, typed one character at a time: the server answers
/// diagnostics and completion at every step, and never crashes or hangs on a half-typed file.
@Suite struct TypingTests {
  static let examples = [
    "navigation-service.yaml", "coordinator.yaml", "coordinators/view-b.yaml", "restaurants.yaml",
    "shop.yaml", "todo.yaml",
  ]

  @Test(arguments: examples)
  func everyPrefixIsAnswered(_ name: String) throws {
    let text = try String(contentsOfFile: TestFlows.fixture(name), encoding: .utf8)
    let client = try ServerHarness()
    // The child flows the example uses, beside it, as on disk.
    for child in ["coordinators/view-b.yaml", "coordinators/sheet-only.yaml"] {
      try client.write(child, try String(contentsOfFile: TestFlows.fixture(child), encoding: .utf8))
    }
    let uri = DocumentURI.uri(ofPath: client.folder.path + "/" + name)
    client.open(uri, "")
    var line = 0
    var character = 0
    var version = 1
    var published = 0
    for typed in text {
      version += 1
      client.insert(uri, String(typed), line: line, character: character, version: version)
      if typed == "\n" {
        line += 1
        character = 0
      } else {
        character += String(typed).utf16.count
      }
      if client.publish()[uri] != nil { published += 1 }
      let completion = client.at("textDocument/completion", uri, line: line, character: character)
      guard completion.result?["items"] != nil else {
        Issue.record("no completion list after \(version - 1) characters: \(completion)")
        return
      }
      // The other requests answer too (a result, possibly null; never an error).
      for method in ["textDocument/hover", "textDocument/definition", "textDocument/references"] {
        let answer = client.at(method, uri, line: line, character: max(0, character - 1))
        guard answer.result != nil else {
          Issue.record("\(method) failed after \(version - 1) characters: \(answer)")
          return
        }
      }
      let outline = client.request(
        "textDocument/documentSymbol", #"{"textDocument": {"uri": \#(ServerHarness.json(uri))}}"#)
      guard outline.result?.arrayValue != nil else {
        Issue.record("no outline after \(version - 1) characters: \(outline)")
        return
      }
    }
    #expect(published == text.count)
    // Typed whole, the flow is the example again: no errors.
    client.replace(uri, text, version: version + 1)
    let final = client.publish()[uri] ?? []
    #expect(!final.contains { $0["severity"]?.intValue == 1 }, "\(final)")
  }
}
