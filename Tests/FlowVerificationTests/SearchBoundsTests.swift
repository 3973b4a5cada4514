import FlowSpec
import FlowTestSupport
import Testing

/// The bounds of a search: each stops what it limits, and the report names the bounds hit
/// by the names a user raises them with.
@Suite("flowc verify stops at its bounds and names each bound it hit")
struct SearchBoundsTests {
  private let doubling = """
    flow: F
    state: { trail: ab }
    start: { setRoot: Home }
    screens:
      Home:
        navBar: { title: "{trail}" }
        on:
          grow: { set: { trail: "{trail}{trail}" } }
    verify: { off: [no-trap] }
    """

  @Test("a text that doubles with every event stops at the text bound, and says so")
  func doublingText() throws {
    let report = try verifyFlow(doubling)
    // ab, then 4, 8, … 128 characters: the first beyond 100 is stored, not searched from.
    #expect(report.states == 7)
    #expect(report.boundsHit == ["texts"])
    #expect(report.failures.isEmpty, "\(report.failures.map(\.message))")
    let wider = try verifyFlow(doubling) { $0.override(textLength: 1_000) }
    #expect(wider.states == 10)
    #expect(wider.boundsHit == ["texts"])
  }

  @Test("each bound hit is named as 'verify:' names it: lists, ints, stack, texts")
  func namedBounds() throws {
    let flow = """
      flow: F
      state: { items: [], count: 0 }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            add: { append: { items: x } }
            up: { add: { count: 1 } }
            next: { push: Home }
      verify: { off: [no-trap], repeatable: [Home], lists: 1, ints: 2, stack: 3, depth: 50 }
      """
    let report = try verifyFlow(flow)
    #expect(report.boundsHit == ["lists", "ints", "stack"])
    let deeper = try verifyFlow(flow) { $0.override(depth: 4, listLength: 10, intMagnitude: 10) }
    #expect(deeper.boundsHit == ["depth", "stack"])
  }

  @Test("presentations one over another count against 'stack': a sheet that presents itself")
  func nestedPresentations() throws {
    let flow = """
      flow: F
      start: { setRoot: Home }
      screens:
        Home: { on: { open: { present: Sheet } } }
        Sheet:
          on:
            again: { present: Sheet, stack: true }
            next: { push: Sheet }
            close: dismiss
      verify: { stack: 3, depth: 64 }
      """
    let report = try verifyFlow(flow)
    #expect(report.boundsHit == ["stack"])
    #expect(report.boundLimits == [3])
    // Each of up to 4 layers (the fourth stored, not searched from) with a stack of 1 to 4.
    #expect(report.states < 400, "\(report.states)")
    let deeper = try verifyFlow(flow) { $0.override(stackHeight: 5) }
    #expect(deeper.states > report.states)
  }

  @Test("lists, ints and texts may be 0 in the file; depth, states and stack may not")
  func zeroBounds() throws {
    let zero = try verifyFlow(
      """
      flow: F
      state: { items: [] }
      start: { setRoot: Home }
      screens:
        Home: { on: { add: { append: { items: true } } } }
      verify: { off: [no-trap], lists: 0, ints: 0, texts: 0 }
      """)
    // The start holds no list item, no Int and no text: searched from; the next holds a
    // list of one Bool, beyond the list bound only.
    #expect(zero.states == 2)
    #expect(zero.boundsHit == ["lists"])
    let refused = TestFlows.document(
      """
      flow: F
      start: { setRoot: Home }
      screens: { Home: {} }
      verify: { stack: 0, texts: -1 }
      """)
    let messages = refused.diagnostics.map {
      "\($0.range.start.line):\($0.range.start.column) \($0.message)"
    }
    #expect(messages.contains("4:18 'stack' must be 1 or more, found the number 0"), "\(messages)")
    #expect(messages.contains("4:28 'texts' must be 0 or more, found the number -1"), "\(messages)")
  }
}

/// What nothing grew never stops a search: the start state, the flow's own literals and the
/// values the search sends are within bounds, whatever the bounds say.
@Suite("flowc verify searches what the flow starts with and writes, whatever the bounds")
struct SearchBoundsRaisedTests {
  @Test("a start state beyond every bound is still searched from, and its failures found")
  func longStart() throws {
    let terms = String(repeating: "terms ", count: 30)
    let report = try verifyFlow(
      """
      flow: F
      state: { terms: "\(terms)", items: [a, b, c, d, e], count: 5000 }
      start: { setRoot: Welcome }
      properties:
        never broken: { never: { top: Broken } }
      screens:
        Welcome: { on: { accept: { push: Home } } }
        Home: { navBar: { backButton: visible }, on: { crash: { push: Broken } } }
        Broken: { navBar: { backButton: visible } }
      verify: { off: [no-trap], lists: 1, ints: 10, texts: 0 }
      """)
    #expect(report.failures.map(\.property) == ["never broken"])
    #expect(report.failures.first?.path?.count == 2)
    #expect(report.boundsHit.isEmpty, "\(report.boundsHit)")
  }

  @Test("a text, list or Int the flow writes itself is within the bounds")
  func writtenLiterals() throws {
    let notice = String(repeating: "n", count: 150)
    let report = try verifyFlow(
      """
      flow: F
      state: { notice: "", items: [], count: 0 }
      start: { setRoot: Home }
      screens:
        Home:
          on:
            warn: { set: { notice: "\(notice) {count}", items: [a, b, c, d], count: 2000 } }
            next: { push: Next }
        Next: { navBar: { backButton: visible } }
      verify: { off: [no-trap] }
      """)
    #expect(report.boundsHit.isEmpty, "\(report.boundsHit)")
    // Home before and after each warning (the second one renders the Int the first wrote),
    // and Next over each.
    #expect(report.states == 6)
  }

  @Test("texts count Unicode scalars: a combining mark inserted into itself hits the bound")
  func combiningMarks() throws {
    let report = try verifyFlow(
      """
      flow: F
      state: { z: "\u{301}" }
      start: { setRoot: Home }
      screens:
        Home: { on: { grow: { set: { z: "{z}{z}" } } } }
      verify: { off: [no-trap], texts: 1 }
      """)
    // One scalar, then 2, 4: the first beyond 1 + 1 is stored, not searched from.
    #expect(report.states == 3)
    #expect(report.boundsHit == ["texts"])
  }
}
