import FlowFileSystem
import FlowParallel
import FlowYAML

/// A flow file taken through the pipeline: its text, the decoded flow, and every
/// diagnostic the YAML front end, the decoder and the checker found.
public struct FlowDocument: Sendable {
  /// The path, as given.
  public let path: String
  /// The file's text, for quoting lines and editing marks.
  public let text: SourceText
  /// The decoded flow; `nil` when the file could not be read as YAML or is not a mapping.
  public let flow: Flow?
  /// What the file's top level says it is, as the YAML has it, before any decoding.
  public let topLevel: TopLevel
  /// Every problem found, in source order.
  public private(set) var diagnostics: [Diagnostic]
  /// The result of running every checklist item, once `runningChecklist()` has run them;
  /// empty before, and when the flow has errors outside its checklist.
  public private(set) var checklistResults: [ChecklistResult] = []
  /// Which coverage targets the items reach, once `runningChecklist(recordingCoverage: true)`
  /// has run them; `nil` otherwise.
  public private(set) var checklistCoverage: ChecklistCoverage?

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.containsErrors }

  /// Whether the flow itself is wrong: YAML, vocabulary or references outside its checklist.
  ///
  /// A problem inside the checklist (an unknown event in a step, an item marked done that
  /// fails) is an error of `flowc check`, but the flow still runs: the item it sits in fails,
  /// the others run, and marks can be corrected.
  public let hasFlowErrors: Bool

  /// The flow, when it has no errors outside its checklist.
  public var validFlow: Flow? { hasFlowErrors ? nil : flow }

  /// The flow with its child flows, when none has errors outside the checklist.
  public var validTree: FlowTree? { hasFlowErrors ? nil : tree }

  /// The documents of the child flows this flow uses (`use:`), in the order it names them.
  public let children: [FlowDocument]
  /// The flow with the child flows it uses, when it and they decoded.
  public let tree: FlowTree?

  /// Parses, decodes and checks a flow from its bytes, and the child flows it uses from
  /// `files`. Its checklist is not run: `runningChecklist()` does that.
  public init(
    bytes: [UInt8], path: String, limits: YAMLLimits = .default, files: FlowFiles = .disk
  ) {
    let confined = files.confined(forTopLevelFlow: path)
    let loader = ChildFlowLoader(files: confined, limits: limits)
    // Known by the path its children's are known by: symlinks resolved, on disk.
    let key = confined.confinement == .readerOnly ? path : FileSystem.absolutePath(path)
    loader.displayPath[key] = path
    loader.enter(key)
    self.init(bytes: bytes, path: path, loader: loader)
  }

  /// Loads a flow whose key the loader has just entered (its chain of uses ends with it).
  private init(bytes: [UInt8], path: String, loader: ChildFlowLoader) {
    let limits = loader.limits
    self.path = path
    self.text = SourceText(bytes: bytes)
    var diagnostics: [Diagnostic]
    let decoded: (flow: Flow?, diagnostics: [Diagnostic])?
    do {
      // The YAML tree lives only while decoding reads it: it is about as large as the model,
      // and the checker that follows need not hold both.
      let parsed = Self.parse(text, file: path, limits: limits)
      diagnostics = parsed.diagnostics
      self.topLevel = TopLevel(parsed)
      decoded =
        parsed.root == nil && parsed.diagnostics.containsErrors
        ? nil : FlowDecoder.decode(parsed.root, file: path, source: text, limits: limits)
    }
    var children: [FlowDocument] = []
    var tree: FlowTree?
    if let decoded {
      diagnostics += decoded.diagnostics
      let checklistLines = decoded.flow?.checklist?.lines
      let isFlowError = { (diagnostic: Diagnostic) in
        diagnostic.severity == .error
          && (diagnostic.file != path
            || !(checklistLines?.contains(diagnostic.position.line) ?? false))
      }
      if let flow = decoded.flow {
        let loaded = Self.loadChildren(
          of: flow, path: path, loader: loader)
        children = loaded.documents
        diagnostics += loaded.diagnostics
        tree = Self.tree(flow, children: children, uses: loaded.uses)
        diagnostics += FlowChecker.check(
          flow, tree: tree, afterDecodingErrors: diagnostics.contains(where: isFlowError))
      }
      let errors = diagnostics.filter { $0.severity == .error }
      self.hasFlowErrors = decoded.flow == nil || errors.contains(where: isFlowError)
      self.flow = decoded.flow
    } else {
      self.flow = nil
      self.hasFlowErrors = true
    }
    self.children = children
    self.tree = tree
    self.diagnostics = diagnostics.sortedByLocation()
  }

  /// What a YAML file's top level says it is: a flow, other YAML, or neither.
  public enum TopLevel: Equatable, Sendable {
    /// A mapping with a `flow:` key, and the name it gives (empty when that is not text).
    case flow(named: String)
    /// Readable YAML without a top-level `flow:` key, or empty.
    case otherYAML
    /// A file that cannot be read or parsed: its errors matter, so it is not "not a flow".
    case unreadable

    init(_ parsed: YAMLParseResult) {
      if parsed.diagnostics.containsErrors {
        self = .unreadable
      } else if let flow = parsed.root?.pairs?.first(where: { $0.keyText == "flow" }) {
        self = .flow(named: flow.value.kind == .scalar ? flow.value.text : "")
      } else {
        self = .otherYAML
      }
    }
  }

  /// The parse flowc makes of a file: a large one's through `LargeFlowParse` (two halves on
  /// two cores), any other the plain way, `YAMLParser.parse`.
  package static func parse(_ text: SourceText, file: String, limits: YAMLLimits)
    -> YAMLParseResult
  {
    LargeFlowParse.parse(text, file: file, limits: limits)
      ?? YAMLParser.parse(text.bytes, file: file, limits: limits)
  }

  /// This document with every item of its checklist run: `checklistResults` filled, and an
  /// error for each item marked done (`[✅]`) that fails. Unchanged when the flow has errors
  /// outside its checklist, has no checklist, or has already been run. With
  /// `recordingCoverage`, the same run fills `checklistCoverage`, for a report that shows it.
  public func runningChecklist(recordingCoverage: Bool = false) -> FlowDocument {
    guard !hasFlowErrors, checklistResults.isEmpty, let tree, tree.root.checklist != nil else {
      return self
    }
    let ownErrors = diagnostics.filter { $0.severity == .error && $0.file == path }
    var document = self
    let runner = ChecklistRunner(tree: tree)
    let results: [ChecklistResult]
    if recordingCoverage {
      (results, document.checklistCoverage) = runner.runAllRecordingCoverage()
    } else {
      results = runner.runAll()
    }
    document.checklistResults = results.map { Self.failing($0, with: ownErrors) }
    document.diagnostics =
      (diagnostics
      + Self.failingDoneItems(document.checklistResults, file: path, knownErrors: ownErrors))
      .sortedByLocation()
    return document
  }

  /// How many flows a chain of `use:` may hold, the top-level one included: coordinators
  /// nest a few levels, and a chain of thousands would cost the square of its length.
  public static let maxChildFlowDepth = 64

  /// How many files of a chain of uses load on one thread's stack.
  private static let filesPerStack = 32

  /// A child flow that cannot be read, with the closest flow file beside it when the path
  /// names none.
  private static func missingFile(
    _ use: FlowUse, at childPath: String, _ error: FileError, _ files: FlowFiles
  ) -> DiagnosticMessage {
    let suggestion =
      error.reason.hasPrefix("no such file")
      ? files.suggestion(forMissing: childPath, written: use.path.value) : nil
    return .missingFlowFile(use.path.value, reason: error.reason, suggestion: suggestion)
  }

  /// Reads, parses and checks each child flow `flow` uses; a path that may not be read, a
  /// missing file or a cycle of flows is a diagnostic at the path that names it. A child
  /// used by several flows is loaded once (`ChildFlowLoader`), so a diamond of `use:`s
  /// costs its files, not its paths; its diagnostics are reported once.
  // Better whole: one loop over the uses, each failure (not admitted, a cycle, too deep,
  // unreadable) reported where it is found before the next use.
  private static func loadChildren(
    of flow: Flow, path: String, loader: ChildFlowLoader
  ) -> (documents: [FlowDocument], uses: [Int?], diagnostics: [Diagnostic]) {
    var sink = DiagnosticSink(file: path)
    var documents: [FlowDocument] = []
    var uses: [Int?] = []
    for use in flow.uses {
      let childPath = FlowFiles.resolve(use.path.value, from: path)
      let key: String
      switch loader.files.admit(childPath, named: use.path.value) {
      case .failure(let error):
        sink.report(missingFile(use, at: childPath, error, loader.files), at: use.path.range)
        uses.append(nil)
        continue
      case .success(let admitted): key = admitted
      }
      if loader.isLoading(key), let start = loader.chain.lastIndex(of: key) {
        let cycle = (loader.chain[start...].map { loader.displayPath[$0] ?? $0 } + [childPath]).map
        {
          $0.split(separator: "/").last.map(String.init) ?? $0
        }
        sink.report(.flowCycle(cycle), at: use.path.range)
        uses.append(nil)
        continue
      }
      if let known = loader.loaded[key] {
        uses.append(documents.count)
        documents.append(known)
        continue
      }
      // Each file's tree holds the flows below it: the depth bounds what a chain costs.
      guard loader.chain.count < Self.maxChildFlowDepth else {
        sink.report(.childFlowsTooDeep(Self.maxChildFlowDepth), at: use.path.range)
        uses.append(nil)
        continue
      }
      switch loader.files.read(key, loader.limits.maxFileSize) {
      case .failure(let error):
        sink.report(missingFile(use, at: childPath, error, loader.files), at: use.path.range)
        uses.append(nil)
      case .success(let bytes):
        loader.displayPath[key] = childPath
        let load = { FlowDocument(bytes: bytes, path: childPath, loader: loader) }
        // Loading recurses once per file of a chain of uses: every so many files, on a
        // fresh large stack, so a long chain cannot exhaust the caller's.
        loader.enter(key)
        let document =
          loader.chain.count % Self.filesPerStack == 0 ? Parallel.onLargeStack(load) : load()
        loader.leave()
        loader.loaded[key] = document
        uses.append(documents.count)
        documents.append(document)
      }
    }
    // Each file's diagnostics once, however many of the children reach it.
    var childDiagnostics: [Diagnostic] = []
    var reported: Set<String> = [path]
    for document in documents {
      let files = Set(document.diagnostics.map(\.file))
      childDiagnostics += document.diagnostics.filter { !reported.contains($0.file) }
      reported.formUnion(files)
    }
    return (documents, uses, sink.diagnostics + childDiagnostics)
  }

  /// The tree of a flow and its decoded children (each child's own tree merged in, every
  /// file once).
  private static func tree(_ flow: Flow, children: [FlowDocument], uses: [Int?]) -> FlowTree {
    var flows = [flow]
    var links: [[String: Int]] = [[:]]
    var byPath: [String: Int] = [flow.file: 0]
    func add(_ document: FlowDocument) -> Int? {
      guard let childTree = document.tree else { return nil }
      var map: [Int: Int] = [:]
      for (index, child) in childTree.flows.enumerated() {
        if let known = byPath[child.file] {
          map[index] = known
        } else {
          map[index] = flows.count
          byPath[child.file] = flows.count
          flows.append(child)
          links.append([:])
        }
      }
      for (index, childLinks) in childTree.children.enumerated() {
        for (name, target) in childLinks { links[map[index]!][name] = map[target]! }
      }
      return map[0]
    }
    for (use, document) in zip(flow.uses, uses) {
      guard let document, let index = add(children[document]) else { continue }
      links[0][use.name.value] = index
    }
    return FlowTree(flows: flows, children: links)
  }

  /// Parses, decodes and checks a flow from its text; child flows are read from `files`.
  /// Its checklist is not run: `runningChecklist()` does that.
  public init(
    source: String, path: String, limits: YAMLLimits = .default, files: FlowFiles = .disk
  ) {
    self.init(bytes: Array(source.utf8), path: path, limits: limits, files: files)
  }

  /// Reads, parses, decodes and checks a flow file; its checklist is not run
  /// (`runningChecklist()` does that).
  ///
  /// - Throws: `FileError` when the file cannot be read; problems in its content are
  ///   diagnostics, not errors.
  public static func load(path: String, limits: YAMLLimits = .default) throws(FileError)
    -> FlowDocument
  {
    let (bytes, size) = try FileSystem.read(path, limit: limits.maxFileSize)
    if size > limits.maxFileSize {
      return FlowDocument(path: path, tooLarge: size, limits: limits)
    }
    return FlowDocument(bytes: bytes, path: path, limits: limits)
  }

  private init(path: String, tooLarge size: Int, limits: YAMLLimits) {
    self.init(path: path, refusedFor: .fileTooLarge(size, limits.maxFileSize))
  }

  /// The document of a file that could not be read (a dangling link, a file or folder
  /// without read permission, a FIFO): one error at its start, so a check of many files
  /// reports it with the others' problems instead of stopping.
  public init(path: String, unreadable error: FileError) {
    self.init(path: path, refusedFor: .unreadableFile(error.reason))
  }

  private init(path: String, refusedFor message: DiagnosticMessage) {
    self.path = path
    self.text = SourceText(bytes: [])
    self.flow = nil
    self.topLevel = .unreadable
    self.hasFlowErrors = true
    self.children = []
    self.tree = nil
    var sink = DiagnosticSink(file: path)
    sink.report(message, at: .start)
    self.diagnostics = sink.diagnostics
  }

  /// The result with the checklist errors found on the item's own lines as failures first:
  /// an item whose steps are wrong fails, whatever running what is left of it shows.
  private static func failing(_ result: ChecklistResult, with errors: [Diagnostic])
    -> ChecklistResult
  {
    let lines = result.entry.item.lines
    let own = errors.filter { lines.contains($0.position.line) }
    guard !own.isEmpty else { return result }
    let failures = own.map {
      ChecklistFailure(id: $0.id.rawValue, message: $0.message, file: $0.file, range: $0.range)
    }
    return ChecklistResult(entry: result.entry, outcome: .failed(failures + result.failures))
  }

  /// An error for every item marked done that fails or has no steps: the mark lies. Items
  /// that fail because of an error already reported on their lines, or on the steps of an
  /// item they continue (which they replay), are not reported twice.
  private static func failingDoneItems(
    _ results: [ChecklistResult], file: String, knownErrors: [Diagnostic]
  ) -> [Diagnostic] {
    var sink = DiagnosticSink(file: file)
    for change in MarkRewriter.changes(for: results) where !change.passes {
      let lines = change.textRange.start.line...change.textRange.start.line
      let entry = results.first { $0.entry.item.mark.range == change.range }?.entry
      let itemLines = entry?.item.lines ?? lines
      guard !knownErrors.contains(where: { itemLines.contains($0.position.line) }) else {
        continue
      }
      // Failing only where it replays a step of an item it continues, on a line already in
      // error: that error is the one to read. A failure of its own is still reported.
      let erroneous = (entry?.ancestors ?? []).map(\.lines).filter { ancestor in
        knownErrors.contains { ancestor.contains($0.position.line) }
      }
      if !erroneous.isEmpty, !change.failures.isEmpty,
        change.failures.allSatisfy({ failure in
          erroneous.contains { $0.contains(failure.range.start.line) }
        })
      {
        continue
      }
      sink.report(
        .doneButFailing(change.message), at: change.textRange,
        notes: change.failures.map { .init($0.message, range: $0.range) })
    }
    return sink.diagnostics
  }
}

