import FlowSpec
import FlowTestSupport
import Testing

/// A flow with one screen, `Home`, that handles `go` and `back`, and the given checklist.
private func flow(checklist: String) -> String {
  """
  flow: Test
  state: { isLogin: false }
  start: { setRoot: Home }
  screens:
    Home: { on: { go: { push: Next } } }
    Next: { navBar: { title: Next } }
  \(checklist)
  """
}

private func checklist(_ source: String) throws -> Checklist {
  let document = TestFlows.document(flow(checklist: source))
  // These tests are about decoding; whether the marks are honest is tested elsewhere.
  let errors = document.diagnostics.filter {
    $0.severity == .error && $0.id != "checklist.done-but-failing"
  }
  #expect(errors.isEmpty, "\(errors)")
  return try #require(document.flow?.checklist)
}

@Suite("Checklist: the literal block form")
struct BlockChecklistTests {
  @Test(
    "every mark people type is read, done or not",
    arguments: [
      ("[ ]", false), ("[]", false), ("[x]", true), ("[X]", true), ("[✅]", true), ("- [ ]", false),
      ("- [x]", true),
    ])
  func marks(mark: String, isDone: Bool) throws {
    let list = try checklist(
      "spec: |\n  \(mark) Go pushes next\n      when go\n      expect { top: Next }\n")
    let item = try #require(list.entries.first?.item)
    #expect(item.text.value == "Go pushes next")
    #expect(item.mark.isDone == isDone)
    #expect(item.mark.text == mark.replacingOccurrences(of: "- ", with: ""))
    let markColumn = 3 + (mark.hasPrefix("- ") ? 2 : 0)
    #expect(item.mark.range.start == SourcePosition(line: 8, column: markColumn))
  }

