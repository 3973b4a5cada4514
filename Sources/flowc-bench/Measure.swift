import Foundation

/// Timing and memory helpers that print figures, not assertions.
enum Measure {
  /// The fastest and median of `repetitions` runs of `body`, in seconds.
  static func seconds(repetitions: Int, _ body: () -> Void) -> (best: Double, median: Double) {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<repetitions {
      samples.append(clock.measure(body).seconds)
    }
    samples.sort()
    return (samples[0], samples[samples.count / 2])
  }

  /// Two bodies timed alternately, `repetitions` times each: best and median of each.
  static func interleaved(
    repetitions: Int, _ first: () -> Void, _ second: () -> Void
  ) -> (first: (best: Double, median: Double), second: (best: Double, median: Double)) {
    var firstSamples: [Double] = []
    var secondSamples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<repetitions {
      firstSamples.append(clock.measure(first).seconds)
      secondSamples.append(clock.measure(second).seconds)
    }
    func summary(_ samples: [Double]) -> (best: Double, median: Double) {
      let sorted = samples.sorted()
      return (sorted[0], sorted[sorted.count / 2])
    }
    return (summary(firstSamples), summary(secondSamples))
  }

  /// The CPU time the process has used so far, every thread's, user and system, in seconds.
  static func cpuSeconds() -> Double { Platform.cpuSeconds() }

  /// The process's peak resident memory so far, in MiB.
  static func peakMemoryMiB() -> Double { Platform.peakMemoryMiB() }

  /// `value` with `digits` decimals, cut (not rounded), never in exponent form: `String`
  /// writes 0.00006 as `6e-05`, which cut after its dot read as 6 seconds.
  static func format(_ value: Double, digits: Int = 3) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let units = Int(min((value * Double(scale)).rounded(.towardZero), Double(Int.max / 2)))
    let sign = units < 0 ? "-" : ""
    let whole = abs(units) / scale
    guard digits > 0 else { return sign + String(whole) }
    let fraction = String(abs(units) % scale)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count)
      + fraction
  }

  /// The `flowc` built beside this benchmark, or nil, with a hint printed, when there is none.
  static func builtFlowc() -> String? {
    let flowc = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("flowc").path
    guard FileManager.default.isExecutableFile(atPath: flowc) else {
      print("build flowc first: swift build -c release --product flowc")
      return nil
    }
    return flowc
  }

  /// A folder of the system's temporary folder for a benchmark's files, created if missing.
  static func scratchFolder(_ name: String) throws -> String {
    let folder = NSTemporaryDirectory() + name
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
