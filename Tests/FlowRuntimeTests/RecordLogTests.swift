import FlowModel
import FlowSpec
import FlowTestSupport
import Testing

@testable import FlowRuntime

/// The log keeps every record in order across its chunks, and copies of a navigator share
/// the history they had in common while each keeps its own since.
@Suite("The log: every record, in order, shared by copies")
struct RecordLogTests {
  private static func record(_ index: Int) -> LogRecord {
    LogRecord(call: .push, subject: .tab(index), animated: index % 2 == 0, outcome: .performed)
  }

  private static func tabs(_ records: [LogRecord]) -> [Int] {
    records.map { if case .tab(let index) = $0.subject { index } else { -1 } }
  }

  /// Counts at and around the chunks' edges.
  private static let edges: [Int] = {
    let size = RecordLog.chunkSize
    return [0, 1, size - 1, size, size + 1, 2 * size - 1, 2 * size, 2 * size + 1, 10 * size + 3]
  }()

  @Test("records from any position, at and around the chunks' edges", arguments: edges)
  func positions(count: Int) {
    var log = RecordLog()
    for index in 0..<count { log.append(Self.record(index)) }
    #expect(log.count == count)
    #expect(log.last.map { Self.tabs([$0]) } == (count == 0 ? nil : [count - 1]))
    for start in Self.edges + [count - 1, count, count + 5] where start >= 0 {
      #expect(
        Self.tabs(log.records(from: start)) == Array(min(start, count)..<count), "from \(start)")
    }
  }

  @Test("a copy shares what came before and keeps its own appends")
  func copies() {
    var original = RecordLog()
    for index in 0..<300 { original.append(Self.record(index)) }
    var copy = original
    for index in 300..<600 { copy.append(Self.record(index)) }
    original.append(Self.record(-7))
    #expect(Self.tabs(original.records(from: 0)) == Array(0..<300) + [-7])
    #expect(Self.tabs(copy.records(from: 0)) == Array(0..<600))
  }

  @Test(
    "navigators copied along a long path keep their own logs, and one of a million calls is released"
  )
  func navigatorCopies() throws {
    let flow = try TestFlows.flow(
      TestFlows.header
        + "screens:\n  Home: { on: { go: { push: Next } } }\n  Next: { on: { back: pop } }\n")
    var navigator = try Navigator(flow: flow)
    var copies: [Navigator] = []
    for step in 0..<2_000 {
      var next = navigator
      try next.send(step % 2 == 0 ? "go" : "back")
      if step % 500 == 0 { copies.append(navigator) }
      navigator = next
    }
    #expect(navigator.logCount == 2_001)
    #expect(navigator.log(from: 1_999).map(\.call) == [.push, .pop])
    #expect(copies.map(\.logCount) == [1, 501, 1_001, 1_501])
    var long = RecordLog()
    for index in 0..<1_000_000 { long.append(Self.record(index)) }
    #expect(long.count == 1_000_000)
    long = RecordLog()
    #expect(long.count == 0)
  }
}
