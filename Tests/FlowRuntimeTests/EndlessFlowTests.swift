import FlowModel
import FlowRuntime
import FlowSpec
import FlowTestSupport
import Testing

@Suite("A flow that would run without end is refused, not a crash")
struct EndlessFlowTests {
  @Test("a screen whose onEnter pushes it again cannot start")
  func screenEntersItself() throws {
    let flow = try TestFlows.flow(
      "flow: Loop\nstart: { setRoot: A }\nscreens:\n  A:\n    onEnter: { push: A }\n")
    do {
      _ = try Navigator(flow: flow)
      Issue.record("a flow whose screen enters itself started")
    } catch {
      #expect(error.id == "run.endless")
      #expect(
        error.message.hasPrefix(
          "'onEnter' of 'A' would run inside 64 others")
      )
    }
  }

  @Test("an event whose onAppear shows the screen again is refused, and the navigator is as before")
  func appearLoop() throws {
    let flow = try TestFlows.flow(
      """
      flow: Loop
      start: { setRoot: A }
      screens:
        A: { on: { go: { push: B } } }
        B: { onAppear: { setRoot: B } }
      """)
    var navigator = try Navigator(flow: flow)
    let first = navigator.attempt(.named("go", arguments: [:]))
    #expect(first?.id == "run.endless")
    #expect(navigator.stack == ["A"])
    // Refused the same way again: what the first left nested was undone.
    #expect(navigator.attempt(.named("go", arguments: [:])) == first)
  }

  @Test("a child that finishes into its own start is refused")
  func childRestartsItself() {
    let parent = """
      flow: P
      use: { K: k.yaml }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            go: { start: K }
            again: { start: K }
      spec: |
        [x] go
            when go
            expect { top: Home }
      """
    let child = "flow: K\nstart: [{ push: KA }, { finish: again }]\nscreens:\n  KA: {}\n"
    let document = FlowDocument(
      source: parent, path: "/app/p.yaml", files: .embedded(["/app/k.yaml": child])
    ).runningChecklist()
    #expect(
      document.checklistResults.first?.failures.first?.message.contains(
        "the start of flow 'K' would run inside 64 others") == true,
      "\(document.checklistResults.first?.failures.map(\.message) ?? [])")
  }
}
