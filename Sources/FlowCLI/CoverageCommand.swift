import FlowFileSystem
import FlowSpec

/// `flowc coverage FLOW…`: what the checklist exercises, and what it leaves untested.
enum CoverageCommand: Command {
  static let spec = CommandSpec(
    name: "coverage",
    abstract: "Show what each flow's checklist exercises and what it leaves untested.",
    usage: "coverage [PATHS…] [--min PERCENT] [--format text|json]",
    discussion: """
      Runs every bound checklist item and counts what their scenarios reach: screens shown,
      transitions (each event handler, each arm of each 'if:' — an 'if:' without 'else:'
      has an arm that does nothing — and each request outcome), alert actions and bar
      buttons tapped, deep links opened, tabs tapped. Prints a percentage per kind and in
      total, then every target no item reaches, located. A flow used as a child by another
      flow given is counted through its parent, not on its own. 'flowc suggest' writes the
      missing items.
      """,
    options: [
      OptionSpec(
        name: "min", valueName: "PERCENT",
        help: "Exit 1 when a flow's total coverage is under PERCENT (0 to 100)."),
      OptionSpec(
        name: "format", valueName: "FORMAT",
        help: "'text' (default) or 'json': per flow, its counts per kind and its uncovered targets."
      ),
    ] + FlowInputs.limitOptions,
    arguments: [("PATHS", "Flow files or folders of flows (default: flows/).")],
    examples: [
      "flowc coverage flows/navigation-service.yaml", "flowc coverage flows --min 100",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let format = try arguments.choice("format", among: ["text", "json"], default: "text")
    let minimum = try minimumPercentage(arguments)
    let paths = arguments.positionals.isEmpty ? ["flows/"] : arguments.positionals
    if arguments.positionals.isEmpty, !FileSystem.isDirectory("flows") {
      throw UsageError(message: "no 'flows/' folder here; give the flow files or folders")
    }
    let documents = try FlowCoverageInputs.load(paths, limits: try FlowInputs.limits(arguments))
    var reports: [(document: FlowDocument, coverage: ChecklistCoverage)] = []
    var failed = false
    for document in documents {
      guard
        let tree = FlowInputs.validTree(
          document, console: console, consequence: "its coverage cannot be measured",
          includingChecklist: true)
      else {
        failed = true
        continue
      }
      reports.append((document, ChecklistRunner(tree: tree).coverage()))
    }
    if format == "json" {
      console.print(
        JSONValue.object([
          ("flows", .array(reports.map { json($0.document, $0.coverage, minimum: minimum) }))
        ]).serialized())
    } else {
      for (document, coverage) in reports {
        console.write(text(document, coverage, minimum: minimum))
      }
    }
    let underMinimum = reports.filter { minimum.map($0.coverage.percentage().isLess) ?? false }
    if let minimum, !underMinimum.isEmpty {
      // The threshold unrounded: rounded, 33.34 would read as the 33.3% it is above.
      let shown = minimum == minimum.rounded() ? String(Int(minimum)) : String(minimum)
      console.printError(
        "flowc: error: coverage under \(shown)% in "
          + underMinimum.map { "'\($0.document.path)'" }.joined(separator: ", ")
          + "; 'flowc suggest FLOW' writes the items that are missing")
    }
    return failed || !underMinimum.isEmpty ? .problemsFound : .success
  }

  private static func minimumPercentage(_ arguments: ParsedArguments) throws(UsageError) -> Double?
  {
    guard let text = arguments.value("min") else { return nil }
    let number = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = Double(number), value.isFinite, (0...100).contains(value) else {
      throw UsageError(message: "--min takes a percentage from 0 to 100, not '\(text)'")
    }
    return value
  }

  /// The text report of one flow.
  static func text(_ document: FlowDocument, _ coverage: ChecklistCoverage, minimum: Double?)
    -> String
  {
    let (covered, total) = coverage.count()
    var lines = [
      "\(TerminalText.line(document.path)): \(CoverageText.percent(coverage.percentage())) covered (\(covered) of \(total))"
    ]
    if document.flow?.checklist == nil {
      lines[0] += " — the flow has no checklist"
    }
    let width = coverage.kinds.map(\.plural.count).max() ?? 0
    for kind in coverage.kinds {
      let (kindCovered, kindTotal) = coverage.count(of: kind)
      lines.append(
        "  " + CoverageText.padded(kind.plural, to: width)
          + CoverageText.padded("  \(kindCovered) of \(kindTotal)", to: 14)
          + CoverageText.percent(coverage.percentage(of: kind)))
    }
    let uncovered = coverage.uncovered
    if !uncovered.isEmpty {
      lines.append("  not covered:")
      for target in uncovered {
        lines.append(
          "    \(CoverageText.location(target, in: document)): \(target.kind.rawValue): \(TerminalText.line(target.label))"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The JSON report of one flow.
  static func json(_ document: FlowDocument, _ coverage: ChecklistCoverage, minimum: Double?)
    -> JSONValue
  {
    func counts(_ kind: CoverageTarget.Kind?) -> JSONValue {
      let (covered, total) = coverage.count(of: kind)
      return .object([
        ("covered", .number(covered)), ("total", .number(total)),
        ("percentage", .tenths(ChecklistCoverage.percentTenths(coverage.percentage(of: kind)))),
      ])
    }
    var fields: [(String, JSONValue)] = [
      ("file", .string(document.path)),
      ("flow", .string(document.flow?.name.value ?? "")),
      ("hasChecklist", .bool(document.flow?.checklist != nil)),
      ("total", counts(nil)),
      ("kinds", .object(coverage.kinds.map { ($0.rawValue, counts($0)) })),
      (
        "uncovered",
        .array(
          coverage.uncovered.map { target in
            .object([
              ("kind", .string(target.kind.rawValue)), ("label", .string(target.label)),
              ("file", .string(target.file ?? document.path)),
              ("line", .number(target.range.start.line)),
              ("column", .number(target.range.start.column)),
            ])
          })
      ),
    ]
    if let minimum {
      fields.append(("meetsMinimum", .bool(!coverage.percentage().isLess(than: minimum))))
    }
    return .object(fields)
  }
}

/// How coverage figures and places are written.
enum CoverageText {
  /// `92.3%`, `100%`: one decimal, rounded down so that 99.96% never reads as 100%.
  static func percent(_ value: Double) -> String { number(value) + "%" }

  static func number(_ value: Double) -> String { ChecklistCoverage.percentText(value) }

  /// The text followed by spaces up to `width` characters.
  static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// `file:line:column` of a target, in the file that declares it.
  static func location(_ target: CoverageTarget, in document: FlowDocument) -> String {
    TerminalText.line(target.file ?? document.path)
      + ":\(target.range.start.line):\(target.range.start.column)"
  }
}

/// The flows `coverage` and `suggest` measure: every file given, less those another file
/// given uses as a child flow (their targets are counted through that parent).
enum FlowCoverageInputs {
  static func load(_ paths: [String], limits: YAMLLimits) throws(UsageError) -> [FlowDocument] {
    var documents: [FlowDocument] = []
    for file in try FlowInputs.files(paths) {
      documents.append(try FlowInputs.load(file, limits: limits))
    }
    let children = FlowInputs.childFlowPaths(of: documents)
    return documents.filter { !children.contains(FileSystem.absolutePath($0.path)) }
  }
}
