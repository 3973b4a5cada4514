import FlowTestSupport
import Foundation
import Testing

/// The flow the watch test edits: `Next` is pushed, so it is fine until misspelt.
private let watchedFlow = """
  flow: Watched
  start: { setRoot: Home }
  screens:
    Home: { on: { go: { push: Next } } }
    Next: {}

  """

@Suite("flowc check --watch")
struct WatchTests {
  @Test("re-checks on every save, prints only what changed, and stops cleanly on Ctrl-C")
  func watch() throws {
    let folder = try TemporaryFolder()
    let flow = try folder.write("flows/app.yaml", watchedFlow)
    let watcher = try BackgroundFlowc(["check", "--watch", folder.path + "/flows"])
    #expect(watcher.waitFor("watching for changes"), "\(watcher.output)")
    #expect(watcher.output.hasPrefix("no problems in 1 file\n"))

    // A save that breaks the flow: the new error, in full.
    try watchedFlow.replacingOccurrences(of: "push: Next", with: "push: Nxt")
      .write(toFile: flow, atomically: true, encoding: .utf8)
    #expect(watcher.waitFor("watching for changes", count: 2), "\(watcher.output)")
    #expect(watcher.output.contains("— changed: \(flow)"))
    #expect(watcher.output.contains("\(flow):4:29: error: 'push' names no screen 'Nxt'"))

    // A new file in a new subfolder is found and checked too.
    try folder.write(
      "flows/more/second.yaml", watchedFlow.replacingOccurrences(of: "Watched", with: "Second"))
    #expect(watcher.waitFor("watching for changes", count: 3), "\(watcher.output)")
    #expect(
      watcher.output.contains(
        "— changed: \(folder.path)/flows/more/second.yaml\nno new problems, none fixed"))

    // The fix: reported as fixed, not the whole list again.
    try watchedFlow.write(toFile: flow, atomically: true, encoding: .utf8)
    #expect(watcher.waitFor("watching for changes", count: 4), "\(watcher.output)")
    #expect(watcher.output.contains("fixed: \(flow):4:29: 'push' names no screen 'Nxt'"))
    #expect(
      watcher.output.hasSuffix("no problems in 2 files\nwatching for changes; Ctrl-C stops\n"))
    #expect(
      watcher.output.components(separatedBy: "^~~").count - 1 == 2,
      "the error and its did-you-mean note, each quoted once")

    watcher.process.interrupt()
    try #require(watcher.waitForExit(), "Ctrl-C did not stop it")
    #expect(watcher.process.terminationReason == .exit)
    #expect(watcher.process.terminationStatus == 0)
    #expect(watcher.output.hasSuffix("flowc: stopped watching\n"))
  }

  @Test("--watch is for text: with --format json it is a usage error; a missing folder too")
  func usage() {
    #expect(
      flowc(["check", "--watch", "--format", "json", TestFlows.fixture("todo.yaml")]).status == 2)
    #expect(flowc(["check", "--watch", "/no/such/folder"]).status == 2)
  }
}
