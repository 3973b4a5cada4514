public import FlowDiagnostics

/// A YAML node that knows where it came from: a scalar, a mapping or a sequence.
///
/// A view into a `YAMLTree`: cheap to copy and pass around. Aliases are already resolved:
/// an alias is a node with the anchor's content, located at the alias.
///
/// Only a document's root (`YAMLTree.root`, `YAMLParseResult.root`) keeps its tree alive:
/// the nodes, pairs and items reached from it hold the tree without retaining it, so walking
/// a document of a million nodes makes no reference-count traffic. They are valid only while
/// the root is alive, and a local `let` is not a promise of that (Swift may release it after
/// its last use). So read them in a function the root (or the parse result) is passed to, for
/// it lives for the whole call, or inside `withExtendedLifetime(root) { … }`; never keep nodes
/// taken from a temporary, as in `YAMLParser.parse(…).root?.pairs`.
public struct YAMLNode: Sendable {
  /// What kind of node this is.
  public enum Kind: UInt8, Sendable {
    /// A single value, a mapping of `key: value` entries, or a sequence of items.
    case scalar, mapping, sequence
  }

  /// The tree, not retained.
  @usableFromInline let reference: TreeReference
  /// The tree, retained, on a root node only: what keeps the tree alive.
  @usableFromInline let owner: YAMLTree?
  @usableFromInline let index: Int32

  /// A node reached from another: it does not retain the tree.
  @usableFromInline
  init(in tree: YAMLTree, index: Int32) {
    self.reference = TreeReference(tree)
    self.owner = nil
    self.index = index
  }

  /// A document's root, which keeps its tree alive.
  init(owning tree: YAMLTree, index: Int32) {
    self.reference = TreeReference(tree)
    self.owner = tree
    self.index = index
  }

  /// Runs `body` on the tree, borrowed: no retain, no release.
  @inlinable
  func withTree<Result>(_ body: (YAMLTree) -> Result) -> Result {
    reference.withTree(body)
  }

  // The accessors the decoder calls for every node are inlinable, so they compile into it.

  @inlinable
  var record: YAMLTree.Record { withTree { $0.records[Int(index)] } }

  /// The tree this node is in, retained: holding it keeps every node of it valid. Like any
  /// read of a node, valid only while the node's root is alive.
  public var document: YAMLTree { reference.withTree { $0 } }

  /// Whether the node is a scalar, a mapping or a sequence.
  @inlinable
  public var kind: Kind { record.kind }

  /// Where the node's text starts and ends in its file.
  @inlinable
  public var range: SourceRange {
    let record = record
    return SourceRange(start: record.start, end: record.end)
  }

  /// Where the node starts.
  @inlinable
  public var position: SourcePosition { record.start }

  // MARK: Scalars

  /// The scalar, with its text as a `String`, if this node is one.
  public var scalar: YAMLScalar? {
    let record = record
    guard record.kind == .scalar else { return nil }
    return YAMLScalar(text, style: record.style, isTaggedString: record.isTaggedString)
  }

