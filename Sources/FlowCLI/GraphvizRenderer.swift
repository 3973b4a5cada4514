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
            "Graphviz's 'dot' is not installed; install it ('apt-get install graphviz', 'brew install graphviz') or write the dot text with '--output FILE.dot'"
        )
      }
      throw Failure(
        message: "dot failed (exit \(result.status)): " + result.errorText)
    }
    return result.output
  }
}
