internal import CLibYAML
public import FlowDiagnostics

/// The result of parsing one YAML file: its root node, if the file could be read whole,
/// and every problem found on the way.
public struct YAMLParseResult: Sendable {
  /// The document's root node, which keeps the tree alive for the nodes reached from it (see
  /// `YAMLNode`); `nil` for an empty file or when a syntax error or a limit stopped the parse.
  public private(set) var root: YAMLNode?
  /// Every problem found: syntax errors, limits exceeded, and warnings (an ignored tag).
  public var diagnostics: [Diagnostic]

  package init(root: YAMLNode?, diagnostics: [Diagnostic]) {
    self.root = root
    self.diagnostics = diagnostics
  }
}

/// Called with the memory reserved for a tree's arrays before they fill, a hint to the
/// memory system (huge pages, for a large file); it must leave the bytes alone.
package typealias ArrayAdvice = @Sendable (UnsafeMutableRawBufferPointer) -> Void

/// Turns YAML text into located nodes with libyaml's event API.
public enum YAMLParser {
  /// Parses one YAML document.
  ///
  /// - Parameters:
  ///   - bytes: the file's bytes (UTF-8; libyaml also accepts UTF-16 with a BOM).
  ///   - file: the path to name in diagnostics.
  ///   - limits: the hard limits to enforce.
  ///   - origin: where `bytes` starts in `file`, for text cut out of a larger file: the
  ///     line of its first line, and the column added to every column.
  public static func parse(
    _ bytes: [UInt8], file: String, limits: YAMLLimits = .default,
    origin: SourcePosition = .start
  ) -> YAMLParseResult {
    parse(bytes, file: file, limits: limits, origin: origin, arrayAdvice: nil)
  }

  /// Parses one YAML document, calling `arrayAdvice` on the memory reserved for the tree's
  /// arrays before they fill (a large file's caller advises huge pages there).
  package static func parse(
    _ bytes: [UInt8], file: String, limits: YAMLLimits, origin: SourcePosition = .start,
    arrayAdvice: ArrayAdvice?
  ) -> YAMLParseResult {
    if origin == .start, let refused = refusingForeignEncoding(bytes, file: file) {
      return refused
    }
    let (storage, diagnostics) = parseStorage(
      bytes, file: file, limits: limits, origin: origin, reserving: bytes.count,
      arrayAdvice: arrayAdvice)
    return YAMLParseResult(root: storage.flatMap { YAMLTree($0).root }, diagnostics: diagnostics)
  }

  /// One error for a UTF-16 or UTF-32 file, which is not read further.
  package static func refusingForeignEncoding(_ bytes: [UInt8], file: String)
    -> YAMLParseResult?
  {
    guard let encoding = UnicodeEncodingCheck.foreignEncoding(of: bytes) else { return nil }
    var sink = DiagnosticSink(file: file)
    sink.report(.foreignEncoding(encoding), at: .start)
    return YAMLParseResult(root: nil, diagnostics: sink.diagnostics)
  }

  /// Parses the bytes in one piece into a tree's arrays, with room reserved for a document
  /// of `reserving` bytes; no arrays when the parse did not complete.
  static func parseStorage(
    _ bytes: [UInt8], file: String, limits: YAMLLimits, origin: SourcePosition, reserving: Int,
    arrayAdvice: ArrayAdvice?
  ) -> (storage: YAMLTree.Storage?, diagnostics: [Diagnostic]) {
    bytes.withUnsafeBufferPointer { buffer in
      parseStorage(
        segments: [buffer], file: file, limits: limits, origin: origin, reserving: reserving,
        arrayAdvice: arrayAdvice)
    }
  }

