import FlowFileSystem
import FlowParallel
import FlowSpec
import FlowYAML

/// What the commands share: finding flow files, reading limits, loading and printing.
enum FlowInputs {
  /// The options that raise the YAML front end's limits; their help gives each default and cap.
  static let limitOptions: [OptionSpec] = {
    let (standard, cap) = (YAMLLimits.default, YAMLLimits.maximum)
    func range(_ value: Int, _ maximum: Int, bytes: Bool = false) -> String {
      "(default \(bytes ? mebibytes(value) : String(value)), at most \(maximum))"
    }
    return [
      OptionSpec(
        name: "max-depth", valueName: "N",
        help: "Deepest YAML nesting allowed \(range(standard.maxDepth, cap.maxDepth))."),
      OptionSpec(
        name: "max-alias-expansion", valueName: "N",
        help:
          "Most nodes aliases may copy in \(range(standard.maxAliasExpansion, cap.maxAliasExpansion))."
      ),
      OptionSpec(
        name: "max-scalar-length", valueName: "BYTES",
        help:
          "Longest YAML value allowed \(range(standard.maxScalarLength, cap.maxScalarLength, bytes: true))."
      ),
      OptionSpec(
        name: "max-file-size", valueName: "BYTES",
        help:
          "Largest flow file allowed \(range(standard.maxFileSize, cap.maxFileSize, bytes: true))."),
    ]
  }()

