import FlowDiagnostics

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
  /// Files smaller than this are parsed in one piece: splitting them gains nothing.
  static let minimumSize = 1 << 20

  /// Where to cut: the byte offset and 1-based line of the first line of the second half.
  struct Cut: Equatable {
    var offset: Int
    var line: Int
  }

  /// Whether a file is large enough, and the machine has the cores, to try.
  static func mayApply(to bytes: [UInt8], limits: YAMLLimits) -> Bool {
    bytes.count >= minimumSize && bytes.count <= limits.maxFileSize && Parallel.cores > 1
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
              reserving: size)
            : YAMLParser.parseStorage(
              segments: tail, file: file, limits: limits,
              origin: SourcePosition(line: cut.line - 1, column: 1),
              reserving: size - cut.offset)
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

/// How the second half's tree joins the first's, worked out before anything is changed:
/// the `screens` mappings to merge and the other top-level entries, or `nil` when the
/// halves do not fit together without a diagnostic (a key in both, an unexpected shape).
struct JoinPlan {
  private typealias Pair = (key: Int32, value: Int32)

  private let headRootPairs: [Pair]
  private let tailRootPairs: [Pair]
  private let headScreens: Range<Int>
  private let tailScreens: Range<Int>
  private let headScreensStart: SourcePosition
  private let tailScreensStart: SourcePosition
  private let tailScreensEnd: SourcePosition
  private let rootStart: SourcePosition
  private let rootEnd: SourcePosition

  /// The screen names of one half, hashed and sorted by hash, each with its key node.
  struct ScreenNames: Sendable {
    fileprivate var entries: [(hash: UInt64, key: Int32)]
  }

  /// Hashes the names in a half's `screens` mapping: the head's last top-level entry, the
  /// tail's first. Runs on the half's own core, right after its parse.
  static func screenNames(in storage: YAMLTree.Storage, isHead: Bool) -> ScreenNames? {
    guard let mapping = shape(of: storage, isHead: isHead)?.screens else { return nil }
    var entries: [(hash: UInt64, key: Int32)] = []
    entries.reserveCapacity(Int(mapping.count) / 2)
    for offset in stride(from: Int(mapping.first), to: Int(mapping.first + mapping.count), by: 2) {
      let key = storage.children[offset]
      entries.append((hash(key, in: storage), key))
    }
    entries.sort { $0.hash < $1.hash }
    return ScreenNames(entries: entries)
  }

  init?(
    head: YAMLTree.Storage, tail: YAMLTree.Storage, headNames: ScreenNames, tailNames: ScreenNames
  ) {
    guard let headShape = Self.shape(of: head, isHead: true),
      let tailShape = Self.shape(of: tail, isHead: false),
      let headRoot = head.rootIndex, let tailRoot = tail.rootIndex
    else { return nil }
    headRootPairs = headShape.rootPairs
    tailRootPairs = tailShape.rootPairs
    let headValue = headShape.screens
    let tailValue = tailShape.screens
    headScreens = Int(headValue.first)..<Int(headValue.first + headValue.count)
    tailScreens = Int(tailValue.first)..<Int(tailValue.first + tailValue.count)
    headScreensStart = headValue.start
    tailScreensStart = tailValue.start
    tailScreensEnd = tailValue.end
    rootStart = head.records[Int(headRoot)].start
    rootEnd = tail.records[Int(tailRoot)].end
    // A top-level key or a screen in both halves is a duplicate the whole parse reports.
    let headKeys = headRootPairs.map(\.key)
    for pair in tailRootPairs.dropFirst()
    where headKeys.contains(where: { Self.sameKey($0, head, pair.key, tail) }) {
      return nil
    }
    // Both lists are sorted by hash: walk them together, comparing bytes where hashes meet.
    let left = headNames.entries
    let right = tailNames.entries
    var leftIndex = 0
    var rightIndex = 0
    while leftIndex < left.count, rightIndex < right.count {
      let hash = left[leftIndex].hash
      if hash < right[rightIndex].hash {
        leftIndex += 1
      } else if hash > right[rightIndex].hash {
        rightIndex += 1
      } else {
        let leftEnd = left[leftIndex...].firstIndex { $0.hash != hash } ?? left.count
        let rightEnd = right[rightIndex...].firstIndex { $0.hash != hash } ?? right.count
        for lhs in left[leftIndex..<leftEnd] {
          for rhs in right[rightIndex..<rightEnd] where Self.sameKey(lhs.key, head, rhs.key, tail) {
            return nil
          }
        }
        leftIndex = leftEnd
        rightIndex = rightEnd
      }
    }
  }

