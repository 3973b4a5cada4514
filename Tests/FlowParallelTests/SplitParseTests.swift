import FlowDiagnostics
import Testing

@testable import FlowParallel
@testable import FlowYAML

/// A flow large enough to be parsed in two halves, in mixed YAML styles.
private func largeFlow(
  screens: Int = 6_000, endingWithBlock: Bool = false, extra: (Int) -> String = { _ in "" }
) -> [UInt8] {
  var text =
    "# a large flow\nflow: Large\nstate: { isLogin: false }\nstart: { setRoot: Screen0 }\nscreens:\n"
  for index in 0..<screens {
    text += """
        Screen\(index):   # screen \(index)
          navBar:
            title: "Screen \\"\(index)\\""
            right: { image: plus, tint: red, action: go\(index) }
          on:
            go\(index): { push: Screen\((index + 1) % screens) }
            back: pop
          notes: |
            a literal block
              with an indented line
          flowList: [a, 'b c',
            d]

      """
    if endingWithBlock { text += "    help: |\n      a block that ends the screen\n\n" }
    text += extra(index)
  }
  text +=
    "alerts:\n  Sheet: { actions: [{ title: OK }] }\nspec: |\n  [ ] Starts\n      expect { top: Screen0 }\n"
  return Array(text.utf8)
}

/// Whether two nodes have the same kinds, texts, styles and places, all the way down.
private func same(_ lhs: YAMLNode, _ rhs: YAMLNode) -> Bool {
  guard lhs.kind == rhs.kind, lhs.range == rhs.range else { return false }
  switch lhs.kind {
  case .scalar:
    return lhs.scalar == rhs.scalar
  case .sequence:
    let left = lhs.items!
    let right = rhs.items!
    return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
  case .mapping:
    let left = lhs.pairs!
    let right = rhs.pairs!
    return left.count == right.count
      && zip(left, right).allSatisfy { same($0.key, $1.key) && same($0.value, $1.value) }
  }
}

/// Parses `bytes` in two halves, which must be possible, and expects exactly what the whole
/// parse gives: the same diagnostics and the same tree.
private func expectSplitLikeWhole(_ bytes: [UInt8]) throws {
  let split = try #require(
    SplitParse.parse(SourceText(bytes: bytes), file: "large.yaml", limits: .default))
  let whole = YAMLParser.parse(bytes, file: "large.yaml")
  #expect(split.diagnostics == whole.diagnostics)
  #expect(same(try #require(split.root), try #require(whole.root)))
}

@Suite("Large files parsed in two halves", .timeLimit(.minutes(10)))
struct SplitParseTests {
  @Test("the two halves join into exactly the tree of the whole file", arguments: [false, true])
  func joinedTreeIsTheSame(endingWithBlock: Bool) throws {
    let bytes = largeFlow(endingWithBlock: endingWithBlock)
    #expect(bytes.count > LargeFlowParse.minimumSize)
    let cut = try #require(SplitParse.cut(SourceText(bytes: bytes)))
    #expect(cut.line > 1000)
    try expectSplitLikeWhole(bytes)
  }

