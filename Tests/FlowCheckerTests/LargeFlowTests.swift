import FlowSpec
import FlowTestSupport
import Testing

/// A flow with enough screens and alerts that decoding and checking run in chunks on every
/// core, with mistakes planted in each chunk, and the lines where they were planted.
private struct PlantedFlow {
  var text = "flow: Large\nstart: { setRoot: S0 }\nscreens:\n"
  var line = 4
  var expected: [(line: Int, id: String)] = []

  init(
    screens: Int, alerts: Int, misspelledKeys: Set<Int>, unknownTargets: Set<Int>,
    doubleCancels: Set<Int>
  ) {
    for index in 0..<screens {
      let key = misspelledKeys.contains(index) ? "navbar" : "navBar"
      if misspelledKeys.contains(index) { expected.append((line, "model.unknown-key")) }
      let target = unknownTargets.contains(index) ? "Nowhere" : "S\((index + 1) % screens)"
      if unknownTargets.contains(index) { expected.append((line, "check.unknown-screen")) }
      add(
        "  S\(index): { \(key): { title: Screen \(index) }, on: { next: { push: \(target) }, ask: { present: A\(index % alerts) } } }"
      )
    }
    add("alerts:")
    for index in 0..<alerts {
      let second = doubleCancels.contains(index) ? ", { title: No, style: cancel }" : ""
      if doubleCancels.contains(index) { expected.append((line, "check.two-cancel-actions")) }
      add("  A\(index): { actions: [{ title: OK, style: cancel }\(second)] }")
    }
  }

  private mutating func add(_ line: String) {
    text += line + "\n"
    self.line += 1
  }
}

@Suite("Large flows: decoded and checked in chunks, reported as one")
struct LargeFlowTests {
  @Test("every declaration kept in order and every planted mistake reported once, at its line")
  func chunkedDecodingAndChecking() throws {
    let screens = 4_000
    let alerts = 6_000
    let planted = PlantedFlow(
      screens: screens, alerts: alerts, misspelledKeys: [3, 3_999], unknownTargets: [10, 2_500],
      doubleCancels: [0, 999, 1_000, 5_999])
    let document = TestFlows.document(planted.text)
    let flow = try #require(document.flow)
    // The first declaration out of place, if any: short to print when it fails.
    let screenNames = flow.screens.map(\.name.value)
    let alertNames = flow.alerts.map(\.name.value)
    #expect(screenNames.count == screens)
    #expect(screenNames.indices.first { screenNames[$0] != "S\($0)" } == nil)
    #expect(alertNames.count == alerts)
    #expect(alertNames.indices.first { alertNames[$0] != "A\($0)" } == nil)
    #expect(flow.screens[1_234].navigationBar.title?.value == "Screen 1234")
    let errors = document.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.position.line) == planted.expected.map(\.line).sorted())
    let found = errors.map { "\($0.position.line) \($0.id.rawValue)" }
    #expect(Set(found) == Set(planted.expected.map { "\($0.line) \($0.id)" }))
  }
}
