import FlowFileSystem

/// Renders dot text to an image with Graphviz's `dot`, found on the `PATH`.
enum GraphvizRenderer {
  /// Why an image could not be made.
  struct Failure: Error {
    var message: String
    /// Whether `dot` is not installed (its advice, `--output FILE.dot`, is `graph`'s).
    var isMissingDot = false
  }

  /// The image `dot -T format` makes of `dot`, as bytes.
  static func render(_ dot: String, format: String) throws(Failure) -> [UInt8] {
    // dot reads a file, not a pipe: a dot that is missing or stops early then cannot make
    // flowc write into a closed pipe.
    let folder = SystemCalls.temporaryDirectory
    let name = String(UInt64.random(in: .min ... .max), radix: 16)
    let source = folder + "flowc-graph-" + name + ".dot"
    do {
      try FileSystem.writeAtomically(Array(dot.utf8), to: source, mode: 0o600)
    } catch {
      throw Failure(message: "cannot write a temporary file in \(folder): \(error.reason)")
    }
    defer { FileSystem.removeFile(source) }
    let result: ExternalCommand.Result
    do {
      result = try ExternalCommand.run(["dot", "-T" + format, source])
    } catch {
      throw Failure(message: error.message)
    }
    guard result.status == 0 else {
      if result.status == 127 {
        throw Failure(
          message:
            "Graphviz's 'dot' is not installed; install it ('apt-get install graphviz', 'brew install graphviz') or write the dot text with '--output FILE.dot'",
          isMissingDot: true)
      }
      throw Failure(
        message: "dot failed (exit \(result.status)): " + result.errorText)
    }
    return result.output
  }
}