  /// Parses the bytes of `segments`, read one after the other as one text, into a tree's
  /// arrays; the segments must stay valid during the call.
  package static func parseStorage(
    segments: [UnsafeBufferPointer<UInt8>], file: String, limits: YAMLLimits,
    origin: SourcePosition, reserving: Int, arrayAdvice: ArrayAdvice?
  ) -> (storage: YAMLTree.Storage?, diagnostics: [Diagnostic]) {
    var sink = DiagnosticSink(file: file)
    let offset = MarkConverter(lineOffset: origin.line - 1, columnOffset: origin.column - 1)
    let size = segments.reduce(0) { $0 + $1.count }
    if size > limits.maxFileSize {
      sink.report(.fileTooLarge(size, limits.maxFileSize), at: origin)
      return (nil, sink.diagnostics)
    }
    guard let reader = LibYAMLEventReader(segments: segments) else {
      sink.report(.yamlSyntax("libyaml could not start"), at: origin)
      return (nil, sink.diagnostics)
    }
    var builder = YAMLTreeBuilder(
      limits: limits, file: file, expectedBytes: reserving, arrayAdvice: arrayAdvice)
    var failure = DiagnosticSink(file: file)
    let completed = readEvents(
      from: reader, into: &builder, bytes: { Array(segments.joined()) }, offset: offset,
      sink: &failure)
    // What the builder saw on or after a fatal error's line is a symptom of it.
    let fatalLine = failure.diagnostics.first?.position.line ?? .max
    sink.append(contentsOf: builder.diagnostics.filter { $0.position.line < fatalLine })
    sink.append(contentsOf: failure.diagnostics)
    return (completed ? builder.takeStorage() : nil, sink.diagnostics)
  }

  /// Feeds events to the builder until the stream ends, an error occurs, or a limit is hit.
  /// Returns whether the whole stream was read.
  private static func readEvents(
    from reader: LibYAMLEventReader, into builder: inout YAMLTreeBuilder,
    bytes: () -> [UInt8], offset: MarkConverter, sink: inout DiagnosticSink
  ) -> Bool {
    var event = yaml_event_t()
    var documents = 0
    while reader.next(into: &event) {
      defer { yaml_event_delete(&event) }
      let start = offset.position(event.start_mark)
      let range = SourceRange(start: start, end: offset.position(event.end_mark))
      switch event.type {
      case YAML_STREAM_END_EVENT:
        return true
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 {
          sink.report(.secondDocument(), at: start)
          return false
        }
      case YAML_SCALAR_EVENT:
        let data = event.data.scalar
        if data.length > builder.limits.maxScalarLength {
          sink.report(.scalarTooLong(data.length, builder.limits.maxScalarLength), at: start)
          return false
        }
        builder.scalar(
          UnsafeBufferPointer(start: data.value, count: data.length), style: style(of: data.style),
          isTaggedString: isStringTag(data.tag), tag: explicitTag(data.tag),
          anchor: string(data.anchor),
          range: range)
      case YAML_SEQUENCE_START_EVENT:
        guard
          builder.openCollection(
            isMapping: false, anchor: string(event.data.sequence_start.anchor), start: start)
        else { return false }
      case YAML_MAPPING_START_EVENT:
        guard
          builder.openCollection(
            isMapping: true, anchor: string(event.data.mapping_start.anchor), start: start)
        else { return false }
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        builder.closeCollection(end: range.end)
      case YAML_ALIAS_EVENT:
        guard builder.alias(string(event.data.alias.anchor) ?? "", range: range) else {
          return false
        }
      default:
        break
      }
    }
    // The text is needed only to explain the error.
    reportLibYAMLError(reader.error, bytes: bytes(), offset: offset, sink: &sink)
    return false
  }

  /// The fix-it that single-quotes the key of an unquoted item (`[ ] text:` becomes
  /// `'[ ] text':`), when the line is one: the key ends at the first `:` followed by a space
  /// or the end of the line.
  static func quotingItem(_ line: String, indent: Int, at start: SourcePosition) -> FixIt? {
    let scalars = Array(line.unicodeScalars.dropFirst(indent))
    guard let close = scalars.firstIndex(of: "]") else { return nil }
    var end = close + 1
    while end < scalars.count,
      !(scalars[end] == ":" && (end + 1 == scalars.count || scalars[end + 1] == " "))
    {
      end += 1
    }
    guard end < scalars.count, !scalars[..<end].contains(where: { $0.value < 0x20 }) else {
      return nil
    }
    var key = String(String.UnicodeScalarView(scalars[..<end]))
    while key.hasSuffix(" ") { key.removeLast() }
    let quoted =
      "'" + key.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
      + "'"
    return FixIt(
      range: SourceRange(start: start, length: key.unicodeScalars.count), replacement: quoted)
  }

