import FlowSpec
import FlowTestSupport
import Foundation
import Testing

@testable import FlowCLI

/// A long search is not silent: it says how far it got, on standard error, at most every
/// interval, and nothing at all for a search over in less.
/// A counter from 0 up, one state each: an `always` property fails at once, a `never` one
/// at 5,000, and one holds.
private let counterWithProperties = """
  flow: F
  state: { n: 0 }
  start: { setRoot: Home }
  properties:
    small: { always: { state: { n: 0 } } }
    never five thousand: { never: { state: { n: 5000 } } }
    holds: { never: { top: Nowhere } }
  screens:
    Home: { on: { up: { add: { n: 1 } } } }
    Nowhere: {}
  verify: { off: [no-trap, all-reachable], ints: 10000, depth: 300000 }
  """

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
    let report = PropertyVerifier(tree: FlowTree(flow)).verify { counts.append($0.states) }
    #expect(report.states == 10_002)
    let interval = PropertyVerifier.progressInterval
    #expect(counts == [interval, 2 * interval])
  }

  @Test("progress names the never and always properties already found to fail, once each")
  func progressNamesFailures() throws {
    let flow = try TestFlows.flow(counterWithProperties)
    var seen: [[String]] = []
    _ = PropertyVerifier(tree: FlowTree(flow)).verify { seen.append($0.failing) }
    #expect(seen == [["small"], ["small", "never five thousand"]])
  }

  @Test("Ctrl-C stops the search: what was found is reported, and that it was interrupted")
  func interrupted() throws {
    let flow = try TestFlows.flow(counterWithProperties)
    var asked = 0
    let report = PropertyVerifier(tree: FlowTree(flow)).verify(shouldStop: {
      asked += 1
      return asked > 3
    })
    #expect(report.interrupted)
    #expect(report.states < 10_000 && report.states > 3 * 256, "\(report.states)")
    #expect(report.failures.map(\.property) == ["small"])
    #expect(report.failures.first?.path?.count == 1)
    let summary = VerificationText.summary(report)
    #expect(summary.contains("note: the search was interrupted after \(report.states) states"))
    let notes = VerificationText.diagnostics(report).filter { $0.id == "verify.interrupted" }
    #expect(notes.count == 1)
    let whole = PropertyVerifier(tree: FlowTree(flow)).verify()
    #expect(!whole.interrupted && whole.states > report.states)
  }

  @Test("flowc verify, interrupted by Ctrl-C, reports what it found and exits 130")
  func ctrlC() throws {
    let folder = try TemporaryFolder()
    // A million states, minutes of search: the test stops it after the first progress line.
    let flow = try folder.write(
      "big.yaml",
      counterWithProperties.replacingOccurrences(of: "ints: 10000", with: "ints: 100000000")
        .replacingOccurrences(of: "depth: 300000", with: "depth: 100000000"))
    let search = try BackgroundFlowc(["verify", flow])
    try #require(search.waitFor("visited so far"), "\(search.output)")
    #expect(search.output.contains("failing already: 'small'"), "\(search.output)")
    search.process.interrupt()
    // The search left alone runs for minutes; a debug build under a loaded CI machine (the
    // whole suite running beside it) needs more than 10 s to report after Ctrl-C.
    try #require(search.waitForExit(seconds: 60), "Ctrl-C did not stop it: \(search.output)")
    #expect(search.process.terminationStatus == 130, "\(search.output)")
    #expect(search.output.contains("property 'small' fails"), "\(search.output)")
    #expect(search.output.contains("note: the search was interrupted after"), "\(search.output)")
  }

  @Test("the command prints a line only when the interval has passed since the last")
  func printsAtMostEveryInterval() throws {
    var errors: [String] = []
    let console = Console(writeOutput: { _ in }, writeError: { errors.append($0) })
    let silent = VerificationProgress(console: console, interval: .seconds(3600))
    let quiet = silent.reporter(for: "app/a.yaml")
    quiet(SearchProgress(states: 65_536, failing: []))
    #expect(errors.isEmpty)
    let eager = VerificationProgress(console: console, interval: .zero).reporter(
      for: "app/\u{1B}[2Jb.yaml")
    eager(SearchProgress(states: 65_536, failing: []))
    eager(SearchProgress(states: 131_072, failing: ["x\u{1B}"]))
    #expect(
      errors == [
        "flowc: verifying app/\\u{1B}[2Jb.yaml: 65536 states visited so far (Ctrl-C stops the search and reports what it found)\n",
        "flowc: verifying app/\\u{1B}[2Jb.yaml: 131072 states visited so far; failing already: 'x\\u{1B}'\n",
      ])
  }
}