  @Test("sections, nesting and steps, with every position mapped back to the file")
  func structure() throws {
    let list = try checklist(
      """
      spec: |
        ========= HOME
        [ ] Starts at home
            given { isLogin: true }
            expect { stack: [Home] }
          [ ] Go pushes next
              when go
              expect:
                top: Next
                navBar: { title: Next }

        ===== OTHER =====
        [✅] Plain item
      """)
    #expect(list.sections.map(\.title?.value) == ["HOME", "OTHER"])
    let entries = list.entries
    #expect(entries.map(\.item.text.value) == ["Starts at home", "Go pushes next", "Plain item"])
    #expect(entries[1].ancestors.map(\.text.value) == ["Starts at home"])
    #expect(entries[0].item.text.position == SourcePosition(line: 9, column: 7))
    let child = entries[1].item
    #expect(child.steps.count == 2)
    guard case .expect(let expectations) = child.steps[1].kind else {
      Issue.record("expected an expect step")
      return
    }
    #expect(
      expectations.map(\.range.start) == [
        SourcePosition(line: 15, column: 11), SourcePosition(line: 16, column: 11),
      ])
    #expect(child.lines == 12...16)
    #expect(entries[2].item.isBound == false)
  }

  @Test("a step's value may span lines that are indented further")
  func multiLineValue() throws {
    let list = try checklist(
      "spec: |\n  [ ] Go\n      when go\n      expect { top: Next,\n               animated: true }\n"
    )
    guard case .expect(let expectations) = list.entries[0].item.steps[1].kind else {
      Issue.record("expected an expect step")
      return
    }
    #expect(expectations.count == 2)
    #expect(expectations[1].range.start == SourcePosition(line: 11, column: 16))
  }

  @Test("a misaligned item is reported with the indentation that would fit")
  func badIndentation() throws {
    let source = MarkedSource(flow(checklist: "spec: |\n  [ ] A\n      [ ] B\n    ‸[ ] C\n"))
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("checklist.indentation"))
    #expect(diagnostic.position == source.marker)
    // Counted from the line's start, as the editor shows it, not from the block's indent.
    #expect(
      diagnostic.message
        == "this item is indented 4 spaces, which matches no item above; it is read as nested under 'A'. Indent it 6 spaces to make it a sibling of 'B', or 2 to make it a sibling of 'A'"
    )
  }

  @Test("an item one space deeper than its parent but misaligned gets one diagnostic, not two")
  func misalignedItemIsNotAlsoAStraySpace() throws {
    // C, at 3, is one deeper than A (a stray space's look) and matches B at 4: one error,
    // which names both ways out, and no warning that says otherwise at the same place.
    let source = MarkedSource(flow(checklist: "spec: |\n  [ ] A\n    [ ] B\n   ‸[ ] C\n"))
    let diagnostics = TestFlows.document(source.text).diagnostics.filter {
      (diagnostic: Diagnostic) in
      diagnostic.id == "checklist.indentation" || diagnostic.id == "checklist.stray-space"
    }
    #expect(diagnostics.map(\.id.rawValue) == ["checklist.indentation"])
    #expect(diagnostics.first?.position == source.marker)
    #expect(
      diagnostics.first?.message
        == "this item is indented 3 spaces, which matches no item above; it is read as nested under 'A'. Indent it 4 spaces to make it a sibling of 'B', or 2 to make it a sibling of 'A'"
    )
  }

  @Test("a step value left open: one error at the end of its line, and the item not also unbound")
  func unclosedStepValue() throws {
    let source = MarkedSource(
      flow(
        checklist:
          "spec: |\n  [ ] one\n      expect { stack: [Home]‸\n    [ ] two\n        expect { top: Home }\n"
      ))
    let diagnostics = TestFlows.document(source.text).diagnostics
    #expect(diagnostics.map(\.id.rawValue) == ["yaml.syntax"], "\(diagnostics.map(\.message))")
    #expect(diagnostics.first?.position == source.marker)
    // Continued on a line not indented past its keyword: one error, which says so.
    let continued = MarkedSource(
      flow(checklist: "spec: |\n  [ ] one\n      expect { top: { Home:‸\n      { id: 3 } } }\n"))
    let errors = TestFlows.document(continued.text).diagnostics
    #expect(errors.count == 1, "\(errors.map(\.message))")
    #expect(errors.first?.position == continued.marker)
    #expect(
      errors.first?.message.hasSuffix(
        "a value continues on the next line only if that line is indented more than 'expect'")
        == true)
  }

  @Test("YAML errors inside a step name the file's columns, and a lost value spares the next item")
  func stepErrorsInFileColumns() throws {
    // The block is indented 4: columns and indentations are the file's, not the block's.
    let quote = MarkedSource(
      flow(
        checklist:
          "spec: |\n    [ ] one\n        expect:\n          navBar: { title: \"Hi }\n          top: Home\n"
      ))
    let quoteError = try #require(TestFlows.document(quote.text).diagnostics.first)
    #expect(quoteError.message.contains("the quote opened at line 10, column 28"))
    let between = MarkedSource(
      flow(
        checklist:
          "spec: |\n    [ ] one\n        expect:\n          navBar:\n            title: Home\n           ‸top: Home\n"
      ))
    let betweenError = try #require(TestFlows.document(between.text).diagnostics.first)
    #expect(betweenError.position == between.marker)
    #expect(
      betweenError.message.hasSuffix(
        "this line is indented 11 spaces, but the keys before it are indented 12 ('title', line 11) and 10 ('navBar', line 10): indent it like the keys it belongs with, or, if those are the ones out of place, indent them 11 spaces"
      ))
    // A line of a step's value indented less than its keys ends the value.
    let dedent = TestFlows.document(
      flow(
        checklist:
          "spec: |\n    [ ] one\n        expect:\n          stack: [Home]\n         top: Home\n"))
    #expect(
      dedent.diagnostics.first?.message.hasSuffix(
        "this line is indented less than the keys of the step's value above it, which ended there; indent it like those keys"
      ) == true, "\(dedent.diagnostics.map(\.message))")
    // A value left open before an item with a misspelt mark: both errors, steps kept apart.
    let open = TestFlows.document(
      flow(
        checklist: "spec: |\n  [ ] one\n      expect { stack: [Home]\n  [v] two\n      when go\n"))
    #expect(open.diagnostics.map(\.id.rawValue) == ["yaml.syntax", "checklist.unknown-mark"])
  }

  @Test("a step must be indented under its item")
  func stepNotIndented() throws {
    let source = MarkedSource(flow(checklist: "spec: |\n  [ ] A\n  ‸when go\n"))
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("checklist.step-indentation"))
    #expect(diagnostic.message == "a step must be indented more than its item 'A'")
    #expect(diagnostic.position == source.marker)
  }

  @Test("a step before any item is refused")
  func orphanStep() throws {
    let source = MarkedSource(flow(checklist: "spec: |\n  ‸when go\n  [ ] A\n"))
    #expect(
      TestFlows.document(source.text).diagnostics.only("checklist.orphan-step")?.position
        == source.marker)
  }

  @Test("a misspelled step keyword suggests the right one")
  func misspelledStep() throws {
    let source = MarkedSource(flow(checklist: "spec: |\n  [ ] A\n      ‸expct { top: Home }\n"))
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("checklist.unknown-step"))
    #expect(diagnostic.message == "unknown step 'expct'; did you mean 'expect'?")
    #expect(diagnostic.position == source.marker)
  }

  @Test(
    "an empty 'state', 'params', 'navBar', 'tabs', 'calls' or 'onStack' expectation, which would hold anywhere, is an error at it"
  )
  func emptyExpectation() throws {
    for key in ["state", "params", "navBar", "tabs", "calls"] {
      let source = MarkedSource(
        flow(checklist: "spec: |\n  [ ] A\n      expect { top: Home, \(key): ‸{} }\n"))
      let diagnostic = try #require(
        TestFlows.document(source.text).diagnostics.only("model.wrong-type"))
      #expect(
        diagnostic.message.hasPrefix("'\(key)' must be ")
          && diagnostic.message.hasSuffix(", found an empty mapping"), "\(diagnostic.message)")
      #expect(diagnostic.position == source.marker)
    }
    let source = MarkedSource(
      flow(checklist: "spec: |\n  [ ] A\n      expect { top: Home, onStack: ‸[] }\n"))
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("model.wrong-type"))
    #expect(
      diagnostic.message == "'onStack' must be one or more screens to find, found an empty list")
    #expect(diagnostic.position == source.marker)
    let empty = MarkedSource(flow(checklist: "spec: |\n  [ ] A\n      expect ‸{}\n"))
    let nothing = try #require(TestFlows.document(empty.text).diagnostics.only("model.wrong-type"))
    #expect(nothing.message == "'expect' must be one or more expectations, found an empty mapping")
    #expect(nothing.position == empty.marker)
  }

  @Test("an unknown mark and a stray line are each explained")
  func strayLines() throws {
    let source = MarkedSource(flow(checklist: "spec: |\n  ‸[?] A\n  ‸just some text\n"))
    let diagnostics = TestFlows.document(source.text).diagnostics.filter { $0.severity == .error }
    #expect(diagnostics.ids == ["checklist.unknown-mark", "checklist.unknown-line"])
    #expect(diagnostics.map(\.position) == source.markers)
  }

  @Test("YAML errors inside a step value are located in the file")
  func yamlErrorInStep() throws {
    let source = MarkedSource(flow(checklist: "spec: |\n  [ ] A\n      expect { top: Home‸\n"))
    let diagnostic = try #require(TestFlows.document(source.text).diagnostics.only("yaml.syntax"))
    #expect(
      diagnostic.position.line == source.marker.line + 1 || diagnostic.position == source.marker)
  }

  @Test("a bracket left open in a step names its column in the file, as the caret shows it")
  func openBracketInStep() throws {
    let source = MarkedSource(
      flow(checklist: "spec: |\n    [ ] A\n        expect { stack: ‸[Home }\n"))
    let diagnostic = try #require(TestFlows.document(source.text).diagnostics.only("yaml.syntax"))
    #expect(
      diagnostic.message.hasSuffix(
        "the '[' at line \(source.marker.line), column \(source.marker.column) is not closed, or two of its items lack a ',' between them"
      ), "\(diagnostic.message)")
    #expect(diagnostic.notes.first?.range?.start == source.marker)
  }

  @Test(
    "a known mark with the text right after it says the space is missing",
    arguments: [
      ("‸[ ]starts at home", "[ ] starts at home"), ("- ‸[x]done", "- [x] done"),
      ("*  ‸[✅]ok", "*  [✅] ok"),
    ])
  func markWithoutSpace(line: String, written: String) throws {
    let source = MarkedSource(flow(checklist: "spec: |\n  \(line)\n"))
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("checklist.unknown-mark"))
    #expect(
      diagnostic.message == "a checklist item needs a space after its mark: write '\(written)'")
    #expect(diagnostic.position == source.marker)
  }

  @Test("'given' below a scenario's root is refused")
  func nestedGiven() throws {
    let source = MarkedSource(
      flow(
        checklist: "spec: |\n  [ ] A\n      when go\n    [ ] B\n        ‸given { isLogin: true }\n")
    )
    #expect(
      TestFlows.document(source.text).diagnostics.only("checklist.nested-given")?.position
        == source.marker)
  }

  @Test("a tab in the checklist's indentation is refused")
  func tab() throws {
    let source = MarkedSource(flow(checklist: "spec: |\n  [ ] A\n  ‸\twhen go\n"))
    #expect(
      TestFlows.document(source.text).diagnostics.only("checklist.tab")?.position == source.marker)
  }

  @Test("a CRLF file reads the same, with the same positions")
  func crlf() throws {
    let text = flow(checklist: "spec: |\n  [ ] A\n      when go\n      expect { top: Next }\n")
    let document = TestFlows.document(text.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(document.diagnostics.isEmpty)
    let item = try #require(document.flow?.checklist?.entries.first?.item)
    #expect(item.text.value == "A")
    #expect(item.mark.range.start == SourcePosition(line: 8, column: 3))
  }
}

