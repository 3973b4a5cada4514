import FlowSpec
import Foundation
import Testing

/// The checklists in flows/ run as generated tests beside this file (FlowSpecPlugin writes
/// them at build time). This suite checks what the generated tests cannot: that the marks
/// written in each flow tell the truth about those results.
@Suite("flows/: the marks are honest")
struct HonestMarksTests {
  static let flowsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("flows")

  /// Every flow under flows/, child flows in subfolders included, relative to it.
  static var flowFiles: [String] {
    let names = FileManager.default.subpaths(atPath: flowsFolder.path) ?? []
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
  }

  @Test(
    "every flow in flows/ checks clean and every mark matches its item's result",
    arguments: flowFiles)
  func honestMarks(file: String) throws {
    let document = try FlowDocument.load(path: Self.flowsFolder.appendingPathComponent(file).path)
      .runningChecklist()
    #expect(document.diagnostics.isEmpty, "\(document.diagnostics.map(\.message))")
    let dishonest = MarkRewriter.changes(for: document.checklistResults).map {
      "\($0.range.start): \($0.from) \($0.item)"
    }
    #expect(dishonest == [], "run 'swift run flowc spec flows/\(file) --update'")
  }
}
