import FlowFileSystem
import FlowSpec

/// `flowc graph FLOW`: prints the flow's navigation graph for Graphviz, Mermaid or tools.
enum GraphCommand: Command {
  static let spec = CommandSpec(
    name: "graph",
    abstract: "Print a flow's navigation graph as dot, Mermaid or JSON.",
    usage: "graph FLOW [--format dot|mermaid|json] [--output FILE]",
    discussion: """
      Screens are boxes (with their nav bar title), alerts octagons; an arrow is a
      navigation an event, a bar button tap, an alert action or 'start' makes, labelled with
      the trigger, the operation and its guard. A popToRoot points at the roots beneath the
      screen it leaves; pops and dismissals are dashed loops.

      --output writes a file instead, in the format its extension names: .svg, .png or
      .pdf are drawn by Graphviz's 'dot' (which must be installed), .dot or .gv, .mmd or
      .mermaid, and .json are written as text. The file is replaced atomically.
      """,
    options: [
      OptionSpec(
        name: "format", valueName: "FORMAT",
        help: "'dot' (default, for Graphviz), 'mermaid' or 'json'."),
      OptionSpec(
        name: "output", valueName: "FILE",
        help: "Write FILE (.svg, .png, .pdf through Graphviz; .dot, .gv, .mmd, .mermaid, .json)."),
    ] + FlowInputs.limitOptions,
    arguments: [("FLOW", "The flow file.")],
    examples: [
      "flowc graph flows/navigation-service.yaml --output flow.svg",
      "flowc graph flows/navigation-service.yaml --format mermaid",
    ])

  /// The formats an output file's extension names, and whether Graphviz draws them.
  private static let outputFormats: [String: (format: String, image: Bool)] = [
    "svg": ("svg", true), "png": ("png", true), "pdf": ("pdf", true), "dot": ("dot", false),
    "gv": ("dot", false), "mmd": ("mermaid", false), "mermaid": ("mermaid", false),
    "json": ("json", false),
  ]

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    var format = try arguments.choice("format", among: ["dot", "mermaid", "json"], default: "dot")
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(
        message: arguments.positionals.isEmpty ? "missing the flow" : "graph takes one flow")
    }
    let output = arguments.value("output")
    var image: String?
    if let output { (format, image) = try formats(of: output, given: format, arguments) }
    let document = try FlowInputs.load(
      path, limits: try FlowInputs.limits(arguments))
    if let output {
      try FlowInputs.refuseOverwriting(
        [path] + (document.tree?.flows.map(\.file) ?? []), with: output)
    }
    guard let tree = FlowInputs.validTree(document, console: console, consequence: "fix them first")
    else {
      return .problemsFound
    }
    let graph = FlowGraph(tree: tree)
    let text: String
    switch format {
    case "mermaid": text = graph.mermaid()
    case "json": text = graph.json().serialized() + "\n"
    default: text = graph.dot()
    }
    guard let output else {
      console.write(text)
      return .success
    }
    do {
      let bytes =
        try image.map { format throws(GraphvizRenderer.Failure) in
          try GraphvizRenderer.render(text, format: format)
        } ?? Array(text.utf8)
      try FileSystem.writeAtomically(bytes, to: output)
    } catch let failure as GraphvizRenderer.Failure {
      console.printError("flowc: error: \(failure.message)")
      return .problemsFound
    } catch let failure as FileError {
      console.printError("flowc: error: cannot write '\(output)': \(failure.reason)")
      return .problemsFound
    } catch {
      console.printError("flowc: error: cannot write '\(output)': \(error)")
      return .problemsFound
    }
    return .success
  }

  /// What `--output` asks for, from its extension: the text format to write, and the image
  /// format Graphviz draws from dot, if any. An extension that says nothing, or contradicts
  /// `--format`, is a usage error.
  private static func formats(of output: String, given format: String, _ arguments: ParsedArguments)
    throws(UsageError) -> (format: String, image: String?)
  {
    let fileExtension = output.split(separator: ".").last.map { $0.lowercased() } ?? ""
    guard output.contains("."), let chosen = outputFormats[fileExtension] else {
      throw UsageError(
        message:
          "cannot tell the format of '\(output)' from its extension; use .svg, .png, .pdf, .dot, .gv, .mmd, .mermaid or .json"
      )
    }
    if chosen.image {
      guard arguments.value("format") == nil || format == "dot" else {
        throw UsageError(
          message: "an image is drawn from dot; --format \(format) cannot make '\(output)'")
      }
      return ("dot", chosen.format)
    }
    guard arguments.value("format") == nil || chosen.format == format else {
      throw UsageError(message: "--format \(format) does not match the extension of '\(output)'")
    }
    return (chosen.format, nil)
  }

}
