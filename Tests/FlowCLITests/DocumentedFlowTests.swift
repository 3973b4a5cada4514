import FlowTestSupport
import Foundation
import Testing

/// Every complete flow the documentation shows (a YAML block that starts with `flow:`) is
/// one `flowc check` accepts, its checklist run: an example cannot teach a key that is
/// misspelt, a value the decoder refuses, or an item whose expectation is false. A child
/// flow's block says where it lives in a comment on its `flow:` line
/// (`flow: ViewB  # coordinators/view-b.yaml`); the document's other blocks are written
/// there, so a parent's `use:` finds it.
@Suite("The documentation's flows check clean")
struct DocumentedFlowTests {
  static let root = repositoryRoot()
  static let documents =
    ["README.md"] + DocumentationSnippetTests.markdownFiles(in: "docs")
    + DocumentationSnippetTests.markdownFiles(in: "Sources/FlowSpec/FlowSpec.docc")

  /// A YAML block of a document, where it starts and the path its comment gives.
  struct Block: CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    /// The file's path from the `flow:` line's comment, if it names one.
    var path: String?
    var description: String { "\(file):\(line)" }
  }

  /// The ```yaml blocks of a document whose first key is `flow:`.
  static func flowBlocks(in file: String) throws -> [Block] {
    let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
    var blocks: [Block] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if var block = current {
        guard trimmed != "```" else {
          current = nil
          let significant = block.lines.first {
            let content = $0.trimmingCharacters(in: .whitespaces)
            return !content.isEmpty && !content.hasPrefix("#")
          }
          guard let flowLine = significant, flowLine.hasPrefix("flow:") else { continue }
          let comment = flowLine.range(of: "#").map {
            flowLine[$0.upperBound...].trimmingCharacters(in: .whitespaces)
          }
          blocks.append(
            Block(
              file: file, line: block.line, text: block.lines.joined(separator: "\n") + "\n",
              path: comment.flatMap { $0.hasSuffix(".yaml") ? $0 : nil }))
          continue
        }
        block.lines.append(line)
        current = block
      } else if trimmed == "```yaml" {
        current = (index + 2, [])
      }
    }
    return blocks
  }

  @Test("the README, docs/ and the DocC articles show complete flows")
  func found() throws {
    let blocks = try Self.documents.flatMap(Self.flowBlocks)
    #expect(blocks.filter { $0.file == "README.md" }.count >= 1)
    #expect(blocks.contains { $0.file.hasSuffix("WritingAFlow.md") })
    #expect(blocks.contains { $0.path != nil }, "a child flow's block names its file")
  }

  @Test("every complete flow in the documentation checks clean, its checklist run")
  func checkClean() throws {
    for document in Self.documents {
      let blocks = try Self.flowBlocks(in: document)
      guard !blocks.isEmpty else { continue }
      let folder = try TemporaryFolder()
      // A schema comment's relative path resolves as it does beside flows/.
      let paths = try blocks.enumerated().map { index, block in
        try folder.write("flows/" + (block.path ?? "example\(index).yaml"), block.text)
      }
      for (block, path) in zip(blocks, paths) {
        let result = flowc(["check", path, "--warnings-as-errors"])
        #expect(
          result.status == 0,
          "\(block) does not check clean:\n\(block.text)\n\(result)")
      }
    }
  }
}
