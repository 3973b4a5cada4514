import FlowDiagnostics
import FlowParallel
import FlowReports
import FlowSpec

/// A `flowc` subcommand.
protocol Command {
  static var spec: CommandSpec { get }
  /// Runs the command; a `UsageError` prints the usage and exits with status 2.
  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode
}

/// A command in the command table.
struct CommandEntry {
  let spec: CommandSpec
  let run: (ParsedArguments, Console) throws -> ExitCode

  init<C: Command>(_ command: C.Type) {
    spec = C.spec
    run = { arguments, console in try C.run(arguments, console: console) }
  }
}

/// The `flowc` command line: `check`, `run`, `gen`, `spec`, `graph`, `coverage`, `suggest`, `schema`, `init`.
public enum FlowCLI {
  static var commands: [CommandEntry] {
    [
      CommandEntry(CheckCommand.self), CommandEntry(RunCommand.self), CommandEntry(GenCommand.self),
      CommandEntry(SpecCommand.self), CommandEntry(GraphCommand.self),
      CommandEntry(CoverageCommand.self), CommandEntry(SuggestCommand.self),
      CommandEntry(VerifyCommand.self),
      CommandEntry(DiffCommand.self), CommandEntry(LSPCommand.self),
      CommandEntry(SchemaCommand.self), CommandEntry(InitCommand.self),
    ]
  }

  /// The version `flowc --version` prints.
  public static let version = "0.1.0"

  static var help: String {
    var text = """
      OVERVIEW: flowc checks, runs and tests navigation flows written in YAML.

      USAGE: flowc <command> [options]

      COMMANDS:

      """
    for command in commands {
      let name = command.spec.name
      text +=
        "  " + name + String(repeating: " ", count: max(1, 10 - name.count)) + command.spec.abstract
        + "\n"
    }
    text += """

      Exit status: 0 when clean, 1 when the input has problems, 2 when flowc is misused.
      See 'flowc <command> --help' for a command's options.

      """
    return text
  }

  /// Runs `flowc` with its arguments (without the program name) and returns the exit status.
  public static func main(_ arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.writeError(help)
      return ExitCode.usage.rawValue
    }
    switch first {
    case "-h", "--help":
      console.write(help)
      return ExitCode.success.rawValue
    case "--version":
      console.print(version)
      return ExitCode.success.rawValue
    case "help":
      guard let name = arguments.dropFirst().first else {
        console.write(help)
        return ExitCode.success.rawValue
      }
      guard let command = commands.first(where: { $0.spec.name == name }) else {
        return usageError("unknown command '\(name)'", usage: nil, console: console)
      }
      console.write(command.spec.help)
      return ExitCode.success.rawValue
    default:
      break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      let suggestion = Suggestion.closest(to: first, among: commands.map(\.spec.name))
      let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
      return usageError("unknown command '\(first)'\(hint)", usage: nil, console: console)
    }
    do {
      let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
      if parsed.wantsHelp {
        console.write(command.spec.help)
        return ExitCode.success.rawValue
      }
      // Decoding, checking and running recurse once per level of a flow's nesting: the
      // command runs on a thread whose stack holds the deepest nesting the limits allow.
      let outcome = Parallel.onLargeStack { Result { try command.run(parsed, console) } }
      return try outcome.get().rawValue
    } catch let error as UsageError {
      printMachineReadable(error.message, arguments: arguments, console: console)
      return usageError(error.message, usage: command.spec, console: console)
    } catch {
      console.printError("flowc: error: \(error)")
      return ExitCode.problemsFound.rawValue
    }
  }

  /// For a run asked for `--format json` or `--format sarif`, the usage error on standard
  /// output in that format too, so a CI step that parses the output reads why it failed:
  /// `{ "error": { "kind": "usage", "message": … } }`, or a SARIF log whose invocation did
  /// not succeed.
  private static func printMachineReadable(
    _ message: String, arguments: [String], console: Console
  ) {
    var format: String?
    for (index, argument) in arguments.enumerated() {
      if argument == "--format", index + 1 < arguments.count {
        format = arguments[index + 1]
      } else if argument.hasPrefix("--format=") {
        format = String(argument.dropFirst("--format=".count))
      }
    }
    switch format {
    case "json":
      let error = JSONValue.object([("kind", .string("usage")), ("message", .string(message))])
      console.print(JSONValue.object([("error", error)]).prettyPrinted())
    case "sarif":
      console.print(
        SARIFReport.failedInvocation(message, tool: "flowc", version: version).prettyPrinted())
    default:
      break
    }
  }

  /// Prints `Error: …`, the usage line and where to read more, to standard error.
  private static func usageError(_ message: String, usage: CommandSpec?, console: Console) -> Int32
  {
    console.printError("Error: \(message)")
    if let usage {
      console.printError("Usage: flowc \(usage.usage)")
      console.printError("  See 'flowc \(usage.name) --help'.")
    } else {
      console.printError("Usage: flowc <command> [options]")
      console.printError("  See 'flowc --help'.")
    }
    return ExitCode.usage.rawValue
  }
}
