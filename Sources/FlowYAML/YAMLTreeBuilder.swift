import FlowDiagnostics

/// Builds the flat node tree from libyaml's events without recursion: open collections wait
/// on an explicit stack, so nesting depth is bounded by `limits.maxDepth`, not the call stack.
///
/// It also resolves anchors and aliases (refusing undefined and self-containing ones),
/// counts every node an alias copies in against `limits.maxAliasExpansion`, applies `<<`
/// merge keys and reports duplicate keys.
struct YAMLTreeBuilder {
  let limits: YAMLLimits
  private var sink: DiagnosticSink

  private var records: [YAMLTree.Record] = []
  private var children: CursorArray<Int32>
  private var bytes: CursorArray<UInt8>
  /// The children of every open collection, innermost last.
  private var pending = CursorArray<Int32>(filler: 0, reserving: 256)
  private var rootIndex: Int32?

  /// Plain bits, so that the stack's reads and writes retain nothing: its anchor, if any, is
  /// the last of `openAnchors`.
  private struct OpenCollection {
    var isMapping: Bool
    var hasAnchor: Bool
    var start: SourcePosition
    /// Where this collection's children start in `pending`.
    var firstPending: Int
    /// Nodes in this subtree so far, aliases counted at their expanded size.
    var nodeCount = 1
  }

  private var stack: [OpenCollection] = []
  /// The anchors of the open collections that have one, innermost last.
  private var openAnchors: [String] = []
  private var anchors: [String: (index: Int32, nodeCount: Int)] = [:]
  private var expandedNodes = 0

  /// A builder with room for a document of about `expectedBytes` (flows hold about one node
  /// every eight bytes, room is reserved for one every six; scalars hold at most the text's
  /// bytes), so the arrays rarely grow. Room that is never used costs address space, not
  /// memory: its pages are never touched.
  init(limits: YAMLLimits, file: String, expectedBytes: Int, arrayAdvice: ArrayAdvice? = nil) {
    self.limits = limits
    self.sink = DiagnosticSink(file: file)
    records.reserveCapacity(expectedBytes / 6)
    children = CursorArray(filler: 0, reserving: expectedBytes / 6)
    bytes = CursorArray(filler: 0, reserving: expectedBytes)
    if let arrayAdvice {
      Self.advise(&records, arrayAdvice)
      children.withStorage { Self.advise(&$0, arrayAdvice) }
      bytes.withStorage { Self.advise(&$0, arrayAdvice) }
    }
  }