  @Test("an error in either half falls back to the whole parse, with the same diagnostics")
  func errorsFallBack() throws {
    for broken in [100, 5_900] {
      let bytes = largeFlow { $0 == broken ? "    oops: [unclosed\n" : "" }
      #expect(
        SplitParse.parse(SourceText(bytes: bytes), file: "large.yaml", limits: .default)?.root
          == nil)
      let result = try #require(LargeFlowParse.parse(SourceText(bytes: bytes), file: "large.yaml"))
      let whole = YAMLParser.parse(bytes, file: "large.yaml")
      #expect(result.diagnostics == whole.diagnostics)
      #expect(result.diagnostics.first?.id == "yaml.syntax")
    }
  }

  @Test("a screen named in both halves falls back, so the duplicate key is reported")
  func duplicateAcrossHalves() throws {
    let bytes = largeFlow { $0 == 5_000 ? "  Screen7: {}\n" : "" }
    #expect(
      SplitParse.parse(SourceText(bytes: bytes), file: "large.yaml", limits: .default)?.root == nil)
    let diagnostic = try #require(
      LargeFlowParse.parse(SourceText(bytes: bytes), file: "large.yaml")?.diagnostics.first)
    #expect(diagnostic.id == "yaml.duplicate-key")
    #expect(diagnostic.message == "duplicate key 'Screen7' in this mapping")
  }

  @Test("anchors and aliases after the cut, and tabs inside lines, still split, to the same tree")
  func anchorsAfterTheCut() throws {
    let bytes = largeFlow {
      switch $0 {
      case 10: "  Tabbed: { title: \"a\tb\" }  #\tcomment\n"
      case 5_900: "  Base: &base { title: x }\n  Copy: { <<: *base, help: y }\n"
      default: ""
      }
    }
    try expectSplitLikeWhole(bytes)
  }

  @Test("an alias the second half cannot resolve falls back to the whole parse")
  func unresolvedAliasFallsBack() throws {
    let bytes = largeFlow {
      switch $0 {
      case 5_900: "  Copy: *base\n"
      default: ""
      }
    }
    #expect(SplitParse.parse(SourceText(bytes: bytes), file: "a.yaml", limits: .default) == nil)
    let result = try #require(LargeFlowParse.parse(SourceText(bytes: bytes), file: "a.yaml"))
    #expect(result.diagnostics.first?.id == "yaml.undefined-alias")
  }

  /// Edits a person might make anywhere in a large file, each of which the cut must either
  /// survive or refuse: whatever `parse` does, it must give what the whole parse gives.
  static let edits: [String] = [
    "  Late: &late { title: x }\n  Later: *late\n",
    "  Copy: *nowhere\n",
    "alerts:\n  Early: { actions: [{ title: OK }] }\nmore:\n",
    "---\n",
    "...\n",
    "%YAML 1.2\n",
    "\t  tabbed: 1\n",
    "  Quote: \"an unclosed\n  Next: quote\"\n",
    "  Flow: [a,\n  b]\n",
    "  # a comment at the screens' indentation\n",
    "  Screen3: { duplicate: true }\n",
    "? complex\n: key\n",
  ]

  @Test(
    "an edit anywhere, before or after the cut, gives what the whole parse gives",
    arguments: edits.indices, [200, 4_150])
  func editsNeverChangeTheResult(edit: Int, atScreen screen: Int) throws {
    let bytes = largeFlow(screens: 4_200) { $0 == screen ? Self.edits[edit] : "" }
    #expect(bytes.count > LargeFlowParse.minimumSize)
    let result = try #require(LargeFlowParse.parse(SourceText(bytes: bytes), file: "large.yaml"))
    let whole = YAMLParser.parse(bytes, file: "large.yaml")
    #expect(result.diagnostics == whole.diagnostics)
    switch (result.root, whole.root) {
    case (let root?, let wholeRoot?): #expect(same(root, wholeRoot))
    case (nil, nil): break
    default: Issue.record("one parse has a tree and the other has none")
    }
  }

  @Test("text read from several buffers parses exactly as the same text read whole")
  func segmentedInput() throws {
    let bytes = largeFlow(screens: 400)
    let whole = YAMLParser.parse(bytes, file: "a.yaml")
    // Odd sizes, an empty segment, and pieces both smaller and larger than libyaml's buffer.
    let cuts = [0, 0, 7, 1_000, 1_001, 70_000, bytes.count]
    let parsed = bytes.withUnsafeBufferPointer { buffer in
      let segments = zip(cuts, cuts.dropFirst()).map {
        UnsafeBufferPointer(rebasing: buffer[$0..<$1])
      }
      return YAMLParser.parseStorage(
        segments: segments, file: "a.yaml", limits: .default, origin: .start,
        reserving: bytes.count, arrayAdvice: nil)
    }
    let storage = try #require(parsed.storage)
    #expect(parsed.diagnostics == whole.diagnostics)
    #expect(same(try #require(YAMLTree(storage).root), try #require(whole.root)))
  }

  @Test("a file under a megabyte, or in UTF-16, is left to the plain path")
  func smallFilesTakeThePlainPath() {
    #expect(LargeFlowParse.parse(SourceText("flow: A\nscreens:\n  A: {}\n"), file: "a.yaml") == nil)
    let utf16: [UInt8] = [0xFF, 0xFE] + largeFlow().flatMap { [$0, 0] }
    #expect(LargeFlowParse.parse(SourceText(bytes: utf16), file: "a.yaml") == nil)
    #expect(YAMLParser.parse(utf16, file: "a.yaml").diagnostics.map(\.id) == ["yaml.encoding"])
  }

  @Test("anchors, tabs and small files are never split")
  func unsplittable() {
    #expect(
      SplitParse.cut(
        SourceText(bytes: largeFlow { $0 == 10 ? "  Base: &base { title: x }\n" : "" })) == nil)
    #expect(SplitParse.cut(SourceText(bytes: largeFlow { $0 == 10 ? "\t# comment\n" : "" })) == nil)
    #expect(
      SplitParse.parse(
        SourceText("flow: A\nscreens:\n  A: {}\n  B: {}\n"), file: "a.yaml", limits: .default)?.root
        == nil)
  }
}
