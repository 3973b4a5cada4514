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
      if case .flow(let name) = topLevel(of: file) { names.insert(name) }
    }
    return names
  }

  /// The first file other than `file` whose flow is named `name`, if any.
  mutating func otherFlow(named name: String, besides file: String) -> String? {
    for other in flowFiles where other != file {
      if topLevel(of: other) == .flow(named: name) { return other }
    }
    return nil
  }

  /// A file's top level, read the first time it is asked for.
  private mutating func topLevel(of file: String) -> FlowInputs.TopLevel {
    if let known = topLevels[file] { return known }
    let read = FlowInputs.topLevel(of: file, limits: limits)
    topLevels[file] = read
    return read
  }
}
