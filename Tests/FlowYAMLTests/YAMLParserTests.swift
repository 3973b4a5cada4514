import FlowDiagnostics
import FlowTestSupport
import Testing

@testable import FlowYAML

@Suite("YAML front end: nodes and positions")
struct YAMLParserTests {
  @Test("scalars, mappings and sequences keep their 1-based line and column")
  func positions() throws {
    let source = MarkedSource("flow: ‸App\nscreens:\n  - ‸Login\n  - { name: ‸\"Infos ✅\" }\n")
    let result = YAMLParser.parse(source.bytes, file: "app.yaml")
    #expect(result.diagnostics.isEmpty)
    let root = try #require(result.root?.pairs)
    #expect(root.map(\.keyText) == ["flow", "screens"])
    #expect(root[0].value.scalar?.value == "App")
    #expect(root[0].value.position == source.markers[0])
    let screens = try #require(root[1].value.items)
    #expect(screens[0].position == source.markers[1])
    let quoted = try #require(screens[1].pairs?.first?.value)
    #expect(quoted.scalar == YAMLScalar("Infos ✅", style: .doubleQuoted))
    #expect(quoted.position == source.markers[2])
    #expect(quoted.range.end == source.markers[2].advanced(by: 9))
    // Nodes do not retain their tree: its root is kept alive until they have been read.
    withExtendedLifetime(result) {}
  }

  @Test("plain scalars resolve as YAML 1.2; quoted ones stay strings")
  func scalarResolution() throws {
    let yaml = "a: true\nb: 'true'\nc: yes\nd: ~\ne: 42\nf: !!str 7\ng:\n"
    let root = try #require(YAMLParser.parse(Array(yaml.utf8), file: "x.yaml").root)
    let pairs = try #require(root.pairs)
    let scalars = pairs.map { $0.value.scalar! }
    #expect(scalars[0].bool == true)
    #expect(scalars[1].bool == nil)
    #expect(scalars[1].value == "true")
    #expect(scalars[2].bool == nil)
    #expect(scalars[2].isYAML11Boolean)
    #expect(scalars[3].isNull)
    #expect(scalars[4].integer == 42)
    #expect(scalars[5].integer == nil)
    #expect(scalars[5].isQuoted)
    #expect(scalars[6].isNull)
    // Nodes do not retain their tree: its root is kept alive until they have been read.
    withExtendedLifetime(root) {}
  }

  @Test("whole numbers read to Int's very ends; one beyond is named as a number out of range")
  func integerRange() throws {
    let yaml = """
      a: -9223372036854775808
      b: 9223372036854775807
      c: 9223372036854775808
      d: -0x8000000000000000
      e: 000000000000000000000012
      f: 12ab
      """
    let root = try #require(YAMLParser.parse(Array(yaml.utf8), file: "x.yaml").root)
    let pairs = try #require(root.pairs)
    let scalars = pairs.map { $0.value.scalar! }
    #expect(scalars.map(\.integer) == [.min, .max, nil, .min, 12, nil])
    #expect(pairs.map(\.value.integer) == [.min, .max, nil, .min, 12, nil])
    #expect(scalars[2].kindDescription == "the number 9223372036854775808, beyond an Int's range")
    #expect(scalars[5].kindDescription == "the string '12ab'")
    // Nodes do not retain their tree: its root is kept alive until they have been read.
    withExtendedLifetime(root) {}
  }

  @Test("anchors and aliases are resolved; the copy is located at the alias")
  func aliases() throws {
    let source = MarkedSource("base: &bar { title: Infos }\nother: ‸*bar\n")
    let result = YAMLParser.parse(source.bytes, file: "x.yaml")
    #expect(result.diagnostics.isEmpty)
    let other = try #require(result.root?.pairs?[1].value)
    #expect(other.position == source.marker)
    #expect(other.pairs?.first?.value.scalar?.value == "Infos")
    // Nodes do not retain their tree: its root is kept alive until they have been read.
    withExtendedLifetime(result) {}
  }

  @Test("'<<' merges a mapping; explicit keys win")
  func mergeKeys() throws {
    let yaml = "base: &b { style: plain, tint: red }\nitem:\n  <<: *b\n  tint: blue\n"
    let result = YAMLParser.parse(Array(yaml.utf8), file: "x.yaml")
    #expect(result.diagnostics.isEmpty)
    let item = try #require(result.root?.pairs?[1].value.pairs)
    #expect(item.map(\.keyText) == ["style", "tint"])
    #expect(item.map { $0.value.scalar?.value } == ["plain", "blue"])
    // Nodes do not retain their tree: its root is kept alive until they have been read.
    withExtendedLifetime(result) {}
  }

  #if DEBUG
    @Test("a debug build stops at a node read after its root was released, not at freed memory")
    func nodeOfReleasedRoot() async {
      await #expect(processExitsWith: .failure) {
        // The parse result is a temporary: it, the root and the tree are gone after the line.
        let pairs = YAMLParser.parse(Array("a: b\n".utf8), file: "x.yaml").root!.pairs!
        _ = pairs[0].value.kind
      }
    }
  #endif

  @Test("an empty file has no root and no problems")
  func emptyFile() {
    let result = YAMLParser.parse([], file: "x.yaml")
    #expect(result.root == nil)
    #expect(result.diagnostics.isEmpty)
  }

  @Test("an origin shifts every position, for text cut out of a larger file")
  func origin() throws {
    let result = YAMLParser.parse(
      Array("{ a: b }".utf8), file: "x.yaml", origin: SourcePosition(line: 10, column: 7))
    let pair = try #require(result.root?.pairs?.first)
    #expect(pair.key.position == SourcePosition(line: 10, column: 9))
    #expect(pair.value.position == SourcePosition(line: 10, column: 12))
    // Nodes do not retain their tree: its root is kept alive until they have been read.
    withExtendedLifetime(result) {}
  }
}
