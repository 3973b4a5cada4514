import FlowDiagnostics
import FlowTestSupport
import Testing

@testable import FlowYAML

@Suite("YAML front end: hard limits", .timeLimit(.minutes(10)))
struct YAMLLimitsTests {
  @Test("100,000 nested '[' stop at the depth limit instead of taking libyaml a minute")
  func deepNesting() throws {
    let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    let result = YAMLParser.parse(bytes, file: "deep.yaml")
    let diagnostic = try #require(result.diagnostics.only)
    #expect(diagnostic.id == "yaml.limit.depth")
    #expect(diagnostic.position == SourcePosition(line: 1, column: 257))
    #expect(result.root == nil)
  }

  @Test("deep block nesting is refused the same way")
  func deepBlockNesting() throws {
    var yaml = ""
    for level in 0..<300 {
      yaml += String(repeating: " ", count: level) + "k:\n"
    }
    let diagnostic = try #require(
      YAMLParser.parse(Array(yaml.utf8), file: "deep.yaml").diagnostics.only)
    #expect(diagnostic.id == "yaml.limit.depth")
    #expect(diagnostic.message.contains("--max-depth"))
  }

  @Test("a billion-laughs alias bomb is refused")
  func aliasBomb() throws {
    var yaml = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
      let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      yaml += "a\(level): &a\(level) [\(refs)]\n"
    }
    let result = YAMLParser.parse(Array(yaml.utf8), file: "bomb.yaml")
    let diagnostic = try #require(result.diagnostics.only)
    #expect(diagnostic.id == "yaml.limit.aliases")
    #expect(result.root == nil)
  }

  @Test("a raised alias limit lets many legitimate aliases through")
  func aliasLimitIsConfigurable() {
    let yaml =
      "bar: &bar { title: T }\nlist: ["
      + Array(repeating: "*bar", count: 100).joined(separator: ",") + "]\n"
    let strict = YAMLParser.parse(
      Array(yaml.utf8), file: "x.yaml", limits: YAMLLimits(maxAliasExpansion: 50))
    #expect(strict.diagnostics.first?.id == "yaml.limit.aliases")
    let relaxed = YAMLParser.parse(
      Array(yaml.utf8), file: "x.yaml", limits: YAMLLimits(maxAliasExpansion: 1000))
    #expect(relaxed.diagnostics.isEmpty)
  }

  @Test("a huge scalar is refused at its start")
  func hugeScalar() throws {
    let yaml = "title: " + String(repeating: "x", count: 2_000_000) + "\n"
    let diagnostic = try #require(
      YAMLParser.parse(Array(yaml.utf8), file: "big.yaml").diagnostics.only)
    #expect(diagnostic.id == "yaml.limit.scalar")
    #expect(diagnostic.position == SourcePosition(line: 1, column: 8))
  }

  @Test("a file over the size limit is refused before parsing")
  func fileTooLarge() throws {
    let bytes = Array("flow: A\n".utf8)
    let diagnostic = try #require(
      YAMLParser.parse(bytes, file: "f.yaml", limits: YAMLLimits(maxFileSize: 4)).diagnostics.only)
    #expect(diagnostic.id == "yaml.limit.file-size")
    #expect(
      diagnostic.message
        == "the file is 8 bytes, more than the limit of 4 bytes (raise it with --max-file-size)")
  }
}
