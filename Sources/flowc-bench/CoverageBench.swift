import FlowSpec

/// `flowc-bench coverage`: what measuring coverage and suggesting items cost on the synthetic
/// flow of `--screens` screens (default 10,000) with a checklist of `--items` items (200),
/// each walking a few screens from the start; and what recording coverage adds to the
/// interpreter's events per second.
func benchmarkCoverage() {
  let screens = option("screens", default: 10_000)
  let itemCount = option("items", default: 200)
  var source = SyntheticFlows.large(screens: screens)
  source += "spec: |\n  ========= WALKS\n"
  for item in 0..<itemCount {
    // From the flow's start (Screen1), the item pushes a few screens with their events.
    let steps = (1...(1 + item % 6)).map { "add\($0)" }.joined(separator: ", ")
    source += "  [ ] Walk \(item)\n      when [\(steps)]\n"
  }
  let document = FlowDocument(source: source, path: "synthetic.yaml")
  guard let tree = document.validTree else {
    print(document.diagnostics.prefix(5))
    return
  }
  let runner = ChecklistRunner(tree: tree)
  let repetitions = option("repetitions", default: 3)
  print("coverage: \(screens)-screen flow, \(itemCount)-item checklist (best of \(repetitions))")
  var coverage: ChecklistCoverage?
  let plain = Measure.seconds(repetitions: repetitions) { _ = runner.runAll() }
  let measured = Measure.seconds(repetitions: repetitions) { coverage = runner.coverage() }
  guard let coverage else { return }
  let (covered, total) = coverage.count()
  print(
    "run every item: \(Measure.format(plain.best)) s; with coverage: \(Measure.format(measured.best)) s"
      + " (\(covered) of \(total) targets covered)")
  var suggestions: CoverageSuggestions?
  let suggest = Measure.seconds(repetitions: 1) {
    suggestions = runner.suggestions(for: coverage)
  }
  print(
    "suggest: \(Measure.format(suggest.best)) s, \(suggestions?.items.count ?? 0) items, "
      + "\(suggestions?.unreachable.count ?? 0) targets out of reach (depth 12, 5,000 states a start)"
  )
  print("peak memory: \(Measure.format(Measure.peakMemoryMiB(), digits: 1)) MiB")
}