/// The child flows loaded while one top-level flow loads, by the path they were read from
/// (symlinks resolved on disk), so each is read, parsed and checked once.
private final class ChildFlowLoader {
  let files: FlowFiles
  let limits: YAMLLimits
  var loaded: [String: FlowDocument] = [:]
  /// The path as the flows wrote it, for each path read, to name files in a cycle.
  var displayPath: [String: String] = [:]
  /// The files being loaded, the top-level flow first: each uses the next.
  private(set) var chain: [String] = []
  private var inChain: Set<String> = []

  /// Whether a file is being loaded: using it again closes a cycle.
  func isLoading(_ key: String) -> Bool { inChain.contains(key) }

  func enter(_ key: String) {
    chain.append(key)
    inChain.insert(key)
  }

  func leave() {
    inChain.remove(chain.removeLast())
  }

  init(files: FlowFiles, limits: YAMLLimits) {
    self.files = files
    self.limits = limits
  }
}

extension DiagnosticMessage {
  static func doneButFailing(_ message: String) -> Self {
    Self("checklist.done-but-failing", .error, message)
  }

  static func unreadableFile(_ reason: String) -> Self {
    Self("model.unreadable-file", .error, "cannot read the file: \(reason)")
  }

  static func childFlowsTooDeep(_ limit: Int) -> Self {
    Self(
      "model.flow-depth", .error,
      "child flows are nested more than \(limit) files deep here; a chain of use: holds at most \(limit) flows"
    )
  }

  static func missingFlowFile(_ path: String, reason: String, suggestion: String? = nil) -> Self {
    let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
    return Self(
      "model.missing-flow-file", .error, "cannot read the flow file '\(path)': \(reason)\(hint)")
  }
  static func flowCycle(_ files: [String]) -> Self {
    Self(
      "model.flow-cycle", .error,
      "flow files use each other in a cycle: \(files.joined(separator: " → "))")
  }
}