  /// Explains libyaml's error, recognising the mistakes people make most.
  private static func reportLibYAMLError(
    _ error: LibYAMLError, bytes: [UInt8], offset: MarkConverter, sink: inout DiagnosticSink
  ) {
    let text = SourceText(bytes: bytes)
    if error.isReaderError {
      let local = text.position(ofByteOffset: error.byteOffset)
      sink.report(
        .invalidEncoding(error.problem),
        at: offset.position(line: local.line - 1, column: local.column - 1))
      return
    }
    let problem = offset.position(line: error.problemLine, column: error.problemColumn)
    for line in Set([error.problemLine, error.contextLine]).sorted(by: >) {
      if let tabColumn = tabInIndentation(text.line(line + 1)) {
        sink.report(.tabIndentation(), at: offset.position(line: line, column: tabColumn))
        return
      }
    }
    if let block = BlockScalarDedent(text, problemLine: error.problemLine + 1) {
      sink.report(
        .blockScalarDedent(
          headerLine: block.headerLine + offset.lineOffset, indentation: block.indentation),
        at: offset.position(line: error.problemLine, column: block.lineIndentation))
      return
    }
    if let line = text.line(error.problemLine + 1), ChecklistMarkSyntax.startsWithMark(line) {
      let column = line.unicodeScalars.prefix { $0 == " " }.count
      let start = offset.position(line: error.problemLine, column: column)
      sink.report(
        .unquotedChecklistItem(), at: SourceRange(at: start),
        fixIts: quotingItem(line, indent: column, at: start).map { [$0] } ?? [])
      return
    }
    let message = LibYAMLErrorExplanation.message(
      problem: error.problem, context: error.context,
      problemLine: text.line(error.problemLine + 1) ?? "",
      problemColumn: error.problemColumn, contextLine: error.contextLine + 1 + offset.lineOffset,
      contextColumn: error.contextColumn + offset.columnOffset,
      lines: { text.line($0 - offset.lineOffset) },
      problemLineNumber: error.problemLine + 1 + offset.lineOffset,
      columnOffset: offset.columnOffset)
    var notes: [Diagnostic.Note] = []
    if let context = error.context {
      let contextPosition = offset.position(line: error.contextLine, column: error.contextColumn)
      if contextPosition != problem {
        let subject = context.hasPrefix("while ") ? String(context.dropFirst(6)) : context
        notes.append(.init("\(subject) starts here", range: SourceRange(at: contextPosition)))
      }
    }
    sink.report(.yamlSyntax(message), at: problem, notes: notes)
  }

  /// The 0-based column of a tab among a line's leading spaces, if there is one.
  private static func tabInIndentation(_ line: String?) -> Int? {
    guard let line else { return nil }
    var column = 0
    for scalar in line.unicodeScalars {
      if scalar == "\t" { return column }
      if scalar != " " { return nil }
      column += 1
    }
    return nil
  }

  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  private static func style(of style: yaml_scalar_style_t) -> YAMLScalar.Style {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: .literal
    case YAML_FOLDED_SCALAR_STYLE: .folded
    default: .plain
    }
  }

  private static func isStringTag(_ tag: UnsafeMutablePointer<yaml_char_t>?)
    -> Bool
  {
    guard let tag = string(tag) else { return false }
    return tag == "!" || tag == "tag:yaml.org,2002:str"
  }

  /// A tag other than the string tags, which flowspec ignores (with a warning).
  private static func explicitTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let tag = string(tag), tag != "!", tag != "tag:yaml.org,2002:str" else { return nil }
    return tag
  }
}

/// Converts libyaml's 0-based marks into 1-based positions in the enclosing file.
struct MarkConverter {
  var lineOffset: Int
  var columnOffset: Int

  func position(_ mark: yaml_mark_t) -> SourcePosition {
    position(line: Int(mark.line), column: Int(mark.column))
  }

  func position(line: Int, column: Int) -> SourcePosition {
    SourcePosition(line: line + 1 + lineOffset, column: column + 1 + columnOffset)
  }
}
