import FlowSpec
import FlowTestSupport
import Testing

@testable import FlowCLI

/// A long search is not silent: it says how far it got, on standard error, at most every
/// interval, and nothing at all for a search over in less.
@Suite("flowc verify reports its progress on a long search")
struct VerificationProgressTests {
  @Test("the verifier calls progress every interval of states, with the states visited")
  func verifierCallsProgress() throws {
    // A counter from 0 to 10,000: one state each, past two intervals.
    let flow = try TestFlows.flow(
      """
      flow: F
      state: { n: 0 }
      start: { setRoot: Home }
      screens:
        Home: { on: { up: { add: { n: 1 } } } }
      verify: { off: [no-trap], ints: 10000, depth: 300000 }
      """)
    var counts: [Int] = []
    let report = PropertyVerifier(tree: FlowTree(flow)).verify { counts.append($0) }
    #expect(report.states == 10_002)
    let interval = PropertyVerifier.progressInterval
    #expect(counts == [interval, 2 * interval])
  }

  @Test("the command prints a line only when the interval has passed since the last")
  func printsAtMostEveryInterval() throws {
    var errors: [String] = []
    let console = Console(writeOutput: { _ in }, writeError: { errors.append($0) })
    let silent = VerificationProgress(console: console, interval: .seconds(3600))
    let quiet = silent.reporter(for: "app/a.yaml")
    quiet(65_536)
    #expect(errors.isEmpty)
    let eager = VerificationProgress(console: console, interval: .zero).reporter(
      for: "app/\u{1B}[2Jb.yaml")
    eager(65_536)
    eager(131_072)
    #expect(
      errors == [
        "flowc: verifying app/\\u{1B}[2Jb.yaml: 65536 states visited so far\n",
        "flowc: verifying app/\\u{1B}[2Jb.yaml: 131072 states visited so far\n",
      ])
  }
}
