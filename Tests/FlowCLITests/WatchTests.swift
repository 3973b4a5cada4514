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

/// Runs the built flowc in the background, its output read through a pipe as it comes: a
/// test waits on the output it expects, woken by each write, never by a timer.
private final class Background: @unchecked Sendable {
  let process = Process()
  private let pipe = Pipe()
  /// Guards `bytes`; signalled on every write and at the end of the output.
  private let arrived = NSCondition()
  private var bytes = Data()
  private var ended = false

  init(_ arguments: [String]) throws {
    process.executableURL = productsDirectory.appendingPathComponent("flowc")
    process.arguments = arguments
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let chunk = handle.availableData
      guard let self else { return }
      self.arrived.lock()
      if chunk.isEmpty {
        self.ended = true
        handle.readabilityHandler = nil
      } else {
        self.bytes.append(chunk)
      }
      self.arrived.broadcast()
      self.arrived.unlock()
    }
    try process.run()
  }

  var output: String {
    arrived.lock()
    defer { arrived.unlock() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Waits until the output holds `text` `count` times; false if the output ends first, or
  /// 20 seconds pass (a watcher that hangs fails the test instead of stopping the suite).
  func waitFor(_ text: String, count: Int = 1) -> Bool {
    let deadline = Date(timeIntervalSinceNow: 20)
    arrived.lock()
    defer { arrived.unlock() }
    while String(decoding: bytes, as: UTF8.self).components(separatedBy: text).count - 1 < count {
      guard !ended, arrived.wait(until: deadline) else { return false }
    }
    return true
  }

  /// Waits until the process closes its output, 10 seconds at most, then for it to exit;
  /// false if it is still writing (or hung) by then.
  func waitForExit() -> Bool {
    arrived.lock()
    let deadline = Date(timeIntervalSinceNow: 10)
    while !ended, arrived.wait(until: deadline) {}
    let closed = ended
    arrived.unlock()
    guard closed else { return false }
    process.waitUntilExit()
    return true
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}

@Suite("flowc check --watch")
struct WatchTests {
  @Test("re-checks on every save, prints only what changed, and stops cleanly on Ctrl-C")
  func watch() throws {
    let folder = try TemporaryFolder()
    let flow = try folder.write("flows/app.yaml", watchedFlow)
    let watcher = try Background(["check", "--watch", folder.path + "/flows"])
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
      watcher.output.components(separatedBy: "^~~").count - 1 == 3, "each problem quoted once")

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
