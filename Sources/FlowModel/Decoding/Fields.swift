import FlowYAML

/// The entries of a mapping, looked up by key as bytes, without building a dictionary or
/// a string per key.
struct Fields {
  let node: YAMLNode
  let pairs: YAMLPairs?

  /// The value of a key, if present.
  subscript(key: StaticString) -> YAMLNode? {
    pairs?.value(forKey: key)
  }

  /// The entry of a key, if present.
  func pair(_ key: StaticString) -> YAMLPair? {
    pairs?.first(key: key)
  }

  /// Every entry, in document order.
  var entries: [YAMLPair] { pairs.map(Array.init) ?? [] }
}
