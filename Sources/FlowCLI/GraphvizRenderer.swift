import Foundation

/// Renders dot text to an image with Graphviz's `dot`, found on the `PATH`.
enum GraphvizRenderer {
  /// Why an image could not be made.
  struct Failure: Error {
    var message: String
  }

  /// The image `dot -T format` makes of `dot`, as bytes.
  static func render(_ dot: String, format: String) throws(Failure) -> [UInt8] {
    // dot reads a file, not a pipe: a dot that is missing or stops early then cannot make
    // flowc write into a closed pipe.
    let source = NSTemporaryDirectory() + "flowc-graph-" + UUID().uuidString + ".dot"
    guard FileManager.default.createFile(atPath: source, contents: Data(dot.utf8)) else {
      throw Failure(message: "cannot write a temporary file in \(NSTemporaryDirectory())")
    }
    defer { try? FileManager.default.removeItem(atPath: source) }
    let process = Process()
    // `env` looks `dot` up on the PATH, on Linux and macOS alike.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["dot", "-T" + format, source]
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw Failure(message: "cannot run /usr/bin/env to find Graphviz's dot: \(error)")
    }
    // Both outputs are drained at once, so a large image cannot fill a pipe and stall dot.
    let reader = PipeReader(output: output, errors: errors)
    process.waitUntilExit()
    let (image, message) = reader.finish()
    guard process.terminationStatus == 0 else {
      if process.terminationStatus == 127 {
        throw Failure(
          message:
            "Graphviz's 'dot' is not installed; install it ('apt-get install graphviz', 'brew install graphviz') or write the dot text with '--output FILE.dot'"
        )
      }
      throw Failure(
        message: "dot failed (exit \(process.terminationStatus)): "
          + String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      )
    }
    return Array(image)
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