  /// A byte count in whole mebibytes when it is one ("64 MiB"), else in bytes.
  private static func mebibytes(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  /// The limits, defaults raised (or lowered) by the options.
  /// Each limit is at most `YAMLLimits.maximum`'s: above it, a usage error says the cap.
  static func limits(_ arguments: ParsedArguments) throws(UsageError) -> YAMLLimits {
    var limits = YAMLLimits.default
    let maximum = YAMLLimits.maximum
    func value(_ name: String, cap: Int) throws(UsageError) -> Int? {
      guard let value = try arguments.positiveInteger(name) else { return nil }
      guard value <= cap else {
        throw UsageError(message: "--\(name) is at most \(cap), not \(value)")
      }
      return value
    }
    if let depth = try value("max-depth", cap: maximum.maxDepth) { limits.maxDepth = depth }
    if let nodes = try value("max-alias-expansion", cap: maximum.maxAliasExpansion) {
      limits.maxAliasExpansion = nodes
    }
    if let bytes = try value("max-scalar-length", cap: maximum.maxScalarLength) {
      limits.maxScalarLength = bytes
    }
    if let bytes = try value("max-file-size", cap: maximum.maxFileSize) {
      limits.maxFileSize = bytes
    }
    return limits
  }

  /// Refuses to write `output` where it is one of the flow files read (`inputs`), however
  /// either is spelt: a report or generated file written there would replace the flow.
  static func refuseOverwriting(_ inputs: [String], with output: String) throws(UsageError) {
    let target = FileSystem.absolutePath(ofPossiblyMissing: output)
    guard let input = inputs.first(where: { FileSystem.absolutePath($0) == target }) else {
      return
    }
    throw UsageError(
      message: "'\(output)' is the flow '\(input)' being read; writing there would replace it")
  }

  /// The flow files the paths name: files as given, folders searched for `*.yaml` and `*.yml`.
  static func files(_ paths: [String]) throws(UsageError) -> [String] {
    try found(paths).files
  }

  /// What a folder walk found: the flow files to read, and those it refuses to read, with
  /// why (a link that leads outside the folder named).
  struct Found {
    var files: [String] = []
    var refused: [FileError] = []
  }

  /// The flow files the paths name, and the files found in folders that may not be read: a
  /// folder is data from a pull request, so a link in it that leads outside it (to
  /// a process's environment under `/proc`, a `.env`, `/`) is refused, never read or followed.
  static func found(_ paths: [String]) throws(UsageError) -> Found {
    var found = Found()
    for path in paths {
      guard FileSystem.exists(path) else {
        throw UsageError(message: "no such file or folder '\(path)'")
      }
      if FileSystem.isDirectory(path) {
        let before = found.files.count + found.refused.count
        var visited: Set<FileIdentity> = []
        try flowFiles(
          in: path, root: FileSystem.absolutePath(path), visited: &visited, into: &found)
        guard found.files.count + found.refused.count > before else {
          throw UsageError(message: "no flow files (*.yaml, *.yml) in '\(path)'")
        }
      } else {
        found.files.append(path)
      }
    }
    return found
  }

  private static func flowFiles(
    in directory: String, root: String, visited: inout Set<FileIdentity>, into found: inout Found
  ) throws(UsageError) {
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    let names: [String]
    do {
      names = try FileSystem.contents(ofDirectory: directory)
    } catch {
      // The folder named on the command line is a usage error; one found below it is
      // listed, so reading it fails as that file's own error and the rest are checked.
      guard visited.isEmpty else {
        found.files.append(directory)
        return
      }
      throw UsageError(message: "cannot read '\(directory)': \(error.reason)")
    }
    // A folder seen already (through a symbolic link to it, or to a folder above it) is
    // not walked again: a link cycle ends.
    guard let identity = FileSystem.identity(of: directory), visited.insert(identity).inserted
    else { return }
    let inside = root == "/" ? "/" : root + "/"
    for name in names where !name.hasPrefix(".") {
      let path = base + "/" + name
      let isDirectory = FileSystem.isDirectory(path)
      guard isDirectory || name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { continue }
      // Where a link leads, checked before it is followed or read.
      if case .success(let real) = FileSystem.realPath(path), real != root, !real.hasPrefix(inside)
      {
        if !isDirectory {
          found.refused.append(
            FileError(
              path: path,
              reason:
                "it is a link to a file outside '\(directory)', which a check of the folder does not read"
            ))
        }
        continue
      }
      if isDirectory {
        try flowFiles(in: path, root: root, visited: &visited, into: &found)
      } else {
        found.files.append(path)
      }
    }
  }

  /// Reads and checks flow files and runs their checklists, as `flowc check` does, several
  /// files at a time on every core, in the order given; a file that cannot be read is an
  /// error of its own (`model.unreadable-file`), and the others are still checked.
  static func checkAll(_ found: Found, limits: YAMLLimits) -> [FlowDocument] {
    checkAll(found.files, limits: limits)
      + found.refused.map { FlowDocument(path: $0.path, unreadable: $0) }
  }

  static func checkAll(_ paths: [String], limits: YAMLLimits) -> [FlowDocument] {
    let loaded = Parallel.map(count: paths.count, minimumChunk: 1) { range in
      range.map { index in
        do throws(FileError) {
          return try FlowDocument.load(path: paths[index], limits: limits).runningChecklist()
        } catch {
          return FlowDocument(path: paths[index], unreadable: error)
        }
      }
    }
    return Array(loaded.joined())
  }

  /// Reads and checks one flow file, without running its checklist; an unreadable file is a
  /// usage error.
  static func load(_ path: String, limits: YAMLLimits) throws(UsageError) -> FlowDocument {
    do {
      return try FlowDocument.load(path: path, limits: limits)
    } catch {
      throw UsageError(message: "cannot read '\(path)': \(error.reason)")
    }
  }

  /// The document's flow; when it has errors outside its checklist, prints them and a line
  /// saying `consequence` ("no tests were generated from it"), and returns `nil`.
  static func validFlow(_ document: FlowDocument, console: Console, consequence: String) -> Flow? {
    validTree(document, console: console, consequence: consequence)?.root
  }

  /// The document's flow with its child flows; see `validFlow`. With `includingChecklist`,
  /// errors in its checklist refuse it too.
  static func validTree(
    _ document: FlowDocument, console: Console, consequence: String,
    includingChecklist: Bool = false
  ) -> FlowTree? {
    // A command that reads the checklist (diff, coverage, suggest) refuses its errors too:
    // an item in error would count as covered, or as a change in behaviour.
    if let tree = document.validTree,
      !includingChecklist || !document.diagnostics.contains(where: { $0.severity == .error })
    {
      return tree
    }
    printDiagnostics(
      document.diagnostics.filter { $0.severity == .error }, documents: [document],
      console: console,
      toErrors: true)
    console.printError("flowc: error: '\(document.path)' has errors; \(consequence)")
    return nil
  }

  /// Prints diagnostics compiler-style, quoting lines from the documents.
  /// The absolute paths of every flow `documents` use as child flows, at any depth.
  static func childFlowPaths(of documents: [FlowDocument]) -> Set<String> {
    var children: Set<String> = []
    var pending = documents.flatMap(\.children)
    while let child = pending.popLast() {
      if children.insert(FileSystem.absolutePath(child.path)).inserted {
        pending += child.children
      }
    }
    return children
  }

  static func printDiagnostics(
    _ diagnostics: [Diagnostic], documents: [FlowDocument], console: Console,
    toErrors: Bool = false,
    limit: Int = defaultDiagnosticLimit
  ) {
    guard !diagnostics.isEmpty else { return }
    // A child flow's diagnostic may name it by the path its parent gives.
    var shown = documents
    var pending = documents.flatMap(\.children)
    while let child = pending.popLast(), shown.count < 10_000 {
      shown.append(child)
      pending += child.children
    }
    let texts = Dictionary(
      shown.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
    let printer = DiagnosticPrinter(colored: toErrors ? console.colorsErrors : console.colorsOutput)
    { texts[$0] }
    var text = ""
    var printed: [String: Int] = [:]
    var hidden: [(file: String, count: Int)] = []
    for diagnostic in diagnostics {
      let count = printed[diagnostic.file, default: 0]
      if limit > 0, count >= limit {
        if hidden.last?.file == diagnostic.file {
          hidden[hidden.count - 1].count += 1
        } else {
          hidden.append((diagnostic.file, 1))
        }
        continue
      }
      printed[diagnostic.file] = count + 1
      text += printer.render(diagnostic)
    }
    for (file, count) in hidden {
      text +=
        "\(TerminalText.line(file)): \(count) more diagnostic\(count == 1 ? "" : "s") not shown (--max-diagnostics 0 shows them all)\n"
    }
    console.writeFormatted(text, toErrors: toErrors)
  }

  /// How many diagnostics text output shows per file unless told otherwise.
  static let defaultDiagnosticLimit = 100

}
