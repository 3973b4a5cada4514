import FlowSpec

/// The `flow:` names of a test target's flow files, read from their loaded documents: two
/// flows with one name would give two suites that look the same.
struct FlowNameIndex {
  private let files: [(path: String, topLevel: FlowDocument.TopLevel)]

  /// An index of each file's top level, in the order given.
  init(_ files: [(path: String, topLevel: FlowDocument.TopLevel)]) {
    self.files = files
  }

  /// The `flow:` names of every file.
  var flowNames: Set<String> {
    Set(
      files.compactMap {
        if case .flow(let name) = $0.topLevel { name } else { nil }
      })
  }

  /// The first file other than `file` whose flow is named `name`, if any.
  private func otherFlow(named name: String, besides file: String) -> String? {
    files.first { $0.path != file && $0.topLevel == .flow(named: name) }?.path
  }

  /// Whether another file is flow `name` too, which is an error printed here: in one test
  /// target their suites would look the same.
  func reportsTwin(of name: String, in file: String, console: Console) -> Bool {
    guard let twin = otherFlow(named: name, besides: file) else { return false }
    console.printError(
      "flowc: error: '\(file)' and '\(twin)' are both flow '\(name)'; in one test target their suites would look the same: rename one flow"
    )
    return true
  }
}
