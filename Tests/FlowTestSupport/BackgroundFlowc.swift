import Foundation

/// Runs the built flowc in the background, its output read through a pipe as it comes: a
/// test waits on the output it expects, woken by each write, never by a timer.
public final class BackgroundFlowc: @unchecked Sendable {
  /// The running flowc.
  public let process = Process()
  private let pipe = Pipe()
  /// Guards `bytes`; signalled on every write and at the end of the output.
  private let arrived = NSCondition()
  private var bytes = Data()
  private var ended = false

  /// Starts the built flowc with `arguments`, its output and errors read as they come.
  public init(_ arguments: [String]) throws {
    process.executableURL = productsDirectory.appendingPathComponent("flowc")
    process.arguments = arguments
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // A thread of its own reads until the end, each read blocking: a readability handler
    // (a dispatch source) missed the end of a burst written just before exit, now and then,
    // and the test waited on output that had come.
    let descriptor = pipe.fileHandleForReading.fileDescriptor
    let thread = Thread { [weak self] in
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        // What has come, as soon as any has: `read` returns 0 only at the end.
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        let chunk = Data(buffer.prefix(max(count, 0)))
        guard let self else { return }
        self.arrived.lock()
        if chunk.isEmpty { self.ended = true } else { self.bytes.append(chunk) }
        self.arrived.broadcast()
        self.arrived.unlock()
        if chunk.isEmpty { return }
      }
    }
    thread.start()
  }

  /// Everything it wrote so far, output and errors interleaved.
  public var output: String {
    arrived.lock()
    defer { arrived.unlock() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Waits until the output holds `text` `count` times; false if the output ends first, or
  /// 20 seconds pass (a watcher that hangs fails the test instead of stopping the suite).
  public func waitFor(_ text: String, count: Int = 1) -> Bool {
    let deadline = Date(timeIntervalSinceNow: 20)
    arrived.lock()
    defer { arrived.unlock() }
    while String(decoding: bytes, as: UTF8.self).components(separatedBy: text).count - 1 < count {
      guard !ended, arrived.wait(until: deadline) else { return false }
    }
    return true
  }

  /// Waits until the process closes its output, `seconds` at most, then for it to exit;
  /// false if it is still writing (or hung) by then.
  public func waitForExit(seconds: Double = 10) -> Bool {
    arrived.lock()
    let deadline = Date(timeIntervalSinceNow: seconds)
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
