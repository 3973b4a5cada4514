import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits work over the machine's cores, for the large flows where it pays.
public enum Parallel {
  /// How many cores this process may use.
  public static let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// Runs `body` on consecutive ranges covering `0..<count`, one range per core when each
  /// range would hold at least `minimumChunk` elements, and returns the results in order.
  /// Small counts run on the calling thread, in one range.
  public static func map<Result: Sendable>(
    count: Int, minimumChunk: Int, _ body: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    let chunks = max(1, min(cores, count / max(1, minimumChunk)))
    guard chunks > 1 else { return [body(0..<count)] }
    let ranges = (0..<chunks).map { chunk in
      (chunk * count / chunks)..<((chunk + 1) * count / chunks)
    }
    // Each chunk writes only its own slot; concurrentPerform returns when all are done.
    nonisolated(unsafe) let results = UnsafeMutablePointer<Result?>.allocate(capacity: chunks)
    results.initialize(repeating: nil, count: chunks)
    defer {
      results.deinitialize(count: chunks)
      results.deallocate()
    }
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      results[chunk] = body(ranges[chunk])
    }
    return (0..<chunks).map { results[$0]! }
  }
}
