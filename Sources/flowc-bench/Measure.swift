#if canImport(Glibc)
  import Glibc
#endif

/// Timing and memory helpers that print figures, not assertions.
enum Measure {
  /// The fastest and median of `repetitions` runs of `body`, in seconds.
  static func seconds(repetitions: Int, _ body: () -> Void) -> (best: Double, median: Double) {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<repetitions {
      let elapsed = clock.measure(body)
      samples.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    samples.sort()
    return (samples[0], samples[samples.count / 2])
  }

  /// The process's peak resident memory so far, in MiB.
  static func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  static func format(_ value: Double, digits: Int = 3) -> String {
    var text = String(value)
    if let dot = text.firstIndex(of: ".") {
      let end = text.index(dot, offsetBy: digits + 1, limitedBy: text.endIndex) ?? text.endIndex
      text = String(text[..<end])
    }
    return text
  }
}
