/// A flow file taken through the pipeline: its text, the decoded flow, and every
/// diagnostic the YAML front end, the decoder and the checker found.
public struct FlowDocument: Sendable {
  /// The path, as given.
  public let path: String
  /// The file's text, for quoting lines and editing marks.
  public let text: SourceText
  /// The decoded flow; `nil` when the file could not be read as YAML or is not a mapping.
  public let flow: Flow?
  /// Every problem found, in source order.
  public let diagnostics: [Diagnostic]
  /// The result of running every checklist item, when the flow is valid.
  public let checklistResults: [ChecklistResult]

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

  /// Parses, decodes and checks a flow from its bytes.
  public init(bytes: [UInt8], path: String, limits: YAMLLimits = .default) {
    self.path = path
    self.text = SourceText(bytes: bytes)
    let parsed = YAMLParser.parse(text, file: path, limits: limits)
    var diagnostics = parsed.diagnostics
    var results: [ChecklistResult] = []
    if parsed.root == nil && parsed.diagnostics.containsErrors {
      self.flow = nil
      self.hasFlowErrors = true
    } else {
      let decoded = FlowDecoder.decode(parsed.root, file: path, source: text, limits: limits)
      diagnostics += decoded.diagnostics
      let checklistLines = decoded.flow?.checklist?.lines
      let isFlowError = { (diagnostic: Diagnostic) in
        diagnostic.severity == .error
          && !(checklistLines?.contains(diagnostic.position.line) ?? false)
      }
      if let flow = decoded.flow {
        diagnostics += FlowChecker.check(
          flow, afterDecodingErrors: diagnostics.contains(where: isFlowError))
      }
      let errors = diagnostics.filter { $0.severity == .error }
      self.hasFlowErrors = decoded.flow == nil || errors.contains(where: isFlowError)
      if !hasFlowErrors, let flow = decoded.flow, flow.checklist != nil {
        results = ChecklistRunner(flow: flow).runAll().map { Self.failing($0, with: errors) }
        diagnostics += Self.failingDoneItems(results, file: path, knownErrors: errors)
      }
      self.flow = decoded.flow
    }
    self.checklistResults = results
    self.diagnostics = diagnostics.sortedByLocation()
  }

  /// Parses, decodes and checks a flow from its text.
  public init(source: String, path: String, limits: YAMLLimits = .default) {
    self.init(bytes: Array(source.utf8), path: path, limits: limits)
  }

  /// Reads, parses, decodes and checks a flow file.
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
    self.path = path
    self.text = SourceText(bytes: [])
    self.flow = nil
    self.checklistResults = []
    self.hasFlowErrors = true
    var sink = DiagnosticSink(file: path)
    sink.report(
      DiagnosticMessage(
        "yaml.limit.file-size", .error,
        "the file is \(size) bytes, more than the limit of \(limits.maxFileSize) bytes (raise it with --max-file-size)"
      ),
      at: .start)
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
  /// that fail because of an error already reported on their lines are not reported twice.
  private static func failingDoneItems(
    _ results: [ChecklistResult], file: String, knownErrors: [Diagnostic]
  ) -> [Diagnostic] {
    var sink = DiagnosticSink(file: file)
    for change in MarkRewriter.changes(for: results) where !change.passes {
      let lines = change.textRange.start.line...change.textRange.start.line
      let itemLines =
        results.first { $0.entry.item.mark.range == change.range }?.entry.item.lines ?? lines
      guard !knownErrors.contains(where: { itemLines.contains($0.position.line) }) else { continue }
      sink.report(
        DiagnosticMessage("checklist.done-but-failing", .error, change.message),
        at: change.textRange,
        notes: change.failures.map { .init($0.message, range: $0.range) })
    }
    return sink.diagnostics
  }
}
