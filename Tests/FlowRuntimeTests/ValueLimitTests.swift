import FlowSpec
import FlowTestSupport
import Testing

/// Values a flow's events grow: refused where they would go beyond what a value can hold,
/// never wrapped round or grown until memory runs out.
@Suite("Runtime: an Int or a text an event grows is refused beyond its limit")
struct ValueLimitTests {
  @Test("'add' beyond the largest or smallest Int is refused, and the state is left as it was")
  func intOverflow() throws {
    var navigator = try Navigator(
      flow: try TestFlows.flow(
        """
        flow: F
        state: { count: 9223372036854775806, low: -9223372036854775808 }
        start: { setRoot: Home }
        screens:
          Home:
            on:
              up: { add: { count: 1 } }
              down: { add: { low: -1 } }
        """))
    try navigator.send(.named("up", arguments: [:]))
    #expect(navigator.value(of: "count") == .int(.max))
    let beyond = #expect(throws: NavigationError.self) {
      try navigator.send(.named("up", arguments: [:]))
    }
    #expect(beyond?.id == "run.int-overflow")
    #expect(beyond?.message.contains("state 'count'") == true)
    #expect(navigator.value(of: "count") == .int(.max))
    #expect(navigator.value(of: "low") == .int(.min))
    let below = #expect(throws: NavigationError.self) {
      try navigator.send(.named("down", arguments: [:]))
    }
    #expect(below?.id == "run.int-overflow")
  }

  @Test("a text that inserts itself is refused once longer than the limit, not grown without end")
  func textDoubling() throws {
    var navigator = try Navigator(
      flow: try TestFlows.flow(
        """
        flow: F
        state: { trail: ab }
        start: { setRoot: Home }
        screens:
          Home:
            on:
              grow: { set: { trail: "{trail}{trail}" } }
        """))
    var accepted = 0
    var refusal: NavigationError?
    while refusal == nil, accepted < 64 {
      do {
        try navigator.send(.named("grow", arguments: [:]))
        accepted += 1
      } catch {
        refusal = error
      }
    }
    #expect(refusal?.id == "run.text-too-long")
    // "ab" doubled 15 times is 65,536 bytes: the longest a text may be.
    #expect(accepted == 15)
    guard case .string(let trail) = navigator.value(of: "trail") else {
      Issue.record("trail is not text")
      return
    }
    #expect(trail.utf8.count == Navigator.longestText)
  }
}
