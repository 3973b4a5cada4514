import FlowSpec

/// `flowc graph FLOW`: prints the flow's navigation graph for Graphviz, Mermaid or tools.
enum GraphCommand: Command {
  static let spec = CommandSpec(
    name: "graph",
    abstract: "Print a flow's navigation graph as dot, Mermaid or JSON.",
    usage: "graph FLOW [--format dot|mermaid|json]",
    discussion: """
      Screens are boxes (with their nav bar title), alerts octagons; an arrow is a
      navigation an event, a bar button tap, an alert action or 'start' makes, labelled with
      the trigger, the operation and its guard. Pops and dismissals are dashed loops.
      """,
    options: [
      OptionSpec(
        name: "format", valueName: "FORMAT",
        help: "'dot' (default, for Graphviz), 'mermaid' or 'json'.")
    ] + FlowInputs.limitOptions,
    arguments: [("FLOW", "The flow file.")],
    examples: ["flowc graph flows/navigation-service.yaml | dot -Tpng -o flow.png"])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let format = try arguments.choice("format", among: ["dot", "mermaid", "json"], default: "dot")
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(
        message: arguments.positionals.isEmpty ? "missing the flow" : "graph takes one flow")
    }
    let document = try FlowInputs.load(
      path, limits: try FlowInputs.limits(arguments), runsChecklist: false)
    guard let tree = FlowInputs.validTree(document, console: console, consequence: "fix them first")
    else {
      return .problemsFound
    }
    let graph = FlowGraph(tree: tree)
    switch format {
    case "mermaid": console.writeOutput(graph.mermaid())
    case "json": console.print(graph.json().serialized())
    default: console.writeOutput(graph.dot())
    }
    return .success
  }
}
