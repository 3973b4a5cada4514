import FlowDiagnostics

/// A parsed YAML document, stored flat: one array of node records, one of child indices and
/// one of scalar bytes, so building it allocates a few growing arrays instead of one heap
/// object per node, and keys can be compared as bytes without making strings.
///
/// Immutable once built; `YAMLNode` is a view into it.
public final class YAMLTree: Sendable {
  /// One node: its kind and style, where it is, and what it holds.
  ///
  /// Visible to inlined code (`@usableFromInline`), like the arrays below: the decoder reads
  /// nodes by the hundred thousand, and calls it could not inline cost more than the reads.
  @usableFromInline
  package struct Record: Sendable {
    /// For a scalar, the offset of its bytes in `bytes`; for a collection, of its children
    /// in `children` (a mapping's children alternate key, value).
    @usableFromInline package var first: Int32
    /// Bytes of a scalar, or children of a collection.
    @usableFromInline package var count: Int32
    @usableFromInline package var start: SourcePosition
    @usableFromInline package var end: SourcePosition
    @usableFromInline package var kind: YAMLNode.Kind
    @usableFromInline package var style: YAMLScalar.Style
    @usableFromInline package var isTaggedString: Bool

    package init(
      first: Int32, count: Int32, start: SourcePosition, end: SourcePosition, kind: YAMLNode.Kind,
      style: YAMLScalar.Style, isTaggedString: Bool
    ) {
      self.first = first
      self.count = count
      self.start = start
      self.end = end
      self.kind = kind
      self.style = style
      self.isTaggedString = isTaggedString
    }
  }

  /// The arrays a tree is made of, before they are frozen into a `YAMLTree`.
  package struct Storage: Sendable {
    package var records: [Record] = []
    package var children: [Int32] = []
    package var bytes: [UInt8] = []
    package var rootIndex: Int32?
  }

  @usableFromInline let records: [Record]
  @usableFromInline let children: [Int32]
  @usableFromInline let bytes: [UInt8]
  let rootIndex: Int32?

  init(records: [Record], children: [Int32], bytes: [UInt8], rootIndex: Int32?) {
    self.records = records
    self.children = children
    self.bytes = bytes
    self.rootIndex = rootIndex
  }

  package convenience init(_ storage: Storage) {
    self.init(
      records: storage.records, children: storage.children, bytes: storage.bytes,
      rootIndex: storage.rootIndex)
  }

  /// What a debug build says when a node is read after its root was released.
  @usableFromInline static let releasedMessage =
    "a YAML node was read after its root and parse result were released: keep the root alive while its nodes are read (see YAMLNode)"

  /// The document's root node, if it has one: the node that keeps the tree alive.
  public var root: YAMLNode? {
    rootIndex.map { YAMLNode(owning: self, index: $0) }
  }

  /// Whether the node at `index` is a scalar whose bytes are `expected`'s UTF-8: lengths
  /// first, then bytes, without making a string.
  func scalar(_ index: Int32, equals expected: String) -> Bool {
    var expected = expected
    return expected.withUTF8 { scalar(index, equals: $0) }
  }

  /// Whether the node at `index` is a scalar spelled exactly like a literal.
  @inlinable
  func scalar(_ index: Int32, equals expected: StaticString) -> Bool {
    scalar(index, equals: Self.utf8(expected))
  }

  /// The position in `candidates` of the first literal the node at `index` is spelled
  /// exactly like, if it is a scalar and one matches: the node is read once, lengths are
  /// compared before bytes.
  @inlinable
  func scalar(_ index: Int32, among candidates: [StaticString]) -> Int? {
    let record = records[Int(index)]
    guard record.kind == .scalar else { return nil }
    return bytes.withUnsafeBufferPointer { all in
      candidates.firstIndex { candidate in
        candidate.utf8CodeUnitCount == Int(record.count)
          && Self.bytes(all, at: Int(record.first), equal: Self.utf8(candidate))
      }
    }
  }

  /// The position in `spellings` of the literal the node at `index` is spelled exactly
  /// like, if it is a scalar and one matches.
  @inlinable
  func scalar(_ index: Int32, among spellings: ScalarSpellings) -> Int? {
    let record = records[Int(index)]
    guard record.kind == .scalar else { return nil }
    return bytes.withUnsafeBufferPointer { all in
      spellings.position(
        of: UnsafeBufferPointer(rebasing: all[Int(record.first)..<Int(record.first + record.count)])
      )
    }
  }

  /// Whether the node at `index` is a scalar whose bytes are `wanted`.
  @inlinable
  func scalar(_ index: Int32, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
    let record = records[Int(index)]
    guard record.kind == .scalar, wanted.count == Int(record.count) else { return false }
    return bytes.withUnsafeBufferPointer { Self.bytes($0, at: Int(record.first), equal: wanted) }
  }

  /// Whether `all` holds `wanted` at `offset` (the caller has checked the length).
  @inlinable
  static func bytes(
    _ all: UnsafeBufferPointer<UInt8>, at offset: Int, equal wanted: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    for position in wanted.indices where all[offset + position] != wanted[position] {
      return false
    }
    return true
  }

  /// A literal's UTF-8 bytes.
  @inlinable
  static func utf8(_ literal: StaticString) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
  }
}
