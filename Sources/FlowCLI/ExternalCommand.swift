/// Runs a program found on the `PATH` (Graphviz's `dot`, `git`) and collects what it
/// writes: the one place flowc starts another process. Its arguments are passed as they
/// are, never through a shell, so no text in them (a path from a flow) is read as syntax.
enum ExternalCommand {
  /// Why the program could not be run at all.
  struct Failure: Error {
    var message: String
  }

  /// What the program did: its exit status and both of its outputs.
  struct Result {
    var status: Int32
    var output: [UInt8]
    var errors: [UInt8]

    /// The error output as text, trimmed, for a message.
    var errorText: String {
      // "\r\n" is one Character in Swift, so it is listed beside "\n" and "\r".
      String(decoding: errors, as: UTF8.self).trimmingCharacters(in: " \t\n\r\r\n")
    }
  }

  /// Runs `arguments[0]` with the rest, found on the `PATH` by `/usr/bin/env` (the same on
  /// Linux and macOS), its input empty; 127 is the status of a program not found.
  static func run(_ arguments: [String]) throws(Failure) -> Result {
    switch SystemCalls.run("/usr/bin/env", arguments: ["env"] + arguments) {
    case .success(let outcome):
      return Result(status: outcome.status, output: outcome.output, errors: outcome.errors)
    case .failure(let failure):
      throw Failure(
        message: "cannot run /usr/bin/env to find '\(arguments[0])': \(failure.reason)")
    }
  }
}
