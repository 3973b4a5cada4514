import FlowYAML

/// Finds a second file among a test target's flows with a given `flow:` name: two such flows
/// would give two suites that look the same. Each file's top level is read at most once, when
/// first needed.
struct SameNamedFlowFinder {
  private let flowFiles: [String]
  private let limits: YAMLLimits
  private var topLevels: [String: FlowInputs.TopLevel] = [:]

  /// A finder over `flowFiles`, read with `limits`.
  init(flowFiles: [String], limits: YAMLLimits) {
    self.flowFiles = flowFiles
    self.limits = limits
  }

  /// The `flow:` names of every file.
  mutating func flowNames() -> Set<String> {
    var names: Set<String> = []
    for file in flowFiles {
      let topLevel = topLevels[file] ?? FlowInputs.topLevel(of: file, limits: limits)
      topLevels[file] = topLevel
      if case .flow(let name) = topLevel { names.insert(name) }
    }
    return names
  }

  /// The first file other than `file` whose flow is named `name`, if any.
  mutating func otherFlow(named name: String, besides file: String) -> String? {
    for other in flowFiles where other != file {
      let topLevel = topLevels[other] ?? FlowInputs.topLevel(of: other, limits: limits)
      topLevels[other] = topLevel
      if topLevel == .flow(named: name) { return other }
    }
    return nil
  }
}
