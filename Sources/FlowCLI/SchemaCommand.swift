import FlowSpec

/// `flowc schema`: prints the flow format's JSON Schema, for editors.
enum SchemaCommand: Command {
  static let spec = CommandSpec(
    name: "schema",
    abstract: "Print the JSON Schema of the flow format, for completion in editors.",
    usage: "schema",
    discussion: """
      Prints a JSON Schema (draft 2020-12) of flow files, with a description for every key,
      built from the keys the decoder accepts. The repository keeps it as
      schema/flow.schema.json; a YAML language server (VS Code's YAML extension, for one)
      uses it for completion, hover text and inline errors when a flow starts with:

        # yaml-language-server: $schema=../schema/flow.schema.json

      (the path relative to the flow file, or the schema's URL). 'flowc check' remains the
      judge: the schema cannot see references between names, or the checklist's steps.
      """,
    options: [],
    examples: ["flowc schema > schema/flow.schema.json"])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    guard arguments.positionals.isEmpty else {
      throw UsageError(message: "schema takes no arguments")
    }
    console.write(FlowSchema.json.prettyPrinted())
    return .success
  }
}
