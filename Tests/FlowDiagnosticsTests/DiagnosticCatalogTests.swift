import FlowSpec
import FlowTestSupport
import Foundation
import Testing

/// docs/DIAGNOSTICS.md is the list users read: it must name every id the code can emit, and
/// nothing the code no longer emits.
@Suite("docs/DIAGNOSTICS.md lists exactly the ids the code uses")
struct DiagnosticCatalogTests {
  static let root = repositoryRoot()

  /// The ids written as string literals in `Sources/`, such as `"check.unknown-screen"`.
  static func codeIDs() throws -> Set<String> {
    let pattern = try NSRegularExpression(
      pattern: #""((?:yaml|model|check|checklist|run|property|verify)\.[a-z][a-z0-9.-]*)""#)
    var ids: Set<String> = []
    let sources = URL(fileURLWithPath: root + "/Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      // The catalog lists every documented id; the ids the code uses are found elsewhere.
      guard file.pathExtension == "swift", file.lastPathComponent != "DiagnosticCatalog.swift"
      else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        ids.insert(String(text[Range(match.range(at: 1), in: text)!]))
      }
    }
    return ids
  }

  /// The ids in the first column of the document's tables.
  static func documentedIDs() throws -> Set<String> {
    let text = try String(contentsOfFile: root + "/docs/DIAGNOSTICS.md", encoding: .utf8)
    let pattern = try NSRegularExpression(
      pattern: #"(?m)^\| `((?:yaml|model|check|checklist|run|property|verify)\.[a-z0-9.-]+)`"#)
    return Set(
      pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
        String(text[Range($0.range(at: 1), in: text)!])
      })
  }

  /// The document's rows: id, severity (empty in tables without that column) and what.
  static func documentedRows() throws -> [DiagnosticCatalog.Entry] {
    let text = try String(contentsOfFile: root + "/docs/DIAGNOSTICS.md", encoding: .utf8)
    var rows: [DiagnosticCatalog.Entry] = []
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.dropFirst().dropLast().split(
        separator: "|", omittingEmptySubsequences: false
      )
      .map { $0.trimmingCharacters(in: .whitespaces) }
      let id = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      guard !rows.contains(where: { $0.id == id }) else { continue }
      rows.append(
        cells.count == 3
          ? DiagnosticCatalog.Entry(id: id, severity: cells[1], help: cells[2])
          : DiagnosticCatalog.Entry(id: id, severity: "", help: cells[1]))
    }
    return rows
  }

  @Test("the catalog SARIF reports read is the document's table, row for row")
  func catalogIsTheDocument() throws {
    let rows = try Self.documentedRows()
    #expect(rows.count == DiagnosticCatalog.entries.count)
    for (row, entry) in zip(rows, DiagnosticCatalog.entries) {
      #expect(row == entry)
    }
  }

  @Test("the limits' rows state YAMLLimits' own defaults")
  func limitDefaults() {
    /// The default a row's help states, as "(default 2,000,000)" or "(default 64 MiB)".
    func stated(_ id: String) -> Int? {
      guard let help = DiagnosticCatalog.entries.first(where: { "\($0.id)" == id })?.help,
        let start = help.range(of: "(default "), help.hasSuffix(")")
      else { return nil }
      let words = help[start.upperBound...].dropLast().split(separator: " ")
      let number = words.first.flatMap { Int($0.filter { $0 != "," }) }
      return words.count == 2 && words[1] == "MiB" ? number.map { $0 << 20 } : number
    }
    let limits = YAMLLimits.default
    #expect(stated("yaml.limit.depth") == limits.maxDepth)
    #expect(stated("yaml.limit.aliases") == limits.maxAliasExpansion)
    #expect(stated("yaml.limit.scalar") == limits.maxScalarLength)
    #expect(stated("yaml.limit.file-size") == limits.maxFileSize)
  }

  @Test("every id in the code is documented, and every documented id is in the code")
  func sameIDs() throws {
    let code = try Self.codeIDs()
    let documented = try Self.documentedIDs()
    #expect(code.count > 80)
    #expect(code.subtracting(documented).sorted() == [], "used but not documented")
    #expect(documented.subtracting(code).sorted() == [], "documented but not used")
  }
}
