import FlowFileSystem
import FlowGenerator
import FlowSpec

/// `flowc gen FLOW… --output DIR`: writes Swift Testing sources from checklists.
enum GenCommand: Command {
  static let spec = CommandSpec(
    name: "gen",
    abstract: "Write Swift Testing sources from flows' checklists.",
    usage: "gen FLOW… (--output DIR | (--output-file FILE)…)",
    discussion: """
      Writes one file per flow, named after it (navigation-service.yaml gives
      NavigationServiceChecklist.swift): a @Suite per checklist section and a @Test per item,
      named by the item's text. Each test replays its item's scenario and records every failed
      expectation at its line in the flow. An item without steps becomes a disabled test.
      A file is rewritten only when its bytes change. A flow with errors is reported and
      nothing is written for it. The FlowSpecPlugin build plugin runs this on every build.
      """,
    options: [
      OptionSpec(
        name: "output", valueName: "DIR", help: "The folder to write into (created if missing)."),
      OptionSpec(
        name: "output-file", valueName: "FILE",
        help: "The file to write for each flow, in the order the flows are given.",
        repeatable: true),
      OptionSpec(
        name: "config", valueName: "FILE",
        help:
          "A test target's flowspec.json: its 'drivers' run flows' checklists against the app too."
      ),
      OptionSpec(
        name: "routes",
        help:
          "Write the flow's Route enum, deep-link parser and event names for the app, not tests."),
      OptionSpec(
        name: "sibling", valueName: "FLOW",
        help:
          "Another flow of the same test target: generated type names stay unique among them.",
        repeatable: true),
      OptionSpec(
        name: "skip-non-flows",
        help:
          "Leave YAML files without a top-level 'flow:' key alone (an empty output says why); the plugin's way."
      ),
      OptionSpec(
        name: "driver", valueName: "TYPE",
        help: "The FlowDriver type that runs the checklist against the app, for every flow given."
      ),
    ] + FlowInputs.limitOptions,
    arguments: [("FLOW", "Flow files, or folders of flows.")],
    examples: ["flowc gen flows/navigation-service.yaml --output Tests/AppTests/Generated"])

