import FlowSpec
import Testing

/// A flow whose one item is marked done but fails: its mark lies.
private let dishonest = """
  flow: Loading
  start: { setRoot: Home }
  screens:
    Home:
      on:
        go: { push: Next }
    Next: {}
  spec: |
    [✅] Go shows Next
        when go
        expect { top: Home }
  """

@Suite("Loading a flow, and running its checklist, are two steps")
struct DocumentLoadingTests {
  @Test("loading checks the flow but runs no item; running adds the results and the lie")
  func loadThenRun() throws {
    let loaded = FlowDocument(source: dishonest, path: "loading.yaml")
    #expect(loaded.validFlow != nil)
    #expect(loaded.checklistResults.isEmpty)
    #expect(loaded.diagnostics.isEmpty)

    let run = loaded.runningChecklist()
    #expect(run.checklistResults.map(\.passed) == [false])
    #expect(run.diagnostics.map(\.id) == ["checklist.done-but-failing"])
    #expect(run.diagnostics.first?.position.line == 9)
    // Running again changes nothing: the items ran once.
    #expect(run.runningChecklist().diagnostics == run.diagnostics)
  }

  @Test("a flow with errors outside its checklist is not run")
  func brokenFlowIsNotRun() {
    let broken = dishonest.replacingOccurrences(of: "push: Next", with: "push: Nowhere")
    let run = FlowDocument(source: broken, path: "loading.yaml").runningChecklist()
    #expect(run.checklistResults.isEmpty)
    #expect(run.diagnostics.map(\.id) == ["check.unknown-screen", "check.unreachable-screen"])
  }
}

@Suite("Values written as YAML read back as themselves")
struct ValueSpellingTests {
  @Test(
    "text with quotes, backslashes and control characters round-trips",
    arguments: [
      "plain", "say \"hi\"", "back\\slash", "two\nlines\tand tab", "bell\u{07} del\u{7F}", "é ✅ 🚀",
      "",
    ])
  func textRoundTrips(text: String) throws {
    let value = Value.list([.string(text), .int(3), .bool(true)])
    let source =
      "flow: Values\nstate: { v: \(value.description) }\nstart: { setRoot: Home }\nscreens: { Home: {} }\n"
    let document = FlowDocument(source: source, path: "values.yaml")
    #expect(document.diagnostics.isEmpty, "\(document.diagnostics.map(\.message))")
    #expect(document.flow?.state.first?.initialValue.value == value)
  }
}
