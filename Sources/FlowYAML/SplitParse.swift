import FlowDiagnostics

/// Parses a large flow file on two cores: the file is cut in the middle of its top-level
/// `screens:` block, at a line that starts a screen, each half is parsed on its own, and
/// the two trees are joined.
///
/// The cut is safe because a line at the screens' key indentation always starts a new
/// screen in block YAML; the plan refuses anything it cannot be sure of (anchors and
/// aliases, tabs, directives or several documents, a BOM, flow-style `screens`), and the
/// caller falls back to the sequential parse when either half has an error or the halves
/// share a key, so diagnostics are exactly those of the sequential parse.
enum SplitParse {
  /// Files smaller than this are parsed in one piece: splitting them gains nothing.
  static let minimumSize = 1 << 20

  /// Where to cut: the byte offset and 1-based line of the first line of the second half.
  struct Cut {
    var offset: Int
    var line: Int
  }

  /// The tree of `bytes` parsed in two halves, or `nil` when the file should be parsed in
  /// one piece.
  static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits) -> YAMLParseResult? {
    guard bytes.count >= minimumSize, Parallel.cores > 1, let cut = cut(bytes) else { return nil }
    let header = Array("screens:\n".utf8)
    let first = Array(bytes[..<cut.offset])
    let second = header + bytes[cut.offset...]
    let halves = Parallel.map(count: 2, minimumChunk: 1) { range in
      range.lowerBound == 0
        ? YAMLParser.parseWhole(first, file: file, limits: limits, origin: .start)
        : YAMLParser.parseWhole(
          second, file: file, limits: limits, origin: SourcePosition(line: cut.line - 1, column: 1))
    }
    let head = halves[0]
    let tail = halves.last!
    guard halves.count == 2, !head.diagnostics.containsErrors,
      !tail.diagnostics.containsErrors, let headRoot = head.root, let tailRoot = tail.root,
      let root = join(headRoot, tailRoot)
    else { return nil }
    return YAMLParseResult(root: root, diagnostics: head.diagnostics + tail.diagnostics)
  }

  // MARK: Planning the cut

  /// The cut in the middle of the top-level `screens:` block, if the file is plain enough.
  static func cut(_ bytes: [UInt8]) -> Cut? {
    guard !hasUnsplittableSyntax(bytes) else { return nil }
    var lineStart = 0
    var line = 1
    var screensEnd: Int?
    var entryIndent: Int?
    var screensStart: (offset: Int, line: Int)?
    var lines: [(offset: Int, line: Int)] = []
    while lineStart < bytes.count {
      let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      let indent = bytes[lineStart..<lineEnd].prefix { $0 == UInt8(ascii: " ") }.count
      let content = lineStart + indent
      let isBlank =
        content >= lineEnd || bytes[content] == UInt8(ascii: "#")
        || bytes[content] == UInt8(ascii: "\r")
      if !isBlank {
        if screensStart == nil {
          if indent == 0, isScreensKey(bytes[lineStart..<lineEnd]) {
            screensStart = (lineEnd + 1, line + 1)
          }
        } else if screensEnd == nil {
          if indent == 0 {
            screensEnd = lineStart
          } else if entryIndent == nil {
            entryIndent = indent
          }
          if screensEnd == nil, indent == entryIndent, isKeyStart(bytes[content]) {
            lines.append((lineStart, line))
          }
        }
      }
      lineStart = lineEnd + 1
      line += 1
    }
    guard lines.count >= 4 else { return nil }
    let middle = lines[lines.count / 2]
    return Cut(offset: middle.offset, line: middle.line)
  }

  /// Anchors, aliases, tabs, directives, document markers and BOMs: things a cut could break.
  private static func hasUnsplittableSyntax(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      if count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { return true }
      var index = 0
      var lineStart = true
      while index < count {
        let byte = buffer[index]
        if byte == 10 {
          lineStart = true
        } else {
          if byte == 9 { return true }
          if byte == 38 || byte == 42 {  // & and *: an anchor or alias unless a space follows
            if index + 1 < count, buffer[index + 1] != 32, buffer[index + 1] != 10 { return true }
          }
          if lineStart, byte == 37 { return true }  // %: a directive
          if lineStart, byte == 45 || byte == 46, index + 2 < count, buffer[index + 1] == byte,
            buffer[index + 2] == byte
          {
            return true  // --- or ...: a document marker
          }
          lineStart = false
        }
        index += 1
      }
      return false
    }
  }

  /// `screens:` alone on its line (a block mapping follows), a comment allowed.
  private static func isScreensKey(_ line: ArraySlice<UInt8>) -> Bool {
    guard line.starts(with: Array("screens:".utf8)) else { return false }
    let rest = line.dropFirst(8).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }
    return rest.isEmpty || rest.first == UInt8(ascii: "#")
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

  // MARK: Joining the halves

  /// One tree from the two halves: the first half's top-level keys, `screens` with the
  /// entries of both halves, then the second half's other top-level keys.
  static func join(_ head: YAMLNode, _ tail: YAMLNode) -> YAMLNode? {
    guard let headPairs = head.pairs, let tailPairs = tail.pairs, let headLast = headPairs.last,
      let tailFirst = tailPairs.first, headLast.key.hasText("screens"),
      tailFirst.key.hasText("screens"),
      let headScreens = headLast.value.pairs, let tailScreens = tailFirst.value.pairs
    else { return nil }
    var headKeys = Set(headPairs.compactMap(\.keyText))
    for pair in tailPairs.dropFirst() {
      guard let key = pair.keyText, headKeys.insert(key).inserted else { return nil }
    }
    var screenNames = Set<String>()
    for pair in Array(headScreens) + Array(tailScreens) {
      guard let name = pair.keyText, screenNames.insert(name).inserted else { return nil }
    }
    // Block collections closed by the cut end, in the whole file, where the next screen starts.
    let cutEnd = SourcePosition(line: tailFirst.value.position.line, column: 1)
    var joiner = TreeJoiner(
      head: head.tree, tail: tail.tree, movingEnds: cutEnd, to: tailFirst.value.position)
    let screensValue = joiner.appendMapping(
      pairs: headScreens.map { joiner.fromHead($0) } + tailScreens.map { joiner.fromTail($0) },
      start: headLast.value.position, end: tailFirst.value.range.end)
    var rootPairs = headPairs.dropLast().map { joiner.fromHead($0) }
    rootPairs.append((joiner.headIndex(headLast.key), screensValue))
    rootPairs += tailPairs.dropFirst().map { joiner.fromTail($0) }
    let root = joiner.appendMapping(pairs: rootPairs, start: head.position, end: tail.range.end)
    return joiner.build(root: root)
  }
}

