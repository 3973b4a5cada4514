import FlowLanguageServer

/// `flowc lsp`: the language server, over standard input and output.
enum LSPCommand: Command {
  static let spec = CommandSpec(
    name: "lsp",
    abstract: "Serve the Language Server Protocol on stdin/stdout, for editors.",
    usage: "lsp [--debounce MS]",
    discussion: """
      A language server for flow files: diagnostics as you type (the same ids, messages and
      severities as 'flowc check', a child flow's errors shown at its 'use:' line too), go to
      definition and find references of screens, alerts, requests, tabs, child flows, events,
      state and link variables, completion in context, hover, rename across a flow, its child
      flows and its checklist, an outline, and the fix-its of diagnostics as quick fixes.
      An editor starts it; it speaks JSON-RPC with Content-Length framing on its standard
      streams and writes nothing else there. See the README for editor setups.
      """,
    options: [
      OptionSpec(
        name: "debounce", valueName: "MS",
        help: "Publish diagnostics once typing pauses this many milliseconds (default 15).")
    ] + FlowInputs.limitOptions,
    arguments: [],
    examples: ["flowc lsp"])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw UsageError(message: "lsp takes no arguments: an editor starts it and talks on stdin")
    }
    let limits = try FlowInputs.limits(arguments)
    var timing = StdioTransport.Timing()
    if let debounce = try arguments.count("debounce") { timing.debounce = debounce }
    LanguageServer.version = FlowCLI.version
    let status = StdioTransport.run(timing: timing, limits: limits)
    return status == 0 ? .success : .problemsFound
  }
}
