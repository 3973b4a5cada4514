import FlowCLI
import Foundation

/// What a `flowc` invocation printed and returned.
public struct CLIResult: Sendable, CustomStringConvertible {
  public var output: String
  public var errors: String
  public var status: Int32

  public var description: String { "status \(status)\n--- stdout\n\(output)--- stderr\n\(errors)" }
}

/// Runs `flowc` in-process with captured streams and scripted standard input.
public func flowc(
  _ arguments: [String], input: [String] = [], inputIsTerminal: Bool = false,
  outputIsTerminal: Bool = false, environment: [String: String] = [:]
) -> CLIResult {
  final class Capture: @unchecked Sendable {
    var output = ""
    var errors = ""
    var input: [String] = []
  }
  let capture = Capture()
  capture.input = input
  let console = Console(
    writeOutput: { capture.output += $0 }, writeError: { capture.errors += $0 },
    readLine: { capture.input.isEmpty ? nil : capture.input.removeFirst() },
    outputIsTerminal: outputIsTerminal, errorIsTerminal: outputIsTerminal,
    inputIsTerminal: inputIsTerminal,
    environment: environment)
  let status = FlowCLI.main(arguments, console: console)
  return CLIResult(output: capture.output, errors: capture.errors, status: status)
}

/// The folder SwiftPM builds products into, found as SwiftPM's own package tests find it:
/// beside the `.xctest` bundle on macOS, the test executable's folder elsewhere.
public var productsDirectory: URL {
  #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      return bundle.bundleURL.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL.deletingLastPathComponent()
  #else
    return Bundle.main.bundleURL
  #endif
}

/// Runs the built `flowc` executable, found among the built products.
public func flowcBinary(
  _ arguments: [String], directory: String? = nil, environment: [String: String]? = nil
) throws -> CLIResult {
  let executable = productsDirectory.appendingPathComponent("flowc")
  return try runProcess(executable, arguments, directory: directory, environment: environment)
}

/// Runs a program to its end and returns what it printed on each stream and its status.
///
/// Standard error goes through a file, so a program that fills one stream while the other
/// is being read cannot block.
public func runProcess(
  _ executable: URL, _ arguments: [String], directory: String? = nil,
  environment: [String: String]? = nil
) throws -> CLIResult {
  let errorFile = URL(
    fileURLWithPath: NSTemporaryDirectory() + "flowspec-stderr-" + UUID().uuidString)
  guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorFile.path])
  }
  defer { try? FileManager.default.removeItem(at: errorFile) }
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  if let environment { process.environment = environment }
  let output = Pipe()
  let errors = try FileHandle(forWritingTo: errorFile)
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let outputData = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  try errors.close()
  return CLIResult(
    output: String(decoding: outputData, as: UTF8.self),
    errors: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self),
    status: process.terminationStatus)
}

/// A temporary folder, removed when the value is dropped.
public final class TemporaryFolder: @unchecked Sendable {
  public let path: String

  public init() throws {
    path = NSTemporaryDirectory() + "flowspec-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes a file in the folder and returns its path.
  @discardableResult
  public func write(_ name: String, _ contents: String) throws -> String {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try contents.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  /// Reads a file of the folder.
  public func read(_ name: String) throws -> String {
    try String(contentsOfFile: path + "/" + name, encoding: .utf8)
  }
}

/// The repository's root folder: the nearest folder above the calling file that holds
/// `Package.swift`.
public func repositoryRoot(filePath: String = #filePath) -> String {
  var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
  while folder.path != "/" {
    if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      return folder.path
    }
    folder.deleteLastPathComponent()
  }
  return "."
}

/// Type-checks Swift files against the built library (`import FlowSpec`, `Testing`), with
/// the toolchain's own `swiftc`: what it printed, and its status.
public func typeCheckSwift(_ files: [String]) throws -> CLIResult {
  let modules = productsDirectory.appendingPathComponent("Modules").path
  let libYAML = repositoryRoot() + "/Sources/CLibYAML"
  var arguments = ["swiftc", "-typecheck", "-I", modules, "-I", libYAML]
  #if os(macOS)
    // Swift Testing is a framework of the platform's developer folder there.
    let platform = try runProcess(
      URL(fileURLWithPath: "/usr/bin/xcrun"), ["--show-sdk-platform-path"]
    ).output.trimmingCharacters(in: .whitespacesAndNewlines)
    arguments += ["-F", platform + "/Developer/Library/Frameworks"]
  #endif
  return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), arguments + files)
}

/// Compiles Swift files that need only the standard library and Foundation into a program in
/// `folder`, with the toolchain's own `swiftc` and warnings as errors (teams build so), and
/// runs it with `arguments`: what the compiler printed when it failed, or else what the
/// program printed, and the status.
public func compileAndRunSwift(
  _ files: [String], in folder: TemporaryFolder, arguments: [String]
) throws -> CLIResult {
  let program = folder.path + "/program"
  let compiled = try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"),
    ["swiftc", "-warnings-as-errors", "-module-name", "Program", "-o", program] + files)
  guard compiled.status == 0 else { return compiled }
  return try runProcess(URL(fileURLWithPath: program), arguments)
}

/// Type-checks a package manifest against the toolchain's own PackageDescription, as
/// SwiftPM reads it: what it printed, and its status.
public func typeCheckManifest(_ file: String) throws -> CLIResult {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
  let swiftc = path.split(separator: ":").map { URL(fileURLWithPath: String($0) + "/swiftc") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  guard let swiftc else { return CLIResult(output: "", errors: "no swiftc on PATH", status: 127) }
  // The toolchain's folder, where swiftc is a link into it (the name must stay swiftc).
  let manifestAPI = swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("lib/swift/pm/ManifestAPI").path
  return try runProcess(
    swiftc, ["-typecheck", "-I", manifestAPI, "-package-description-version", "6.1", file])
}

/// A flow's text with a checklist item pasted at the end of its `spec: |` block (the flow's
/// last key), indented as the block's own items are: what a user does with an item an
/// exploration or a suggestion prints.
public func pastingItem(_ item: String, intoFlow source: String) -> String {
  let lines = source.components(separatedBy: "\n")
  guard let spec = lines.firstIndex(where: { $0.hasPrefix("spec: |") }),
    let first = lines[(spec + 1)...].first(where: {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    })
  else { return source }
  let indent = String(first.prefix { $0 == " " })
  let pasted = item.components(separatedBy: "\n").filter { !$0.isEmpty }.map { indent + $0 }
  return (source.hasSuffix("\n") ? source : source + "\n") + "\n" + pasted.joined(separator: "\n")
    + "\n"
}

/// The 1-based number of the first line holding `text` after the first line holding `after`.
public func lineNumber(of text: String, after: String? = nil, in source: String) -> Int? {
  let lines = source.components(separatedBy: "\n")
  let start = after.flatMap { anchor in lines.firstIndex { $0.contains(anchor) } } ?? 0
  return lines[start...].firstIndex { $0.contains(text) }.map { $0 + 1 }
}
