import FlowYAML

/// The entries of a mapping, looked up by key as bytes, without building a dictionary or
/// a string per key.
struct Fields {
  let node: YAMLNode
  let pairs: YAMLPairs?
  /// The keys this mapping's unknown keys were taken for (`strat` → `start`): a key reported
  /// missing here is one of these misspelt, and its unknown-key error already says so.
  var misspelt: Set<String> = []

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
