import FlowFileSystem
import FlowSpec

/// `flowc spec FLOW`: prints a checklist; `--update` makes its marks honest.
enum SpecCommand: Command {
  static let spec = CommandSpec(
    name: "spec",
    abstract: "Print a flow's checklist; with --update, rewrite its marks from real results.",
    usage:
      "spec FLOW [--update | --check [--format text|json] | --results | --report junit|html [--output FILE]]",
    discussion: """
      Prints the checklist in the articles' plain form ('========= SECTION', indented
      '[ ] item' lines), ready to paste into a pull request.

      --update runs every item and rewrites only the marks that disagree: '[✅]' for an item
      that passes, '[ ]' for one that fails or has no steps. Every other byte of the file is
      kept (comments, spacing, line endings), and so are its mode, owner and group. The
      file is replaced atomically; a symbolic link keeps pointing at it. A read-only file
      is refused (exit 1) and so is a file that changed while flowc was running. A file with
      several hard links, or whose owner flowc cannot keep, is written in place instead, and
      flowc says so.
      --check changes nothing and exits 1 when a mark disagrees with its item's result;
      with --format json it prints each dishonest mark with its place and the item's result.

      --report junit prints JUnit XML (one test case per item, a failure per failed
      expectation at its YAML line, unbound items skipped); --report html one self-contained
      page: the checklist as written with each item's result, the coverage, and the diagram
      (drawn by Graphviz's dot when it is installed). --output FILE writes the report to a
      file, atomically. Both exit 1 when an item fails.
      """,
    options: [
      OptionSpec(name: "update", help: "Rewrite the marks from the results of running every item."),
      OptionSpec(
        name: "check", help: "Exit 1 when any mark disagrees with its item's result (for CI)."),
      OptionSpec(
        name: "results", help: "Print the marks the results call for, not those in the file."),
      OptionSpec(
        name: "format", valueName: "FORMAT",
        help: "With --check: 'text' (default) or 'json'."),
      OptionSpec(
        name: "report", valueName: "KIND",
        help: "Print a report of every item's result: 'junit' (XML) or 'html'."),
      OptionSpec(name: "output", valueName: "FILE", help: "Write the report to FILE."),
    ] + FlowInputs.limitOptions,
    arguments: [("FLOW", "The flow file.")],
    examples: [
      "flowc spec flows/navigation-service.yaml",
      "flowc spec flows/navigation-service.yaml --update",
      "flowc spec flows/navigation-service.yaml --check --format json",
      "flowc spec flows/navigation-service.yaml --report html --output report.html",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(
        message: arguments.positionals.isEmpty ? "missing the flow" : "spec takes one flow")
    }
    var modes = ["update", "check", "results"].filter(arguments.has)
    let report = try arguments.value("report").map { _ throws(UsageError) in
      try arguments.choice("report", among: ["junit", "html"], default: "junit")
    }
    if report != nil { modes.append("report") }
    guard modes.count <= 1 else {
      throw UsageError(message: "give one of --update, --check, --results and --report")
    }
    let format = try arguments.choice("format", among: ["text", "json"], default: "text")
    if arguments.value("format") != nil, modes.first != "check" {
      throw UsageError(message: "--format goes with --check")
    }
    if arguments.value("output") != nil, report == nil {
      throw UsageError(message: "--output goes with --report")
    }
    let loaded = try FlowInputs.load(path, limits: try FlowInputs.limits(arguments))
    if let output = arguments.value("output") {
      // The flow or a child flow it uses: the report would replace it.
      try FlowInputs.refuseOverwriting(
        [path] + (loaded.tree?.flows.map(\.file) ?? []), with: output)
    }
    let document =
      loaded
      .runningChecklist(recordingCoverage: report == "html")
    guard FlowInputs.validFlow(document, console: console, consequence: "fix them first") != nil
    else {
      return .problemsFound
    }
    guard let checklist = document.flow?.checklist else {
      console.printError("flowc: error: '\(path)' has no checklist; add one under 'spec:'")
      return .problemsFound
    }
    let changes = MarkRewriter.changes(for: document.checklistResults)
    switch modes.first {
    case "update":
      return update(document, changes: changes, console: console)
    case "check":
      if format == "json" {
        return checkJSON(document, changes: changes, console: console)
      }
      return check(document, changes: changes, console: console)
    case "report":
      return writeReport(
        report ?? "junit", document, output: arguments.value("output"),
        measuresCoverage: !loaded.hasErrors, console: console)
    case "results":
      console.write(ChecklistPrinter.plainText(checklist, results: document.checklistResults))
      return .success
    default:
      console.write(ChecklistPrinter.plainText(checklist))
      return .success
    }
  }

  static func update(_ document: FlowDocument, changes: [MarkChange], console: Console) -> ExitCode
  {
    guard !changes.isEmpty else {
      console.print(
        "every mark in \(TerminalText.line(document.path)) already matches its item's result")
      printFailingItems(document, console: console)
      return .success
    }
    let method: FileSystem.RewriteMethod
    do {
      let updated = try MarkRewriter.apply(changes, to: document.text)
      // Compared byte for byte right before the rename, and after it: an edit saved while
      // flowc ran is kept, and flowc writes nothing.
      method = try FileSystem.rewrite(
        document.path, with: updated, replacing: document.text.bytes)
    } catch let error as MarkRewriteError {
      console.printError("flowc: error: \(error)")
      return .problemsFound
    } catch {
      console.printError("flowc: error: \(error)")
      return .problemsFound
    }
    for change in changes {
      console.print(
        "\(TerminalText.line(document.path)):\(change.range.start): \(change.from) → \(change.to) \(TerminalText.line(change.item))"
      )
    }
    if case .inPlace(let reason) = method {
      console.print(
        "wrote \(TerminalText.line(document.path)) in place, not atomically: \(TerminalText.line(reason))"
      )
    }
    let done = changes.filter(\.passes).count
    console.print(
      "updated \(changes.count) mark\(changes.count == 1 ? "" : "s"): \(done) now done, \(changes.count - done) now to do"
    )
    printFailingItems(document, console: console)
    return .success
  }

  /// Each failing item with its first failed expectation, so a `[ ]` says why it is one.
  static func printFailingItems(_ document: FlowDocument, console: Console) {
    let failing = document.checklistResults.filter { !$0.failures.isEmpty }
    guard !failing.isEmpty else { return }
    console.print(
      "\(failing.count) item\(failing.count == 1 ? " fails" : "s fail"), each with its first failure:"
    )
    for result in failing {
      let failure = result.failures[0]
      let more = result.failures.count > 1 ? " (and \(result.failures.count - 1) more)" : ""
      console.print("  \(TerminalText.line(result.entry.item.text.value))")
      console.print(
        "    ↳ \(TerminalText.line(failure.file)):\(failure.range.start): \(TerminalText.line(failure.message))\(more)"
      )
    }
  }

  private static func check(_ document: FlowDocument, changes: [MarkChange], console: Console)
    -> ExitCode
  {
    var sink = DiagnosticSink(file: document.path)
    for change in changes {
      let hint = change.passes ? "; run 'flowc spec --update'" : ""
      sink.report(
        DiagnosticMessage("checklist.dishonest-mark", .error, change.message + hint),
        at: change.range)
    }
    FlowInputs.printDiagnostics(sink.diagnostics, documents: [document], console: console)
    if let summary = DiagnosticPrinter.summary(of: sink.diagnostics) { console.print(summary) }
    return changes.isEmpty ? .success : .problemsFound
  }
}
