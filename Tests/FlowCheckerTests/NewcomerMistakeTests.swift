import FlowSpec
import FlowTestSupport
import Testing

/// Mistakes a newcomer makes, each answered by one diagnostic that says what to do.
@Suite("A newcomer's mistakes point at their fix")
struct NewcomerMistakeTests {
  @Test("a title in braces is a YAML mapping: the error says to quote it")
  func bracedTitle() throws {
    let document = TestFlows.document(
      TestFlows.header + "screens:\n  Home:\n    navBar: { title: {restaurant} }\n")
    let error = try #require(document.diagnostics.only("model.wrong-type"))
    #expect(
      error.message
        == #"the title of 'Home' must be text, found a mapping (braces make a YAML mapping; quote the text: "{restaurant}")"#
    )
    #expect(error.position.line == 5)
  }

  @Test("an event named like a request's outcome is a warning pointing at requests:")
  func outcomeAsEvent() throws {
    let document = TestFlows.document(
      TestFlows.header + "screens:\n  Home:\n    on:\n      load.success: { push: B }\n  B: {}\n")
    let warning = try #require(document.diagnostics.only("check.outcome-as-event"))
    #expect(warning.severity == .warning)
    #expect(warning.message.contains("'requests: load: onSuccess:'"), "\(warning.message)")
    #expect(warning.position.line == 6)
    let plain = TestFlows.document(
      TestFlows.header + "screens:\n  Home:\n    on:\n      load.more: { push: B }\n  B: {}\n")
    #expect(plain.diagnostics.filter { $0.id.rawValue == "check.outcome-as-event" }.isEmpty)
  }

  @Test("a section written twice, as a pasted block repeats it, is a warning with the first")
  func duplicateSection() throws {
    let document = TestFlows.document(
      TestFlows.header
        + """
        screens:
          Home: { on: { go: { push: B } } }
          B: {}
        spec: |
          ========= MAIN
          [ ] one
              when go
              expect { top: B }
          ========= MAIN
          [ ] two
              expect { top: Home }

        """)
    let warning = try #require(document.diagnostics.only("checklist.duplicate-section"))
    #expect(warning.position.line == 11)
    #expect(warning.notes.first?.range?.start.line == 7)
    #expect(warning.message.hasPrefix("section 'MAIN' is written twice"))
  }

  @Test("steps at their item's indent: the indentation errors, and no consequence before them")
  func stepsAtItemIndent() {
    let document = TestFlows.document(
      TestFlows.header
        + """
        screens:
          Home: { on: { go: { push: B } } }
          B: {}
        spec: |
          [✅] one
          when go
          expect { top: B }

        """
    ).runningChecklist()
    #expect(
      document.diagnostics.map(\.id.rawValue) == [
        "checklist.step-indentation", "checklist.step-indentation",
      ], "\(document.diagnostics.map(\.message))")
  }
}
