import FlowDiagnostics
import FlowYAML

/// Parses a large flow file on two cores: the file is cut in the middle of its top-level
/// `screens:` block, at a line that starts a screen, each half is parsed on its own, and
/// the second half's tree is appended to the first's.
///
/// The cut is safe because a line at the screens' key indentation always starts a new
/// screen in block YAML; the plan refuses anything it cannot be sure of (an anchor before
/// the cut, a tab where indentation goes, directives or several documents, a BOM,
/// flow-style `screens`), and the caller falls back to the sequential parse when either
/// half has an error or the halves share a key, so diagnostics are exactly those of the
/// sequential parse.
enum SplitParse {
  /// Where to cut: the byte offset and 1-based line of the first line of the second half.
  struct Cut: Equatable {
    var offset: Int
    var line: Int
  }

  /// Whether a file is large enough, and the machine has the cores, to try.
  static func mayApply(to bytes: [UInt8], limits: YAMLLimits) -> Bool {
    bytes.count >= LargeFlowParse.minimumSize && bytes.count <= limits.maxFileSize
      && Parallel.cores > 1
  }

  /// The tree of the text parsed in two halves, or `nil` when the file should be parsed in
  /// one piece.
  static func parse(_ text: SourceText, file: String, limits: YAMLLimits) -> YAMLParseResult? {
    let bytes = text.bytes
    guard mayApply(to: bytes, limits: limits), let cut = cut(text) else { return nil }
    // The halves are read in place: the second behind a `screens:` line of its own.
    var halves = bytes.withUnsafeBufferPointer { buffer in
      secondHalfHeader.withUnsafeBufferPointer { header in
        let size = buffer.count
        nonisolated(unsafe) let head = UnsafeBufferPointer(rebasing: buffer[..<cut.offset])
        nonisolated(unsafe) let tail = [
          header, UnsafeBufferPointer(rebasing: buffer[cut.offset...]),
        ]
        return Parallel.map(count: 2, minimumChunk: 1) { range in
          let isHead = range.lowerBound == 0
          let half =
            isHead
            ? YAMLParser.parseStorage(
              segments: [head], file: file, limits: limits, origin: .start,
              reserving: size, arrayAdvice: HugePages.advise)
            : YAMLParser.parseStorage(
              segments: tail, file: file, limits: limits,
              origin: SourcePosition(line: cut.line - 1, column: 1),
              reserving: size - cut.offset, arrayAdvice: HugePages.advise)
          // Each half hashes its own screen names, for the join to find one named in both.
          let names = half.storage.map { JoinPlan.screenNames(in: $0, isHead: isHead) }
          return (storage: half.storage, diagnostics: half.diagnostics, names: names)
        }
      }
    }
    // Taken out of `halves`, so the head's arrays are uniquely referenced and grow in place.
    guard halves.count == 2, var head = halves[0].storage.take(),
      let tail = halves[1].storage.take(),
      !halves[0].diagnostics.containsErrors, !halves[1].diagnostics.containsErrors,
      let headNames = halves[0].names ?? nil, let tailNames = halves[1].names ?? nil,
      let plan = JoinPlan(head: head, tail: tail, headNames: headNames, tailNames: tailNames)
    else { return nil }
    plan.append(tail, to: &head)
    return YAMLParseResult(
      root: YAMLTree(head).root, diagnostics: halves[0].diagnostics + halves[1].diagnostics)
  }

  /// The line the second half is read behind, so it parses as the rest of `screens:`.
  private static let secondHalfHeader = Array("screens:\n".utf8)

  // MARK: Planning the cut

  /// The cut in the top-level `screens:` block nearest the middle of the file, so both
  /// halves take as long, if the file is plain enough.
  ///
  /// Lines after the cut are not read: anything there that the cut could break (another
  /// document, a syntax error) makes the second half fail, and the caller falls back.
  static func cut(_ text: SourceText) -> Cut? {
    let starts = text.lineStarts
    return text.bytes.withUnsafeBufferPointer { buffer -> Cut? in
      let count = buffer.count
      if count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { return nil }
      var inScreens = false
      var entryIndent: Int?
      var lastEntry: Cut?
      var entriesBefore = 0
      for lineIndex in starts.indices {
        let lineStart = starts[lineIndex]
        let line = lineIndex + 1
        let lineEnd = lineIndex + 1 < starts.count ? starts[lineIndex + 1] - 1 : count
        var content = lineStart
        while content < lineEnd, buffer[content] == 32 { content += 1 }
        let indent = content - lineStart
        // A tab where indentation goes leaves the entries' indentation unknown.
        if content < lineEnd, buffer[content] == 9 { return nil }
        if indent == 0, content < lineEnd, startsDocumentSyntax(buffer, at: content, end: lineEnd) {
          return nil
        }
        let isBlank = content >= lineEnd || buffer[content] == 35 || buffer[content] == 13
        if !isBlank {
          if indent == 0 {
            if inScreens { break }
            inScreens = isScreensKey(buffer, from: lineStart, to: lineEnd)
          } else if inScreens {
            if entryIndent == nil { entryIndent = indent }
            if indent == entryIndent, isKeyStart(buffer[content]) {
              let entry = Cut(offset: lineStart, line: line)
              if entriesBefore > 0, lineStart >= count / 2 {
                return hasAnchor(buffer, before: lineStart) ? nil : entry
              }
              lastEntry = entry
              entriesBefore += 1
            }
          }
        }
      }
      // The screens end before the middle: cut before the last one, if there are two.
      guard entriesBefore >= 2, let lastEntry, !hasAnchor(buffer, before: lastEntry.offset) else {
        return nil
      }
      return lastEntry
    }
  }

  /// Whether an anchor (`&name`) may stand before `end`, found with `memchr`.
  ///
  /// Aliases in the first half expand anchors of the first half, and the whole file counts
  /// those expansions against one limit: such a file is parsed whole. An anchor only in
  /// the second half changes nothing, and an alias to an anchor the half does not have
  /// fails that half, which falls back to the whole parse.
  private static func hasAnchor(_ buffer: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
    guard let base = buffer.baseAddress else { return false }
    var offset = 0
    while offset < end,
      let found = Platform.offset(of: UInt8(ascii: "&"), in: base + offset, count: end - offset)
    {
      let index = offset + found
      if index + 1 < buffer.count, buffer[index + 1] != 32, buffer[index + 1] != 10 { return true }
      offset = index + 1
    }
    return false
  }

  /// A directive (`%`) or a document marker (`---`, `...`) at the start of a line.
  private static func startsDocumentSyntax(
    _ buffer: UnsafeBufferPointer<UInt8>, at index: Int, end: Int
  ) -> Bool {
    let byte = buffer[index]
    if byte == 37 { return true }
    guard byte == 45 || byte == 46, index + 2 < end else { return false }
    return buffer[index + 1] == byte && buffer[index + 2] == byte
  }

  /// `screens:` alone on its line (a block mapping follows), a comment allowed.
  private static func isScreensKey(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Bool {
    let key = Array("screens:".utf8)
    guard end - start >= key.count, (0..<key.count).allSatisfy({ buffer[start + $0] == key[$0] })
    else {
      return false
    }
    var index = start + key.count
    while index < end, buffer[index] == 32 || buffer[index] == 13 { index += 1 }
    return index == end || buffer[index] == 35
  }

  /// Whether a line at the entries' indentation starts a key (not a list item or a quote).
  private static func isKeyStart(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: "\""), UInt8(ascii: "'"),
      UInt8(ascii: "{"),
      UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"):
      false
    default: true
    }
  }
}