  /// A half's top-level entries and its `screens` mapping, which must be the head's last
  /// entry and the tail's first; `nil` for a half shaped otherwise.
  private static func shape(of storage: YAMLTree.Storage, isHead: Bool) -> (
    rootPairs: [Pair], screens: YAMLTree.Record
  )? {
    guard let root = storage.rootIndex, storage.records[Int(root)].kind == .mapping else {
      return nil
    }
    let rootPairs = pairs(of: root, in: storage)
    guard let screens = isHead ? rootPairs.last : rootPairs.first,
      key(screens.key, in: storage, is: "screens")
    else { return nil }
    let mapping = storage.records[Int(screens.value)]
    return mapping.kind == .mapping ? (rootPairs, mapping) : nil
  }

  /// Appends the second half's arrays to the first's (which has room reserved for the whole
  /// file), then a merged `screens` mapping and a new root.
  func append(_ tail: YAMLTree.Storage, to head: inout YAMLTree.Storage) {
    let recordShift = Int32(head.records.count)
    let childShift = Int32(head.children.count)
    let byteShift = Int32(head.bytes.count)
    // Block collections closed by the cut end, in the whole file, where the next screen starts.
    let cutEnd = SourcePosition(line: tailScreensStart.line, column: 1)
    for index in head.records.indices
    where head.records[index].end == cutEnd && head.records[index].kind != .scalar {
      head.records[index].end = tailScreensStart
    }
    head.records.reserveCapacity(head.records.count + tail.records.count + 2)
    head.children.reserveCapacity(
      head.children.count + tail.children.count + headScreens.count + tailScreens.count
        + 2 * (headRootPairs.count + tailRootPairs.count))
    head.records.append(contentsOf: tail.records)
    head.records.withUnsafeMutableBufferPointer { records in
      for index in Int(recordShift)..<records.count {
        records[index].first += records[index].kind == .scalar ? byteShift : childShift
      }
    }
    head.children.append(contentsOf: tail.children)
    head.children.withUnsafeMutableBufferPointer { children in
      for index in Int(childShift)..<children.count { children[index] += recordShift }
    }
    head.bytes.append(contentsOf: tail.bytes)

    let screensFirst = Int32(head.children.count)
    head.children.append(contentsOf: head.children[headScreens])
    for offset in tailScreens { head.children.append(tail.children[offset] + recordShift) }
    head.records.append(
      YAMLTree.Record(
        first: screensFirst, count: Int32(head.children.count) - screensFirst,
        start: headScreensStart,
        end: tailScreensEnd, kind: .mapping, style: .plain, isTaggedString: false))
    let screens = Int32(head.records.count - 1)

    let rootFirst = Int32(head.children.count)
    for pair in headRootPairs.dropLast() {
      head.children.append(pair.key)
      head.children.append(pair.value)
    }
    head.children.append(headRootPairs.last!.key)
    head.children.append(screens)
    for pair in tailRootPairs.dropFirst() {
      head.children.append(pair.key + recordShift)
      head.children.append(pair.value + recordShift)
    }
    head.records.append(
      YAMLTree.Record(
        first: rootFirst, count: Int32(head.children.count) - rootFirst, start: rootStart,
        end: rootEnd,
        kind: .mapping, style: .plain, isTaggedString: false))
    head.rootIndex = Int32(head.records.count - 1)
  }

  private static func pairs(of mapping: Int32, in storage: YAMLTree.Storage) -> [Pair] {
    let record = storage.records[Int(mapping)]
    return stride(from: Int(record.first), to: Int(record.first + record.count), by: 2).map {
      (storage.children[$0], storage.children[$0 + 1])
    }
  }

  private static func scalarBytes(_ index: Int32, in storage: YAMLTree.Storage) -> ArraySlice<
    UInt8
  >? {
    let record = storage.records[Int(index)]
    guard record.kind == .scalar else { return nil }
    return storage.bytes[Int(record.first)..<Int(record.first + record.count)]
  }

  private static func key(_ index: Int32, in storage: YAMLTree.Storage, is text: String) -> Bool {
    scalarBytes(index, in: storage).map { $0.elementsEqual(text.utf8) } ?? false
  }

  private static func sameKey(
    _ lhs: Int32, _ left: YAMLTree.Storage, _ rhs: Int32, _ right: YAMLTree.Storage
  ) -> Bool {
    guard let leftBytes = scalarBytes(lhs, in: left), let rightBytes = scalarBytes(rhs, in: right)
    else { return false }
    return leftBytes.elementsEqual(rightBytes)
  }

  /// FNV-1a over a key's bytes: cheap, and collisions are settled by comparing bytes.
  private static func hash(_ index: Int32, in storage: YAMLTree.Storage) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in scalarBytes(index, in: storage) ?? [] {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
