#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls of this module, the one place that imports Glibc or Darwin: reading
/// and writing the standard streams, waiting for input with a timeout, and a clock.
enum SystemCalls {
  /// What waiting for input found.
  enum Wait {
    case ready, timedOut, failed
  }

  /// Waits until `descriptor` has input (or is closed), at most `milliseconds` (-1: no limit).
  static func waitForInput(_ descriptor: Int32, milliseconds: Int) -> Wait {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let found = poll(&entry, 1, Int32(clamping: milliseconds))
      if found > 0 { return .ready }
      if found == 0 { return .timedOut }
      if errno != EINTR { return .failed }
    }
  }

  /// Reads what is there, up to `buffer`'s size; 0 at the end of input, -1 on an error.
  static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        #if canImport(Darwin)
          Darwin.read(descriptor, bytes.baseAddress, bytes.count)
        #else
          Glibc.read(descriptor, bytes.baseAddress, bytes.count)
        #endif
      }
      if count >= 0 || errno != EINTR { return count }
    }
  }

  /// Writes every byte, as many calls as it takes; `false` when the reader has gone.
  static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Darwin)
          Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// A write to a client that has gone returns an error instead of ending the process.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Milliseconds on a clock that only goes forward.
  static func milliseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int(time.tv_sec) * 1000 + Int(time.tv_nsec) / 1_000_000
  }
}
