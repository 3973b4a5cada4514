import FlowYAML

/// The server's loop over standard input and output: frames read as they arrive, answers
/// written at once, and diagnostics published once the client has paused `debounce`
/// milliseconds (or has typed for `maxDelay` without pausing), so that a burst of keystrokes
/// is analysed once.
public enum StdioTransport {
  /// How long to wait.
  public struct Timing: Sendable {
    /// The pause after a change before its diagnostics are published.
    public var debounce: Int
    /// The longest a change waits while changes keep coming.
    public var maxDelay: Int

    /// Pauses in milliseconds.
    public init(debounce: Int = 15, maxDelay: Int = 250) {
      self.debounce = debounce
      self.maxDelay = maxDelay
    }
  }

  /// Serves on the standard streams until `exit` or the end of input; returns the exit
  /// status: 0 after `shutdown` and `exit`, 1 otherwise.
  public static func run(
    timing: Timing = Timing(), limits: YAMLLimits = .default, input: Int32 = 0, output: Int32 = 1
  ) -> Int32 {
    SystemCalls.ignoreBrokenPipes()
    var clientGone = false
    let server = LanguageServer(limits: limits) { bytes in
      if !clientGone, !SystemCalls.writeAll(output, bytes) { clientGone = true }
    }
    var framer = MessageFramer()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var pendingSince: Int?
    while server.exitStatus == nil, !clientGone {
      var timeout = -1
      if !server.hasPendingDiagnostics { pendingSince = nil }
      if server.hasPendingDiagnostics {
        let now = SystemCalls.milliseconds()
        let since = pendingSince ?? now
        pendingSince = since
        timeout = max(0, min(timing.debounce, since + timing.maxDelay - now))
      }
      switch SystemCalls.waitForInput(input, milliseconds: timeout) {
      case .timedOut:
        server.publishPendingDiagnostics()
        pendingSince = nil
      case .failed:
        return 1
      case .ready:
        let count = SystemCalls.read(input, into: &buffer)
        guard count > 0 else { return server.exitStatus ?? 1 }
        framer.receive(buffer[..<count])
        while server.exitStatus == nil, let frame = framer.nextFrame() {
          server.receive(frame)
        }
        if pendingSince != nil, SystemCalls.milliseconds() - pendingSince! >= timing.maxDelay {
          server.publishPendingDiagnostics()
          pendingSince = nil
        }
      }
    }
    return server.exitStatus ?? 1
  }
}
