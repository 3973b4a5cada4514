import FlowYAML

/// The entries of a mapping, looked up by key without building a dictionary.
///
/// Mappings in a flow are small (a screen has four keys at most), so a linear search is
/// faster than hashing and keeps decoding allocation-free.
struct Fields {
  let node: YAMLNode
  let pairs: [YAMLPair]

  /// The value of a key, if present.
  subscript(key: String) -> YAMLNode? {
    pair(key)?.value
  }

  /// The entry of a key, if present.
  func pair(_ key: String) -> YAMLPair? {
    pairs.first { $0.key.scalar?.value == key }
  }
}
