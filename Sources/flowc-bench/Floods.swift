import FlowSpec
import Foundation

/// Times `flowc check` on files full of mistakes, one process per file, and prints what it
/// cost: wall time, bytes printed, peak memory. The cases are those of issue 13.
enum Floods {
  static func run(repetitions: Int) throws {
    guard let flowc = Measure.builtFlowc() else { return }
    let folder = try Measure.scratchFolder("flowspec-floods")
    print("flowc check on floods of mistakes, one process per run (best of \(repetitions))")
    print("case                                        size(KB)  seconds  printed(KB)  peak(MiB)")
    for (name, text) in cases() {
      let path = folder + "/" + name.filter { $0.isLetter || $0.isNumber } + ".yaml"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let output = path + ".out"
      var peak = 0.0
      let time = Measure.seconds(repetitions: repetitions) {
        peak = max(peak, Platform.spawn(flowc, ["check", path], output: output).peakMiB)
      }
      let printed = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
      print(
        name.padding(44) + Measure.format(Double(text.utf8.count) / 1e3, digits: 1).padding(10)
          + Measure.format(time.best).padding(9)
          + Measure.format(Double(printed) / 1e3, digits: 1).padding(13)
          + Measure.format(peak, digits: 1))
    }
  }

  /// The floods: many broken targets among as many screens; long one-line (JSON) flows with
  /// broken targets or duplicate keys.
  static func cases() -> [(String, String)] {
    var result: [(String, String)] = []
    for count in [1_000, 4_000, 20_000] {
      var lines = ["flow: Flood", "start: { setRoot: S0 }", "screens:"]
      for index in 0..<count { lines.append("  S\(index): { on: { go: { push: T\(index) } } }") }
      result.append(
        ("\(count) broken pushes among \(count) screens", lines.joined(separator: "\n")))
    }
    for count in [300, 5_000] {
      let screens = (0..<count).map { #""S\#($0)": {"on": {"go": {"push": "Missing\#($0)"}}}"# }
      result.append(
        (
          "one line, \(count) broken pushes",
          #"{"flow": "Flood", "start": {"setRoot": "S0"}, "screens": {"#
            + screens.joined(separator: ", ") + "}}\n"
        ))
    }
    let keys = (0..<2_000).map { _ in #""title": "x""# }.joined(separator: ", ")
    result.append(
      (
        "one line, 2000 duplicate keys",
        #"{"flow": "Flood", "start": {"setRoot": "A"}, "screens": {"A": {"navBar": {"#
          + keys + "}}}}\n"
      ))
    return result
  }
}
