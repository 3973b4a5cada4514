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

  /// The flow, when the file has no errors.
  public var validFlow: Flow? { hasErrors ? nil : flow }

  /// Parses, decodes and checks a flow from its bytes.
  public init(bytes: [UInt8], path: String, limits: YAMLLimits = .default) {
    self.path = path
    self.text = SourceText(bytes: bytes)
    let parsed = YAMLParser.parse(bytes, file: path, limits: limits)
    var diagnostics = parsed.diagnostics
    var results: [ChecklistResult] = []
    if parsed.root == nil && parsed.diagnostics.containsErrors {
      self.flow = nil
    } else {
      let decoded = FlowDecoder.decode(parsed.root, file: path, source: text, limits: limits)
      diagnostics += decoded.diagnostics
      if let flow = decoded.flow {
        diagnostics += FlowChecker.check(flow, afterDecodingErrors: diagnostics.containsErrors)
        if !diagnostics.containsErrors, flow.checklist != nil {
          results = ChecklistRunner(flow: flow).runAll()
          diagnostics += Self.failingDoneItems(results, file: path)
        }
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
    var sink = DiagnosticSink(file: path)
    sink.report(
      DiagnosticMessage(
        "yaml.limit.file-size", .error,
        "the file is \(size) bytes, more than the limit of \(limits.maxFileSize) bytes (raise it with --max-file-size)"
      ),
      at: .start)
    self.diagnostics = sink.diagnostics
  }

  /// An error for every item marked done whose scenario fails: the mark lies.
  private static func failingDoneItems(_ results: [ChecklistResult], file: String) -> [Diagnostic] {
    var sink = DiagnosticSink(file: file)
    for result in results where result.entry.item.mark.isDone {
      guard let first = result.failures.first else { continue }
      let more = result.failures.count > 1 ? " (and \(result.failures.count - 1) more)" : ""
      sink.report(
        DiagnosticMessage(
          "checklist.done-but-failing", .error,
          "'\(result.entry.item.text.value)' is marked done but fails: \(first.message)\(more)"),
        at: result.entry.item.text.range,
        notes: result.failures.map { .init($0.message, range: $0.range) })
    }
    return sink.diagnostics
  }
}
