import FlowSpec
import FlowTestSupport
import Testing

/// A search stores each state packed into words (`Navigator.withStateWords`) and tells
/// states apart by their words alone: the words must give back the state, and two states
/// must have the same words exactly when they are equal, or a proof would merge two states
/// or visit one twice.
@Suite("a state packed into words is the state, and only it")
struct PackedStateTests {
  private func words(_ navigator: Navigator) -> [UInt32] { navigator.packedState }

  private func unpacked(_ words: [UInt32], _ program: NavigationProgram) -> NavigationSnapshot {
    words.withUnsafeBufferPointer { NavigationSnapshot(packed: $0, program: program) }
  }

  /// Every state of each fixture's state space.
  @Test(
    "every state of a flow's state space comes back from its words, and no two share them",
    arguments: fixturesWithEveryKindOfState)
  func everyStateOfAFlow(fixture: String) throws {
    let walked = try FixtureSpace(fixture, states: 20_000)
    let snapshots = walked.navigators.map(\.snapshot)
    let packed = walked.navigators.map(words)
    #expect(snapshots.count == walked.space.count)
    #expect(walked.space.count > 1)
    for state in snapshots.indices {
      #expect(unpacked(packed[state], walked.program) == snapshots[state], "state \(state)")
      #expect(walked.space.snapshot(state) == snapshots[state], "state \(state)")
    }
    #expect(Set(snapshots).count == walked.space.count)
    #expect(Set(packed).count == walked.space.count)
  }

  /// Navigators in states that differ by one hard value each, and some in the same state
  /// reached two ways.
  @Test("values at their limits come back, and states differing by one of them differ")
  func hardValues() throws {
    let document = try FlowDocument.load(path: TestFlows.fixture("verify/packing.yaml"))
    let tree = try #require(document.validTree, "\(document.diagnostics.map(\.message))")
    let program = NavigationProgram(tree: tree)
    let start = try Navigator(program: program)
    func after(_ events: NavigationEvent...) throws -> Navigator {
      var navigator = start
      for event in events { try navigator.send(event) }
      return navigator
    }
    func name(_ text: String) -> [String: Value] { ["name": .string(text)] }
    let long = String(repeating: "navigation ", count: 40)
    let navigators = [
      start,
      try after(.named("rename", arguments: name("x"))),
      try after(.named("rename", arguments: name("é"))),
      try after(.named("rename", arguments: name("e\u{301}"))),
      try after(.named("rename", arguments: name(long))),
      try after(.named("rename", arguments: name("a\u{0}b"))),
      try after(.named("recount", arguments: ["count": .int(.min)])),
      try after(.named("recount", arguments: ["count": .int(.max)])),
      try after(.named("recount", arguments: ["count": .int(-1)])),
      try after(.named("recount", arguments: ["count": .int(1 << 32)])),
      try after(.named("tag", arguments: name(""))),
      try after(.named("tag", arguments: name("")), .named("tag", arguments: name(""))),
      try after(.named("task", arguments: name("Buy milk"))),
      try after(.named("task", arguments: name("Buy milk")), .tab("Other")),
      try after(.named("show", arguments: name(""))),
      try after(.named("showBoth", arguments: name(""))),
      try after(.named("warn")),
      try after(.named("rename", arguments: name("")), .named("warn")),
      try after(.named("rename", arguments: name("Oops")), .named("warn")),
      try after(.named("compose"), .named("more", arguments: name("x"))),
      try after(.named("cover")),
      try after(.named("cover"), .named("warn")),
      try after(.named("save", arguments: ["name": .string("K"), "count": .int(3)])),
      try after(
        .named("save", arguments: ["name": .string("K"), "count": .int(3)]),
        .named("save", arguments: ["name": .string("K"), "count": .int(3)])),
      // The same state as the start, reached by a round trip.
      try after(.tab("Other"), .tab("Main")),
    ]
    for (index, navigator) in navigators.enumerated() {
      #expect(unpacked(words(navigator), program) == navigator.snapshot, "navigator \(index)")
    }
    for first in navigators.indices {
      for second in navigators.indices where first < second {
        let same = navigators[first].snapshot == navigators[second].snapshot
        let composedPair = [2, 3].contains(first) && [2, 3].contains(second)
        if composedPair {
          // Swift calls the two spellings of "é" equal as text; their bytes differ, and so
          // do their words: two states, never one, and never a state lost.
          #expect(!same && words(navigators[first]) != words(navigators[second]))
          #expect(navigators[first].state == navigators[second].state)
        } else {
          #expect(
            (words(navigators[first]) == words(navigators[second])) == same,
            "navigators \(first) and \(second)")
        }
      }
    }
    // The tab round trip leaves the second tab loaded: a state of its own.
    #expect(words(navigators.last!) != words(start))
  }
}