  /// Passes the whole reserved capacity of `array`, filled or not, to `advice`.
  private static func advise<Element>(_ array: inout [Element], _ advice: ArrayAdvice) {
    let byteCount = array.capacity * MemoryLayout<Element>.stride
    array.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      advice(UnsafeMutableRawBufferPointer(start: base, count: byteCount))
    }
  }

  var diagnostics: [Diagnostic] { sink.diagnostics }

  /// The finished tree's arrays, moved out of the builder.
  mutating func takeStorage() -> YAMLTree.Storage {
    defer { records = [] }
    return YAMLTree.Storage(
      records: records, children: children.finished(), bytes: bytes.finished(),
      rootIndex: rootIndex)
  }

  /// Starts a mapping or sequence; `false` (with a diagnostic) when it is one level too deep.
  mutating func openCollection(isMapping: Bool, anchor: String?, start: SourcePosition) -> Bool {
    guard stack.count < limits.maxDepth else {
      sink.report(.tooDeep(limits.maxDepth), at: start)
      return false
    }
    if let anchor { openAnchors.append(anchor) }
    stack.append(
      OpenCollection(
        isMapping: isMapping, hasAnchor: anchor != nil, start: start,
        firstPending: pending.count))
    return true
  }

  /// Ends the innermost open collection and adds it to its parent.
  mutating func closeCollection(end: SourcePosition) {
    guard let collection = stack.popLast() else { return }
    let first = Int32(children.count)
    if collection.isMapping {
      appendMappingChildren(from: collection.firstPending)
    } else {
      appendPendingChildren(from: collection.firstPending)
    }
    pending.removeLast(pending.count - collection.firstPending)
    let index = appendRecord(
      YAMLTree.Record(
        first: first, count: Int32(children.count) - first, start: collection.start, end: end,
        kind: collection.isMapping ? .mapping : .sequence, style: .plain, isTaggedString: false))
    if collection.hasAnchor, let anchor = openAnchors.popLast() {
      anchors[anchor] = (index, collection.nodeCount)
    }
    add(index, nodeCount: collection.nodeCount, isScalar: false)
  }

  /// Adds a scalar to the open collection (or makes it the root).
  mutating func scalar(
    _ text: UnsafeBufferPointer<UInt8>, style: YAMLScalar.Style, isTaggedString: Bool, tag: String?,
    anchor: String?, range: SourceRange
  ) {
    if let tag {
      sink.report(.unsupportedTag(tag), at: range.start)
    }
    let first = Int32(bytes.count)
    bytes.append(contentsOf: text)
    let index = appendRecord(
      YAMLTree.Record(
        first: first, count: Int32(text.count), start: range.start, end: range.end, kind: .scalar,
        style: style,
        isTaggedString: isTaggedString))
    if let anchor {
      anchors[anchor] = (index, 1)
    }
    add(index, nodeCount: 1, isScalar: true)
  }

  /// Adds the anchored node again, located at the alias; `false` (with a diagnostic) when
  /// the copies made so far exceed the expansion limit.
  mutating func alias(_ name: String, range: SourceRange) -> Bool {
    guard let (anchored, nodeCount) = anchors[name], !openAnchors.contains(name) else {
      let message: DiagnosticMessage =
        openAnchors.contains(name) ? .recursiveAlias(name) : .undefinedAlias(name)
      sink.report(message, at: range.start)
      let empty = appendRecord(
        YAMLTree.Record(
          first: Int32(bytes.count), count: 0, start: range.start, end: range.end, kind: .scalar,
          style: .plain,
          isTaggedString: false))
      add(empty, nodeCount: 1, isScalar: true)
      return true
    }
    expandedNodes += nodeCount
    guard expandedNodes <= limits.maxAliasExpansion else {
      sink.report(.tooManyAliasExpansions(limits.maxAliasExpansion), at: range.start)
      return false
    }
    var copy = records[Int(anchored)]
    copy.start = range.start
    copy.end = range.end
    add(appendRecord(copy), nodeCount: nodeCount, isScalar: copy.kind == .scalar)
    return true
  }

  private mutating func appendRecord(_ record: YAMLTree.Record) -> Int32 {
    records.append(record)
    return Int32(records.count - 1)
  }

  /// Adds a node to the open collection; `isScalar` is the node's kind, which the caller
  /// knows, so the record need not be read back.
  @inline(__always)
  private mutating func add(_ index: Int32, nodeCount: Int, isScalar: Bool) {
    let top = stack.count - 1
    guard top >= 0 else {
      rootIndex = index
      return
    }
    let isKeyOfMapping = stack.withUnsafeMutableBufferPointer { open in
      open[top].nodeCount += nodeCount
      return open[top].isMapping && (pending.count - open[top].firstPending) % 2 == 0
    }
    if !isScalar, isKeyOfMapping {
      sink.report(.complexKey(), at: records[Int(index)].start)
    }
    pending.append(index)
  }

  // MARK: Mappings

  /// Appends a closing mapping's pairs to `children`, reporting duplicate keys and applying
  /// `<<` merge keys. The common case, no merge key, allocates nothing.
  private mutating func appendMappingChildren(from firstPending: Int) {
    if (pending.count - firstPending) % 2 == 1 { pending.append(pending[pending.count - 1]) }
    let hasMergeKey = checkKeys(from: firstPending)
    guard hasMergeKey else {
      appendPendingChildren(from: firstPending)
      return
    }
    let pairs = stride(from: firstPending, to: pending.count, by: 2).map {
      (key: pending[$0], value: pending[$0 + 1])
    }
    var taken = pairs.filter { !isMergeKey($0.key) }.map(\.key)
    for pair in pairs {
      guard isMergeKey(pair.key) else {
        children.append(pair.key)
        children.append(pair.value)
        continue
      }
      let value = records[Int(pair.value)]
      let sources: [Int32]
      switch value.kind {
      case .mapping: sources = [pair.value]
      case .sequence:
        sources = (0..<Int(value.count)).map { children[Int(value.first) + $0] }
        guard sources.allSatisfy({ records[Int($0)].kind == .mapping }) else {
          sink.report(.badMerge(), at: value.start)
          continue
        }
      case .scalar:
        sink.report(.badMerge(), at: value.start)
        continue
      }
      for source in sources {
        let record = records[Int(source)]
        for offset in stride(from: Int(record.first), to: Int(record.first + record.count), by: 2) {
          let key = children[offset]
          guard !taken.contains(where: { sameKey($0, key) }) else { continue }
          taken.append(key)
          children.append(key)
          children.append(children[offset + 1])
        }
      }
    }
  }

  /// Moves the open collection's children, `pending[firstPending...]`, to `children`,
  /// read in place: a slice of `pending` would retain and release its buffer per collection.
  private mutating func appendPendingChildren(from firstPending: Int) {
    pending.withContent { all in
      children.append(contentsOf: UnsafeBufferPointer(rebasing: all[firstPending...]))
    }
  }

  private func isMergeKey(_ index: Int32) -> Bool {
    let record = records[Int(index)]
    return record.kind == .scalar && record.style == .plain && record.count == 2
      && bytes[Int(record.first)] == UInt8(ascii: "<")
      && bytes[Int(record.first) + 1] == UInt8(ascii: "<")
  }

  /// Whether two key nodes are scalars with the same bytes.
  private func sameKey(_ lhs: Int32, _ rhs: Int32) -> Bool {
    let left = records[Int(lhs)]
    let right = records[Int(rhs)]
    guard left.kind == .scalar, right.kind == .scalar, left.count == right.count else {
      return false
    }
    return bytes.withContent { all in
      memoryEqual(
        all.baseAddress! + Int(left.first), all.baseAddress! + Int(right.first), Int(left.count))
    }
  }

  /// Reports each key equal to an earlier one, at the later key, with a note at the first
  /// (a merge key is not reported as a later one), and says whether the mapping has a merge
  /// key. Small mappings compare every pair of keys in place; large ones bucket keys by hash.
  private mutating func checkKeys(from firstPending: Int) -> Bool {
    let pairCount = (pending.count - firstPending) / 2
    var hasMergeKey = false
    for pair in 0..<pairCount where isMergeKey(pending[firstPending + pair * 2]) {
      hasMergeKey = true
    }
    guard pairCount > 1 else { return hasMergeKey }
    if pairCount > 16 {
      reportDuplicateKeys(from: firstPending, pairCount)
      return hasMergeKey
    }
    func key(_ pair: Int) -> Int32 { pending[firstPending + pair * 2] }
    for later in 1..<pairCount where !isMergeKey(key(later)) {
      if let earlier = (0..<later).first(where: { sameKey(key($0), key(later)) }) {
        reportDuplicate(key(later), first: key(earlier))
      }
    }
    return hasMergeKey
  }

  /// The large mappings' duplicate keys, bucketed by hash.
  private mutating func reportDuplicateKeys(from firstPending: Int, _ pairCount: Int) {
    func key(_ pair: Int) -> Int32 { pending[firstPending + pair * 2] }
    // The first key of each hash; keys whose hash collides with a different key go to a
    // short list searched in full (rare), so no array is allocated per key.
    var firstByHash: [Int: Int32] = [:]
    firstByHash.reserveCapacity(pairCount)
    var collided: [Int32] = []
    for pair in 0..<pairCount
    where records[Int(key(pair))].kind == .scalar && !isMergeKey(key(pair)) {
      let candidate = key(pair)
      let hash = keyHash(candidate)
      guard let first = firstByHash[hash] else {
        firstByHash[hash] = candidate
        continue
      }
      if sameKey(first, candidate) {
        reportDuplicate(candidate, first: first)
      } else if let earlier = collided.first(where: { sameKey($0, candidate) }) {
        reportDuplicate(candidate, first: earlier)
      } else {
        collided.append(candidate)
      }
    }
  }

  private func keyHash(_ key: Int32) -> Int {
    let record = records[Int(key)]
    var hasher = Hasher()
    bytes.withContent { all in
      hasher.combine(
        bytes: UnsafeRawBufferPointer(
          UnsafeBufferPointer(rebasing: all[Int(record.first)..<Int(record.first + record.count)])))
    }
    return hasher.finalize()
  }

  private mutating func reportDuplicate(_ key: Int32, first: Int32) {
    let record = records[Int(key)]
    let text = bytes.withContent {
      String(decoding: $0[Int(record.first)..<Int(record.first + record.count)], as: UTF8.self)
    }
    let firstRecord = records[Int(first)]
    sink.report(
      .duplicateKey(text), at: SourceRange(start: record.start, end: record.end),
      notes: [
        .init(
          "'\(text)' first appears here",
          range: SourceRange(start: firstRecord.start, end: firstRecord.end))
      ])
  }
}

/// Whether two byte ranges are equal.
private func memoryEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int)
  -> Bool
{
  for offset in 0..<count where lhs[offset] != rhs[offset] {
    return false
  }
  return true
}
