import FlowSpec
import Foundation

/// Times `flowc check` as a user runs it, one process per check, on the synthetic flows
/// written to files: reading the file, first use of its memory and exit included.
enum CommandLineCheck {
  static func run(sizes: [Int], repetitions: Int) throws {
    guard let flowc = Measure.builtFlowc() else { return }
    let folder = try Measure.scratchFolder("flowspec-cli-check")
    print("flowc check FILE, one process per run (best / median of \(repetitions))")
    print("screens   size(MB)  seconds")
    var best: [Double] = []
    for screens in sizes {
      let path = folder + "/synthetic-\(screens).yaml"
      try SyntheticFlows.large(screens: screens).write(
        toFile: path, atomically: true, encoding: .utf8)
      var status: Int32 = 0
      let time = Measure.seconds(repetitions: repetitions) {
        status = check(flowc, path)
      }
      guard status == 0 else {
        print("flowc check \(path) exited with \(status)")
        return
      }
      best.append(time.best)
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      print(
        "\(screens)".padding(10) + Measure.format(Double(size) / 1e6, digits: 1).padding(10)
          + Measure.format(time.best) + " / " + Measure.format(time.median))
    }
    if best.count == 2 {
      print(
        "\(sizes[1]) screens / \(sizes[0]) screens: \(Measure.format(best[1] / best[0], digits: 2))×"
      )
    }
  }

  /// Runs `flowc check path` and returns its exit status; output goes to /dev/null.
  private static func check(_ flowc: String, _ path: String) -> Int32 {
    Platform.spawnSilently(flowc, ["check", path])
  }
}
