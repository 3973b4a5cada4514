import FlowFileSystem
import FlowSpec

/// `flowc suggest FLOW`: the checklist items that would cover what the checklist leaves
/// untested, ready to paste.
enum SuggestCommand: Command {
  static let spec = CommandSpec(
    name: "suggest",
    abstract: "Write the checklist items that would cover what a flow's checklist leaves untested.",
    usage: "suggest FLOW [--depth N] [--write]",
    discussion: """
      For every target 'flowc coverage' lists as not covered, finds the shortest sequence of
      events that reaches it (from the flow's start, from a 'given' the checklist already
      uses, or with one Bool state flipped) and prints it as a '[ ]' item with its 'given',
      'when' and the 'expect' the interpreter observes, under the section it belongs to and
      indented as the flow's checklist is, ready to paste into it. Events that take
      arguments use the values the checklist's own steps give them. Targets no sequence
      reaches are listed on standard error (the first 20).

      --write puts the items into the flow's checklist instead of printing them: each at the
      end of its section, new sections after the last one, a 'spec: |' block added to a flow
      without a checklist. The file is replaced atomically (in place, with a note, where its
      folder cannot be written), and only when it still reads back with every item in place
      and no new error; the items are written '[ ]', for 'flowc spec --update' to mark.
      """,
    options: [
      OptionSpec(
        name: "depth", valueName: "N",
        help: "The most events in one suggested item (default \(SuggestionBounds().depth))."),
      OptionSpec(
        name: "write", help: "Write the items into the flow's checklist, each under its section."),
    ] + FlowInputs.limitOptions,
    arguments: [("FLOW", "The flow file.")],
    examples: [
      "flowc suggest flows/navigation-service.yaml",
      "flowc suggest flows/navigation-service.yaml --write",
    ])

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
        document, console: console, consequence: "fix them first", includingChecklist: true)
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
    } else if arguments.has("write") {
      let status = write(
        suggestions, into: document, tree: tree, limits: try FlowInputs.limits(arguments),
        console: console)
      guard status == .success else { return status }
      console.print(coverageLine(coverage, suggestions))
    } else {
      console.print(
        "# \(suggestions.items.count) item\(suggestions.items.count == 1 ? "" : "s") to paste into the checklist of '\(TerminalText.line(path))', each at the end of its section ('--write' puts them there):"
      )
      console.print(coverageLine(coverage, suggestions))
      let sections = tree.root.checklist?.sections.compactMap(\.title?.value) ?? []
      let indentation = String(
        repeating: " ",
        count: tree.root.checklist.flatMap {
          SuggestionInsertion.indentationOfItems(in: $0, text: document.text)
        } ?? 2)
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

  /// The coverage the checklist has, and what it would have with the items.
  private static func coverageLine(
    _ coverage: ChecklistCoverage, _ suggestions: CoverageSuggestions
  ) -> String {
    "# coverage \(CoverageText.percent(coverage.percentage())) → \(CoverageText.percent(suggestions.percentage(after: coverage)))"
  }

  /// Writes the items into the flow's file, after checking that the new text decodes with
  /// every old item where it was and every new one at the top of its section.
  private static func write(
    _ suggestions: CoverageSuggestions, into document: FlowDocument, tree: FlowTree,
    limits: YAMLLimits, console: Console
  ) -> ExitCode {
    let path = TerminalText.line(document.path)
    let bytes: [UInt8]
    do {
      bytes = try SuggestionInsertion.inserting(
        suggestions, into: document.text, checklist: tree.root.checklist)
    } catch {
      console.printError("flowc: error: \(path) was not changed: \(error)")
      return .problemsFound
    }
    let written = FlowDocument(bytes: bytes, path: document.path, limits: limits)
    if let problem = writeProblem(suggestions, before: document, tree: tree, after: written) {
      // A checklist laid out in a way the insertion does not foresee: nothing is written.
      console.printError(
        "flowc: error: \(path) was not changed: with the items written in, \(problem); paste the items 'flowc suggest' prints without --write"
      )
      return .problemsFound
    }
    let method: FileSystem.RewriteMethod
    do {
      method = try FileSystem.rewrite(document.path, with: bytes, replacing: document.text.bytes)
    } catch {
      console.printError("flowc: error: \(error)")
      return .problemsFound
    }
    if case .inPlace(let reason) = method {
      console.print("wrote \(path) in place, not atomically: \(TerminalText.line(reason))")
    }
    let count = suggestions.items.count
    console.print(
      "# wrote \(count) item\(count == 1 ? "" : "s") into the checklist of '\(path)', marked '[ ]' ('flowc spec \(path) --update' marks those that pass):"
    )
    for item in suggestions.items {
      console.print(
        "#   \(item.section.map { TerminalText.line($0) + ": " } ?? "")\(TerminalText.line(item.target.label))"
      )
    }
    return .success
  }

  /// What would be wrong with the file written: an item lost or moved, a new item not at
  /// the top of its section, or an error it did not have; `nil` when nothing is.
  private static func writeProblem(
    _ suggestions: CoverageSuggestions, before document: FlowDocument, tree: FlowTree,
    after written: FlowDocument
  ) -> String? {
    let errors = { (document: FlowDocument) in
      document.diagnostics.filter { $0.severity == .error }.map(\.message)
    }
    let added = errors(written).filter { !errors(document).contains($0) }
    if let first = added.first {
      return
        "it would have \(added.count) error\(added.count == 1 ? "" : "s") it does not have now, the first: \(TerminalText.line(first))"
    }
    let old = tree.root.checklist?.entries ?? []
    let new = written.flow?.checklist?.entries ?? []
    guard new.count == old.count + suggestions.items.count else {
      return
        "its checklist would read back \(new.count) items, not \(old.count + suggestions.items.count)"
    }
    let place = { (entry: ChecklistEntry) in [entry.section ?? ""] + entry.path }
    let places = Set(new.map(place))
    if let moved = old.first(where: { !places.contains(place($0)) }) {
      return
        "the item '\(TerminalText.line(moved.item.text.value))' would no longer stand where it is"
    }
    for item in suggestions.items where !places.contains([item.section ?? "", item.title]) {
      return
        "the new item '\(TerminalText.line(item.title))' would not stand at the top of its section"
    }
    return nil
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

}
