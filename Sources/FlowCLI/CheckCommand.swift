import FlowSpec

/// `flowc check [PATHS…]`: validates flows and their checklists like a compiler.
enum CheckCommand: Command {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Validate flows and their checklists (default: flows/).",
    usage: "check [PATHS…] [--format text|json] [--warnings-as-errors]",
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
          "'text' (default) or 'json': an array of objects with file, line, column, severity, id and message."
      ),
      OptionSpec(name: "warnings-as-errors", help: "Treat warnings as errors."),
      OptionSpec(
        name: "max-diagnostics", valueName: "N",
        help:
          "Show at most N diagnostics per file as text (default \(FlowInputs.defaultDiagnosticLimit); 0 shows all); JSON has all."
      ),
    ] + FlowInputs.limitOptions,
    arguments: [("PATHS", "Flow files or folders of flows (default: flows/).")],
    examples: [
      "flowc check", "flowc check flows/app.yaml --format json",
      "flowc check flows --warnings-as-errors",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let format = try arguments.choice("format", among: ["text", "json"], default: "text")
    let limits = try FlowInputs.limits(arguments)
    let limit = try arguments.count("max-diagnostics") ?? FlowInputs.defaultDiagnosticLimit
    let paths = arguments.positionals.isEmpty ? ["flows/"] : arguments.positionals
    if arguments.positionals.isEmpty, !FileSystem.isDirectory("flows") {
      throw UsageError(message: "no 'flows/' folder here; give the flow files or folders to check")
    }
    let documents = try FlowInputs.load(try FlowInputs.files(paths), limits: limits)
    // A child flow checked on its own and through its parent reports once; so does one
    // mistake that several places reach (a merged YAML anchor).
    var diagnostics = documents.flatMap(\.diagnostics).uniqued()
    if arguments.has("warnings-as-errors") {
      diagnostics = diagnostics.map { diagnostic in
        var upgraded = diagnostic
        if upgraded.severity == .warning { upgraded.severity = .error }
        return upgraded
      }
    }
    if format == "json" {
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
      }
    }
    return diagnostics.containsErrors ? .problemsFound : .success
  }
}
