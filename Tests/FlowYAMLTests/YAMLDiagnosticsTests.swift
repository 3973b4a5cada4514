import FlowDiagnostics
import FlowTestSupport
import Testing

@testable import FlowYAML

/// Parses marked source and returns its diagnostics.
private func diagnose(_ source: MarkedSource, limits: YAMLLimits = .default) -> [Diagnostic] {
  YAMLParser.parse(source.bytes, file: "flow.yaml", limits: limits).diagnostics
}

@Suite("YAML front end: every problem is a located diagnostic")
struct YAMLDiagnosticsTests {
  @Test("a duplicate key is reported at the second key, with a note at the first")
  func duplicateKey() throws {
    let source = MarkedSource("screens:\n  ‸Login: {}\n  Infos: {}\n  ‸Login: {}\n")
    let result = YAMLParser.parse(source.bytes, file: "flow.yaml")
    let diagnostic = try #require(result.diagnostics.only)
    #expect(diagnostic.id == "yaml.duplicate-key")
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message == "duplicate key 'Login' in this mapping")
    #expect(diagnostic.position == source.markers[1])
    #expect(diagnostic.notes.first?.range?.start == source.markers[0])
    #expect(result.root != nil, "a duplicate key does not stop the parse")
  }

  @Test("an undefined alias names the missing anchor")
  func undefinedAlias() throws {
    let diagnostic = try #require(diagnose(MarkedSource("a: 1\nb: ‸*nowhere\n")).only)
    #expect(diagnostic.id == "yaml.undefined-alias")
    #expect(
      diagnostic.message == "alias '*nowhere' names no anchor; define '&nowhere' before using it")
    #expect(diagnostic.position == SourcePosition(line: 2, column: 4))
  }

  @Test("an alias inside its own anchor is refused instead of looping")
  func recursiveAlias() throws {
    let source = MarkedSource("a: &a [x, ‸*a]\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.id == "yaml.recursive-alias")
    #expect(diagnostic.position == source.marker)
  }

  @Test("an alias to an enclosing anchor is refused at any depth; a closed anchor is usable")
  func nestedAnchors() throws {
    // The inner anchor is closed, and so usable, where the alias to it is; the outer is not.
    let source = MarkedSource(
      "a: &outer { b: &inner [1, 2], c: *inner, d: [‸*outer] }\ne: *inner\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.id == "yaml.recursive-alias")
    #expect(diagnostic.position == source.marker)
    // Once closed, both anchors are usable, and a mapping anchored inside a sequence too.
    #expect(diagnose(MarkedSource("a: &outer { b: &inner [1] }\nc: [*outer, *inner]\n")).isEmpty)
    #expect(diagnose(MarkedSource("a: [&x { k: v }, *x]\nb: *x\n")).isEmpty)
    // An unanchored collection closing inside an anchored one leaves the anchor open.
    let inner = MarkedSource("a: &o [[1], ‸*o]\n")
    #expect(diagnose(inner).map(\.id) == ["yaml.recursive-alias"])
    #expect(diagnose(inner).map(\.position) == [inner.marker])
  }

  @Test("a duplicate key among many is reported once, at the later key, in any mapping size")
  func duplicateKeyAmongMany() throws {
    // Mappings of 2, 16, 17 and 41 pairs: each side of the size where keys are bucketed by hash.
    for count in [1, 15, 16, 40] {
      var text = "m:\n"
      for index in 0..<count { text += "  k\(index): \(index)\n" }
      text += "  ‸k\(count / 2): again\n"
      let source = MarkedSource(text)
      let diagnostic = try #require(diagnose(source).only, "\(count) keys")
      #expect(diagnostic.id == "yaml.duplicate-key")
      #expect(diagnostic.position == source.marker, "\(count) keys")
      #expect(
        diagnostic.notes.first?.range?.start == SourcePosition(line: count / 2 + 2, column: 3))
    }
    // Keys equal in length but not in bytes, and a quoted key equal to a plain one.
    #expect(diagnose(MarkedSource("m: { ab: 1, ba: 2, abc: 3 }\n")).isEmpty)
    let quoted = MarkedSource("m: { ab: 1, ‸'ab': 2 }\n")
    #expect(diagnose(quoted).map(\.position) == [quoted.marker])
  }

  @Test("a second document is refused at its '---'")
  func secondDocument() throws {
    let source = MarkedSource("flow: A\n‸---\nflow: B\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.id == "yaml.multiple-documents")
    #expect(diagnostic.position == source.marker)
  }

  @Test("a tab in indentation says to indent with spaces")
  func tabIndentation() throws {
    let source = MarkedSource("screens:\n‸\tLogin: {}\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.id == "yaml.tab-indentation")
    #expect(diagnostic.message == "tab character in indentation; YAML indents with spaces only")
    #expect(diagnostic.position == source.marker)
  }

  @Test("invalid UTF-8 is located at the offending byte")
  func invalidUTF8() throws {
    var bytes = Array("flow: A\ntitle: ab".utf8)
    bytes.append(0xFF)
    let diagnostic = try #require(YAMLParser.parse(bytes, file: "f.yaml").diagnostics.only)
    #expect(diagnostic.id == "yaml.encoding")
    #expect(diagnostic.message.hasSuffix("flow files must be UTF-8"))
    #expect(diagnostic.position == SourcePosition(line: 2, column: 10))
  }

  @Test("libyaml syntax errors keep libyaml's place and explain the context")
  func syntaxError() throws {
    let source = MarkedSource("screens: [Login, Infos\nalerts: {}\n‸")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.id == "yaml.syntax")
    #expect(diagnostic.message.contains("did not find expected ',' or ']'"))
    #expect(diagnostic.notes.first?.range?.start == SourcePosition(line: 1, column: 10))
  }

  @Test("an unquoted value with ': ' says to quote it")
  func colonInValue() throws {
    let diagnostic = try #require(diagnose(MarkedSource("title: Want: logout?\n")).only)
    #expect(
      diagnostic.message
        == "mapping values are not allowed in this context: a value containing ': ' must be quoted")
    #expect(diagnostic.position == SourcePosition(line: 1, column: 12))
  }

  @Test(
    "an unquoted checklist item says to quote it",
    arguments: ["[ ] On init set login as root", "[✅] Done item", "- [x] Done", "[] Empty mark"])
  func unquotedChecklistItem(item: String) throws {
    let source = MarkedSource("spec:\n  LOGIN:\n    ‸\(item):\n      when: login\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.id == "yaml.unquoted-checklist-item")
    #expect(diagnostic.message.contains("must be quoted"))
    #expect(diagnostic.position == source.marker)
  }

  @Test(
    "a line indented less than a literal block's first line is said to have ended the block, not to need quotes",
    arguments: ["[ ] B", "more text", "- [ ] C"])
  func blockDedent(line: String) throws {
    let source = MarkedSource(
      "flow: A\nspec: |\n    [ ] A\n        expect { top: Home }\n\n   ‸\(line)\n       expect { top: Home }\n"
    )
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.id == "yaml.block-dedent")
    #expect(
      diagnostic.message
        == "this line is indented less than the first line of the '|' block from line 2 (4 spaces), so the block ended before it: indent it 4 spaces, as every line of the block, or indent the block's first line as this one"
    )
    #expect(diagnostic.position == source.marker)
    // A line that only starts a new key after a block is no such slip.
    #expect(diagnose(MarkedSource("flow: A\nspec: |\n    [ ] A\nstart: x\n")).isEmpty)
  }

  @Test("a key indented unlike its siblings is explained as an indentation slip")
  func misindentedKey() throws {
    let source = MarkedSource("screens:\n  Infos:\n    navBar: hidden\n   ‸on: {}\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.position == source.marker)
    #expect(
      diagnostic.message
        == "did not find expected key while parsing a block mapping: this line is indented 3 spaces, but the keys before it are indented 4 ('navBar', line 3) and 2 ('Infos', line 2): indent it like the keys it belongs with, or, if those are the ones out of place, indent them 3 spaces"
    )
    // With no deeper key between, the mapping's own keys are the only ones to align with.
    let second = MarkedSource("screens:\n  Infos: {}\n   ‸Home: {}\n")
    #expect(
      try #require(diagnose(second).only).message.hasSuffix(
        "this line is indented 3 spaces, but the keys of the mapping from line 2 are indented 2 spaces: indent this line 2 spaces like them, or, if the key at line 2 is the one out of place, indent it and its sibling keys 3 spaces"
      ))
  }

  @Test("a key indented between two levels names the keys of both, whichever is out of place")
  func keyBetweenLevels() throws {
    // The helper's file: navBar one space too deep, on at the screen's keys' indentation.
    let source = MarkedSource(
      "screens:\n  Home:\n     navBar: { title: Home }\n    ‸on:\n      go: pop\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.position == source.marker)
    #expect(
      diagnostic.message.hasSuffix(
        "this line is indented 4 spaces, but the keys before it are indented 5 ('navBar', line 3) and 2 ('Home', line 2): indent it like the keys it belongs with, or, if those are the ones out of place, indent them 4 spaces"
      ))
  }

  @Test("a quote left open is named where it opens, not where YAML trips over the next one")
  func unclosedQuote() throws {
    let source = MarkedSource(
      "screens:\n  Home:\n    navBar:\n      title: \"Home\n  Next:\n    navBar: { title: \"‸Next\" }\n"
    )
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.position == source.marker)
    #expect(
      diagnostic.message.hasSuffix(
        "the quote opened at line 4, column 14 is not closed on its line, so YAML reads on to the next quote; close it, or write the text without quotes"
      ))
    // A quoted text that goes on to a later line and closes there is valid YAML; a quote in
    // a comment, or inside plain text after ' - ', opens nothing: the usual explanations.
    let valid = [
      "alerts:\n  Info:\n    message: \"A long message\n      on two lines.\"\n    actions:\n      - { title: OK }\n     ‸- { title: Cancel }\n",
      "screens:\n  Home:\n    # TODO: \"localise\n    navBar: { title: Home }\n     ‸onEnter: pop\n",
      "screens:\n  Home:\n    navBar: { title: Home }   # was: \"Welcome\n     ‸onEnter: pop\n",
      "alerts:\n  Info:\n    message: Fish - 'n chips later\n    actions:\n      - { title: OK }\n     ‸- { title: Cancel }\n",
      "screens:\n  Home:\n    note: |\n      Say: \"hi\n    navBar: { title: x }\n   ‸on: {}\n",
      "screens:\n  Home:\n    note: Fish, [ 'n chips\n    navBar: { title: x }\n   ‸on: {}\n",
    ]
    for text in valid {
      let diagnostic = try #require(diagnose(MarkedSource(text)).only)
      #expect(!diagnostic.message.contains("quote opened"), "\(diagnostic.message)")
    }
    // A list item above is no key to align with.
    let listAbove = MarkedSource(
      "screens:\n  Home:\n    on:\n      go:\n      - { push: Detail }\n   ‸navBar: {}\n")
    #expect(!(try #require(diagnose(listAbove).only)).message.contains("'- {"))
    // Closed quotes, an apostrophe inside a word and a doubled quote are no open quote.
    for line in ["title: \"Home\"", "title: it's", "title: 'don''t'", "title: \"a \\\" b\""] {
      #expect(
        diagnose(MarkedSource("screens:\n  Home:\n    navBar:\n      \(line)\n   on: {}\n"))
          .only.map { !$0.message.contains("quote opened") } ?? false, "\(line)")
    }
  }

  @Test("an under-indented first key is offered as the slip, not only the line libyaml stops at")
  func underIndentedFirstKey() throws {
    // `navBar` at 3 sets the keys' indentation, so libyaml stops at `on`, which is right.
    let source = MarkedSource(
      "screens:\n  Home:\n   navBar:\n      title: Home\n    ‸on: {}\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.position == source.marker)
    #expect(
      diagnostic.message.hasSuffix(
        "this line is indented 4 spaces, but the keys before it are indented 6 ('title', line 4) and 3 ('navBar', line 3): indent it like the keys it belongs with, or, if those are the ones out of place, indent them 4 spaces"
      ))
  }

  @Test("a key indented deeper than its siblings reads as part of the value above")
  func overIndentedKey() throws {
    let source = MarkedSource("flow: App\n  start‸: {}\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.position == source.marker)
    #expect(
      diagnostic.message.hasSuffix(
        "so YAML reads it as part of the value above; align it with its sibling keys"))
  }

  @Test("an unclosed '{' names where it was opened")
  func unclosedBrace() throws {
    let source = MarkedSource("screens:\n  Infos: { navBar: hidden\n‸alerts: {}\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(
      diagnostic.message.hasSuffix(
        "the '{' at line 2, column 10 is not closed, or two of its entries lack a ',' between them")
    )
  }

  @Test("a list item where a key is expected says so")
  func listItemInMapping() throws {
    let source = MarkedSource("screens:\n  Infos: {}\n  ‸- Login\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.position == source.marker)
    #expect(
      diagnostic.message.hasSuffix(
        "a list item '-' stands where the mapping from line 2 expects a 'key: value'"))
  }

  @Test("an unknown tag is ignored with a warning")
  func unknownTag() throws {
    let diagnostic = try #require(diagnose(MarkedSource("a: !custom value\n")).only)
    #expect(diagnostic.severity == .warning)
    #expect(diagnostic.id == "yaml.tag")
  }

  @Test("a list as a mapping key is refused")
  func complexKey() throws {
    let source = MarkedSource("? ‸[a, b]\n: value\n")
    let diagnostic = try #require(diagnose(source).only)
    #expect(diagnostic.id == "yaml.complex-key")
    #expect(diagnostic.position == source.marker)
  }
}

extension Array {
  /// The single element, or `nil` when there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
