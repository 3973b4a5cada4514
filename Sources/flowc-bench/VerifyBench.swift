import FlowSpec
import Foundation

/// `flowc-bench verify`: distinct states a second that `flowc verify` visits and judges, on
/// one core, on the first article's flow and on synthetic flows with Bool and list state.
enum VerifyBench {
  /// A chain of `count` screens, each setting the next as the root, with a Bool toggled and
  /// a list appended to on every screen: about ten states a screen within the default bounds.
  static func chain(screens count: Int) -> String {
    var text = """
      flow: Chain
      state: { isOn: false, items: [] }
      start: { setRoot: S0 }
      properties:
        the first screen is always reachable: { reachable: { root: S0 } }
        no list beyond four: { never: { state: { items: [x, x, x, x, x] } } }
      verify: { off: [no-trap], depth: 1000000 }
      screens:

      """
    for index in 0..<count {
      text += """
          S\(index):
            on:
              next: { setRoot: S\((index + 1) % count) }
              toggle:
                if: isOn
                then: { set: { isOn: false } }
                else: { set: { isOn: true } }
              add: { append: { items: x } }

        """
    }
    return text
  }

  /// One screen with `count` Bool flags, each toggled by an event of its own: 2^count states,
  /// most of them at the middle depths, so that many wait in the search's queue at once (a
  /// wide search), and sixteen events from each.
  static func flags(_ count: Int) -> String {
    let names = (0..<count).map { "f\($0)" }
    var text = """
      flow: Flags
      state: { \(names.map { "\($0): false" }.joined(separator: ", ")) }
      start: { setRoot: Home }
      properties:
        home is always shown: { always: { top: Home } }
      verify: { off: [no-trap] }
      screens:
        Home:
          on:

      """
    for name in names {
      text += """
              t\(name):
                if: \(name)
                then: { set: { \(name): false } }
                else: { set: { \(name): true } }

        """
    }
    return text
  }

  /// The bytes the search of `tree` keeps for its states: their packed words and the table
  /// that finds them.
  static func storedBytes(_ tree: FlowTree) -> Int {
    let program = NavigationProgram(tree: tree)
    guard let start = try? Navigator(program: program) else { return 0 }
    let space = StateSpace(
      from: start, samples: EventSamples.forSearch(of: program),
      bounds: SearchBounds(tree.root.verification))
    return space.storedStateBytes
  }

  /// Measures each case, or only those whose name contains `only`.
  static func run(repetitions: Int, only: String? = nil) throws {
    // The fastest run of the whole `verify` beside the median: on a shared machine the other
    // runs wait for a core, and the fastest is the nearest to what the work itself costs.
    print(
      "flowc verify: distinct states a second (one core, median of \(repetitions), and the fastest run)"
    )
    let article = try String(contentsOfFile: "flows/navigation-service.yaml", encoding: .utf8)
    let cases: [(String, String)] = [
      ("first article (navigation-service)", article),
      ("chain, 1,000 screens", chain(screens: 1_000)),
      ("chain, 10,000 screens", chain(screens: 10_000)),
      ("16 flags on one screen", flags(16)),
    ]
    for (name, text) in cases where only.map({ name.contains($0) }) ?? true {
      let document = FlowDocument(source: text, path: "bench.yaml")
      guard let tree = document.validTree else {
        print("  \(name): does not check: \(document.diagnostics.map(\.message))")
        continue
      }
      let verifier = PropertyVerifier(tree: tree)
      var report: VerificationReport?
      let before = Measure.peakMemoryMiB()
      let time = Measure.seconds(repetitions: repetitions) { report = verifier.verify() }
      guard let report else { continue }
      let memory = max(0, Measure.peakMemoryMiB() - before) * 1_048_576 / Double(report.states)
      // What `verify` does once a flow, whatever its states: the samples the search sends,
      // read from every handler. Timed apart, so that the search's own rate shows beside
      // the whole command's.
      let program = NavigationProgram(tree: tree)
      let preparing = Measure.seconds(repetitions: repetitions) {
        _ = EventSamples.forSearch(of: program)
      }
      let searching = max(time.median - preparing.median, .leastNonzeroMagnitude)
      print(
        "  \(name): \(report.states) states, \(report.transitions) transitions, \(report.failures.count) failures: \(Measure.format(time.median)) s, \(Int(Double(report.states) / time.median)) states/s (the fastest run \(Int(Double(report.states) / time.best)) states/s); of it \(Measure.format(preparing.median)) s preparing the samples, the search alone \(Int(Double(report.states) / searching)) states/s; peak growth \(Int(memory)) bytes a state, \(storedBytes(tree) / max(report.states, 1)) bytes a stored state"
      )
    }
  }
}