@Suite("Checklist: the mapping form of the design sketch")
struct MappingChecklistTests {
  @Test("quoted item keys nest, carry marks and locate them inside the quotes")
  func mappingForm() throws {
    let list = try checklist(
      """
      spec:
        HOME:
          "[ ] Starts at home":
            given: { isLogin: false }
            expect: { stack: [Home] }
            '[✅] Go pushes next':
              when: go
              expect: { top: Next }
          "- [x] Unbound": ~
      """)
    #expect(list.form == .mapping)
    let entries = list.entries
    #expect(entries.map(\.item.text.value) == ["Starts at home", "Go pushes next", "Unbound"])
    #expect(entries.map(\.item.mark.isDone) == [false, true, true])
    #expect(entries[0].item.mark.range.start == SourcePosition(line: 9, column: 6))
    #expect(entries[2].item.mark.range.start == SourcePosition(line: 15, column: 8))
    #expect(entries[1].ancestors.count == 1)
    #expect(!entries[2].item.isBound)
  }

  @Test("a key that is neither a step nor an item suggests the step")
  func unknownStepKey() throws {
    let source = MarkedSource(flow(checklist: "spec:\n  HOME:\n    \"[ ] A\":\n      ‸wen: go\n"))
    let diagnostic = try #require(
      TestFlows.document(source.text).diagnostics.only("checklist.unknown-key"))
    #expect(diagnostic.message.hasSuffix("did you mean 'when'?"))
    #expect(diagnostic.position == source.marker)
  }
}