  static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
    let limits = try FlowInputs.limits(arguments)
    guard !arguments.positionals.isEmpty else {
      throw UsageError(message: "missing the flows to generate tests from")
    }
    let files = try FlowInputs.files(arguments.positionals)
    let configuration =
      try arguments.value("config").map(TargetConfiguration.init(path:))
      ?? TargetConfiguration()
    let driver = try driverOption(arguments)
    // Outputs last: nothing is created before every setting is known to be good.
    let targets = try outputs(
      for: files, arguments: arguments, suffix: arguments.has("routes") ? "Routes" : "Checklist")
    // The flows of the test target: those given and the siblings the plugin names. Type
    // names stay unique among them, and no two may share a `flow:` name.
    let targetFlows = files + arguments.all("sibling")
    let typeNames = ChecklistTestGenerator.uniqueTypeNames(forFlowFiles: targetFlows)
    let (documents, names, children) = try load(
      files, siblings: arguments.all("sibling"), limits: limits)
    // Nor over a sibling, a child flow or the configuration, which are read too.
    let read: [String] =
      arguments.all("sibling") + children.sorted()
      + (configuration.path.isEmpty ? [] : [configuration.path])
    for output in targets { try FlowInputs.refuseOverwriting(read, with: output) }
    if !configuration.driverNames.isEmpty {
      try configuration.checkDriverNames(against: names.flowNames)
    }
    var status = ExitCode.success
    for (document, output) in zip(documents, targets) {
      let file = document.path
      if arguments.has("skip-non-flows"), document.topLevel == .otherYAML {
        // A file that cannot be written fails the run, and the others are still written.
        if !skip(file, writingNoteTo: output, console: console) { status = .problemsFound }
        continue
      }
      guard
        let flow = FlowInputs.validFlow(
          document, console: console, consequence: "no tests were generated from it")
      else {
        status = .problemsFound
        continue
      }
      guard !names.reportsTwin(of: flow.name.value, in: file, console: console) else {
        status = .problemsFound
        continue
      }
      warnAboutChecklistErrors(in: document, console: console)
      let (source, count) = render(
        flow, in: document, routes: arguments.has("routes"), typeName: typeNames[file]!,
        driver: driver, configuration: configuration,
        isChild: children.contains(FileSystem.absolutePath(file)))
      switch write(Array(source.utf8), to: output, console: console) {
      case .failed:
        status = .problemsFound
        continue
      case .unchanged: continue
      case .written: break
      }
      console.print("generated \(TerminalText.line(output)) (\(count))")
    }
    return status
  }

  /// The Swift generated for a flow (its routes, or its checklist's tests) and what it holds,
  /// for the line that says it was written: "12 routes", "1 test".
  private static func render(
    _ flow: Flow, in document: FlowDocument, routes: Bool, typeName: String,
    driver: SwiftTypeReference?,
    configuration: TargetConfiguration, isChild: Bool
  ) -> (source: String, count: String) {
    if routes {
      let file = document.path
      let source = RouteGenerator.render(
        flow, fileName: file.split(separator: "/").last.map(String.init) ?? file)
      return (source, "\(flow.screens.count) routes")
    }
    let tests =
      (flow.checklist?.entries.count ?? 0)
      + ChecklistTestGenerator.propertyNames(of: flow, builtIns: !isChild).count
    let source = Self.tests(
      of: flow, in: document, typeName: typeName, driver: driver, configuration: configuration,
      isChild: isChild)
    return (source, Wording.count(tests, "test"))
  }

  /// The documents of the flows given, each file read once (its document says what its top
  /// level is and which flow it is), and the `flow:` names of those and of the siblings.
  /// Also the absolute paths of the flows that those or the siblings use as child flows.
  private static func load(_ files: [String], siblings: [String], limits: YAMLLimits)
    throws(UsageError) -> ([FlowDocument], FlowNameIndex, children: Set<String>)
  {
    var documents: [FlowDocument] = []
    for file in files { documents.append(try FlowInputs.load(file, limits: limits)) }
    let siblingDocuments = siblings.map { ($0, try? FlowDocument.load(path: $0, limits: limits)) }
    let siblingTopLevels = siblingDocuments.map { ($0.0, $0.1?.topLevel ?? .unreadable) }
    let children = FlowInputs.childFlowPaths(of: documents + siblingDocuments.compactMap(\.1))
    return (
      documents, FlowNameIndex(documents.map { ($0.path, $0.topLevel) } + siblingTopLevels),
      children
    )
  }

  /// Writes the note for YAML that is not a flow: the build plugin declared the output, so it
  /// must exist, saying why it is empty. `false` when it cannot be written.
  private static func skip(_ file: String, writingNoteTo output: String, console: Console) -> Bool {
    let note = ChecklistTestGenerator.renderNotAFlow(fileName: file)
    guard write(Array(note.utf8), to: output, console: console) != .failed else { return false }
    console.print("skipped \(TerminalText.line(file)): not a flow (no top-level 'flow:' key)")
    return true
  }

  /// The `--driver` type, when given; a text that is not a Swift type name is a usage error.
  private static func driverOption(_ arguments: ParsedArguments) throws(UsageError)
    -> SwiftTypeReference?
  {
    guard let text = arguments.value("driver") else { return nil }
    guard let type = SwiftTypeReference(text) else {
      throw UsageError(
        message: "'--driver' takes a Swift type name, such as 'AppDriver', not '\(text)'")
    }
    return type
  }

  /// Problems inside the checklist fail the tests of the items they sit in: printed now, as
  /// warnings saying so.
  private static func warnAboutChecklistErrors(in document: FlowDocument, console: Console) {
    let warnings = document.diagnostics.filter { $0.severity == .error }.map { diagnostic in
      var warning = diagnostic
      warning.severity = .warning
      warning.message += " (its item's test will fail)"
      return warning
    }
    FlowInputs.printDiagnostics(warnings, documents: [document], console: console, toErrors: true)
  }

  /// The Swift Testing source of a flow's checklist, its driver the one `--driver` names or
  /// else the one flowspec.json gives the flow.
  private static func tests(
    of flow: Flow, in document: FlowDocument, typeName: String, driver: SwiftTypeReference?,
    configuration: TargetConfiguration, isChild: Bool
  ) -> String {
    let absolute = FileSystem.absolutePath(document.path)
    return ChecklistTestGenerator.render(
      flow, source: document.text,
      options: .init(
        filePath: absolute, typeName: typeName,
        files: embeddedFiles(of: document, at: absolute),
        driver: driver ?? configuration.drivers[flow.name.value],
        exploration: configuration.exploration,
        tree: document.tree,
        driverOrigin: driver != nil ? "--driver" : configuration.path,
        provesBuiltIns: !isChild))
  }

  /// Writes a generated file atomically, and not at all when its bytes are already there,
  /// so the build does not recompile it; the reason is printed when it cannot.
  private static func write(_ bytes: [UInt8], to output: String, console: Console)
    -> WriteOutcome
  {
    if let existing = try? FileSystem.read(output).bytes, existing == bytes { return .unchanged }
    do {
      try FileSystem.writeAtomically(bytes, to: output)
      return .written
    } catch {
      console.printError("flowc: error: cannot write '\(output)': \(error.reason)")
      return .failed
    }
  }

  private enum WriteOutcome { case written, unchanged, failed }

  /// The texts of the child flows a document uses, transitively, by the path its `use:`
  /// resolves to from `path`, as the generated tests will read them.
  static func embeddedFiles(of document: FlowDocument, at path: String) -> [(
    path: String, text: String
  )] {
    var files: [String: String] = [:]
    func visit(_ document: FlowDocument, at path: String) {
      guard let flow = document.flow else { return }
      for (use, child) in zip(flow.uses, document.children) {
        let childPath = FlowFiles.resolve(use.path.value, from: path)
        guard files[childPath] == nil else { continue }
        files[childPath] = String(decoding: child.text.bytes, as: UTF8.self)
        visit(child, at: childPath)
      }
    }
    visit(document, at: path)
    return files.map { ($0.key, $0.value) }
  }

  /// Where each flow's tests go: the `--output-file`s, one per flow in order, or
  /// `DIR/<Name>Checklist.swift`.
  private static func outputs(for files: [String], arguments: ParsedArguments, suffix: String)
    throws(UsageError) -> [String]
  {
    switch (arguments.value("output"), arguments.value("output-file")) {
    case (nil, nil):
      throw UsageError(message: "say where to write with --output DIR")
    case (.some, .some):
      throw UsageError(message: "give --output or --output-file, not both")
    case (nil, .some):
      let outputs = arguments.all("output-file")
      // Each output pairs with a flow by position: a folder's files would pair in an order
      // the user did not write.
      if let folder = arguments.positionals.first(where: FileSystem.isDirectory) {
        throw UsageError(
          message:
            "--output-file pairs each flow with a file, in order; '\(folder)' is a folder: name its flows one by one, or use --output DIR"
        )
      }
      guard outputs.count == files.count else {
        throw UsageError(
          message:
            "--output-file is given \(outputs.count) time\(outputs.count == 1 ? "" : "s") for \(files.count) flow\(files.count == 1 ? "" : "s"): give one per flow, in their order, or --output DIR"
        )
      }
      try checkDistinct(outputs, of: files)
      return outputs
    case (let directory?, nil):
      let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
      let typeNames = ChecklistTestGenerator.uniqueTypeNames(forFlowFiles: files)
      let outputs = files.map {
        base + "/" + typeNames[$0]!.dropLast("Checklist".count) + suffix + ".swift"
      }
      try checkDistinct(outputs, of: files)
      do {
        try FileSystem.createDirectory(directory)
      } catch {
        throw UsageError(message: "cannot create '\(directory)': \(error.reason)")
      }
      return outputs
    }
  }

  /// No two flows may be written to one file (the same path however it is spelt): the first
  /// file that several would share, in the flows' order, is a usage error naming them.
  private static func checkDistinct(_ outputs: [String], of files: [String]) throws(UsageError) {
    for output in outputs { try FlowInputs.refuseOverwriting(files, with: output) }
    var sharing: [String: [Int]] = [:]
    for (index, output) in outputs.enumerated() {
      sharing[FileSystem.absolutePath(ofPossiblyMissing: output), default: []].append(index)
    }
    for output in outputs {
      let flows = sharing[FileSystem.absolutePath(ofPossiblyMissing: output)]!
      guard flows.count > 1 else { continue }
      throw UsageError(
        message:
          "\(flows.map { "'\(files[$0])'" }.joined(separator: " and ")) would both be written to '\(outputs[flows.last!])'"
      )
    }
  }
}