  /// A scalar's text as a `String` (empty for collections).
  public var text: String {
    withScalarBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether this is a scalar whose text is exactly `expected`, compared as bytes.
  public func hasText(_ expected: String) -> Bool {
    withTree { $0.scalar(index, equals: expected) }
  }

  /// Whether this is a scalar spelled exactly like a literal, compared as bytes.
  @inlinable
  public func hasText(_ expected: StaticString) -> Bool {
    withTree { $0.scalar(index, equals: expected) }
  }

  /// The position in `candidates` of the literal this scalar is spelled exactly like, if
  /// any: one walk over the candidates, lengths compared before bytes.
  @inlinable
  public func position(among candidates: [StaticString]) -> Int? {
    withTree { $0.scalar(index, among: candidates) }
  }

  /// Whether the scalar is written plain, so YAML may read it as `null`, a flag or a number.
  @inlinable
  public var isPlainScalar: Bool {
    let record = record
    return record.kind == .scalar && record.style == .plain && !record.isTaggedString
  }

  /// Whether the node is a null scalar (`~`, `null`, or nothing at all). Inlinable: most
  /// nodes are ruled out by their kind or length without reading their bytes.
  @inlinable
  public var isNull: Bool {
    guard isPlainScalar else { return false }
    switch record.count {
    case 0: return true
    case 1, 4: return spellsNull
    default: return false
    }
  }

  @usableFromInline
  var spellsNull: Bool { withScalarBytes(ScalarResolution.isNull) }

  /// The boolean of an unquoted `true` or `false`.
  public var bool: Bool? { isPlainScalar ? withScalarBytes(ScalarResolution.bool) : nil }

  /// The integer of an unquoted number.
  public var integer: Int? { isPlainScalar ? withScalarBytes(ScalarResolution.integer) : nil }

  /// Whether the node is an unquoted whole number an `Int` cannot hold.
  public var isOutOfRangeInteger: Bool {
    isPlainScalar && withScalarBytes(ScalarResolution.isOutOfRangeInteger)
  }

  /// Whether the node is an unquoted YAML 1.1 boolean spelling, such as `yes` or `off`.
  public var isYAML11Boolean: Bool {
    isPlainScalar && withScalarBytes(ScalarResolution.isYAML11Boolean)
  }

  /// A scalar's first byte, if it has one.
  public var firstByte: UInt8? {
    withScalarBytes { $0.first }
  }

  func withScalarBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let record = record
    guard record.kind == .scalar else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    return withTree { tree in
      tree.bytes.withUnsafeBufferPointer { all in
        body(
          UnsafeBufferPointer(rebasing: all[Int(record.first)..<Int(record.first + record.count)]))
      }
    }
  }

  // MARK: Collections

  /// The key/value pairs in document order, if this node is a mapping.
  @inlinable
  public var pairs: YAMLPairs? {
    let record = record
    guard record.kind == .mapping else { return nil }
    return YAMLPairs(reference: reference, first: Int(record.first), count: Int(record.count) / 2)
  }

  /// The items, if this node is a sequence.
  public var items: YAMLItems? {
    let record = record
    guard record.kind == .sequence else { return nil }
    return YAMLItems(reference: reference, first: Int(record.first), count: Int(record.count))
  }

  /// A short name of the node's kind for messages: "a mapping", "a list", "the string 'x'".
  public var kindDescription: String {
    switch kind {
    case .mapping: "a mapping"
    case .sequence: "a list"
    case .scalar: scalar?.kindDescription ?? "a value"
    }
  }
}

/// One `key: value` entry of a mapping.
public struct YAMLPair: Sendable {
  /// The entry's key, usually a scalar.
  public let key: YAMLNode
  /// The entry's value, the node after the colon.
  public let value: YAMLNode

  @usableFromInline
  init(key: YAMLNode, value: YAMLNode) {
    self.key = key
    self.value = value
  }

  /// The key's text when the key is a scalar.
  public var keyText: String? { key.kind == .scalar ? key.text : nil }
}

/// A mapping's entries, in document order; valid while their root is (see `YAMLNode`).
public struct YAMLPairs: RandomAccessCollection, Sendable {
  /// The tree, not retained, as a node reached from the root holds it.
  @usableFromInline let reference: TreeReference
  @usableFromInline let first: Int
  /// The number of entries.
  public let count: Int

  @usableFromInline
  init(reference: TreeReference, first: Int, count: Int) {
    self.reference = reference
    self.first = first
    self.count = count
  }

  /// Runs `body` on the tree, borrowed: no retain, no release.
  @inlinable
  func withTree<Result>(_ body: (YAMLTree) -> Result) -> Result {
    reference.withTree(body)
  }

  /// The first entry's position, always 0.
  @inlinable public var startIndex: Int { 0 }
  /// The position after the last entry: `count`.
  @inlinable public var endIndex: Int { count }

