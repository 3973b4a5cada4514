public import FlowDiagnostics

/// A YAML node that knows where it came from: a scalar, a mapping or a sequence.
///
/// Aliases are already resolved: an alias node holds a copy of its anchor's content
/// (cheap, as collections are copy-on-write), located at the alias.
public struct YAMLNode: Sendable {
  /// What the node holds.
  public enum Content: Sendable {
    case scalar(YAMLScalar)
    case mapping([YAMLPair])
    case sequence([YAMLNode])
  }

  public var content: Content
  /// Where the node's text starts and ends in its file.
  public var range: SourceRange

  public init(_ content: Content, range: SourceRange) {
    self.content = content
    self.range = range
  }

  /// Where the node starts.
  public var position: SourcePosition { range.start }

  /// The scalar, if this node is one.
  public var scalar: YAMLScalar? {
    if case .scalar(let scalar) = content { return scalar }
    return nil
  }

  /// The key/value pairs in document order, if this node is a mapping.
  public var pairs: [YAMLPair]? {
    if case .mapping(let pairs) = content { return pairs }
    return nil
  }

  /// The items, if this node is a sequence.
  public var items: [YAMLNode]? {
    if case .sequence(let items) = content { return items }
    return nil
  }

  /// Whether the node is a null scalar (`~`, `null`, or nothing at all).
  public var isNull: Bool { scalar?.isNull ?? false }

  /// A short name of the node's kind for messages: "a mapping", "a list", "the string 'x'".
  public var kindDescription: String {
    switch content {
    case .mapping: "a mapping"
    case .sequence: "a list"
    case .scalar(let scalar): scalar.kindDescription
    }
  }
}

/// One `key: value` entry of a mapping.
public struct YAMLPair: Sendable {
  public var key: YAMLNode
  public var value: YAMLNode

  public init(key: YAMLNode, value: YAMLNode) {
    self.key = key
    self.value = value
  }

  /// The key's text when the key is a scalar (flow keys are always scalars).
  public var keyText: String? { key.scalar?.value }
}