/// Copies two trees into one, shifting the second's indices past the first's.
private struct TreeJoiner {
  private let tailRecordOffset: Int32
  private let tailChildOffset: Int32
  private let tailByteOffset: Int32
  private var records: [YAMLTree.Record]
  private var children: [Int32]
  private var bytes: [UInt8]

  init(
    head: YAMLTree, tail: YAMLTree, movingEnds cutEnd: SourcePosition, to nextStart: SourcePosition
  ) {
    tailRecordOffset = Int32(head.records.count)
    tailChildOffset = Int32(head.children.count)
    tailByteOffset = Int32(head.bytes.count)
    records = head.records
    for index in records.indices
    where records[index].end == cutEnd && records[index].kind != .scalar {
      records[index].end = nextStart
    }
    records.reserveCapacity(head.records.count + tail.records.count + 2)
    for var record in tail.records {
      record.first += record.kind == .scalar ? tailByteOffset : tailChildOffset
      records.append(record)
    }
    let shift = tailRecordOffset
    var joined = head.children
    joined.reserveCapacity(head.children.count + tail.children.count + 4)
    joined += tail.children.map { $0 + shift }
    children = joined
    bytes = head.bytes + tail.bytes
  }

  func headIndex(_ node: YAMLNode) -> Int32 { node.index }
  func fromHead(_ pair: YAMLPair) -> (Int32, Int32) { (pair.key.index, pair.value.index) }
  func fromTail(_ pair: YAMLPair) -> (Int32, Int32) {
    (pair.key.index + tailRecordOffset, pair.value.index + tailRecordOffset)
  }

  mutating func appendMapping(pairs: [(Int32, Int32)], start: SourcePosition, end: SourcePosition)
    -> Int32
  {
    let first = Int32(children.count)
    for (key, value) in pairs {
      children.append(key)
      children.append(value)
    }
    records.append(
      YAMLTree.Record(
        first: first, count: Int32(pairs.count * 2), start: start, end: end, kind: .mapping,
        style: .plain,
        isTaggedString: false))
    return Int32(records.count - 1)
  }

  func build(root: Int32) -> YAMLNode? {
    YAMLTree(records: records, children: children, bytes: bytes, rootIndex: root).root
  }
}
