import FlowSpec
import FlowTestSupport
import Testing

/// The tiny app's double-tap bug: `go` pushes Detail twice.
enum DoublePush: TinyBug { static var pushesPerGo: Int { 2 } }
typealias DoublePushDriver = TinyAppDriver<DoublePush>

private let propertyFlow =
  tinyFlowScreens + """
    properties:
      going shows one detail:
        after: go
        then: { stack: [Home, Detail] }
      home stays the root:
        always: { root: Home }
    spec: |
      [ ] going shows one detail
          when go
          expect { holds: going shows one detail }
      [ ] a built-in property is judged on the interpreter only
          expect { holds: no-trap }
    """

@Suite("Properties on the app: checklist items and the exploration judge the app's observations")
@MainActor
struct PropertyExplorationTests {
  let runner = ChecklistRunner(flow: try! TestFlows.flow(propertyFlow))

  @Test("expect { holds: … } judges the app's observation: it holds, or the app breaks it")
  func holdsOnTheApp() async {
    let sound = await runner.run(runner.entries[0], against: TinyDriver.self)
    #expect(sound.failures.isEmpty, "\(sound.failures.map(\.message))")
    let buggy = await runner.run(runner.entries[0], against: DoublePushDriver.self)
    #expect(buggy.failures.map(\.id) == ["expect.holds"])
    #expect(
      buggy.failures.first?.message.hasPrefix(
        "the app disagrees: property 'going shows one detail' fails: after 'go', its 'then' condition does not hold: stack [Home, Detail, Detail]"
      ) == true, "\(buggy.failures.map(\.message))")
    let builtIn = await runner.run(runner.entries[1], against: TinyDriver.self)
    #expect(builtIn.failures.isEmpty)
    #expect(
      builtIn.unchecked.map(\.message) == [
        "not checked: property 'no-trap': a built-in property is judged on the interpreter"
      ])
  }

  @Test(
    "the exploration reports a property the app breaks, at the property, with holds: in its item")
  func exploration() async throws {
    #expect(await runner.explore(against: TinyDriver.self, budget: .init(events: 40)) == nil)
    let finding = try #require(
      await runner.explore(against: DoublePushDriver.self, budget: .init(events: 40)))
    #expect(finding.events == ["go"])
    #expect(
      finding.differences.map(\.field) == ["stack", "property 'going shows one detail'"])
    #expect(finding.range.start.line == 10, "at the first property broken")
    #expect(finding.item.contains("holds: going shows one detail"), "\(finding.item)")
    // The item, pasted, fails against the app for that reason.
    let pasted = ChecklistRunner(
      flow: try TestFlows.flow(
        propertyFlow + "\n"
          + finding.item.split(separator: "\n").map { "  " + $0 }.joined(
            separator: "\n") + "\n"))
    try #require(pasted.entries.count == 3)
    let result = await pasted.run(pasted.entries[2], against: DoublePushDriver.self)
    #expect(result.failures.map(\.id).contains("expect.holds"), "\(result.failures)")
  }
}
