import FlowDiff
import FlowSpec

/// `flowc-bench diff`: how long `flowc diff` takes to compare two large flows that differ in
/// one handler, one title and one screen, parsing excluded (it is `check`'s figure).
enum DiffBench {
  static func run(screens: Int, repetitions: Int) {
    print("flowc diff: two \(screens)-screen flows (median of \(repetitions))")
    let old = SyntheticFlows.large(screens: screens)
    let new = old.replacingOccurrences(
      of: "      add5: { push: Screen6", with: "      add5: { present: Screen6"
    )
    .replacingOccurrences(of: "title: Screen number 7\n", with: "title: Screen seven\n")
    var versions: [(FlowTree, SourceText, String)] = []
    for (text, file) in [(old, "old.yaml"), (new, "new.yaml")] {
      let document = FlowDocument(source: text, path: file)
      guard let tree = document.validTree else {
        print("  does not check: \(document.diagnostics.prefix(3).map(\.message))")
        return
      }
      versions.append((tree, document.text, file))
    }
    var changes = 0
    let time = Measure.seconds(repetitions: repetitions) {
      changes = FlowDiffReport(old: versions[0], new: versions[1]).changes.count
    }
    print(
      "  \(changes) changes: \(Measure.format(time.median)) s (best \(Measure.format(time.best)) s)"
    )
  }
}
