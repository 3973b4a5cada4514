import FlowFileSystem
import FlowReports
import FlowSpec

/// `flowc check [PATHS…]`: validates flows and their checklists like a compiler.
enum CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Validate flows and their checklists (default: flows/).",
    usage: "check [PATHS…] [--format text|json|sarif] [--warnings-as-errors] [--watch]",
    discussion: """
      Reports every problem in every file, each as 'file:line:column: severity: message'
      with the source line and a caret, then a summary. A folder means every *.yaml and
      *.yml file in it and its subfolders. Items marked done ([✅]) are run, and one that
      fails is an error. Exits 0 when there are no errors, 1 when there are.
      """,
    options: [
      OptionSpec(
        name: "format", valueName: "FORMAT",
        help:
          "'text' (default), 'json' (an array of objects with file, line, column, severity, id and message) or 'sarif' (SARIF 2.1.0, for code scanning)."
      ),
      OptionSpec(name: "warnings-as-errors", help: "Treat warnings as errors."),
      OptionSpec(
        name: "watch",
        help:
          "Check again on every save, printing only what changed since the last run (text only; Ctrl-C stops)."
      ),
      OptionSpec(
        name: "max-diagnostics", valueName: "N",
        help:
          "Show at most N diagnostics per file as text (default \(FlowInputs.defaultDiagnosticLimit); 0 shows all); JSON and SARIF have all."
      ),
    ] + FlowInputs.limitOptions,
    arguments: [("PATHS", "Flow files or folders of flows (default: flows/).")],
    examples: [
      "flowc check", "flowc check flows/app.yaml --format json",
      "flowc check flows --warnings-as-errors", "flowc check --format sarif > flowc.sarif",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let format = try arguments.choice(
      "format", among: ["text", "json", "sarif"], default: "text")
    let limits = try FlowInputs.limits(arguments)
    let limit = try arguments.count("max-diagnostics") ?? FlowInputs.defaultDiagnosticLimit
    let paths = arguments.positionals.isEmpty ? ["flows/"] : arguments.positionals
    if arguments.positionals.isEmpty, !FileSystem.isDirectory("flows") {
      throw UsageError(message: "no 'flows/' folder here; give the flow files or folders to check")
    }
    if arguments.has("watch") {
      guard format == "text" else { throw UsageError(message: "--watch prints text only") }
      _ = try FlowInputs.files(paths)
      return CheckWatch.run(
        CheckWatch.Settings(
          paths: paths, limits: limits, warningsAsErrors: arguments.has("warnings-as-errors"),
          limit: limit), console: console)
    }
    let documents = FlowInputs.checkAll(try FlowInputs.found(paths), limits: limits)
    let diagnostics = Self.diagnostics(
      of: documents, warningsAsErrors: arguments.has("warnings-as-errors"))
    if format == "sarif" {
      console.write(
        SARIFReport.log(diagnostics, tool: "flowc", version: FlowCLI.version).prettyPrinted())
    } else if format == "json" {
      let items = DiagnosticPrinter.json(diagnostics)
      if case .array(let objects) = items, !objects.isEmpty {
        console.print(
          "[\n" + objects.map { "  " + $0.serialized() }.joined(separator: ",\n") + "\n]")
      } else {
        console.print("[]")
      }
    } else {
      FlowInputs.printDiagnostics(
        diagnostics, documents: documents, console: console, limit: limit)
      if let summary = DiagnosticPrinter.summary(of: diagnostics) {
        console.print(summary)
      } else if console.errorIsTerminal {
        // As compilers: a clean check prints nothing, but for a person at a terminal.
        console.printError(Self.noProblems(in: documents.count))
      }
    }
    return diagnostics.containsErrors ? .problemsFound : .success
  }

  /// What a clean check says, on standard error, where it says anything.
  static func noProblems(in files: Int) -> String {
    "no problems in \(files) file\(files == 1 ? "" : "s")"
  }

  /// The documents' diagnostics, each once: a child flow checked on its own and through its
  /// parent reports once, however each names its file (`./kid.yaml` found in a folder,
  /// `kid.yaml` by the parent's `use:`), and so does one mistake several places reach (a
  /// merged anchor). A file is named as it was first named.
  static func diagnostics(of documents: [FlowDocument], warningsAsErrors: Bool) -> [Diagnostic] {
    var spelling: [String: String] = [:]  // as named → as first named, by the same file
    var firstNamed: [String: String] = [:]  // absolute path → as first named
    var seen: Set<Diagnostic> = []
    let diagnostics = documents.flatMap(\.diagnostics).compactMap { diagnostic -> Diagnostic? in
      var same = diagnostic
      if let known = spelling[diagnostic.file] {
        same.file = known
      } else {
        let absolute = FileSystem.absolutePath(diagnostic.file)
        let first = firstNamed[absolute] ?? diagnostic.file
        firstNamed[absolute] = first
        spelling[diagnostic.file] = first
        same.file = first
      }
      return seen.insert(same).inserted ? same : nil
    }
    guard warningsAsErrors else { return diagnostics }
    return diagnostics.map { diagnostic in
      var upgraded = diagnostic
      if upgraded.severity == .warning { upgraded.severity = .error }
      return upgraded
    }
  }
}
