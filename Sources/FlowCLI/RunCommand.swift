import FlowFileSystem
import FlowSpec
import FlowYAML

/// `flowc run FLOW`: steps the interpreter through events and prints what it shows.
enum RunCommand: Command {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Step the interpreter through events; print the stack, bars and state.",
    usage:
      "run FLOW [--given NAME=VALUE …] [--open URL …] [--events EVENTS | --script FILE] [--format text|json]",
    discussion: """
      Starts the flow, then sends each event, printing after the start and after each event
      the calls made, the stack, what is presented, the last 'animated' flag, the visible
      screen's nav bar and the state. Events are written as in a checklist's 'when':
      'login', 'tap: right', 'tap: back', 'alert: Logout', '{ selectInfo: { info: A } }',
      'open: monapp://product/42', 'tab: Search'.

      With neither --events nor --script, events are read from standard input, one per
      line; on a terminal that is interactive: '?' lists the events available now and
      'quit' ends. An event the flow refuses, or a URL no link matches (shown, with why
      it changed nothing), stops the run with exit status 1; on a terminal it is
      reported and the session goes on.
      """,
    options: [
      OptionSpec(
        name: "given", valueName: "NAME=VALUE",
        help:
          "Override a state value before the flow starts; a list or a record in YAML, as a checklist's given writes it ('tasks=[{ title: Buy milk, isCompleted: false }]').",
        repeatable: true),
      OptionSpec(
        name: "events", valueName: "EVENTS",
        help: "Events separated by commas: 'login,tap: right,alert: Logout'."),
      OptionSpec(name: "script", valueName: "FILE", help: "A YAML file holding a list of events."),
      OptionSpec(
        name: "open", valueName: "URL",
        help: "Open a deep link after the start, before any other event.", repeatable: true),
      OptionSpec(
        name: "format", valueName: "FORMAT",
        help:
          "'text' (default) or 'json': one object per step with step, event, stack, presented, animated, navBar, state and calls."
      ),
    ] + FlowInputs.limitOptions,
    arguments: [("FLOW", "The flow file to run.")],
    examples: [
      "flowc run flows/navigation-service.yaml --given isLogin=false --events login,validateOnboarding,presentLogout",
      "flowc run flows/navigation-service.yaml --given isLogin=true --events 'tap: right, alert: Logout' --format json",
      "flowc run flows/shop.yaml --open monapp://product/42 --events 'tab: Recherche'",
    ])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let format = try arguments.choice("format", among: ["text", "json"], default: "text")
    guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
      throw UsageError(
        message: arguments.positionals.isEmpty ? "missing the flow to run" : "run takes one flow")
    }
    if arguments.value("events") != nil, arguments.value("script") != nil {
      throw UsageError(message: "give events with --events or --script, not both")
    }
    let document = try FlowInputs.load(
      path, limits: try FlowInputs.limits(arguments))
    guard
      let tree = FlowInputs.validTree(
        document, console: console, consequence: "fix them before running it")
    else { return .problemsFound }
    let flow = tree.root
    let overrides = try givenValues(arguments.all("given"), flow: flow)
    // The events are read before the flow starts: a mistake in them is a usage error alone,
    // not one after the start's report (a JSON stream stays one object per line).
    var scripted: [NavigationEvent]?
    if let text = arguments.value("events") {
      let (events, diagnostics) = EventSyntax.parse("[" + text + "]", file: "--events")
      if let problem = diagnostics.first(where: { $0.severity == .error }) {
        throw UsageError(message: "--events: \(problem.message)")
      }
      scripted = events.map(NavigationEvent.init)
    } else if let script = arguments.value("script") {
      guard let events = try readScript(script, console: console) else { return .problemsFound }
      scripted = events
    }
    var navigator: Navigator
    do {
      navigator = try Navigator(program: NavigationProgram(tree: tree), given: overrides)
    } catch {
      console.printError("flowc: error: the flow could not start: \(error.message)")
      return .problemsFound
    }
    var session = RunSession(console: console, json: format == "json")
    session.report(step: 0, event: nil, navigator: navigator, callsBefore: 0)
    let opened = session.send(arguments.all("open").map(NavigationEvent.open), to: &navigator)
    guard opened == .success else { return opened }
    // Links given and nothing else: the run is those links, standard input is not read.
    if !arguments.all("open").isEmpty, arguments.value("events") == nil,
      arguments.value("script") == nil
    {
      return .success
    }

    if let scripted { return session.send(scripted, to: &navigator) }
    return session.readEvents(into: &navigator, interactive: console.inputIsTerminal)
  }

  /// `--given name=value`, typed by the state's default.
  static func givenValues(_ entries: [String], flow: Flow) throws(UsageError) -> [String: Value] {
    var values: [String: Value] = [:]
    for entry in entries {
      guard let equals = entry.firstIndex(of: "=") else {
        throw UsageError(message: "--given takes NAME=VALUE, as in 'isLogin=true', not '\(entry)'")
      }
      let name = String(entry[..<equals])
      let text = String(entry[entry.index(after: equals)...])
      guard let variable = flow.stateVariable(named: name) else {
        let suggestion = Suggestion.closest(to: name, among: flow.state.map(\.name.value))
        let hint =
          suggestion.map { "; did you mean '\($0)'?" }
          ?? "; it has \(DiagnosticMessage.list(flow.state.map(\.name.value)))"
        throw UsageError(message: "flow '\(flow.name.value)' has no state '\(name)'\(hint)")
      }
      switch variable.initialValue.value.type {
      case .bool:
        guard text == "true" || text == "false" else {
          throw UsageError(message: "state '\(name)' is a Bool: give true or false, not '\(text)'")
        }
        values[name] = .bool(text == "true")
      case .int:
        guard let number = Int(text) else {
          throw UsageError(
            message: ParsedArguments.isWholeNumberBeyondInt(text)
              ? "state '\(name)' is an Int, and '\(text)' is beyond an Int's range (\(Int.min) to \(Int.max))"
              : "state '\(name)' is an Int: give a whole number, not '\(text)'")
        }
        values[name] = .int(number)
      case .string:
        values[name] = .string(text)
      case .list:
        values[name] = try listValue(text, state: name)
      case .record:
        values[name] = try yamlValue(text, state: name, type: .record)
      }
    }
    return values
  }

  /// A list state's value: a YAML flow sequence (`[]`, `[KFC, "Burger King"]`,
  /// `[{ title: Buy milk, isCompleted: false }]`), as a checklist's `given` writes it, or
  /// text items separated by commas (`KFC,Burger King`).
  private static func listValue(_ text: String, state name: String) throws(UsageError) -> Value {
    guard text.hasPrefix("[") else {
      let items = text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false)
      return .list(items.map { .string(String($0).trimmingCharacters(in: " ")) })
    }
    return try yamlValue(text, state: name, type: .list)
  }

  /// A value written in YAML, as a checklist's `given` writes it, of the state's type.
  private static func yamlValue(_ text: String, state name: String, type: ValueType)
    throws(UsageError) -> Value
  {
    let example = type == .list ? "[a, b]" : "{ title: a, isCompleted: false }"
    let problem = { (reason: String) in
      UsageError(
        message:
          "state '\(name)' is \(type.withArticle): give \(example), not '\(text)' (\(reason))")
    }
    let parsed = YAMLParser.parse(Array(text.utf8), file: "--given")
    if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
      throw problem(error.message)
    }
    guard let root = parsed.root else { throw problem("it is empty") }
    let decoded = FlowDecoder.value(
      root, file: "--given", source: SourceText(bytes: Array(text.utf8)))
    if let error = decoded.diagnostics.first(where: { $0.severity == .error }) {
      throw problem(error.message)
    }
    guard let value = decoded.value, value.type == type else {
      throw problem("that is \(decoded.value?.type.withArticle ?? "nothing")")
    }
    return value
  }

  /// The events of the script at `path`; `nil` (its errors printed) when it has errors.
  private static func readScript(_ path: String, console: Console) throws(UsageError)
    -> [NavigationEvent]?
  {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.read(path).bytes
    } catch {
      throw UsageError(message: "cannot read '\(path)': \(error.reason)")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let (events, diagnostics) = EventSyntax.parse(text, file: path)
    if diagnostics.containsErrors {
      let printer = DiagnosticPrinter(colored: console.colorsErrors) { _ in
        SourceText(bytes: bytes)
      }
      console.writeFormatted(printer.render(diagnostics), toErrors: true)
      return nil
    }
    return events.map(NavigationEvent.init)
  }
}
