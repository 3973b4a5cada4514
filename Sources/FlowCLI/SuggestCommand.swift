import FlowSpec

/// `flowc suggest FLOW`: the checklist items that would cover what the checklist leaves
/// untested, ready to paste.
enum SuggestCommand: Command {
  static let spec = CommandSpec(
    name: "suggest",
    abstract: "Write the checklist items that would cover what a flow's checklist leaves untested.",
    usage: "suggest FLOW [--depth N]",
    discussion: """
      For every target 'flowc coverage' lists as not covered, finds the shortest sequence of
      events that reaches it (from the flow's start, from a 'given' the checklist already
      uses, or with one Bool state flipped) and prints it as a '[ ]' item with its 'given',
      'when' and the 'expect' the interpreter observes, under the section it belongs to and
      indented as the flow's checklist is, ready to paste into it. Events that take
      arguments use the values the checklist's own steps give them. Targets no sequence
      reaches are listed on standard error (the first 20).
      """,
    options: [
      OptionSpec(
        name: "depth", valueName: "N",
        help: "The most events in one suggested item (default \(SuggestionBounds().depth)).")
    ] + FlowInputs.limitOptions,
    arguments: [("FLOW", "The flow file.")],
    examples: ["flowc suggest flows/navigation-service.yaml"])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(
        message: arguments.positionals.isEmpty ? "missing the flow" : "suggest takes one flow")
    }
    var bounds = SuggestionBounds()
    if let depth = try arguments.positiveInteger("depth") { bounds.depth = depth }
    let document = try FlowInputs.load(
      path, limits: try FlowInputs.limits(arguments))
    guard
      let tree = FlowInputs.validTree(
        document, console: console, consequence: "fix them first")
    else {
      return .problemsFound
    }
    let runner = ChecklistRunner(tree: tree)
    let coverage = runner.coverage()
    let suggestions = runner.suggestions(for: coverage, bounds: bounds)
    let total = coverage.targets.count
    if suggestions.items.isEmpty {
      console.print(
        coverage.uncovered.isEmpty
          ? "# the checklist covers all \(total) targets of '\(path)'; nothing to add"
          : "# no item can be suggested for '\(path)'")
    } else {
      console.print(
        "# \(suggestions.items.count) item\(suggestions.items.count == 1 ? "" : "s") to paste into the checklist of '\(path)':"
      )
      console.print(
        "# coverage \(CoverageText.percent(coverage.percentage())) → \(CoverageText.percent(suggestions.percentage(after: coverage)))"
      )
      let sections = tree.root.checklist?.sections.compactMap(\.title?.value) ?? []
      let indentation = String(repeating: " ", count: checklistIndentation(tree.root))
      let text = suggestions.checklistText(existingSections: sections)
      console.print(
        text.split(separator: "\n", omittingEmptySubsequences: false).map { indentation + $0 }
          .joined(separator: "\n"))
    }
    let shown = 20
    for target in suggestions.unreachable.prefix(shown) {
      console.printError(
        "\(CoverageText.location(target, in: document)): note: no sequence of at most \(bounds.depth) events reaches \(target.kind.rawValue) '\(TerminalText.line(target.label))'"
      )
    }
    if suggestions.unreachable.count > shown {
      console.printError(
        "flowc: note: \(suggestions.unreachable.count - shown) more targets out of reach are not listed ('flowc coverage' lists every uncovered target)"
      )
    }
    let unsent = eventsWithoutValues(in: tree)
    if !suggestions.unreachable.isEmpty, let (event, arguments) = unsent.first {
      // Why some targets are out of reach: suggest sends only the checklist's values.
      let listed = unsent.prefix(5).map { "'\($0.0)' (\($0.1.joined(separator: ", ")))" }
      let more = unsent.count > 5 ? " and \(unsent.count - 5) more" : ""
      let example = arguments.map { "\($0): …" }.joined(separator: ", ")
      console.printError(
        "flowc: note: suggest sends only the values the checklist uses, and no item gives these events their arguments: \(listed.joined(separator: ", "))\(more); add an item that sends one ('when { \(event): { \(example) } }'), and what it leads to can be suggested"
      )
    }
    return .success
  }

  /// The events that take arguments which no `when` step of the checklist sends with
  /// values, each with its arguments' names: what suggest cannot send.
  private static func eventsWithoutValues(in tree: FlowTree) -> [(String, [String])] {
    var sent: Set<String> = []
    for entry in tree.root.checklist?.entries ?? [] {
      for step in entry.item.steps {
        guard case .when(let events) = step.kind else { continue }
        for event in events {
          if case .event(let name, let arguments) = event.kind, !arguments.isEmpty {
            sent.insert(name.value)
          }
        }
      }
    }
    // A child's finish event is sent by the child, not by an item.
    let finishes = Set(tree.flows.flatMap(\.finishEvents))
    return tree.eventSignatures.filter {
      !$0.arguments.isEmpty && !sent.contains($0.name.value) && !finishes.contains($0.name.value)
    }.map { ($0.name.value, $0.arguments.map(\.name)) }
  }

  /// How far the flow's checklist items are indented in their block (2 without a checklist).
  private static func checklistIndentation(_ flow: Flow) -> Int {
    guard let checklist = flow.checklist, checklist.form == .block,
      let first = checklist.sections.first(where: { !$0.items.isEmpty })?.items.first
    else { return 2 }
    return max(0, first.mark.range.start.column - 1)
  }
}
