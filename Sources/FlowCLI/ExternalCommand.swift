import Foundation

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
      String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// Runs `arguments[0]` with the rest, found on the `PATH` by `/usr/bin/env` (the same on
  /// Linux and macOS), its input empty; 127 is the status of a program not found.
  static func run(_ arguments: [String]) throws(Failure) -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw Failure(message: "cannot run /usr/bin/env to find '\(arguments[0])': \(error)")
    }
    // Both outputs are drained at once, so a large output cannot fill a pipe and stall it.
    let reader = PipeReader(output: output, errors: errors)
    process.waitUntilExit()
    let (bytes, message) = reader.finish()
    return Result(
      status: process.terminationStatus, output: Array(bytes), errors: Array(message))
  }
}

/// Drains a process's standard output and error on background threads.
private final class PipeReader: @unchecked Sendable {
  private var output = Data()
  private var errors = Data()
  private let group = DispatchGroup()

  init(output: Pipe, errors: Pipe) {
    group.enter()
    DispatchQueue.global().async {
      self.output = output.fileHandleForReading.readDataToEndOfFile()
      self.group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      self.errors = errors.fileHandleForReading.readDataToEndOfFile()
      self.group.leave()
    }
  }

  func finish() -> (output: Data, errors: Data) {
    group.wait()
    return (output, errors)
  }
}
