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
