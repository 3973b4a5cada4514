import FlowDiagnostics

/// Builds the node tree from libyaml's events without recursion: open collections wait on
/// an explicit stack, so nesting depth is bounded by `limits.maxDepth`, not by the call stack.
///
/// It also resolves anchors and aliases (refusing undefined and self-containing ones),
/// counts every node an alias copies in against `limits.maxAliasExpansion`, applies `<<`
/// merge keys and reports duplicate keys.
struct YAMLTreeBuilder {
  let limits: YAMLLimits
  private var sink: DiagnosticSink
  /// The document's root, once its last event has arrived.
  private(set) var root: YAMLNode?

  private struct OpenCollection {
    var isMapping: Bool
    var start: SourcePosition
    var anchor: String?
    var items: [YAMLNode] = []
    var pairs: [YAMLPair] = []
    var pendingKey: YAMLNode?
    /// Nodes in this subtree so far, aliases counted at their expanded size.
    var nodeCount = 1
  }

  private var stack: [OpenCollection] = []
  private var anchors: [String: (node: YAMLNode, nodeCount: Int)] = [:]
  private var expandedNodes = 0

  init(limits: YAMLLimits, file: String) {
    self.limits = limits
    self.sink = DiagnosticSink(file: file)
  }

  var diagnostics: [Diagnostic] { sink.diagnostics }

  /// Starts a mapping or sequence; `false` (with a diagnostic) when it is one level too deep.
  mutating func openCollection(isMapping: Bool, anchor: String?, start: SourcePosition) -> Bool {
    guard stack.count < limits.maxDepth else {
      sink.report(.tooDeep(limits.maxDepth), at: start)
      return false
    }
    stack.append(OpenCollection(isMapping: isMapping, start: start, anchor: anchor))
    return true
  }

  /// Ends the innermost open collection and adds it to its parent.
  mutating func closeCollection(end: SourcePosition) {
    guard let collection = stack.popLast() else { return }
    let range = SourceRange(start: collection.start, end: end)
    let node: YAMLNode
    if collection.isMapping {
      node = YAMLNode(.mapping(resolvedPairs(collection.pairs)), range: range)
    } else {
      node = YAMLNode(.sequence(collection.items), range: range)
    }
    if let anchor = collection.anchor {
      anchors[anchor] = (node, collection.nodeCount)
    }
    add(node, nodeCount: collection.nodeCount)
  }

  /// Adds a scalar to the open collection (or makes it the root).
  mutating func scalar(_ scalar: YAMLScalar, tag: String?, anchor: String?, range: SourceRange) {
    if let tag {
      sink.report(.unsupportedTag(tag), at: range.start)
    }
    let node = YAMLNode(.scalar(scalar), range: range)
    if let anchor {
      anchors[anchor] = (node, 1)
    }
    add(node, nodeCount: 1)
  }

  /// Adds a copy of an anchored node; `false` (with a diagnostic) when the copies made so
  /// far exceed the expansion limit.
  mutating func alias(_ name: String, range: SourceRange) -> Bool {
    if stack.contains(where: { $0.anchor == name }) {
      sink.report(.recursiveAlias(name), at: range.start)
      add(YAMLNode(.scalar(YAMLScalar("")), range: range), nodeCount: 1)
      return true
    }
    guard let (anchored, nodeCount) = anchors[name] else {
      sink.report(.undefinedAlias(name), at: range.start)
      add(YAMLNode(.scalar(YAMLScalar("")), range: range), nodeCount: 1)
      return true
    }
    expandedNodes += nodeCount
    guard expandedNodes <= limits.maxAliasExpansion else {
      sink.report(.tooManyAliasExpansions(limits.maxAliasExpansion), at: range.start)
      return false
    }
    var copy = anchored
    copy.range = range
    add(copy, nodeCount: nodeCount)
    return true
  }

  private mutating func add(_ node: YAMLNode, nodeCount: Int) {
    guard !stack.isEmpty else {
      root = node
      return
    }
    let top = stack.count - 1
    stack[top].nodeCount += nodeCount
    if !stack[top].isMapping {
      stack[top].items.append(node)
    } else if let key = stack[top].pendingKey {
      stack[top].pairs.append(YAMLPair(key: key, value: node))
      stack[top].pendingKey = nil
    } else {
      if node.scalar == nil {
        sink.report(.complexKey(), at: node.position)
      }
      stack[top].pendingKey = node
    }
  }

  /// Applies `<<` merge keys and reports duplicate keys among the explicit ones.
  private mutating func resolvedPairs(_ pairs: [YAMLPair]) -> [YAMLPair] {
    reportDuplicateKeys(in: pairs)
    guard pairs.contains(where: isMergeKey) else { return pairs }
    let explicitKeys = Set(pairs.filter { !isMergeKey($0) }.compactMap(\.keyText))
    var merged: Set<String> = []
    var result: [YAMLPair] = []
    for pair in pairs {
      guard isMergeKey(pair) else {
        result.append(pair)
        continue
      }
      let sources: [YAMLNode]
      switch pair.value.content {
      case .mapping: sources = [pair.value]
      case .sequence(let items) where items.allSatisfy({ $0.pairs != nil }): sources = items
      default:
        sink.report(.badMerge(), at: pair.value.position)
        continue
      }
      for source in sources {
        for inherited in source.pairs ?? [] {
          guard let key = inherited.keyText, !explicitKeys.contains(key),
            merged.insert(key).inserted
          else { continue }
          result.append(inherited)
        }
      }
    }
    return result
  }

  private func isMergeKey(_ pair: YAMLPair) -> Bool {
    guard let scalar = pair.key.scalar else { return false }
    return scalar.value == "<<" && !scalar.isQuoted
  }

  private mutating func reportDuplicateKeys(in pairs: [YAMLPair]) {
    guard pairs.count > 1 else { return }
    var firstByKey: [String: YAMLNode] = [:]
    firstByKey.reserveCapacity(pairs.count)
    for pair in pairs where !isMergeKey(pair) {
      guard let key = pair.keyText else { continue }
      if let first = firstByKey[key] {
        sink.report(
          .duplicateKey(key), at: pair.key.range,
          notes: [.init("'\(key)' first appears here", range: first.range)])
      } else {
        firstByKey[key] = pair.key
      }
    }
  }
}
