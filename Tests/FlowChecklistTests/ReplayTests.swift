import FlowSpec
import FlowTestSupport
import Testing

@testable import FlowChecklist

/// A parent item whose steps send many events, with many children under it.
private func nested(events: Int, children: Int) -> String {
  var text = """
    flow: Deep
    state: { count: 0 }
    start: { setRoot: Home }
    screens:
      Home: { on: { go: { push: Next }, bump: { add: { count: 1 } } } }
      Next: { on: { back: pop } }
    spec: |
      [ ] the parent
          when [\(Array(repeating: "bump", count: events).joined(separator: ", "))]
          expect { stack: [Home], state: { count: \(events) } }

    """
  for child in 0..<children {
    text += "    [ ] child \(child)\n        when go\n        expect { top: Next }\n"
    if child % 3 == 0 {
      text += "      [ ] grandchild \(child)\n          when back\n          expect { top: Home }\n"
    }
  }
  return text
}

@Suite("Nested items run from their parent's scenario, kept")
struct ReplayTests {
  @Test(
    "running every item at once gives what running each one alone gives",
    arguments: [
      "navigation-service.yaml", "restaurants.yaml", "shop.yaml", "todo.yaml", "coverage.yaml",
      "coordinator.yaml",
    ])
  func sameResults(fixture: String) throws {
    let document = try FlowDocument.load(path: TestFlows.fixture(fixture))
    let runner = ChecklistRunner(tree: try #require(document.validTree))
    let together = runner.runAll(recordingCoverage: true)
    #expect(together.count == runner.entries.count)
    for (entry, (result, covered)) in zip(runner.entries, together) {
      let alone = runner.run(entry, recordingCoverage: true)
      #expect(result.outcome == alone.result.outcome, "\(entry.item.text.value)")
      #expect(covered == alone.covered, "\(entry.item.text.value)")
    }
  }

  @Test("a parent's failing step fails its children as running them alone does")
  func failuresCarry() throws {
    let flow = try TestFlows.flow(
      nested(events: 3, children: 4).replacingOccurrences(
        of: "when [bump", with: "when [{ tap: back }, bump"))
    let runner = ChecklistRunner(flow: flow)
    let together = runner.runAll(recordingCoverage: false).map(\.result.outcome)
    #expect(together == runner.entries.map { runner.run($0).outcome })
    #expect(together.allSatisfy { $0 != .passed })
  }

  @Test("children of an item with many events pass, and replay it once")
  func manyChildren() throws {
    let runner = ChecklistRunner(flow: try TestFlows.flow(nested(events: 2000, children: 300)))
    let results = runner.runAll()
    #expect(results.count == 1 + 300 + 100)
    let failing = results.first { !$0.passed }
    #expect(failing == nil, "\(failing.map(\.failures) ?? [])")
  }
}
