import FlowFileSystem
import FlowReports
import FlowSpec

/// `flowc verify [PATHS…]`: proves each flow's properties over every state it can reach.
enum VerifyCommand: Command {
  static let spec = CommandSpec(
    name: "verify",
    abstract: "Prove each flow's properties over every state it can reach (default: flows/).",
    usage:
      "verify [PATHS…] [--format text|json|sarif] [--depth N] [--max-states N] [--lists N] [--ints N] [--stack N] [--texts N]",
    discussion: """
      Visits every state a flow can reach from its start, breadth first, each once (states
      compared by value: stacks, presentations, pending requests, state), sending every
      event available in each: bar buttons, back, tabs, alert actions, links, request
      outcomes, and the flow's events with the values its checklist gives them plus one
      fresh value per type. Then judges the flow's 'properties:' and the built-in ones
      (all-reachable, no-trap, no-repeated-request, no-double-push; 'verify: { off: [...] }'
      switches one off). For each failure of a state reached by a path it prints the
      shortest counterexample as a checklist item to paste, which fails for that reason
      (a declaration never reached has no path: its failure names it). The search
      stops at its bounds ('verify:' in the flow, or the options here); when it hits one it
      says so, since what holds within bounds is not proved beyond them. A flow used as a
      child of another given here is verified through its parent, and alone for the
      properties it declares. A search that runs longer than a few seconds says on
      standard error how many states it has visited so far and which properties it has
      already found failing; Ctrl-C then stops the search, and the report covers the states
      visited (a second Ctrl-C ends flowc at once). Exits 0 when every property holds, 1
      when one fails or a flow has errors, 130 when interrupted.
      """,
    options: [
      OptionSpec(
        name: "format", valueName: "FORMAT",
        help:
          "'text' (default), 'json' (one object: 'errors', the flows' check errors, and 'flows', each flow's figures, failures and warnings) or 'sarif' (SARIF 2.1.0)."
      ),
      OptionSpec(
        name: "depth", valueName: "N",
        help:
          "The most events in a path (default: the flow's, else \(SearchBounds.standard.depth))."),
      OptionSpec(
        name: "max-states", valueName: "N",
        help:
          "The most distinct states visited (default: the flow's, else \(SearchBounds.standard.states))."
      ),
      OptionSpec(
        name: "lists", valueName: "N",
        help:
          "The longest list a state may hold and be searched from (default: the flow's, else \(SearchBounds.standard.listLength))."
      ),
      OptionSpec(
        name: "ints", valueName: "N",
        help:
          "The largest Int, by magnitude, a state may hold and be searched from (default: the flow's, else \(SearchBounds.standard.intMagnitude))."
      ),
      OptionSpec(
        name: "stack", valueName: "N",
        help:
          "The highest stack a state may have and be searched from, and the most screens and alerts presented one over another (default: the flow's, else \(SearchBounds.standard.stackHeight))."
      ),
      OptionSpec(
        name: "texts", valueName: "N",
        help:
          "How many characters longer than the longest the flow starts with, writes or sends a text may grow and its state still be searched from (default: the flow's, else \(SearchBounds.standard.textLength))."
      ),
    ] + FlowInputs.limitOptions,
    arguments: [("PATHS", "Flow files or folders of flows (default: flows/).")],
    examples: [
      "flowc verify", "flowc verify flows/shop.yaml --max-states 100000",
      "flowc verify --format sarif > verify.sarif",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let format = try arguments.choice(
      "format", among: ["text", "json", "sarif"], default: "text")
    let limits = try FlowInputs.limits(arguments)
    let overrides = (
      depth: try arguments.positiveInteger("depth"),
      states: try arguments.positiveInteger("max-states"),
      lists: try arguments.count("lists"), ints: try arguments.count("ints"),
      stack: try arguments.positiveInteger("stack"), texts: try arguments.count("texts")
    )
    let paths = arguments.positionals.isEmpty ? ["flows/"] : arguments.positionals
    if arguments.positionals.isEmpty, !FileSystem.isDirectory("flows") {
      throw UsageError(message: "no 'flows/' folder here; give the flow files or folders to verify")
    }
    let documents = FlowInputs.checkAll(try FlowInputs.found(paths), limits: limits)
    let errors = CheckCommand.diagnostics(of: documents, warningsAsErrors: false).filter {
      $0.severity == .error
    }
    // A child flow runs as its parent starts it: verified through the parent, and alone
    // for the properties it declares itself.
    let children = FlowInputs.childFlowPaths(of: documents)
    var reports: [VerificationReport] = []
    let progress = VerificationProgress(console: console)
    // Ctrl-C stops a search and reports what it found; a second one ends flowc at once.
    console.catchInterrupts()
    var unverified: [String] = []
    for document in documents {
      guard let tree = document.validTree else { continue }
      let isChild = children.contains(FileSystem.absolutePath(document.path))
      if isChild, tree.root.properties.isEmpty { continue }
      guard !console.wasInterrupted() else {
        unverified.append(document.path)
        continue
      }
      var verifier = PropertyVerifier(tree: tree)
      verifier.checksBuiltIns = !isChild
      verifier.override(
        depth: overrides.depth, states: overrides.states, listLength: overrides.lists,
        intMagnitude: overrides.ints, stackHeight: overrides.stack, textLength: overrides.texts)
      reports.append(
        verifier.verify(
          progress: progress.reporter(for: document.path), shouldStop: console.wasInterrupted))
    }
    let failed =
      !errors.isEmpty || reports.contains { !$0.failures.isEmpty || $0.startFailure != nil }
    switch format {
    case "json":
      console.print(
        VerificationText.json(reports, errors: errors, unverified: unverified).prettyPrinted())
    case "sarif":
      let diagnostics = errors + reports.flatMap(VerificationText.diagnostics)
      console.write(
        SARIFReport.log(diagnostics, tool: "flowc", version: FlowCLI.version).prettyPrinted())
    default:
      if !errors.isEmpty {
        FlowInputs.printDiagnostics(errors, documents: documents, console: console)
        // A flow whose only errors are in its checklist is verified all the same.
        let unverified = documents.filter { $0.validTree == nil }.map {
          TerminalText.line($0.path)
        }
        console.printError(
          unverified.isEmpty
            ? "flowc: error: a checklist has errors; 'flowc check' lists what to fix"
            : "flowc: error: flows with errors are not verified (\(unverified.joined(separator: ", "))); 'flowc check' lists what to fix"
        )
      }
      for report in reports {
        VerificationText.print(report, documents: documents, console: console)
      }
    }
    if !unverified.isEmpty {
      console.printError(
        "flowc: interrupted: not verified: \(unverified.joined(separator: ", "))")
    }
    if console.wasInterrupted() { return .interrupted }
    return failed ? .problemsFound : .success
  }
}

/// What `flowc verify` says on standard error while a long search runs: how many states it
/// has visited, at most every few seconds, so that a search that takes minutes is not
/// silent. Nothing for a search over in less.
struct VerificationProgress {
  let console: Console
  /// Whether the first report says that Ctrl-C stops the search with a report.
  var mentionsInterrupt = true
  /// The least time between two reports.
  var interval: Duration = .seconds(5)

  /// A reporter for the search of the flow at `path`: the states visited, the properties
  /// already found to fail, and, the first time, that Ctrl-C stops the search and reports.
  func reporter(for path: String, verb: String = "verifying") -> (SearchProgress) -> Void {
    let clock = ContinuousClock()
    var last = clock.now
    var hinted = false
    return { progress in
      let now = clock.now
      guard now - last >= interval else { return }
      last = now
      var line =
        "flowc: \(verb) \(TerminalText.line(path)): \(Wording.count(progress.states, "state")) visited so far"
      if !progress.failing.isEmpty {
        let names = progress.failing.map { "'\($0)'" }
        line += "; failing already: " + names.joined(separator: ", ")
      }
      if !hinted, mentionsInterrupt {
        hinted = true
        line += " (Ctrl-C stops the search and reports what it found)"
      }
      console.printError(line)
    }
  }
}