  /// The entry at `position`, counted from 0 in document order.
  @inlinable
  public subscript(position: Int) -> YAMLPair {
    let offset = first + position * 2
    return withTree { tree in
      YAMLPair(
        key: YAMLNode(in: tree, index: tree.children[offset]),
        value: YAMLNode(in: tree, index: tree.children[offset + 1]))
    }
  }

  /// No entries, for a node that has none (a null where a mapping may stand).
  public static func empty(in node: YAMLNode) -> YAMLPairs {
    YAMLPairs(reference: node.reference, first: 0, count: 0)
  }

  /// The entry whose key is `key`, compared as bytes.
  @inlinable
  public func first(key: StaticString) -> YAMLPair? {
    offset(ofKey: key).map { offset in
      withTree { tree in
        YAMLPair(
          key: YAMLNode(in: tree, index: tree.children[offset]),
          value: YAMLNode(in: tree, index: tree.children[offset + 1]))
      }
    }
  }

  /// The position in `candidates` of the literal the key of entry `position` is spelled
  /// like, if any; read in place, without making the key's node.
  @inlinable
  public func keyPosition(at position: Int, among candidates: [StaticString]) -> Int? {
    withTree { $0.scalar($0.children[first + position * 2], among: candidates) }
  }

  /// The position in `spellings` of the literal the key of entry `position` is spelled
  /// like, if any; read in place, without making the key's node.
  @inlinable
  public func keyPosition(at position: Int, among spellings: ScalarSpellings) -> Int? {
    withTree { $0.scalar($0.children[first + position * 2], among: spellings) }
  }

  /// The value of the entry whose key is `key`, compared as bytes.
  @inlinable
  public func value(forKey key: StaticString) -> YAMLNode? {
    offset(ofKey: key).map { offset in
      withTree { YAMLNode(in: $0, index: $0.children[offset + 1]) }
    }
  }

  /// Where in the tree's children the entry whose key is `key` starts.
  @inlinable
  func offset(ofKey key: StaticString) -> Int? {
    let wanted = YAMLTree.utf8(key)
    let end = first + count * 2
    return withTree { tree in
      var offset = first
      while offset < end {
        if tree.scalar(tree.children[offset], equals: wanted) { return offset }
        offset += 2
      }
      return nil
    }
  }
}

/// A sequence's items, in document order; valid while their root is (see `YAMLNode`).
public struct YAMLItems: RandomAccessCollection, Sendable {
  /// The tree, not retained, as a node reached from the root holds it.
  let reference: TreeReference
  let first: Int
  /// The number of items.
  public let count: Int

  /// The first item's position, always 0.
  public var startIndex: Int { 0 }
  /// The position after the last item: `count`.
  public var endIndex: Int { count }

  /// The item at `position`, counted from 0 in document order.
  public subscript(position: Int) -> YAMLNode {
    reference.withTree { YAMLNode(in: $0, index: $0.children[first + position]) }
  }
}

/// How a node, its pairs and its items reach their tree: without retaining it, so making and
/// copying them costs no reference count (see `YAMLNode` for how long they are valid).
///
/// A debug build also holds the tree weakly, and stops at a read after it was released
/// instead of reading freed memory.
@usableFromInline
struct TreeReference: Sendable {
  @usableFromInline let handle: Unmanaged<YAMLTree>
  #if DEBUG
    @usableFromInline weak var liveTree: YAMLTree?
  #endif

  @usableFromInline
  init(_ tree: YAMLTree) {
    handle = .passUnretained(tree)
    #if DEBUG
      liveTree = tree
    #endif
  }

  /// Runs `body` on the tree, borrowed: no retain, no release.
  @inlinable
  func withTree<Result>(_ body: (YAMLTree) -> Result) -> Result {
    #if DEBUG
      precondition(liveTree != nil, YAMLTree.releasedMessage)
    #endif
    return handle._withUnsafeGuaranteedRef(body)
  }
}
