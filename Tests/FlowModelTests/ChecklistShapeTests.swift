import FlowSpec
import FlowTestSupport
import Testing

/// A flow with a few events, to which each test adds its checklist.
private func flow(_ checklist: String) -> String {
  """
  flow: Shape
  start: { setRoot: Home }
  screens:
    Home:
      on:
        go: { push: Next }
    Next:
      on:
        back: pop
  \(checklist)
  """
}

@Suite("Checklist: identity, indentation and slips")
struct ChecklistShapeTests {
  @Test("the same text under two parents names two items; only siblings clash")
  func identityByPath() throws {
    let source = MarkedSource(
      flow(
        """
        spec: |
          [ ] Add
              when go
            [ ] Status is pending
                expect { top: Next }
          [ ] Delete
              when go
            [ ] Status is pending
                expect { top: Next }
            [ ] ‸Status is pending
                expect { top: Next }
        """))
    let document = TestFlows.document(source.text)
    let duplicates = document.diagnostics.filter { $0.id == "checklist.duplicate-item" }
    #expect(duplicates.map(\.position) == [source.marker])
    #expect(
      duplicates.first?.message
        == "item 'Delete' already has a child 'Status is pending'; siblings name their own tests, so give each its own text"
    )
    let entries = try #require(document.flow?.checklist?.entries)
    #expect(entries[1].path == ["Add", "Status is pending"])
    #expect(entries[3].path == ["Delete", "Status is pending"])
  }

  @Test("an item one space deeper than the item above is nested, with a warning saying so")
  func straySpace() throws {
    let source = MarkedSource(
      flow(
        """
        spec: |
          [ ] Loads
              when go
              [ ] Empty
                  expect { top: Next }
          ‸     [ ] Displayed
                  expect { top: Next }
        """))
    let document = TestFlows.document(source.text)
    let warning = try #require(document.diagnostics.only("checklist.stray-space"))
    #expect(warning.severity == .warning)
    #expect(warning.position == source.marker.advanced(by: 5))
    #expect(
      warning.message
        == "'Displayed' is indented 7 spaces, one more than 'Empty', so it is read as nested under it (continuing its scenario); indent it 6 spaces to make it a sibling, or 8 to nest it on purpose"
    )
    #expect(document.flow?.checklist?.entries.map(\.path.count) == [1, 2, 3])
  }

  @Test("a stray space on the parent is blamed on the parent, not on its well-placed child")
  func straySpaceInParent() throws {
    let source = MarkedSource(
      flow(
        """
        spec: |
          [ ] Starts
              when go
           ‸  [ ] Goes home
                when go
              [ ] Pushes
                  expect { top: Next }
        """))
    let warning = try #require(
      TestFlows.document(source.text).diagnostics.only("checklist.stray-space"))
    #expect(warning.position == source.marker.advanced(by: 2))
    #expect(
      warning.message
        == "'Goes home' is indented 5 spaces, one more than a step under 'Starts', so 'Pushes', at 6, reads as nested under it by one space; indent 'Goes home' 4 spaces"
    )
  }

  @Test("a tab after a step's keyword is one clear error, and the step still binds")
  func tabAfterKeyword() throws {
    let source = MarkedSource(
      flow("spec: |\n  [ ] Goes\n      when‸\tgo\n      expect { top: Next }\n"))
    let document = TestFlows.document(source.text)
    #expect(document.checklistDiagnostics.map(\.id) == ["checklist.tab"])
    let diagnostic = try #require(document.diagnostics.only("checklist.tab"))
    #expect(diagnostic.position == source.marker)
    #expect(
      diagnostic.message
        == "a tab after 'when'; separate a step's keyword from its value with a space")
    #expect(document.flow?.checklist?.entries.first?.item.steps.count == 2)
  }

  @Test("a mark without text is one error, not a cascade")
  func emptyItem() throws {
    let source = MarkedSource(
      flow("spec: |\n  ‸[✅]\n  ‸[✅]\n  [ ] Goes\n      when go\n      expect { top: Next }\n"))
    let diagnostics = TestFlows.document(source.text).checklistDiagnostics
    #expect(diagnostics.map(\.id) == ["checklist.empty-item", "checklist.empty-item"])
    #expect(diagnostics.map(\.position) == source.markers)
  }

  @Test("'calls' counts the item's own steps, not its parents'")
  func callsFromOwnSteps() throws {
    let checklist = """
      spec: |
        [ ] Goes
            when go
            expect { calls: { push: 1, setRoot: 1 } }
          [ ] Goes back
              when back
              expect { calls: { push: 0, pop: 1, setRoot: 0 } }
          [ ] Counts wrong
              when back
              expect { calls: { push: 1 } }
      """
    let results = ChecklistRunner(flow: try TestFlows.flow(flow(checklist))).runAll()
    #expect(results.map(\.passed) == [true, true, false])
    #expect(
      results[2].failures.map(\.message) == [
        "expected 'push' called once, found 0 times in this item's steps (once before them)"
      ])
  }
}

extension FlowDocument {
  /// The diagnostics about the checklist itself.
  fileprivate var checklistDiagnostics: [Diagnostic] {
    diagnostics.filter { $0.id.rawValue.hasPrefix("checklist.") }
  }
}
